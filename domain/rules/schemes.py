"""Scoring schemes (RULES.md §2.14, §5) and blocked-round resolutions (§2.8 item 4):
the one place that says which scheme scores what, and what a scheme brings along when
a client chooses it without saying more."""

from __future__ import annotations

WIN_SCHEMES = ("win_points", "championship")  # a round winner scores a point
PENALTY_SCHEMES = ("penalty_points", "lite_101", "lite_8_americain", "crazy_eights")  # hands score against
PLACEMENT_SCHEMES = ("placement", "placement_points")  # the finishing order
SCHEMES = ("win_points", "championship", "penalty_points", "lite_101", "lite_8_americain", "crazy_eights",
           "placement", "placement_points")

# §5.5: the Lite Games schemes end "above" their target, whatever score.end_when says
END_ABOVE_TARGET = ("lite_101", "lite_8_americain")

# What a scheme chosen alone (no target, table or end rule given with it) comes with:
# its own table and end rule from §5.5, and a target a game of it can reach.
SCHEME_DEFAULTS: dict[str, dict] = {
    "win_points": {"target": 2},
    "championship": {"target": 2},
    "penalty_points": {"target": 100, "end_when": "reaches"},
    "lite_101": {"target": 101, "end_when": "exceeds", "card_values": "lite_101"},
    "lite_8_americain": {"target": 100, "end_when": "exceeds", "card_values": "lite_8_americain"},
    "crazy_eights": {"target": 100, "end_when": "reaches", "card_values": "crazy_eights"},
    "placement": {"target": None},
    "placement_points": {"target": 10},  # [DEFAULT]: first to 10 placement points
}

# A scheme whose own table is used when score.card_values is null.
OWN_TABLE = {s: d["card_values"] for s, d in SCHEME_DEFAULTS.items() if "card_values" in d}

BLOCKED_ROUND = ("fewest_cards_wins", "score_all", "rank_by_cards")


def uses_target(scheme: str) -> bool:
    return scheme != "placement"
