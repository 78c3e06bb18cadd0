"""A fitted win-probability evaluator: where ``hard``'s playouts are cut short, the chance
that the searching seat wins the round from there, as a logistic model over features of
the sampled world (every hand is known in it).

The weights are fitted offline (``tools/fit_hard.py``: positions from bot games, each
played out to the end of the round) per preset and table size, and shipped as package
data (``data/hard.json``). Inference is a dot product and a logistic, standard library
only. A rule set without a fitted model (custom rules on an unusual base) falls back to
the race of plays left that the search used before."""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from ..cards import RANK, SUIT

__all__ = ["FEATURES", "features", "Evaluator", "evaluator", "model_key", "load_models"]

DATA = Path(__file__).with_name("data") / "hard.json"

FEATURES = (
    "bias", "my_units", "my_size", "opp_units", "opp_size", "opp_units_mean", "opps", "my_turn", "my_turn_next",
    "draw_on_me", "draw_on_opp", "skip_on_me", "skip_on_opp", "miss_me", "miss_opp", "my_wild", "my_defence",
    "opp_wild", "my_playable", "my_one", "my_two", "opp_one", "opp_two", "lead", "my_points", "opp_points",
)


def model_key(r, seats: int) -> str:
    """The preset a rule set is built on, and the table size bucket (2, 3, 4+)."""
    base = r.id if r.id != "custom" else r.data.get("base", "macau")
    return f"{base}/{min(seats, 4)}"


def features(g, me: int, scores=None) -> list[float]:
    """Features of lean world ``g`` from seat ``me``'s side (``FEATURES`` order).
    ``scores``: the game's penalty points so far (penalty schemes)."""
    prof = g.prof
    hands, active = g.hands, g.active
    units = prof.units
    opps = [s for s in range(g.n) if active[s] and s != me]
    my_hand = hands[me]
    mu = units(my_hand)
    ou = [units(hands[s]) for s in opps] or [0]
    k = min(range(len(ou)), key=ou.__getitem__)
    opp = opps[k] if opps else me
    o_units = ou[k]
    o_size = len(hands[opp])
    actor = g.actor
    my_turn = 1.0 if actor == me else 0.0
    nxt = 1.0 if actor is not None and actor != me and g.next(actor) == me else 0.0
    draw_me = draw_opp = skip_me = skip_opp = 0.0
    pd = g.pd
    if pd is not None:
        h = len(hands[pd[2]])
        cost = prof.expected_units(h + pd[0]) - prof.expected_units(h)
        if pd[2] == me:
            draw_me = cost
        else:
            draw_opp = cost
    ps = g.ps
    if ps is not None:
        if ps[1] == me:
            skip_me = ps[0]
        else:
            skip_opp = ps[0]
    wild = prof.wild
    suit, rank = g.effective_suit, g.effective_rank
    playable = 0
    my_wild = my_def = 0
    for c in my_hand:
        if c in wild:
            my_wild += 1
            playable += 1
        elif SUIT[c] == suit or RANK[c] == rank:
            playable += 1
        if c in prof.defence:
            my_def += 1
    lead = my_pts = opp_pts = 0.0
    if prof.penalty_scheme:
        target = float(prof.r.target or 100)
        pts = prof.points
        my_pts = sum(pts[c] for c in my_hand) / target
        opp_pts = sum(pts[c] for c in hands[opp]) / target
        if scores is not None and opps:
            lead = (min(scores[s] for s in opps) - scores[me]) / target
    return [
        1.0, float(mu), float(len(my_hand)), float(o_units), float(o_size), sum(ou) / len(ou), float(len(opps)),
        my_turn, nxt, draw_me, draw_opp, float(skip_me), float(skip_opp), float(g.ttm[me]),
        float(max((g.ttm[s] for s in opps), default=0)), float(my_wild), float(my_def),
        float(sum(1 for c in hands[opp] if c in wild)), float(playable),
        1.0 if mu == 1 else 0.0, 1.0 if mu == 2 else 0.0, 1.0 if o_units == 1 else 0.0, 1.0 if o_units == 2 else 0.0,
        lead, my_pts, opp_pts,
    ]


class Evaluator:
    __slots__ = ("weights",)

    def __init__(self, weights):
        self.weights = tuple(weights)

    def value(self, g, me: int, scores=None) -> float:
        z = sum(w * x for w, x in zip(self.weights, features(g, me, scores)))
        if z < -30.0:
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))


@lru_cache(maxsize=1)
def load_models() -> dict:
    try:
        with open(DATA, encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:  # a checkout before the first fit
        return {}


@lru_cache(maxsize=64)
def _evaluator(key: str):
    entry = load_models().get("evaluator", {}).get(key)
    if entry is None or entry.get("features") != list(FEATURES):
        return None
    return Evaluator(entry["weights"])


def evaluator(r, seats: int) -> Evaluator | None:
    return _evaluator(model_key(r, seats))
