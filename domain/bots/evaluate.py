"""A static evaluation of a position for one seat, in card units (one card in hand = -1).

It reads only what that seat may know — its own hand, hand sizes and public fields — even
when given a sampled world, so that it can score the worlds a search plays through."""

from __future__ import annotations

from ..cards import RANK, SUIT, is_joker
from ..engine.matching import ANSWER_PHASES, DRAW, SKIP, answer_kind, first_card_reason, phase
from .knowledge import Profile

__all__ = ["WIN", "evaluate", "round_value", "playable_fraction"]

WIN = 100.0  # going out / winning the round
THREAT = 7.0  # an opponent on one card about to act: cost if he goes out now


def round_value(state, me: int) -> float:
    """Value of the round that just ended (the last entry of ``rounds``)."""
    res = state.rounds[-1]
    if res.standings[me] == 1:
        if sum(1 for p in res.standings if p == 1) > 1:
            return WIN / 4
        return WIN
    return -WIN


def playable_fraction(state, r, unseen: tuple[tuple[str, int], ...], total: int, declared_jokers: bool) -> float:
    """The share of unseen cards the actor could play now (answers when he is attacked)."""
    if total <= 0:
        return 0.0
    ph = phase(state)
    ok = 0
    for card, k in unseen:
        if declared_jokers and is_joker(card):
            ok += k
        elif first_card_reason(state, r, card, ph) is None:
            ok += k
    return ok / total


def evaluate(state, me: int, prof: Profile, unseen: tuple[tuple[str, int], ...], rounds_before: int) -> float:
    """Card units for ``me``: the opponents' expected plays-to-go-out minus his own,
    after pending effects, plus the worth of what he holds and minus the danger that
    the opponent about to act goes out."""
    r = prof.r
    if state.status == "finished" or len(state.rounds) > rounds_before:
        return round_value(state, me)
    if state.finished:
        if state.finished[0] == me:
            return WIN
        if me in state.finished:
            return WIN / 4
        return -WIN  # someone else went out first: no win this round
    total = sum(k for _, k in unseen)
    hands = state.hands
    n = len(hands)
    active = state.active
    eff = [float(len(h)) for h in hands]  # cards, with pending effects folded in
    extra = [0.0] * n  # turns gained (-) or lost (+), in units
    my_hand = hands[me]
    two = sum(active) == 2

    pd = state.pending_draw
    actor = state.actor
    if pd is not None:
        if pd.target == me:
            eff[me] += 0.8 * pd.amount
        else:
            f = playable_fraction(state, r, unseen, total, prof.declared_jokers) if actor == pd.target else 0.3
            p_ans = 1.0 - (1.0 - f) ** max(1, len(hands[pd.target]))
            eff[pd.target] += pd.amount * (1.0 - p_ans)
            if two:
                eff[me] += 0.45 * p_ans * pd.amount
    ps = state.pending_skip
    if ps is not None:
        extra[ps.target] += 0.9 * ps.turns
    for s in range(n):
        if state.turns_to_miss[s]:
            extra[s] += 0.9 * state.turns_to_miss[s]
    rb = state.robin
    if rb is not None:
        extra[rb.last_seat] -= 0.7 * rb.count
    b = state.bonus
    if b is not None and b[0] == actor:
        extra[b[0]] -= 0.7 * b[1]
    fresh = not state.played_in_turn and state.drawn_card is None and state.follow_up != actor
    if actor == me and fresh and (pd is None or pd.target != me) and (ps is None or ps.target != me):
        extra[me] -= 0.8  # I move again at once

    threat = 0.0
    if actor is not None and actor != me and active[actor] and fresh:
        ph = phase(state)
        if ph not in ANSWER_PHASES:
            f = playable_fraction(state, r, unseen, total, prof.declared_jokers)
            h = len(hands[actor])
            eff[actor] += (1.0 - f) ** max(1, h)  # he will have to draw
            if h == 1:
                threat = f * THREAT

    base = len(my_hand)
    mine = prof.units(my_hand) + prof.expected_units(eff[me]) - prof.expected_units(base) + extra[me]
    opps = [prof.expected_units(eff[s]) + extra[s] for s in range(n) if active[s] and s != me]
    if not opps:
        return -mine
    lo = min(opps)
    agg = opps[0] if two else 0.6 * lo + 0.4 * sum(opps) / len(opps)

    quality = 0.0
    wild_seen = 0
    for c in my_hand:
        kv = prof.keep_value(c)
        if c in prof.wild:
            wild_seen += 1
            if wild_seen > 2:
                kv *= 0.4
        quality += kv
    if prof.penalty_scheme:
        danger = 1.0 + (1.0 if lo <= 2 else 0.0)
        quality -= danger * prof.point_weight * sum(prof.points[c] for c in my_hand)
    if len(my_hand) == 1 and r.special_must_draw and my_hand[0] in r.special:
        quality -= 0.6
    if actor == me and fresh:
        ph = phase(state)
        ok = sum(1 for c in my_hand if first_card_reason(state, r, c, ph) is None)
        quality += 0.1 * min(ok, 4) + (0.6 if ok else 0.0)
    elif not state.free_play and state.wish is None:
        suit, rank = state.effective_suit, state.effective_rank
        ok = sum(1 for c in my_hand if SUIT[c] == suit or (rank is not None and RANK[c] == rank))
        quality += 0.1 * min(ok, 4)
    w = state.call_window
    if w is not None and w.seat == me:
        quality -= r.call_penalty * (1.0 if r.enforcement == "automatic" else 0.7)
    return agg - mine + quality - threat
