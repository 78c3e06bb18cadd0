"""Domain events (RULES.md §7.3 plus the turn-control facts the fold needs).

Events are frozen dataclasses named in the past tense; ``type`` is the snake_case name
clients see. Each event records a fact completely, so ``evolve`` never decides anything:
shuffled orders, drawn cards and the next actor are all in the events. Stock orders are
listed top first. Several events hold cards that only some viewers may see (hands, stock
orders, drawn, swapped or passed cards): ``games.redaction`` decides, per event type,
what each viewer gets."""

from __future__ import annotations

from dataclasses import fields
from typing import ClassVar, Literal, Optional

from .cards import Card, Suit

from .values import value


@value
class Event:
    type: ClassVar[str] = ""

    def data(self) -> dict:
        return {f.name: _jsonable(getattr(self, f.name)) for f in _fields(type(self))}


_FIELDS_CACHE: dict[type, tuple] = {}


def _fields(cls):
    hit = _FIELDS_CACHE.get(cls)
    if hit is None:
        hit = _FIELDS_CACHE[cls] = fields(cls)
    return hit


def _jsonable(v):
    if isinstance(v, tuple):
        return [_jsonable(x) for x in v]
    return v


# ----------------------------------------------------------------- game and round
@value
class GameStarted(Event):
    type: ClassVar[str] = "game_started"
    seats: int
    rules_version: str


@value
class RoundStarted(Event):
    type: ClassVar[str] = "round_started"
    round: int
    dealer: int
    direction: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # top first
    upcard: Card
    redraws: int  # upcards buried by redraw_until_plain (their identity stays hidden)
    deck_count: int
    commitment: str  # sha256(salt + deck order), §fairness
    fixed_deal: bool = False


@value
class RoundEnded(Event):
    type: ClassVar[str] = "round_ended"
    round: int
    reason: Literal["first_out", "last_one_standing", "max_finishers", "blocked"]
    standings: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]  # as the round ended; a seat is shown only its own (games.redaction)


@value
class GameEnded(Event):
    type: ClassVar[str] = "game_ended"
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    standings: tuple[int, ...]
    scores: tuple[int, ...]
    salts: tuple[str, ...]  # reveals every commitment's salt


@value
class GoingOutDeferred(Event):
    """Two-player ``bounce`` (§2.13): the seat played its last card, a draw card, and is
    out only once the chain is resolved."""

    type: ClassVar[str] = "going_out_deferred"
    seat: int


@value
class PlayerOut(Event):
    type: ClassVar[str] = "player_out"
    seat: int
    place: int


# ----------------------------------------------------------------- turns
@value
class TurnStarted(Event):
    type: ClassVar[str] = "turn_started"
    seat: int
    next_regular: int
    deadline: Optional[float] = None
    bonus: Optional[int] = None  # Pławno: bonus turns left after this one


@value
class PlayerPassed(Event):
    type: ClassVar[str] = "player_passed"
    seat: int


@value
class TurnTimedOut(Event):
    type: ClassVar[str] = "turn_timed_out"
    seat: int


@value
class TurnSkipped(Event):
    type: ClassVar[str] = "turn_skipped"
    seat: int
    turns_to_miss: int  # further turns the seat still sits out


@value
class DirectionChanged(Event):
    type: ClassVar[str] = "direction_changed"
    direction: int


# ----------------------------------------------------------------- cards
@value
class CardPlayed(Event):
    type: ClassVar[str] = "card_played"
    seat: int
    cards: tuple[Card, ...]
    joker_as: Optional[Card] = None


@value
class CardsDrawn(Event):
    type: ClassVar[str] = "cards_drawn"
    seat: int
    cards: tuple[Card, ...]
    reason: Literal["draw", "penalty", "call_penalty", "false_catch", "forced"]


@value
class StockReshuffled(Event):
    type: ClassVar[str] = "stock_reshuffled"
    stock: tuple[Card, ...]  # top first
    commitment: str


@value
class HandsSwapped(Event):
    type: ClassVar[str] = "hands_swapped"
    seat: int
    with_seat: int
    seat_hand: tuple[Card, ...]  # what ``seat`` holds now
    with_hand: tuple[Card, ...]  # what ``with_seat`` holds now


# ----------------------------------------------------------------- obligations
@value
class DrawPending(Event):
    type: ClassVar[str] = "draw_pending"
    amount: int
    family: str
    target: int
    target_is_regular: bool


@value
class SkipPending(Event):
    type: ClassVar[str] = "skip_pending"
    turns: int
    target: int


@value
class ChainCancelled(Event):
    type: ClassVar[str] = "chain_cancelled"
    seat: int
    kind: Literal["draw", "skip", "wish"]


@value
class PenaltyTaken(Event):
    type: ClassVar[str] = "penalty_taken"
    seat: int
    amount: int
    drawn: int  # fewer than amount on a shortfall (§2.8)
    free_play: bool = False  # Romanian: the next player may play any card


@value
class SkipAccepted(Event):
    type: ClassVar[str] = "skip_accepted"
    seat: int
    turns: int


@value
class WishSet(Event):
    type: ClassVar[str] = "wish_set"
    seat: int
    kind: Literal["suit", "rank", "free_suit", "free_plain"]
    value: Optional[str]  # the suit or rank wished; None for the free kinds
    excluded_suit: Optional[Suit] = None


@value
class WishFulfilled(Event):
    type: ClassVar[str] = "wish_fulfilled"
    seat: int


@value
class WishExpired(Event):
    type: ClassVar[str] = "wish_expired"
    seat: int


@value
class FollowUpRequired(Event):
    type: ClassVar[str] = "follow_up_required"
    seat: int


@value
class RobinStarted(Event):
    type: ClassVar[str] = "skip_robin_started"
    seat: int
    count: int


@value
class RobinJoined(Event):
    type: ClassVar[str] = "skip_robin_joined"
    seat: int
    count: int


@value
class RobinDeclined(Event):
    type: ClassVar[str] = "skip_robin_declined"
    seat: int


@value
class RobinEnded(Event):
    type: ClassVar[str] = "skip_robin_ended"
    seat: Optional[int]  # who gets the bonus turns, or None (Z18)


@value
class BonusTurnsGranted(Event):
    type: ClassVar[str] = "bonus_turns_granted"
    seat: int
    turns: int


# ----------------------------------------------------------------- last-card call
@value
class CallMade(Event):
    type: ClassVar[str] = "call_made"
    seat: int
    multiple: bool = False


@value
class CallWindowOpened(Event):
    type: ClassVar[str] = "call_window_opened"
    seat: int
    deadline: Optional[float]


@value
class CallWindowClosed(Event):
    type: ClassVar[str] = "call_window_closed"
    seat: int


@value
class CallPenaltyApplied(Event):
    type: ClassVar[str] = "call_penalty_applied"
    seat: int
    amount: int
    caught_by: Optional[int]


@value
class FalseCatchPenalized(Event):
    type: ClassVar[str] = "false_catch_penalized"
    seat: int
    target: int
    amount: int


# ----------------------------------------------------------------- custom pass_left
@value
class PassCardsRequested(Event):
    type: ClassVar[str] = "pass_cards_requested"
    seat: int
    seats: tuple[int, ...]  # who must choose a card
    resume_seat: int
    resume_regular: int


@value
class PassCardChosen(Event):
    type: ClassVar[str] = "pass_card_chosen"
    seat: int
    card: Card


@value
class CardsPassed(Event):
    type: ClassVar[str] = "cards_passed"
    transfers: tuple[tuple[int, int, Card], ...]  # (from seat, to seat, card)


ALL_EVENTS: tuple[type[Event], ...] = tuple(
    cls for cls in list(globals().values())
    if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event
)
BY_TYPE: dict[str, type[Event]] = {cls.type: cls for cls in ALL_EVENTS}
