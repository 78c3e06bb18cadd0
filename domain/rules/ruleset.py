"""The ``RuleSet`` value (RULES.md §1.1, §4): built from a preset, optionally with overrides,
validated (§4.4), and serialized to and from JSON losslessly."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..errors import InvalidRuleSet
from . import consistency, presets
from .compiled import CompiledRules
from .validate import validate

# §4.2 flags a client may send under ``options`` although their canonical home is elsewhere.
OPTION_ALIASES: dict[str, tuple[str, str]] = {
    "two_player_attack_finish": ("last_card", "two_player_attack_finish"),
    "last_card.two_player_attack_finish": ("last_card", "two_player_attack_finish"),
    "wish.duration": ("wish", "duration"),
    "round.max_finishers": ("round", "max_finishers"),
    "score.wild_last_card_double": ("score", "wild_last_card_double"),
    "score.end_when": ("score", "end_when"),
    "switch.red_jack_fresh_draws": ("options", "red_jack_fresh_draws"),
}
TOP_LEVEL_ALIASES: dict[str, tuple[str, str]] = {
    # §4.1 names a few parameters by their own prefix
    "switch": ("options", ""),
    "seven_mode": ("options", "seven_mode"),
}


@dataclass(frozen=True)
class RuleSet:
    """An immutable, validated rule set. Equality is equality of the canonical JSON."""

    canonical: str = field(repr=False)

    # ------------------------------------------------------------ construction
    @classmethod
    def preset(cls, preset_id: str) -> "RuleSet":
        if preset_id not in presets.PRESETS:
            raise InvalidRuleSet("variant", f"unknown variant {preset_id!r}; known: {sorted(presets.PRESETS)}")
        return cls._cached_preset(preset_id)

    @classmethod
    def build(cls, variant: str, overrides: dict | None = None) -> "RuleSet":
        """A preset (``variant``) with ``overrides`` merged over it; for ``custom`` the
        overrides' ``base`` names the preset to start from (default ``macau``)."""
        overrides = copy.deepcopy(overrides) if overrides else {}
        if not isinstance(overrides, dict):
            raise InvalidRuleSet("rules", "must be an object")
        if variant == "custom":
            base_id = overrides.pop("base", "macau")
            if not isinstance(base_id, str) or base_id not in presets.PRESETS:
                raise InvalidRuleSet("rules.base", f"unknown preset {base_id!r}; known: {sorted(presets.PRESETS)}")
            data = presets.preset(base_id)
            if overrides.pop("id", "custom") != "custom":
                raise InvalidRuleSet("rules.id", "a custom rule set's id is 'custom'")
            data["id"] = "custom"
            data["base"] = base_id
        elif variant in presets.PRESETS:
            if not overrides:
                return cls.preset(variant)
            data = presets.preset(variant)
            if overrides.get("id", variant) != variant:
                raise InvalidRuleSet("rules.id", f"cannot change the id of preset {variant!r}; use variant 'custom'")
            overrides.pop("id", None)
            if "base" in overrides:
                raise InvalidRuleSet("rules.base", "only the 'custom' variant takes a base")
            _check_locked(variant, overrides)
        else:
            raise InvalidRuleSet("variant", f"unknown variant {variant!r}; known: {sorted(presets.PRESETS) + ['custom']}")
        try:
            overrides = _normalise_aliases(overrides)
            given = consistency.given_paths(data, overrides)
            changed = consistency.given_paths(data, overrides, changed_only=True)
            _merge(data, overrides, "")
            try:
                consistency.derive(data, changed, given)
            except (TypeError, KeyError, AttributeError, ValueError):
                pass  # a malformed rule set: the validator names the parameter
            rules = cls.from_dict(data)
        except (TypeError, AttributeError, KeyError) as e:  # a value of the wrong JSON type somewhere unexpected
            raise InvalidRuleSet("rules", f"malformed rule set ({e})") from None
        consistency.check(rules.data, rules.compiled, changed)
        return rules

    @classmethod
    def from_dict(cls, data: dict) -> "RuleSet":
        if not isinstance(data, dict):
            raise InvalidRuleSet("rules", "must be an object")
        data = copy.deepcopy(data)
        validate(data)
        return cls(json.dumps(data, sort_keys=True, separators=(",", ":")))

    @classmethod
    def from_json(cls, text: str | bytes) -> "RuleSet":
        return cls.from_dict(json.loads(text))

    @staticmethod
    def _cached_preset(preset_id: str) -> "RuleSet":
        hit = _PRESET_CACHE.get(preset_id)
        if hit is None:
            hit = _PRESET_CACHE[preset_id] = RuleSet.from_dict(presets.preset(preset_id))
        return hit

    # ------------------------------------------------------------ access
    @cached_property
    def data(self) -> dict[str, Any]:
        """The rule set as a (shared, do-not-mutate) dict; use ``to_dict`` for a copy."""
        return json.loads(self.canonical)

    def to_dict(self) -> dict[str, Any]:
        return json.loads(self.canonical)

    def to_json(self) -> str:
        return self.canonical

    @property
    def id(self) -> str:
        return self.data["id"]

    @cached_property
    def compiled(self) -> CompiledRules:
        return CompiledRules(self.data)

    def __getstate__(self):
        return {"canonical": self.canonical}

    def __setstate__(self, state):
        object.__setattr__(self, "canonical", state["canonical"])


_PRESET_CACHE: dict[str, RuleSet] = {}


def _normalise_aliases(overrides: dict) -> dict:
    out = dict(overrides)
    for key in list(out):
        if key in TOP_LEVEL_ALIASES and key not in presets.MACAU:
            section, name = TOP_LEVEL_ALIASES[key]
            value = out.pop(key)
            if name:
                out.setdefault(section, {})[name] = value
            elif isinstance(value, dict):
                out.setdefault(section, {}).update(value)
            else:
                raise InvalidRuleSet(key, "must be an object")
    options = out.get("options")
    if isinstance(options, dict):
        options = dict(options)
        for key in list(options):
            if key in OPTION_ALIASES:
                section, name = OPTION_ALIASES[key]
                value = options.pop(key)
                if section == "options":
                    options[name] = value
                else:
                    target = out.setdefault(section, {})
                    if not isinstance(target, dict):
                        raise InvalidRuleSet(section, "must be an object")
                    target[name] = value
        out["options"] = options
    return out


def _merge(base: dict, overrides: dict, prefix: str) -> None:
    for key, value in overrides.items():
        path = f"{prefix}{key}"
        if key not in base:
            raise InvalidRuleSet(path, "unknown parameter")
        if isinstance(base[key], dict) and key != "answers":
            if not isinstance(value, dict):
                raise InvalidRuleSet(path, "must be an object")
            _merge(base[key], value, path + ".")
        elif key == "answers":  # merged per pending kind; null removes a kind
            if not isinstance(value, dict):
                raise InvalidRuleSet(path, "must be an object")
            for kind, rows in value.items():
                if rows is None:
                    base[key].pop(kind, None)
                else:
                    base[key][kind] = copy.deepcopy(rows)
        else:
            base[key] = copy.deepcopy(value)


def _check_locked(variant: str, overrides: dict) -> None:
    options = overrides.get("options")
    if not isinstance(options, dict):
        return
    for flag, fixed in presets.LOCKED_OPTIONS.get(variant, {}).items():
        if flag in options and options[flag] != fixed:
            raise InvalidRuleSet(
                f"options.{flag}",
                f"is built into {variant} ({fixed!r}) and cannot be changed; use variant 'custom' with base {variant!r}",
            )
