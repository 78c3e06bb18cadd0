"""Turn advance (RULES.md §2.11) and the last-card window (§2.12)."""

from __future__ import annotations

from typing import NamedTuple, Optional

from .. import events as ev
from .context import Ctx
from .rounds import end_round, go_out


class Next(NamedTuple):
    """Who acts after the current turn: ``seat`` acts, ``next_regular`` holds the turn."""

    seat: int
    next_regular: int
    bonus: Optional[int] = None


CONTINUE = None  # the same turn goes on (a follow-up, or a drawn card that may be played)


# ------------------------------------------------------------------ last-card call
def open_call_window_if_obliged(ctx: Ctx, x: int) -> None:
    """End of ``x``'s turn: he played this turn and holds exactly one card without having
    called → the window opens (§2.12). Hands received by swap never oblige (Z6)."""
    t = ctx.t
    if not (t.played_in_turn and t.active[x] and len(t.hands[x]) == 1 and not t.called_in_turn):
        return
    if ctx.swapped:
        return
    if ctx.forced_draw and not ctx.r.reannounce_after_forced_draw:
        return
    ctx.emit(ev.CallWindowOpened(x, ctx.window_deadline()))


def close_call_window(ctx: Ctx) -> None:
    """Close the open window: automatic enforcement applies the penalty now."""
    w = ctx.t.call_window
    r = ctx.r
    if r.enforcement == "automatic":
        ctx.emit(ev.CallPenaltyApplied(w.seat, r.call_penalty, None))
        ctx.draw_cards(w.seat, r.call_penalty, "call_penalty")
    else:
        ctx.emit(ev.CallWindowClosed(w.seat))


def close_window_before_action(ctx: Ctx) -> None:
    """The next turn action by anyone (the same player included) closes the window."""
    if ctx.t.call_window is not None:
        close_call_window(ctx)


def close_window_if_expired(ctx: Ctx) -> None:
    w = ctx.t.call_window
    if w is not None and w.deadline is not None and ctx.at >= w.deadline:
        close_call_window(ctx)


# ------------------------------------------------------------------ turn hand-over
def take_penalty(ctx: Ctx, seat: int) -> bool:
    """``seat`` draws the pending draw. Returns True if that ended the round: taking it
    resolves a two-player ``bounce`` chain, so the opponent who went out on a draw card
    is out now (§2.13, R#44)."""
    t, r = ctx.t, ctx.r
    pd = t.pending_draw
    waiting = t.pending_out  # read first: penalty_taken clears it
    drawn = ctx.draw_cards(seat, pd.amount, "penalty")
    top = t.top_declared or t.discard[-1]
    ctx.emit(ev.PenaltyTaken(seat, pd.amount, drawn, top in r.free_after_penalty))
    return waiting is not None and waiting != seat and go_out(ctx, waiting)


def accept_skip(ctx: Ctx, seat: int) -> None:
    """``seat`` accepts the pending skip: ``skip_accepted``, then §7.3's ``turn_skipped``
    for the turn it costs him (with the further turns he still sits out)."""
    t = ctx.t
    ctx.emit(ev.SkipAccepted(seat, t.pending_skip.turns))
    ctx.emit(ev.TurnSkipped(seat, t.turns_to_miss[seat]))


def start_turn(ctx: Ctx, seat: int, next_regular: int, bonus: Optional[int] = None) -> None:
    """Give the turn to ``seat``; turns the engine plays by itself (a seat sitting out,
    a Pławno self-inflicted penalty) are played here."""
    t = ctx.t
    if bonus is None and (seat != next_regular or not t.turns_to_miss[seat]):
        ctx.emit(ev.TurnStarted(seat, next_regular, ctx.turn_deadline(), None))  # the usual case
        return
    for _ in range(4 * len(t.active) + 8):
        if bonus is None and seat == next_regular and t.turns_to_miss[seat] > 0:
            # §2.11 sitting out; Z13: only an attack arriving in his regular turn is automatic
            pd, ps = t.pending_draw, t.pending_skip
            if ps is not None and ps.target == seat:
                accept_skip(ctx, seat)
            else:
                if pd is not None and pd.target == seat and take_penalty(ctx, seat):
                    return
                ctx.emit(ev.TurnSkipped(seat, t.turns_to_miss[seat] - 1))
            seat = next_regular = ctx.next(seat)
            continue
        ctx.emit(ev.TurnStarted(seat, next_regular, ctx.turn_deadline(), bonus))
        pd = t.pending_draw
        if bonus is not None and pd is not None and pd.target == seat:
            # Z17: his own pending draw is drawn at the start of his next bonus turn
            if take_penalty(ctx, seat):
                return
            if bonus > 0:
                bonus -= 1
            else:
                bonus = None
                seat = next_regular = ctx.next(seat)
            continue
        return
    raise RuntimeError("turn hand-over did not settle")  # pragma: no cover


def finish_turn(ctx: Ctx, x: int, nxt: Next) -> None:
    """Control leaves ``x``: evaluate his call obligation, detect a blocked round, and
    start the next turn (a further Pławno bonus turn of ``x`` if he has one left)."""
    t = ctx.t
    if t.played_in_turn and len(t.hands[x]) == 1:
        open_call_window_if_obliged(ctx, x)
    w = t.wish
    if w is not None and ctx.r.wish_duration == "full_round" and not ctx.wish_made:
        # option full_round: the wish ends once the wisher has had his own turn under it;
        # a wisher who left play is passed over by the turn that would have been his
        if w.wisher == x or (not t.active[w.wisher] and ctx.next(w.wisher) == x):
            ctx.emit(ev.WishExpired(w.wisher))
    if t.no_progress and t.no_progress >= ctx.n_active():
        end_round(ctx, "blocked")
        return
    b = t.bonus
    if b is not None and b[0] == x and b[1] > 0 and t.active[x] and t.robin is None:
        start_turn(ctx, x, x, b[1] - 1)
    else:
        start_turn(ctx, nxt.seat, nxt.next_regular, nxt.bonus)
