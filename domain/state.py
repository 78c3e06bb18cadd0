"""The game state (RULES.md §1.5). Immutable: a ``GameState`` is a NamedTuple whose
fields hold only immutable values (tuples, frozen dataclasses).

Conventions: ``stock`` and ``discard`` keep their top card LAST; ``direction`` is +1 for
clockwise and -1 for counter-clockwise; seats are 0..n-1 clockwise."""

from __future__ import annotations

from typing import NamedTuple, Optional

from .rules import RuleSet
from .values import value


@value
class FixedDeal:
    """A fixed deal (API.md ``deal``): ``stock`` is listed top first."""

    hands: tuple[tuple[str, ...], ...]
    starter: str
    stock: tuple[str, ...] = ()
    dealer: Optional[int] = None

    @classmethod
    def from_dict(cls, deal: dict) -> "FixedDeal":
        """From the API's ``{"dealer", "hands", "starter", "stock"}`` (KeyError or
        TypeError if it is not that shape)."""
        return cls(tuple(tuple(h) for h in deal["hands"]), deal["starter"], tuple(deal.get("stock") or ()),
                   deal.get("dealer"))


@value
class Setup:
    """Everything fixed when a table is created."""

    rules: RuleSet
    seats: int
    seed: int | str = 0
    deal: Optional[FixedDeal] = None
    announce_window_s: Optional[float] = 5.0
    turn_timeout_s: Optional[float] = None


@value
class PendingDraw:
    amount: int
    family: str
    target: int
    target_is_regular: bool


@value
class PendingSkip:
    turns: int
    target: int


@value
class Wish:
    kind: str  # "suit" | "rank" | "free_suit" | "free_plain"
    value: Optional[str]  # the suit or rank; None for the free kinds
    wisher: int
    excluded_suit: Optional[str] = None


@value
class Robin:
    """Pławno skip robin (§2.10.7): ``asked_since`` counts seats asked since the last 4."""

    count: int
    last_seat: int
    asked_since: int = 0


@value
class CallWindow:
    seat: int
    deadline: Optional[float]


@value
class PassRound:
    """Custom ``pass_left`` (§4.4 item 8): seats still to choose a card, choices so far,
    and the turn that starts once everyone has chosen."""

    by_seat: int
    waiting: tuple[int, ...]
    chosen: tuple[tuple[int, str], ...]
    resume_seat: int
    resume_regular: int


@value
class RoundResult:
    round: int
    reason: str  # "first_out" | "last_one_standing" | "blocked" | "max_finishers"
    standings: tuple[int, ...]  # place per seat (1 = best); ties share a place
    points: tuple[int, ...]  # points scored this round per seat
    scores: tuple[int, ...]  # game scores after the round


@value
class GameResult:
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    standings: tuple[int, ...]  # final place per seat
    scores: tuple[int, ...]


class GameState(NamedTuple):
    setup: Setup
    status: str  # "ready" | "playing" | "finished"
    round: int
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    discard: tuple[str, ...]
    top_declared: Optional[str]  # Pławno: the card the top joker stands for
    effective_suit: Optional[str]
    effective_rank: Optional[str]
    free_play: bool
    direction: int
    active: tuple[bool, ...]
    finished: tuple[int, ...]  # seats out this round, in order
    actor: Optional[int]
    next_regular: Optional[int]
    pending_draw: Optional[PendingDraw]
    pending_skip: Optional[PendingSkip]
    wish: Optional[Wish]
    robin: Optional[Robin]
    bonus: Optional[tuple[int, int]]  # (seat, bonus turns left after the current one)
    follow_up: Optional[int]
    drawn_card: Optional[str]  # the card the actor drew this turn (he may play only it)
    played_in_turn: bool
    called_in_turn: bool
    call_window: Optional[CallWindow]
    turns_to_miss: tuple[int, ...]
    no_progress: int  # consecutive turns without a card played or drawn (§2.8 blocked round)
    scores: tuple[int, ...]
    rounds: tuple[RoundResult, ...]
    result: Optional[GameResult]
    turn_deadline: Optional[float]
    shuffles: int  # shuffles so far (deals and reshuffles); numbers the next RNG draw
    pending_out: Optional[int]  # two-player "bounce": seat with no cards, not yet out
    passing: Optional[PassRound]  # custom pass_left in progress
    multiple_called: tuple[bool, ...]  # per seat: "Multiple Macao" called, and his hand unchanged since
    round_events: int  # events since the round was dealt, round_started included (the service caps it)

    # -------------------------------------------------------------- conveniences
    @property
    def rules(self):
        return self.setup.rules.compiled

    @property
    def seats(self) -> int:
        return self.setup.seats


def initial_state(setup: Setup) -> GameState:
    n = setup.seats
    return GameState(
        setup=setup, status="ready", round=0, dealer=0,
        hands=tuple(() for _ in range(n)), stock=(), discard=(), top_declared=None,
        effective_suit=None, effective_rank=None, free_play=False, direction=1,
        active=tuple(True for _ in range(n)), finished=(), actor=None, next_regular=None,
        pending_draw=None, pending_skip=None, wish=None, robin=None, bonus=None,
        follow_up=None, drawn_card=None, played_in_turn=False, called_in_turn=False,
        call_window=None, turns_to_miss=tuple(0 for _ in range(n)), no_progress=0,
        scores=tuple(0 for _ in range(n)), rounds=(), result=None, turn_deadline=None,
        shuffles=0, pending_out=None, passing=None, multiple_called=(False,) * n, round_events=0,
    )


FIELDS = GameState._fields
