"""Commands (imperative): what a seat (or the clock) asks the game to do.

Time enters the domain only here, as ``at`` (seconds on any monotonic-enough clock the
caller chooses; the service uses Unix time). Deadlines recorded in events are ``at``
plus the table's configured durations."""

from __future__ import annotations

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


def command_from_move(seat: int, move: dict, at: float = 0.0, wish=None) -> Command:
    """A command from a move in API body form (as ``legal_moves`` lists them). For a move
    that carries ``wish_options``, ``wish`` picks one (default: the first)."""
    action = move.get("action")
    if action == "play":
        w = move.get("wish")
        if w is None and move.get("wish_options"):
            w = wish if wish is not None else move["wish_options"][0]
        return Play(seat, tuple(move["cards"]), WishChoice.parse(w) if w is not None else None,
                    bool(move.get("announce", False)), move.get("joker_as"), at)
    if action == "draw":
        return Draw(seat, at)
    if action == "pass":
        return Pass(seat, at)
    if action == "announce":
        return Announce(seat, at)
    if action == "catch":
        return Catch(seat, int(move["target_seat"]), at)
    if action == "choose_pass_card":
        return ChoosePassCard(seat, move["card"], at)
    raise RuleViolation("unknown_action", f"unknown action {action!r}")
