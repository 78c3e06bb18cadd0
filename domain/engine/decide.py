"""Command handlers other than ``play``: start, draw, pass, announce, catch, timeout and
the clock closing a last-card window."""

from __future__ import annotations

from .. import events as ev
from ..cards import contains_all
from ..commands import Announce, Catch, ChoosePassCard, CloseCallWindow, Draw, Pass, Play, Start, Timeout
from ..errors import GameStatusError, RuleViolation
from .context import Ctx
from .dealing import check_fixed_deal, deal_next_round, deal_round, first_dealer
from .matching import DRAW, DRAWN, FOLLOW_UP, NORMAL, ROBIN, SKIP, may_call_multiple, phase, why_not_normal
from .moves import plays_for
from .play import ask_robin, play as resolve_play
from .rounds import between_rounds
from .turns import (Next, accept_skip, close_call_window, close_window_before_action, close_window_if_expired,
                    finish_turn, take_penalty)

RULES_VERSION = "1.1.0"  # 1.1: issue 25 (blocked-round resolutions, rule fields honoured, one Multiple Macao per hand)


def require_playing(ctx: Ctx) -> None:
    status = ctx.t.status
    if status == "ready":
        raise GameStatusError("game_not_started", "the game has not started")
    if status == "finished":
        raise GameStatusError("game_finished", "the game is over")


def require_seat(ctx: Ctx, seat) -> None:
    if not isinstance(seat, int) or not 0 <= seat < ctx.t.setup.seats:
        raise RuleViolation("invalid_seat", f"no seat {seat!r} at this table")


def require_turn(ctx: Ctx, seat: int) -> None:
    t = ctx.t
    if seat == t.actor and seat.__class__ is int and t.status == "playing" and t.passing is None:
        return  # the usual case, checked in full below
    require_playing(ctx)
    require_seat(ctx, seat)
    if ctx.t.passing is not None:
        raise RuleViolation("waiting_for_pass_cards",
                            f"seats {list(ctx.t.passing.waiting)} must first choose a card to pass left")
    if seat != ctx.t.actor:
        raise RuleViolation("not_your_turn", f"it is seat {ctx.t.actor}'s turn, not seat {seat}'s")


# ------------------------------------------------------------------ start
def start(ctx: Ctx, cmd: Start) -> None:
    t = ctx.t
    if t.status != "ready":
        raise GameStatusError("game_already_started", "the game has already started")
    if t.setup.deal is not None:
        check_fixed_deal(t.setup)
    ctx.emit(ev.GameStarted(t.setup.seats, RULES_VERSION))
    deal_round(ctx, 1, first_dealer(t.setup))


# ------------------------------------------------------------------ play
def play(ctx: Ctx, cmd: Play) -> None:
    require_turn(ctx, cmd.seat)
    # checked before the window closes: the penalty cards it deals are unknown to the
    # player, so he may neither play them nor learn from a refusal what they are
    hand = ctx.t.hands[cmd.seat]
    if not contains_all(hand, cmd.cards):
        missing = [c for c in cmd.cards if c not in hand] or list(cmd.cards)
        raise RuleViolation("card_not_in_hand", f"{missing[0]} is not in your hand")
    if ctx.t.call_window is not None:
        close_call_window(ctx)  # the next action closes the last-card window (§2.12)
    resolve_play(ctx, cmd)


# ------------------------------------------------------------------ draw
def accept_penalty(ctx: Ctx, x: int) -> None:
    t, r = ctx.t, ctx.r
    pd = t.pending_draw
    if take_penalty(ctx, x):
        return  # a two-player bounce resolved: the opponent went out and the round ended
    nr = ctx.next(x) if pd.target_is_regular else t.next_regular
    if not r.penalty_ends_turn and pd.target_is_regular:
        ctx.emit(ev.TurnStarted(x, x, ctx.turn_deadline(), None))
        return
    finish_turn(ctx, x, Next(nr, nr))


def draw_one(ctx: Ctx, x: int) -> bool:
    """Draw one card in a normal or follow-up turn; True if the turn goes on because the
    drawn card may be played now (§2.6)."""
    t, r = ctx.t, ctx.r
    ctx.draw_cards(x, 1, "draw")
    card = t.drawn_card
    if r.may_play_drawn and card is not None and drawn_card_playable(ctx, card):
        return True
    nxt = ctx.next(x)
    finish_turn(ctx, x, Next(nxt, nxt))
    return False


def drawn_card_playable(ctx: Ctx, card: str) -> bool:
    t, r = ctx.t, ctx.r
    if r.joker_mode == "declared" and card.startswith("JK"):
        return True  # a joker can always be declared as a card that matches
    return why_not_normal(t, r, card) is None


def draw(ctx: Ctx, cmd: Draw) -> None:
    x = cmd.seat
    require_turn(ctx, x)
    close_window_before_action(ctx)
    t, r = ctx.t, ctx.r
    ph = phase(t)
    if ph != NORMAL:
        if ph == DRAW:
            if not r.may_decline_answer and _has_answer(ctx, x):
                raise RuleViolation("must_answer_pending_draw", "this variant requires you to answer when you can")
            accept_penalty(ctx, x)
            return
        if ph == SKIP:
            raise RuleViolation("must_answer_pending_skip", "a skip is pending: send pass to accept it or answer it")
        if ph == ROBIN:
            raise RuleViolation("must_answer_skip_robin", "a skip robin is asking you: add a 4 or send pass")
        if ph == DRAWN:
            raise RuleViolation("already_drew", "you have drawn this turn: play the drawn card or pass")
    if not ctx.can_draw():
        raise RuleViolation("nothing_to_draw", "the stock and the discard pile are exhausted: send pass")
    if ph == NORMAL and not r.voluntary_draw and _has_play(ctx, x):
        raise RuleViolation("must_play", "this variant allows drawing only when you cannot play")
    draw_one(ctx, x)


def _has_play(ctx: Ctx, x: int) -> bool:
    return bool(plays_for(ctx.t, ctx.r, x, limit=1))


def _has_answer(ctx: Ctx, x: int) -> bool:
    return _has_play(ctx, x)


# ------------------------------------------------------------------ pass
def pass_(ctx: Ctx, cmd: Pass) -> None:
    x = cmd.seat
    require_turn(ctx, x)
    close_window_before_action(ctx)
    pass_turn(ctx, x)


def pass_turn(ctx: Ctx, x: int) -> None:
    t = ctx.t
    ph = phase(t)
    if ph == SKIP:
        accept_skip(ctx, x)
        nxt = ctx.next(x)
        finish_turn(ctx, x, Next(nxt, nxt))
    elif ph == ROBIN:
        decline_robin(ctx, x)
    elif ph == DRAWN:
        ctx.emit(ev.PlayerPassed(x))
        nxt = ctx.next(x)
        finish_turn(ctx, x, Next(nxt, nxt))
    elif ph == DRAW:
        if ctx.can_draw():
            raise RuleViolation("must_answer_pending_draw",
                                "a draw penalty is pending: answer it or send draw to take it")
        accept_penalty(ctx, x)  # nothing left to draw: the obligation becomes 0 (§2.8)
    else:
        if ctx.can_draw():
            raise RuleViolation("pass_not_allowed", "you may pass only after drawing or when nothing can be drawn")
        ctx.emit(ev.PlayerPassed(x))
        nxt = ctx.next(x)
        finish_turn(ctx, x, Next(nxt, nxt))


def decline_robin(ctx: Ctx, x: int) -> None:
    ctx.emit(ev.RobinDeclined(x))  # Z16: no draw, no missed turn
    nxt = ask_robin(ctx, ctx.next(x))
    finish_turn(ctx, x, nxt)


# ------------------------------------------------------------------ custom pass_left
def choose_pass_card(ctx: Ctx, cmd: ChoosePassCard) -> None:
    s = cmd.seat
    require_playing(ctx)
    require_seat(ctx, s)
    p = ctx.t.passing
    if p is None or s not in p.waiting:
        raise RuleViolation("no_card_to_pass", f"seat {s} has no card to pass now")
    if cmd.card not in ctx.t.hands[s]:
        raise RuleViolation("card_not_in_hand", f"{cmd.card} is not in your hand")
    ctx.emit(ev.PassCardChosen(s, cmd.card))
    if not ctx.t.passing.waiting:
        complete_passing(ctx)


def complete_passing(ctx: Ctx) -> None:
    """Everyone has chosen: each card goes to the chooser's left neighbour (seat+1 among
    active seats), all at once (§4.4 item 8)."""
    p = ctx.t.passing
    transfers = tuple((s, ctx.left_neighbour(s), card) for s, card in p.chosen)
    ctx.emit(ev.CardsPassed(transfers))
    by = p.by_seat
    if ctx.t.active[by]:
        finish_turn(ctx, by, Next(p.resume_seat, p.resume_regular))
    else:
        nxt = ctx.next(by)
        finish_turn(ctx, by, Next(nxt, nxt))


# ------------------------------------------------------------------ timeout
def timeout(ctx: Ctx, cmd: Timeout) -> None:
    x = cmd.seat
    t = ctx.t
    if t.status == "playing" and t.passing is not None and x == t.actor:
        if t.turn_deadline is not None and cmd.at < t.turn_deadline:
            raise RuleViolation("turn_not_expired", f"the pass-left choice runs until {t.turn_deadline}")
        ctx.emit(ev.TurnTimedOut(x))
        for s in t.passing.waiting:  # the clock chooses for whoever has not
            ctx.emit(ev.PassCardChosen(s, sorted(t.hands[s])[0]))
        complete_passing(ctx)
        return
    require_turn(ctx, x)
    if t.turn_deadline is not None and cmd.at < t.turn_deadline:
        raise RuleViolation("turn_not_expired", f"seat {x}'s turn clock runs until {t.turn_deadline}")
    close_window_before_action(ctx)
    ctx.emit(ev.TurnTimedOut(x))
    ph = phase(t)
    if ph == DRAW:
        accept_penalty(ctx, x)
    elif ph in (NORMAL, FOLLOW_UP) and ctx.can_draw():
        if draw_one(ctx, x):
            pass_turn(ctx, x)
    else:
        pass_turn(ctx, x)


# ------------------------------------------------------------------ last-card call
def announce(ctx: Ctx, cmd: Announce) -> None:
    s = cmd.seat
    require_playing(ctx)
    require_seat(ctx, s)
    close_window_if_expired(ctx)
    t, r = ctx.t, ctx.r
    w = t.call_window
    hand = t.hands[s]
    if w is not None and w.seat == s:
        ctx.emit(ev.CallMade(s))
    elif s == t.actor and t.played_in_turn and len(hand) == 1 and not t.called_in_turn:
        ctx.emit(ev.CallMade(s))
    elif may_call_multiple(t, r, s):
        ctx.emit(ev.CallMade(s, True))  # "Multiple Macao": cosmetic (§2.12)
    elif r.multiple_call and t.multiple_called[s]:
        raise RuleViolation("already_announced", f"seat {s} has already called \"Multiple Macao\" for this hand")
    else:
        raise RuleViolation("not_obliged_to_announce", f"seat {s} has no last-card call to make now")


def catch(ctx: Ctx, cmd: Catch) -> None:
    s, target = cmd.seat, cmd.target
    require_playing(ctx)
    require_seat(ctx, s)
    if not isinstance(target, int) or not 0 <= target < ctx.t.setup.seats:
        raise RuleViolation("nothing_to_catch", f"no seat {target!r} at this table")
    close_window_if_expired(ctx)
    t, r = ctx.t, ctx.r
    if r.enforcement != "catch":
        raise RuleViolation("nothing_to_catch", "this variant enforces the last-card call automatically")
    if s == target:
        raise RuleViolation("nothing_to_catch", "you cannot catch yourself")
    if not t.active[s]:
        raise RuleViolation("nothing_to_catch", "only a player still in the round may catch")
    w = t.call_window
    if w is not None and w.seat == target:
        ctx.emit(ev.CallPenaltyApplied(target, r.call_penalty, s))
        ctx.draw_cards(target, r.call_penalty, "call_penalty")
        return
    if r.false_catch_penalty > 0:
        ctx.emit(ev.FalseCatchPenalized(s, target, r.false_catch_penalty))
        ctx.draw_cards(s, r.false_catch_penalty, "false_catch")
        return
    raise RuleViolation("nothing_to_catch", f"seat {target} has no missed call to catch")


def close_window(ctx: Ctx, cmd: CloseCallWindow) -> None:
    require_playing(ctx)
    w = ctx.t.call_window
    if w is None:
        raise RuleViolation("no_open_window", "no last-card window is open")
    if w.deadline is not None and cmd.at < w.deadline:
        raise RuleViolation("window_still_open", f"the last-card window is open until {w.deadline}")
    close_call_window(ctx)


HANDLERS = {
    Start: start,
    Play: play,
    Draw: draw,
    Pass: pass_,
    Announce: announce,
    Catch: catch,
    ChoosePassCard: choose_pass_card,
    Timeout: timeout,
    CloseCallWindow: close_window,
}


def run(ctx: Ctx, cmd) -> None:
    """Carry out ``cmd`` on ``ctx``: its handler, then the next round's deal if the
    command ended a round and the game goes on."""
    handler = HANDLERS.get(type(cmd))
    if handler is None:
        raise TypeError(f"not a command: {cmd!r}")
    handler(ctx, cmd)
    if between_rounds(ctx.t):
        deal_next_round(ctx)
