"""Rule sets: the seven presets, custom rule sets and their validation (RULES.md §4)."""

from .presets import MAX_PLAYERS, MIN_PLAYERS, NAMES, PRESETS
from .ruleset import RuleSet

PRESET_IDS = tuple(PRESETS)

__all__ = ["RuleSet", "PRESETS", "PRESET_IDS", "NAMES", "MIN_PLAYERS", "MAX_PLAYERS"]
