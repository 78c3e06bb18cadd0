"""``hard``'s judgement per preset: ``normal``'s weights refitted by self-play.

Each entry was found by a coordinate search (each weight halved and doubled, then moved by
a third) that kept a change when the refitted judgement, playing one-move lookahead only,
beat the untouched ``normal`` over thousands of two-player games. Custom rule sets use the
entry of the preset they are built on."""

from __future__ import annotations

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


def hard_weights(r) -> Weights:
    key = r.id if r.id != "custom" else r.data.get("base", "macau")
    return HARD.get(key, NORMAL_WEIGHTS)
