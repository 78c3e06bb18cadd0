"""Fast playouts for the search: a cheap policy that plays every seat of a sampled world
to the end of the round, stepping the engine's own handlers on one working table (no
freeze/thaw per move, no full move enumeration).

The policy: answer an attack when possible, go out when possible, otherwise play a
random playable card — more cards at once and non-wild cards preferred — with its
same-rank mates, wish for the suit or rank held most, always make the last-card call,
draw only when nothing can be played. Anything the shortcut gets wrong falls back to the
engine's full list of plays, so the playout never leaves the rules."""

from __future__ import annotations

import random

from ..cards import RANK, SUIT, is_joker, remove_cards
from ..commands import ChoosePassCard, Draw, Pass, Play, WishChoice
from ..engine.context import Ctx
from ..engine.decide import HANDLERS
from ..engine.matching import (ANSWER_PHASES, DRAW, DRAWN, NORMAL, ROBIN, SKIP, first_card_reason, group_reason, phase,
                               suit_in_play, triggering_group, wish_effect, wish_options)
from ..engine.moves import plays_for
from ..errors import DomainError
from .knowledge import Profile
from .move_lists import longest_run

__all__ = ["playout", "RoundEnd"]

MAX_PLIES = 600
GROUP_BONUS = 0.15  # per extra card of a pack: a pack is one play now or later
FOLLOW_BONUS = 0.4  # per card left of the suit put on top
NOISE = 0.8


class RoundEnd:
    """How a playout ended: ``winner`` (a seat, or None), and the ctx for scoring."""

    __slots__ = ("ctx", "plies", "done")

    def __init__(self, ctx: Ctx, plies: int, done: bool):
        self.ctx, self.plies, self.done = ctx, plies, done


def playout(state, prof: Profile, rng: random.Random, rounds_before: int, max_plies: int = MAX_PLIES) -> RoundEnd:
    """Play ``state`` (a full world) on until the round is decided: the round ends, or —
    where the first player out is the winner (placement) — someone goes out."""
    ctx = Ctx(state, 0.0)
    t = ctx.t
    stop_at_first_out = prof.r.scheme == "placement"
    plies = 0
    while plies < max_plies:
        if t.status != "playing" or len(t.rounds) > rounds_before:
            return RoundEnd(ctx, plies, True)
        if stop_at_first_out and t.finished:
            return RoundEnd(ctx, plies, True)
        if t.passing is not None:
            seat = t.passing.waiting[0]
            cmd = ChoosePassCard(seat, _worst_card(prof, t.hands[seat]))
        else:
            cmd = _choose(ctx, prof, rng)
        _step(ctx, cmd, prof, rng)
        plies += 1
    return RoundEnd(ctx, plies, False)


def _step(ctx: Ctx, cmd, prof: Profile, rng: random.Random) -> None:
    ctx.swapped = ctx.forced_draw = ctx.wish_made = False
    ctx.events = []
    try:
        HANDLERS[type(cmd)](ctx, cmd)
    except DomainError:
        # the shortcut missed a rule: take a move from the engine's own list
        ctx.swapped = ctx.forced_draw = ctx.wish_made = False
        ctx.events = []
        cmd = _fallback(ctx, rng)
        HANDLERS[type(cmd)](ctx, cmd)


def _fallback(ctx: Ctx, rng: random.Random):
    t, r = ctx.t, ctx.r
    x = t.actor
    plays = plays_for(t, r, x, limit=40)
    if plays:
        m = rng.choice(plays)
        opts = m.get("wish_options")
        return Play(x, tuple(m["cards"]), WishChoice.parse(opts[0]) if opts else None,
                    len(t.hands[x]) - len(m["cards"]) <= 1, m.get("joker_as"))
    return _no_play(ctx, x)


def _no_play(ctx: Ctx, x: int):
    t = ctx.t
    ph = phase(t)
    if ph == DRAW:
        return Draw(x)
    if ph in (SKIP, ROBIN, DRAWN):
        return Pass(x)
    return Draw(x) if ctx.can_draw() else Pass(x)


def _worst_card(prof: Profile, hand) -> str:
    return min(hand, key=lambda c: (prof.keep_value(c) - 0.01 * prof.points.get(c, 0), c))


def _choose(ctx: Ctx, prof: Profile, rng: random.Random):
    t, r = ctx.t, ctx.r
    x = t.actor
    hand = t.hands[x]
    ph = phase(t)
    answering = ph in ANSWER_PHASES
    pool = (t.drawn_card,) if ph == DRAWN else dict.fromkeys(hand)
    options = [_group(t, r, hand, c, ph) for c in pool
               if not (prof.declared_jokers and is_joker(c)) and first_card_reason(t, r, c, ph) is None]
    if r.multi_mode == "same_rank_and_runs" and ph == NORMAL and t.wish is None:
        options += [run for run in (longest_run(o[0], hand) for o in options) if len(run) > 1]
    best = None
    best_score = -1e9
    for cards in options:
        n = len(cards)
        if n == len(hand):
            score = 100.0
        else:
            c = cards[0]
            suit = SUIT[cards[-1]]
            follow = sum(1 for d in hand if SUIT[d] == suit) - sum(1 for d in cards if SUIT[d] == suit)
            score = GROUP_BONUS * (n - 1) + FOLLOW_BONUS * min(follow, 3) + rng.random() * NOISE
            if c in prof.wild and not answering:
                score -= 0.9
            if c in prof.attack:
                score += 0.4
            if prof.penalty_scheme:
                score += prof.point_weight * sum(prof.points[d] for d in cards)
        if score > best_score:
            best, best_score = cards, score
    joker_as = None
    if best is None and prof.declared_jokers:
        jokers = [c for c in ((t.drawn_card,) if ph == DRAWN else hand) if c is not None and is_joker(c)]
        if jokers:
            joker_as = _declaration(t, r, ph)
            if joker_as is not None:
                best = (jokers[0],)
    if best is None:
        return _no_play(ctx, x)
    decl = [joker_as if (joker_as is not None and is_joker(c)) else c for c in best]
    wish = None
    weff = wish_effect(r, decl)
    if weff is not None:
        left = remove_cards(hand, best) or []
        group = triggering_group(r, decl)
        in_play = SUIT[decl[-len(group) - 1]] if len(group) < len(decl) else suit_in_play(t)
        opts = wish_options(r, weff, left, t.wish, in_play)
        wish = _best_wish(opts, left)
    return Play(x, tuple(best), wish, len(hand) - len(best) <= 1, joker_as)


def _group(t, r, hand, c, ph) -> tuple[str, ...]:
    """``c`` with every same-rank mate the rules let it take along."""
    if ph == DRAWN or r.multi_mode == "none":
        return (c,)
    if not r.multi_special and c in r.special:
        return (c,)
    rank = RANK[c]
    mates = [d for d in hand if RANK[d] == rank and not is_joker(d)]
    if len(mates) <= 1:
        return (c,)
    mates.remove(c)
    if not r.multi_special:
        mates = [d for d in mates if d not in r.special]
    cards = (c, *mates)
    if group_reason(t, r, list(cards), ph, hand) is not None:
        return (c,)
    return cards


def _declaration(t, r, ph) -> str | None:
    """A card a Pławno joker may stand for now: an answer when attacked, else a plain
    card of the suit or rank in play."""
    for d in sorted(r.universe):
        if is_joker(d):
            continue
        if first_card_reason(t, r, d, ph) is None and (ph in ANSWER_PHASES or d not in r.special):
            return d
    return None


def _best_wish(opts, left):
    if len(opts) == 1:
        return opts[0]

    def held(o):
        if o.kind == "suit":
            return sum(1 for c in left if SUIT[c] == o.value)
        if o.kind == "rank":
            return sum(1 for c in left if RANK[c] == o.value)
        return -1

    return max(opts, key=held)
