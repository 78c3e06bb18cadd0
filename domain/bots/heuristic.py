"""The ``easy`` and ``normal`` turn policies.

``normal`` judges every distinct legal move with ``judgement.Judge`` (what the move is worth
in plays left to go out, from what the bot may know) and plays the best; wishes are
chosen by ``judgement.pick_wish``."""

from __future__ import annotations

import random
from collections import Counter

from ..cards import SUIT, is_joker
from ..commands import WishChoice
from ..engine.matching import DRAW, FOLLOW_UP, NORMAL, ROBIN, SKIP, phase
from .knowledge import profile
from .move_lists import distinct_plays, hand_after, with_wish
from .observation import Observation
from .judgement import NORMAL_WEIGHTS, Judge, StateView, Unseen, Weights, pick_wish

__all__ = ["easy_turn", "normal_turn", "candidates", "finish_move", "score_moves"]

FORGET_CALL = 1 / 3  # how often ``easy`` forgets its last-card call


def finish_move(obs: Observation, m: dict, unseen=None) -> dict:
    """The move with a concrete wish (the one ``pick_wish`` picks)."""
    opts = m.get("wish_options")
    if not opts:
        return with_wish(m, None)
    prof = profile(obs.rules)
    U = Unseen.of_cards(obs.unseen, (), prof.wild)
    w = pick_wish(prof, hand_after(obs.hand, m), [WishChoice.parse(o) for o in opts], U)
    return with_wish(m, w.as_body())


def easy_turn(obs: Observation, moves: list[dict], rng: random.Random) -> dict:
    """Any legal card, uniformly (a card, then one way to play it), rather than drawing."""
    plays = [m for m in moves if m["action"] == "play"]
    if not plays:
        return moves[0]
    groups: dict[tuple, list[dict]] = {}
    for m in plays:
        groups.setdefault(tuple(m["cards"]), []).append(m)
    cards = rng.choice(sorted(groups))
    calls = rng.random() >= FORGET_CALL
    ways = distinct_plays(groups[cards], announce=calls)
    m = rng.choice(ways)
    opts = m.get("wish_options")
    return with_wish(m, rng.choice(opts) if opts else None)


def candidates(obs: Observation, moves: list[dict]) -> list[dict]:
    """The moves worth considering: every distinct play (with the call), no voluntary
    draw while a card can be played, and few declarations of the same Pławno joker."""
    plays = distinct_plays(moves)
    if obs.rules.joker_mode == "declared":
        plays = _prune_jokers(obs, plays)
    others = [m for m in moves if m["action"] in ("draw", "pass")]
    ph = phase(obs.public)
    if plays and ph in (NORMAL, FOLLOW_UP):
        others = [m for m in others if m["action"] != "draw"]
    return plays + others


def _prune_jokers(obs: Observation, plays: list[dict]) -> list[dict]:
    """A declared joker may stand for any legal card: keep one declaration per (cards,
    effect, suit), preferring the suit the bot holds most of."""
    r = obs.rules
    held = Counter(SUIT[c] for c in obs.hand if not is_joker(c))
    seen: dict[tuple, dict] = {}
    out = []
    for m in plays:
        d = m.get("joker_as")
        if d is None:
            out.append(m)
            continue
        e = r.effect.get(d)
        sig = (tuple(m["cards"]), None if e is None else (e.type, e.amount, e.target),
               SUIT[d] if e is None or e.type not in ("suit_wish", "rank_wish") else None)
        have = seen.get(sig)
        if have is None or held[SUIT[d]] > held[SUIT[have["joker_as"]]]:
            seen[sig] = m
    out.extend(seen.values())
    return out


def normal_turn(obs: Observation, moves: list[dict], rng: random.Random, now: float | None = None,
                weights: Weights = NORMAL_WEIGHTS) -> dict:
    cands = candidates(obs, moves)
    if len(cands) == 1:
        return finish_move(obs, cands[0])
    scored = score_moves(obs, cands, weights)
    best = max(v for v, _ in scored)
    top = [m for v, m in scored if v >= best - 1e-9]
    return top[0] if len(top) == 1 else rng.choice(top)


PHASES = {DRAW: "draw", SKIP: "skip", ROBIN: "robin"}


def score_moves(obs: Observation, cands: list[dict], weights: Weights = NORMAL_WEIGHTS,
                every_wish: bool = False) -> list[tuple[float, dict]]:
    """(value, finished move) for each candidate, by ``judgement``'s rules-based judgement;
    a play that makes a wish with the wish ``pick_wish`` picks, or with ``every_wish``
    once per wish it may make (``pick_wish``'s first)."""
    prof = profile(obs.rules)
    U = Unseen.of_cards(obs.unseen, (), prof.wild)
    ph = PHASES.get(phase(obs.public), "normal")
    judge = Judge(StateView(obs, prof), obs.seat, obs.hand, ph, U, weights)
    out = []
    for m in cands:
        if m["action"] == "draw" and ph == "normal":
            out.append((judge.draw(), with_wish(m, None)))
            continue
        if m["action"] != "play":
            out.append((judge.take(), with_wish(m, None)))
            continue
        opts = m.get("wish_options")
        j = m.get("joker_as")
        decl = [j if (j is not None and is_joker(c)) else c for c in m["cards"]]
        if not opts:
            out.append((judge.play(m["cards"], decl, None), with_wish(m, None)))
            continue
        choices = [WishChoice.parse(o) for o in opts]
        w = pick_wish(prof, hand_after(obs.hand, m), choices, U)
        for c in [w] + ([o for o in choices if o != w] if every_wish else []):
            out.append((judge.play(m["cards"], decl, (c.kind, c.value)), with_wish(m, c.as_body())))
    return out
