"""Commands (imperative): what a seat (or the clock) asks the game to do.

Time enters the domain only here, as ``at`` (seconds on any monotonic-enough clock the
caller chooses; the service uses Unix time). Deadlines recorded in events are ``at``
plus the table's configured durations."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from .cards import RANKS, SUITS
from .errors import RuleViolation
from .values import value


@value
class WishChoice:
    kind: str  # "suit" | "rank" | "free"
    value: Optional[str] = None

    @classmethod
    def parse(cls, body: object) -> "WishChoice":
        """From the API form ``{"suit": "H"} | {"rank": "8"} | {"free": true}``."""
        if isinstance(body, WishChoice):
            return body
        if not isinstance(body, dict) or len(body) != 1:
            raise RuleViolation("invalid_wish", 'a wish is {"suit": S}, {"rank": R} or {"free": true}')
        (key, value), = body.items()
        if key == "free":
            if value is True:
                return FREE_WISH
        elif isinstance(value, str):
            choice = WISHES.get((key, value))
            if choice is not None:
                return choice
        raise RuleViolation("invalid_wish", f"not a wish: {body!r}")

    def as_body(self) -> dict:
        return {"free": True} if self.kind == "free" else {self.kind: self.value}


FREE_WISH = WishChoice("free")
WISHES: dict[tuple[str, str], WishChoice] = {  # every suit and rank wish, by (kind, value)
    **{("suit", s): WishChoice("suit", s) for s in SUITS},
    **{("rank", r): WishChoice("rank", r) for r in RANKS},
}


@value
class Start:
    at: float = 0.0


@value
class Play:
    seat: int
    cards: tuple[str, ...]
    wish: Optional[WishChoice] = None
    announce: bool = False
    joker_as: Optional[str] = None
    at: float = 0.0


@value
class Draw:
    seat: int
    at: float = 0.0


@value
class Pass:
    seat: int
    at: float = 0.0


@value
class Announce:
    seat: int
    at: float = 0.0


@value
class Catch:
    seat: int
    target: int
    at: float = 0.0


@value
class ChoosePassCard:
    """Custom ``pass_left``: the card ``seat`` passes to his left neighbour."""

    seat: int
    card: str
    at: float = 0.0


@value
class Timeout:
    """The turn clock expired for ``seat`` (the actor)."""

    seat: int
    at: float = 0.0


@value
class CloseCallWindow:
    """The last-card window's time is up (sent by the clock, not by a seat)."""

    at: float = 0.0


Command = Union[Start, Play, Draw, Pass, Announce, Catch, ChoosePassCard, Timeout, CloseCallWindow]


# ----------------------------------------------------------------- the moves a seat sends
@dataclass(frozen=True)
class Param:
    """One field of a move's body (the API form): ``kind`` is what it holds -- ``cards``
    (card codes, in the order played), ``card``, ``wish`` (``{"suit": S}``, ``{"rank": R}``
    or ``{"free": true}``), ``flag`` (a boolean) or ``seat``. ``attr`` is the command's
    field it fills (default: the same name). ``choices``: the name under which
    ``legal_moves`` lists the values the seat may pick from instead of the value itself
    (a play's ``wish`` is listed as ``wish_options``)."""

    name: str
    kind: str
    doc: str
    required: bool = False
    nullable: bool = False
    attr: str = ""
    choices: str = ""


@dataclass(frozen=True)
class Move:
    """A move's body: ``{"action": action, <params>}``, made into ``command``."""

    action: str
    command: type
    doc: str
    params: tuple[Param, ...] = ()


# The one description of the move bodies: the service's request schema and its OpenAPI
# document (service.schemas) and ``command_from_move`` below are made from it.
MOVES: tuple[Move, ...] = (
    Move("play", Play, "play cards from the hand", (
        Param("cards", "cards", "in the order played; the last one ends on top", required=True),
        Param("wish", "wish", "only when the last card makes a wish: one of the listed `wish_options`",
              nullable=True, choices="wish_options"),
        Param("announce", "flag", "the last-card call, made with the play"),
        Param("joker_as", "card", "Pławno: the card a joker stands for", nullable=True))),
    Move("draw", Draw, "draw a card, or take the pending draw penalty"),
    Move("pass", Pass, "accept a pending skip, decline a Pławno robin, or end the turn after a draw"),
    Move("announce", Announce, "the last-card call, while the window is open"),
    Move("catch", Catch, "catch an opponent who did not call (variants with catch enforcement)", (
        Param("target_seat", "seat", "the seat caught", required=True, attr="target"),)),
    Move("choose_pass_card", ChoosePassCard, "the card passed to the left neighbour (custom pass_left)", (
        Param("card", "card", "a card of the hand", required=True),)),
)
MOVE_BY_ACTION: dict[str, Move] = {m.action: m for m in MOVES}
ACTIONS: tuple[str, ...] = tuple(MOVE_BY_ACTION)

_CONVERT = {"cards": tuple, "card": str, "wish": WishChoice.parse, "flag": bool, "seat": int}


def _builder(move: Move):
    """``(seat, body, at, picked) -> command`` for one action; ``picked`` is the choice
    taken for a param the body leaves to its listed options (default: the first)."""
    params = [(p.name, p.attr or p.name, _CONVERT[p.kind], p.choices) for p in move.params]
    cls = move.command

    def build(seat: int, body: dict, at: float, picked) -> Command:
        kw = {}
        for name, attr, convert, choices in params:
            v = body.get(name)
            if v is None and choices:
                options = body.get(choices)
                if options:
                    v = picked if picked is not None else options[0]
            if v is not None:
                kw[attr] = convert(v)
        return cls(seat, at=at, **kw)

    return build


_BUILDERS = {m.action: _builder(m) for m in MOVES}


def command_from_move(seat: int, move: dict, at: float = 0.0, wish=None) -> Command:
    """A command from a move in API body form (as ``legal_moves`` lists them). For a move
    that carries ``wish_options``, ``wish`` picks one (default: the first)."""
    action = move.get("action")
    build = _BUILDERS.get(action) if action.__class__ is str else None
    if build is None:
        raise RuleViolation("unknown_action", f"unknown action {action!r}")
    return build(seat, move, at, wish)
