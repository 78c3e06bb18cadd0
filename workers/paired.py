"""Statistics of duplicate deals: each deal is played once per seat rotation, so a level's
result per deal (its mean win share over the rotations) is one paired observation from
which the luck of the cards has largely cancelled out.

The win rate is the mean of those per-deal shares; its 95% interval is Student's over the
deals. How many games a 2-point difference needs is how many make that interval's
half-width 2 points, from the spread seen (and, for comparison, how many independent
games without pairing would)."""

from __future__ import annotations

import math
from statistics import NormalDist

__all__ = ["t_quantile", "mean_interval", "games_for", "paired_summary"]

TWO_POINTS = 0.02


def t_quantile(df: int, p: float = 0.975) -> float:
    """Student's t quantile (Cornish–Fisher expansion; within 0.1% from 5 degrees of freedom)."""
    z = NormalDist().inv_cdf(p)
    if df <= 0:
        return math.inf
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3


def mean_interval(xs: list[float]) -> tuple[float, float, float, float]:
    """(mean, low, high, standard deviation) of ``xs`` with a 95% Student interval."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0, 1.0, 0.0
    mean = sum(xs) / n
    if n == 1:
        return mean, 0.0, 1.0, 0.0
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
    half = t_quantile(n - 1) * sd / math.sqrt(n)
    return mean, mean - half, mean + half, sd


def games_for(sd: float, games_per_unit: int, half: float = TWO_POINTS) -> int:
    """Games (``games_per_unit`` per observation) for a 95% half-width of ``half``."""
    z = NormalDist().inv_cdf(0.975)
    return games_per_unit * math.ceil((z * sd / half) ** 2) if sd > 0 else games_per_unit


def paired_summary(per_deal: list[float], per_game: list[float], rotations: int) -> dict:
    """``per_deal``: a level's mean share per complete deal; ``per_game``: its share per
    game (the same games), for the unpaired comparison."""
    mean, lo, hi, sd = mean_interval(per_deal)
    _, _, _, sd_game = mean_interval(per_game)
    return {
        "deals": len(per_deal), "win_rate": mean, "ci95": [max(0.0, lo), min(1.0, hi)],
        "sd_per_deal": sd, "games_for_2_points": games_for(sd, rotations),
        "unpaired_games_for_2_points": games_for(sd_game, 1),
    }
