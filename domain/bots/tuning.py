"""``hard``'s judgement per preset: ``normal``'s weights refitted.

``HARD``: each entry was found by a coordinate search (each weight halved and doubled,
then moved by a third) that kept a change when the refitted judgement, playing one-move
lookahead only, beat the untouched ``normal`` over thousands of two-player games.

Fitted entries (``data/hard.json``, key ``judgement``) come from offline policy iteration
(``tools/fit_hard.py judgement``): the weights under which the judgement best predicts the
choices of ``hard``'s search run with ten times its budget, per preset and table size.
Custom rule sets use the entry of the preset they are built on."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from .evaluation import load_models, model_key
from .judgement import NORMAL_WEIGHTS, Weights

__all__ = ["HARD", "hard_weights"]

HARD: dict[str, Weights] = {
    # 57% against normal over 3000 two-player games: don't spend wild cards on wishes
    # for suits the next player merely might lack
    "macau": Weights(stuck=0.45),
    # 69% over 3000 games: hold the Jacks (wild, but 20 penalty points) until needed
    "mau_mau": Weights(wild=1.8, flex=0.05),
    # 67% over 1000 games: hold the Aces and Queens (wild; 50 and 10 points) until needed
    "tel_aviv": Weights(wild=1.8, stuck=0.45),
    # 52% over 3000 games
    "romanian": Weights(stuck=0.45),
}


def hard_weights(r, seats: int = 2, fitted: bool = False) -> Weights:
    """``hard``'s weights for rule set ``r`` at a table of ``seats``: the fitted entry if
    ``fitted`` and there is one, else the self-play entry, else ``normal``'s."""
    key = r.id if r.id != "custom" else r.data.get("base", "macau")
    tuned = HARD.get(key, NORMAL_WEIGHTS)
    if fitted:
        return _fitted(model_key(r, seats), tuned)
    return tuned


@lru_cache(maxsize=64)
def _fitted(key: str, tuned: Weights) -> Weights:
    entry = load_models().get("judgement", {}).get(key)
    if entry is None:
        return tuned
    return replace(tuned, **{k: v for k, v in entry["weights"].items() if k in Weights.__dataclass_fields__})
