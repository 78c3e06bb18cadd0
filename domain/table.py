"""The working copy of a state and the event handlers.

``Table`` is a mutable record of the same fields as ``GameState`` whose values stay
immutable (tuples), so thawing and freezing are cheap. ``APPLY[event type](table, event)``
is the whole of ``evolve``: every change to a game goes through one of these handlers,
both when ``decide`` works out a command and when a log is replayed."""

from __future__ import annotations

from typing import Callable

from . import events as ev
from .cards import JOKER_COLOUR, RANK, SUIT, is_joker
from .state import (FIELDS, CallWindow, GameResult, GameState, PassRound, PendingDraw, PendingSkip, Robin, RoundResult,
                    Wish)


class Table:
    """The working copy; ``freeze()`` (generated below) makes a ``GameState`` of it."""

    __slots__ = FIELDS


def _generate_copiers():
    """thaw/freeze unrolled over the fields: they run twice per command, so a loop of
    setattr/getattr calls would be a fifth of the engine's time."""
    targets = ", ".join(f"t.{f}" for f in FIELDS)
    src = (f"def thaw(state):\n    t = _new(Table)\n    {targets}, = state\n    return t\n"
           f"def freeze(t):\n    return _tuple_new(GameState, ({targets},))\n")
    ns = {"_new": Table.__new__, "Table": Table, "_tuple_new": tuple.__new__, "GameState": GameState}
    exec(src, ns)
    return ns["thaw"], ns["freeze"]


thaw, Table.freeze = _generate_copiers()  # thaw(state) -> Table; table.freeze() -> GameState


TRANSPARENT_JOKERS = ("reverse_transparent", "draw_wild")


def _set(tup: tuple, i: int, value) -> tuple:
    return tup[:i] + (value,) + tup[i + 1:]


def _remove(hand: tuple[str, ...], cards) -> tuple[str, ...]:
    for c in cards:
        i = hand.index(c)
        hand = hand[:i] + hand[i + 1:]
    return hand


# ------------------------------------------------------------------ handlers
def _game_started(t: Table, e: ev.GameStarted):
    t.status = "playing"


def _round_started(t: Table, e: ev.RoundStarted):
    n = t.setup.seats
    t.round = e.round
    t.dealer = e.dealer
    t.direction = e.direction
    t.hands = tuple(tuple(h) for h in e.hands)
    t.stock = tuple(reversed(e.stock))
    t.discard = (e.upcard,)
    t.top_declared = None
    t.effective_suit = SUIT[e.upcard]
    t.effective_rank = None if is_joker(e.upcard) else RANK[e.upcard]
    t.free_play = is_joker(e.upcard)
    t.active = (True,) * n
    t.finished = ()
    t.actor = None
    t.next_regular = None
    t.pending_draw = t.pending_skip = t.wish = t.robin = t.bonus = None
    t.follow_up = t.drawn_card = t.call_window = t.pending_out = t.passing = None
    t.played_in_turn = t.called_in_turn = False
    t.turns_to_miss = (0,) * n
    t.no_progress = 0
    t.turn_deadline = None
    t.shuffles += 1
    t.multiple_called = (False,) * n
    t.round_events = 0  # counted up by whoever applies the event (evolve, fold, decide)


def _round_ended(t: Table, e: ev.RoundEnded):
    t.scores = tuple(e.scores)
    t.rounds = t.rounds + (RoundResult(e.round, e.reason, tuple(e.standings), tuple(e.points), tuple(e.scores)),)
    t.actor = t.next_regular = None
    t.call_window = None
    t.pending_draw = t.pending_skip = t.robin = t.bonus = t.follow_up = t.drawn_card = t.passing = None
    t.turn_deadline = None


def _game_ended(t: Table, e: ev.GameEnded):
    t.status = "finished"
    t.result = GameResult(tuple(e.winners), tuple(e.losers), tuple(e.standings), tuple(e.scores))
    t.actor = t.next_regular = None
    t.turn_deadline = None


def _player_out(t: Table, e: ev.PlayerOut):
    t.active = _set(t.active, e.seat, False)
    t.finished = t.finished + (e.seat,)
    if t.call_window is not None and t.call_window.seat == e.seat:
        t.call_window = None
    if t.bonus is not None and t.bonus[0] == e.seat:
        t.bonus = None
    if t.pending_out == e.seat:
        t.pending_out = None


def _turn_started(t: Table, e: ev.TurnStarted):
    t.actor = e.seat
    t.next_regular = e.next_regular
    t.turn_deadline = e.deadline
    t.bonus = None if e.bonus is None else (e.seat, e.bonus)
    t.played_in_turn = t.called_in_turn = False
    t.drawn_card = None
    t.follow_up = None


def _player_passed(t: Table, e: ev.PlayerPassed):
    if t.drawn_card is None:
        t.no_progress += 1
    t.drawn_card = None


def _turn_timed_out(t: Table, e: ev.TurnTimedOut):
    pass


def _turn_skipped(t: Table, e: ev.TurnSkipped):
    t.turns_to_miss = _set(t.turns_to_miss, e.seat, e.turns_to_miss)


def _direction_changed(t: Table, e: ev.DirectionChanged):
    t.direction = e.direction


def _hand_changed(t: Table, seat: int) -> None:
    """A seat's hand changed: a "Multiple Macao" it called was for the hand it had."""
    if t.multiple_called[seat]:
        t.multiple_called = _set(t.multiple_called, seat, False)


def _card_played(t: Table, e: ev.CardPlayed):
    cards = e.cards
    _hand_changed(t, e.seat)
    t.hands = _set(t.hands, e.seat, _remove(t.hands[e.seat], cards))
    t.discard = t.discard + tuple(cards)
    last = cards[-1]
    if last not in JOKER_COLOUR:
        t.top_declared = None
        t.effective_suit, t.effective_rank, t.free_play = SUIT[last], RANK[last], False
    else:
        t.top_declared = e.joker_as
        if e.joker_as is not None:
            t.effective_suit, t.effective_rank, t.free_play = SUIT[e.joker_as], RANK[e.joker_as], False
        elif t.setup.rules.compiled.joker_mode not in TRANSPARENT_JOKERS:
            t.effective_suit, t.effective_rank, t.free_play = None, None, True
        # a reversing or drawing joker leaves the matching state as it was (§2.5); after a
        # drawing joker's penalty, match.free_play_after_penalty_from may free the next play
    t.played_in_turn = True
    t.drawn_card = None
    t.no_progress = 0


def _cards_drawn(t: Table, e: ev.CardsDrawn):
    k = len(e.cards)
    if k:
        _hand_changed(t, e.seat)
        t.stock = t.stock[:-k]
        t.hands = _set(t.hands, e.seat, t.hands[e.seat] + tuple(e.cards))
        t.no_progress = 0
    if e.reason in ("draw", "forced"):
        t.drawn_card = e.cards[-1] if k else None


def _stock_reshuffled(t: Table, e: ev.StockReshuffled):
    t.stock = tuple(reversed(e.stock))
    t.discard = t.discard[-1:]
    t.shuffles += 1


def _hands_swapped(t: Table, e: ev.HandsSwapped):
    _hand_changed(t, e.seat)
    _hand_changed(t, e.with_seat)
    t.hands = _set(_set(t.hands, e.seat, tuple(e.seat_hand)), e.with_seat, tuple(e.with_hand))


def _draw_pending(t: Table, e: ev.DrawPending):
    t.pending_draw = PendingDraw(e.amount, e.family, e.target, e.target_is_regular)


def _skip_pending(t: Table, e: ev.SkipPending):
    t.pending_skip = PendingSkip(e.turns, e.target)


def _chain_cancelled(t: Table, e: ev.ChainCancelled):
    if e.kind == "draw":
        t.pending_draw = None
    elif e.kind == "skip":
        t.pending_skip = None
    else:
        t.wish = None


def _penalty_taken(t: Table, e: ev.PenaltyTaken):
    t.pending_draw = None
    if e.drawn == 0:
        t.no_progress += 1
    if e.free_play:
        t.free_play = True
    if t.pending_out is not None:
        t.pending_out = None


def _skip_accepted(t: Table, e: ev.SkipAccepted):
    t.pending_skip = None
    t.turns_to_miss = _set(t.turns_to_miss, e.seat, t.turns_to_miss[e.seat] + e.turns - 1)


def _wish_set(t: Table, e: ev.WishSet):
    t.wish = Wish(e.kind, e.value, e.seat, e.excluded_suit)
    if e.kind == "suit":
        t.effective_suit = e.value
    elif e.kind == "rank":
        t.effective_suit, t.effective_rank = None, e.value
    elif e.kind == "free_suit":
        t.effective_suit = None
    else:
        t.effective_suit = t.effective_rank = None
    t.free_play = False


def _wish_cleared(t: Table, e):
    t.wish = None


def _follow_up_required(t: Table, e: ev.FollowUpRequired):
    t.follow_up = e.seat


def _robin_started(t: Table, e: ev.RobinStarted):
    t.robin = Robin(e.count, e.seat, 0)
    t.bonus = None


def _robin_joined(t: Table, e: ev.RobinJoined):
    t.robin = Robin(e.count, e.seat, 0)


def _robin_declined(t: Table, e: ev.RobinDeclined):
    r = t.robin
    t.robin = Robin(r.count, r.last_seat, r.asked_since + 1)


def _robin_ended(t: Table, e: ev.RobinEnded):
    t.robin = None


def _pass_cards_requested(t: Table, e: ev.PassCardsRequested):
    t.passing = PassRound(e.seat, tuple(e.seats), (), e.resume_seat, e.resume_regular)


def _pass_card_chosen(t: Table, e: ev.PassCardChosen):
    p = t.passing
    t.passing = PassRound(p.by_seat, tuple(s for s in p.waiting if s != e.seat), p.chosen + ((e.seat, e.card),),
                          p.resume_seat, p.resume_regular)


def _cards_passed(t: Table, e: ev.CardsPassed):
    hands = list(t.hands)
    for giver, taker, card in e.transfers:
        _hand_changed(t, giver)
        _hand_changed(t, taker)
        hands[giver] = _remove(hands[giver], (card,))
    for _, taker, card in e.transfers:
        hands[taker] = hands[taker] + (card,)
    t.hands = tuple(hands)
    t.passing = None


def _noop(t: Table, e):
    pass


def _call_made(t: Table, e: ev.CallMade):
    if e.multiple:  # cosmetic (§2.12): once per hand (see _hand_changed), and no last-card call
        t.multiple_called = _set(t.multiple_called, e.seat, True)
    elif t.call_window is not None and t.call_window.seat == e.seat:
        t.call_window = None
    else:
        t.called_in_turn = True


def _call_window_opened(t: Table, e: ev.CallWindowOpened):
    t.call_window = CallWindow(e.seat, e.deadline)


def _call_window_closed(t: Table, e):
    t.call_window = None


def _going_out_deferred(t: Table, e: ev.GoingOutDeferred):
    t.pending_out = e.seat


APPLY: dict[str, Callable] = {
    "game_started": _game_started,
    "round_started": _round_started,
    "round_ended": _round_ended,
    "game_ended": _game_ended,
    "player_out": _player_out,
    "going_out_deferred": _going_out_deferred,
    "turn_started": _turn_started,
    "player_passed": _player_passed,
    "turn_timed_out": _turn_timed_out,
    "turn_skipped": _turn_skipped,
    "direction_changed": _direction_changed,
    "card_played": _card_played,
    "cards_drawn": _cards_drawn,
    "stock_reshuffled": _stock_reshuffled,
    "hands_swapped": _hands_swapped,
    "draw_pending": _draw_pending,
    "skip_pending": _skip_pending,
    "chain_cancelled": _chain_cancelled,
    "penalty_taken": _penalty_taken,
    "skip_accepted": _skip_accepted,
    "wish_set": _wish_set,
    "wish_fulfilled": _wish_cleared,
    "wish_expired": _wish_cleared,
    "follow_up_required": _follow_up_required,
    "skip_robin_started": _robin_started,
    "skip_robin_joined": _robin_joined,
    "skip_robin_declined": _robin_declined,
    "skip_robin_ended": _robin_ended,
    "bonus_turns_granted": _noop,
    "call_made": _call_made,
    "call_window_opened": _call_window_opened,
    "call_window_closed": _call_window_closed,
    "call_penalty_applied": _call_window_closed,
    "false_catch_penalized": _noop,
    "pass_cards_requested": _pass_cards_requested,
    "pass_card_chosen": _pass_card_chosen,
    "cards_passed": _cards_passed,
}
assert set(APPLY) == set(ev.BY_TYPE), set(ev.BY_TYPE) ^ set(APPLY)

