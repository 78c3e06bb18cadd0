"""Going out and round end (RULES.md §2.13, §2.14).

A round that ends here only ends: the next one is dealt by ``decide.run`` once the
command's handler has returned (dealing starts turns, and turns end rounds, so dealing
from here would be an import cycle)."""

from __future__ import annotations

from typing import Optional

from .. import events as ev
from .context import Ctx, salt
from .scoring import game_outcome, round_outcome


def round_is_over(ctx: Ctx) -> Optional[str]:
    t, r = ctx.t, ctx.r
    if r.end_mode == "first_out" or r.scheme == "championship":
        return "first_out" if t.finished else None
    if ctx.n_active() <= 1:
        return "last_one_standing"
    if r.max_finishers is not None and len(t.finished) >= r.max_finishers:
        return "max_finishers"
    return None


def go_out(ctx: Ctx, seat: int) -> bool:
    """``seat`` has gone out; returns True if that ended the round (already handled)."""
    ctx.emit(ev.PlayerOut(seat, len(ctx.t.finished) + 1))
    reason = round_is_over(ctx)
    if reason is not None:
        end_round(ctx, reason)
        return True
    return False


def end_round(ctx: Ctx, reason: str) -> None:
    """Score the round (§2.14) and, if that decides the game, end it."""
    t, r = ctx.t, ctx.r
    standings, points, scores = round_outcome(t, r, reason)
    ctx.emit(ev.RoundEnded(t.round, reason, standings, points, scores, t.hands))
    outcome = game_outcome(t, r)
    if outcome is not None:
        winners, losers, final = outcome
        salts = tuple(salt(t.setup.seed, i) for i in range(1, t.shuffles + 1))
        ctx.emit(ev.GameEnded(winners, losers, final, t.scores, salts))


def round_over(t) -> bool:
    """The round has ended (the game too, perhaps): nobody is to act in it any more."""
    return t.actor is None


def between_rounds(t) -> bool:
    """A round has ended and the game goes on: the next round is still to be dealt."""
    return t.status == "playing" and round_over(t)
