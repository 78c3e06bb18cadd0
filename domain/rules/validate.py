"""Validation of a rule set (RULES.md §4.1 types, §4.4 custom-mode checks).

Every error names the offending parameter by its dotted path (``deal.hand_size``,
``effects[2].amount``). Validation also normalises a few values in place (§4.4 item 5)."""

from __future__ import annotations

import re
from typing import Any

from ..cards import JOKERS, MAX_DECKS, MAX_JOKERS_PER_DECK, RANK, RANKS, SelectorError, ranks_targeted, select
from ..errors import InvalidRuleSet
from .card_values import TABLES
from .schemes import BLOCKED_ROUND, OWN_TABLE, PENALTY_SCHEMES, SCHEMES, uses_target

class Check:
    """One parameter's type: ``check(path, value)`` raises InvalidRuleSet naming ``path``;
    ``describe()`` is its JSON-schema-like description (GET /v1/variants); ``values`` is
    the finite list of allowed values, or None where there are too many to list."""

    values: tuple | None = None

    def __call__(self, path: str, v: Any) -> None:
        raise NotImplementedError

    def describe(self) -> dict:
        raise NotImplementedError


def _fail(path: str, msg: str):
    raise InvalidRuleSet(path, msg)


class _Boolean(Check):
    values = (False, True)

    def __call__(self, path, v):
        if not isinstance(v, bool):
            _fail(path, f"must be true or false, not {v!r}")

    def describe(self):
        return {"type": "boolean"}


boolean = _Boolean()


class integer(Check):
    def __init__(self, lo: int, hi: int, nullable: bool = False):
        self.lo, self.hi, self.nullable = lo, hi, nullable
        if lo == hi:  # one value, e.g. a skip's turns
            self.values = (lo,) + ((None,) if nullable else ())

    def __call__(self, path, v):
        if v is None and self.nullable:
            return
        if isinstance(v, bool) or not isinstance(v, int):
            _fail(path, f"must be an integer{' or null' if self.nullable else ''}, not {v!r}")
        if not self.lo <= v <= self.hi:
            _fail(path, f"must be between {self.lo} and {self.hi}, got {v}")

    def describe(self):
        return {"type": "integer", "minimum": self.lo, "maximum": self.hi, "nullable": self.nullable}


class enum(Check):
    def __init__(self, *values, nullable: bool = False):
        self.values = tuple(values) + ((None,) if nullable else ())
        self.nullable = nullable

    def __call__(self, path, v):
        if v not in self.values:
            named = [x for x in self.values if x is not None]
            _fail(path, f"must be one of {named}{' or null' if self.nullable else ''}, got {v!r}")

    def describe(self):
        return {"type": "string", "enum": [x for x in self.values if x is not None], "nullable": self.nullable}


class text(Check):
    def __init__(self, max_len: int = 40):
        self.max_len = max_len

    def __call__(self, path, v):
        if not isinstance(v, str) or not 0 < len(v) <= self.max_len:
            _fail(path, f"must be a non-empty string of at most {self.max_len} characters")
        try:
            v.encode("utf-8")
        except UnicodeEncodeError:
            _fail(path, "is not valid Unicode text")

    def describe(self):
        return {"type": "string", "minLength": 1, "maxLength": self.max_len}


class selector(Check):
    def __init__(self, nullable: bool = False):
        self.nullable = nullable

    def __call__(self, path, v):
        if v is None and self.nullable:
            return
        if not isinstance(v, str):
            _fail(path, f"must be a card selector string, not {v!r}")
        try:
            select(v)
        except SelectorError as e:
            _fail(path, str(e))

    def describe(self):
        return {"type": "string", "format": "card-selector", "nullable": self.nullable,
                "description": "rank:7, suit:H, color:red, card:QH, joker, joker:black, any; unions with |"}


class _RankList(Check):
    def __call__(self, path, v):
        if not isinstance(v, list) or not all(isinstance(r, str) for r in v):
            _fail(path, "must be a list of ranks")
        for r in v:
            if r not in RANKS:
                _fail(path, f"unknown rank {r!r}; ranks are {list(RANKS)}")
        if len(set(v)) != len(v):
            _fail(path, "lists a rank twice")

    def describe(self):
        return {"type": "array", "items": {"type": "string", "enum": list(RANKS)}, "uniqueItems": True}


rank_list = _RankList()


class _DeckCount(Check):
    def __call__(self, path, v):
        if v == "auto":
            return
        integer(1, MAX_DECKS)(path, v)

    def describe(self):
        return {"oneOf": [{"type": "string", "enum": ["auto"]}, {"type": "integer", "minimum": 1, "maximum": MAX_DECKS}]}


deck_count = _DeckCount()


class _JokerColours(Check):
    def __call__(self, path, v):
        if not isinstance(v, list) or not all(c in ("black", "red") for c in v):
            _fail(path, "must be a list of 'black' / 'red'")

    def describe(self):
        return {"type": "array", "items": {"type": "string", "enum": ["black", "red"]},
                "description": "the colour of each joker of a deck in turn (repeated)"}


joker_colours = _JokerColours()


class _CardValues(Check):
    def __call__(self, path, v):
        if v is None:
            return
        if isinstance(v, str):
            if v not in TABLES:
                _fail(path, f"unknown table {v!r}; known: {sorted(TABLES)}")
            return
        if not isinstance(v, dict):
            _fail(path, "must be a table id or an object of card/rank -> points")
        for key, points in v.items():
            if key != "joker" and key not in RANKS and key not in RANK:
                _fail(f"{path}.{key}", "unknown card or rank")
            if isinstance(points, bool) or not isinstance(points, int) or not -1000 <= points <= 1000:
                _fail(f"{path}.{key}", "must be an integer between -1000 and 1000")

    def describe(self):
        return {"nullable": True, "oneOf": [
            {"type": "string", "enum": sorted(TABLES)},
            {"type": "object", "additionalProperties": {"type": "integer", "minimum": -1000, "maximum": 1000},
             "description": "points per rank, card code or 'joker' (a joker a table lacks scores 50)"}]}


card_values = _CardValues()


PENDING_KINDS = re.compile(r"^(draw:[a-z0-9_]{1,20}|skip|robin|wish:(suit|rank|free_suit|free_plain))$")

LEAVES: dict[str, Check] = {
    "id": text(),
    "call_word": text(),
    "deck.ranks": rank_list,
    "deck.jokers_per_deck": integer(0, MAX_JOKERS_PER_DECK),
    "deck.joker_colours": joker_colours,
    "deck.count": deck_count,
    "deal.hand_size": integer(1, 20),
    "deal.hand_size_two_players": integer(1, 20, nullable=True),
    "deal.first_card_policy": enum("apply_as_dealer_play", "redraw_until_plain", "ignore_effect"),
    "turn.initial_direction": enum("cw", "ccw"),
    "turn.first_player": enum("next_of_dealer"),
    "turn.dealer_rotation": enum("next_in_initial_direction"),
    "match.wild": selector(nullable=True),
    "match.joker_mode": enum("reverse_transparent", "draw_wild", "declared", nullable=True),
    "match.free_play_after_penalty_from": selector(nullable=True),
    "draw.voluntary_allowed": boolean,
    "draw.may_play_drawn_card": boolean,
    "draw.penalty_ends_turn": boolean,
    "draw.may_decline_answer": boolean,
    "draw.shortfall": enum("draw_available_forfeit_rest"),
    "stock.reshuffle": enum("keep_top"),
    "stock.blocked_round": enum(*BLOCKED_ROUND),
    "multi.mode": enum("none", "same_rank", "same_rank_and_runs"),
    "multi.include_special": boolean,
    "multi.any_subset": boolean,
    "chain.targeting": enum("forward", "by_card", "next_only"),
    "skip.mode": enum("none", "pass_on", "accumulate", "skip_robin"),
    "reverse.two_player_acts_as_skip": boolean,
    "two_player.backward_attack_as_forward": boolean,
    "wish.duration": enum("until_fulfilled", "full_round"),
    "wish.cross_answer": boolean,
    "wish.joker_may_answer": boolean,
    "wish.choice_mandatory": boolean,
    "announce.enforcement": enum("automatic", "catch"),
    "announce.penalty_cards": integer(0, 20),
    "announce.window_end": enum("next_turn_start"),
    "announce.reannounce_after_forced_draw": boolean,
    "announce.false_catch_penalty": integer(0, 20),
    "last_card.special_must_draw": boolean,
    "last_card.play_again_last": boolean,
    "last_card.two_player_attack_finish": enum("immediate", "bounce"),
    "round.end_mode": enum("first_out", "last_one_standing"),
    "round.max_finishers": integer(1, 9, nullable=True),
    "score.scheme": enum(*SCHEMES),
    "score.target": integer(1, 100000, nullable=True),
    "score.wild_last_card_double": boolean,
    "score.card_values": card_values,
    "score.end_when": enum("reaches", "exceeds"),
    "options.easier_draw_cards_interchangeable": boolean,
    "options.easier_same_value_packs": boolean,
    "options.easier_jokers_in_draw_packs": boolean,
    "options.harder_draw_cards_not_stackable": boolean,
    "options.harder_sevens_wild_own_suit": boolean,
    "options.seven_mode": enum("plain", "cancel_wild_when_cancelling", "cancel_always_wild"),
    "options.red_jack_fresh_draws": boolean,
    "options.king_pack_amount": enum("additive", "top_only"),
}
SECTIONS = {p.split(".")[0] for p in LEAVES if "." in p}
TOP_KEYS = {p for p in LEAVES if "." not in p} | SECTIONS | {"effects", "answers", "base"}

EFFECT_PARAMS: dict[str, dict[str, tuple[Check | None, Any]]] = {
    "draw": {"amount": (integer(0, 50), None), "family": (None, None),
             "target": (enum("next", "previous"), "next")},
    "skip": {"turns": (integer(1, 1), 1)},
    "reverse": {},
    "suit_wish": {"restriction": (enum("none", "differ_from_current"), "none"),
                  "must_hold": (boolean, False), "free_option": (boolean, False)},
    "rank_wish": {"wishable": (rank_list, None), "must_hold": (boolean, False),
                  "free_option": (boolean, False), "new_must_differ": (boolean, False)},
    "hand_swap": {"with": (enum("left_neighbour"), "left_neighbour")},
    "cancel": {"cancels": (None, None)},
    "play_again": {"first_must_match_suit": (boolean, True)},
    "skip_robin": {},
    "pass_left": {},
    "joker_declared": {},
}
RESULTS = ("add", "cancel", "pass_on", "accumulate", "replace_wish")


def results_for(kind: str) -> tuple[str, ...]:
    """The answer results (§1.4) that mean something for a pending kind."""
    if kind.startswith("draw:"):
        return ("add", "cancel")
    if kind == "skip":
        return ("pass_on", "accumulate", "cancel")
    if kind == "robin":
        return ("accumulate",)
    return ("replace_wish", "cancel")  # wishes
FAMILY = re.compile(r"^[a-z0-9_]{1,20}$")


def parameters() -> dict[str, dict]:
    """Every parameter of a rule set with its type and allowed values, by dotted path (the
    ``custom`` entry of GET /v1/variants): the leaves, the effect types with their
    parameters, and the answer results each pending kind takes."""
    out: dict[str, dict] = {path: check.describe() for path, check in LEAVES.items()}
    out["effects"] = {"type": "array", "description": "each {cards: selector, type, ...its parameters}", "types": {
        etype: {param: (check.describe() if check is not None else {"type": "string"})
                | ({"default": default} if default is not None else {})
                for param, (check, default) in params.items()}
        for etype, params in EFFECT_PARAMS.items()}}
    out["effects"]["types"]["cancel"]["cancels"] = {"type": "array", "items": {"type": "string",
                                                    "pattern": PENDING_KINDS.pattern}}
    out["answers"] = {"type": "object", "description": "pending kind -> list of {cards: selector, result}",
                      "results": {kind: list(results_for(kind))
                                  for kind in ("draw:<family>", "skip", "robin", "wish:suit", "wish:rank",
                                               "wish:free_suit", "wish:free_plain")}}
    return out


def validate(data: dict) -> None:
    for key in data:
        if key not in TOP_KEYS:
            _fail(key, "unknown parameter")
    for section in SECTIONS:
        if not isinstance(data.get(section), dict):
            _fail(section, "missing or not an object")
        known = {p.split(".", 1)[1] for p in LEAVES if p.startswith(section + ".")}
        for key in data[section]:
            if key not in known:
                _fail(f"{section}.{key}", "unknown parameter")
    for path, check in LEAVES.items():
        if "." in path:
            section, key = path.split(".", 1)
            if key not in data[section]:
                _fail(path, "missing")
            check(path, data[section][key])
        else:
            if path not in data:
                _fail(path, "missing")
            check(path, data[path])
    if not data["deck"]["ranks"]:
        _fail("deck.ranks", "must name at least one rank")
    _validate_effects(data)
    _effect_conflicts(data)
    _validate_answers(data)
    _cross_checks(data)


def _deck_cards(data: dict) -> set[str]:
    ranks = data["deck"]["ranks"]
    cards = {c for c in RANK if c[:-1] in ranks and c not in JOKERS}
    if data["deck"]["jokers_per_deck"] > 0:
        colours = data["deck"]["joker_colours"] or ["black", "red"]
        n = data["deck"]["jokers_per_deck"]
        cards |= {"JKB" if colours[i % len(colours)] == "black" else "JKR" for i in range(n)}
    return cards


def _validate_effects(data: dict) -> None:
    effects = data.get("effects")
    if not isinstance(effects, list):
        _fail("effects", "must be a list")
    for i, eff in enumerate(effects):
        path = f"effects[{i}]"
        if not isinstance(eff, dict):
            _fail(path, "must be an object")
        etype = eff.get("type")
        if not isinstance(etype, str) or etype not in EFFECT_PARAMS:
            _fail(f"{path}.type", f"must be one of {sorted(EFFECT_PARAMS)}, got {etype!r}")
        selector()(f"{path}.cards", eff.get("cards"))
        params = EFFECT_PARAMS[etype]
        for key in eff:
            if key not in ("cards", "type") and key not in params:
                _fail(f"{path}.{key}", f"unknown parameter for a {etype} effect")
        for key, (check, default) in params.items():
            if key not in eff:
                if default is None:
                    _fail(f"{path}.{key}", "missing")
                eff[key] = default
            if check is not None:
                check(f"{path}.{key}", eff[key])
        if etype == "draw":
            if not isinstance(eff["family"], str) or not FAMILY.match(eff["family"]):
                _fail(f"{path}.family", "must be a short snake_case name")
        if etype == "cancel":
            cancels = eff["cancels"]
            if not isinstance(cancels, list) or not all(isinstance(k, str) and PENDING_KINDS.match(k) for k in cancels):
                _fail(f"{path}.cancels", "must be a list of pending kinds such as 'draw:kings', 'skip', 'wish:suit'")
        if etype == "rank_wish":
            for r in eff["wishable"]:
                if r not in data["deck"]["ranks"]:
                    _fail(f"{path}.wishable", f"rank {r!r} is not in the deck")


def _validate_answers(data: dict) -> None:
    answers = data.get("answers")
    if not isinstance(answers, dict):
        _fail("answers", "must be an object")
    families = {e["family"] for e in data["effects"] if e["type"] == "draw"}
    for kind, rows in answers.items():
        path = f"answers.{kind}"
        if not PENDING_KINDS.match(kind):
            _fail(path, "unknown pending kind (draw:<family>, skip, robin, wish:suit|rank|free_suit|free_plain)")
        if kind.startswith("draw:") and kind[5:] not in families:
            _fail(path, f"no draw card has family {kind[5:]!r}")
        if not isinstance(rows, list):
            _fail(path, "must be a list")
        for j, row in enumerate(rows):
            rpath = f"{path}[{j}]"
            if not isinstance(row, dict) or set(row) != {"cards", "result"}:
                _fail(rpath, "must be an object with exactly 'cards' and 'result'")
            selector()(f"{rpath}.cards", row["cards"])
            if row["result"] not in RESULTS:
                _fail(f"{rpath}.result", f"must be one of {list(RESULTS)}")
            if row["result"] not in results_for(kind):
                _fail(f"{rpath}.result", f"{row['result']!r} means nothing for a pending {kind}; "
                                         f"use one of {list(results_for(kind))}")


def _owners(data: dict, deck: set[str]) -> dict[str, int]:
    owner: dict[str, int] = {}
    for i, eff in enumerate(data["effects"]):  # §4.4 item 1
        for card in sorted(select(eff["cards"]) & deck):
            if card in owner:
                _fail(f"effects[{i}].cards",
                      f"card {card} already has an effect (effects[{owner[card]}]); a card has at most one effect")
            owner[card] = i
    return owner


def _effect_conflicts(data: dict) -> None:
    _owners(data, _deck_cards(data))
    role_ranks = ranks_targeted(data["match"]["wild"])
    for eff in data["effects"]:
        role_ranks |= ranks_targeted(eff["cards"])
    for i, eff in enumerate(data["effects"]):  # §4.4 item 2
        if eff["type"] == "rank_wish":
            if not eff["wishable"]:
                _fail(f"effects[{i}].wishable", "must not be empty when a rank-wish card exists")
            bad = [r for r in eff["wishable"] if r in role_ranks]
            if bad:
                _fail(f"effects[{i}].wishable", f"ranks {bad} carry a role and cannot be wished")


def _cross_checks(data: dict) -> None:
    deck = _deck_cards(data)
    effects = data["effects"]
    owner = _owners(data, deck)
    wild = select(data["match"]["wild"]) & deck
    plain_ranks = {c[:-1] for c in deck if c not in JOKERS and c not in owner and c not in wild}
    if not plain_ranks:  # §4.4 item 3
        _fail("effects", "at least one rank must have a plain card")
    opts = data["options"]
    if opts["easier_draw_cards_interchangeable"] and opts["harder_draw_cards_not_stackable"]:  # item 4
        _fail("options.harder_draw_cards_not_stackable",
              "cannot be combined with options.easier_draw_cards_interchangeable")
    jokers = {c for c in deck if c in JOKERS}
    if opts["easier_jokers_in_draw_packs"]:
        if not opts["easier_same_value_packs"]:
            _fail("options.easier_jokers_in_draw_packs", "requires options.easier_same_value_packs")
        if not jokers or not all(c in owner and effects[owner[c]]["type"] == "draw" for c in jokers):
            _fail("options.easier_jokers_in_draw_packs", "requires jokers that are draw cards")
    has_previous = any(e["type"] == "draw" and e["target"] == "previous" for e in effects)
    if not has_previous:  # item 5
        data["chain"]["targeting"] = "next_only"
    elif data["chain"]["targeting"] == "next_only":
        _fail("chain.targeting", "must be 'forward' or 'by_card' when a draw card targets the previous seat")
    if jokers:
        joker_types = {effects[owner[j]]["type"] for j in jokers if j in owner}
        mode = data["match"]["joker_mode"]
        expected = {"reverse": "reverse_transparent", "draw": "draw_wild", "joker_declared": "declared"}
        if len(joker_types) > 1:
            _fail("effects", "both jokers must have the same kind of effect")
        if joker_types:
            jt = joker_types.pop()
            if jt not in expected:
                _fail("effects", f"a joker cannot carry a {jt} effect")
            if mode != expected[jt]:
                _fail("match.joker_mode", f"must be {expected[jt]!r} for jokers with a {jt} effect")
        elif not jokers <= wild:
            _fail("match.joker_mode", "jokers need an effect or must be wild")
    for i, eff in enumerate(effects):
        if eff["type"] == "joker_declared" and not (select(eff["cards"]) <= set(JOKERS)):
            _fail(f"effects[{i}].cards", "only jokers can be declared cards")
        if eff["type"] in ("skip", "skip_robin") and data["skip"]["mode"] == "skip_robin" and eff["type"] == "skip":
            _fail("skip.mode", "skip_robin needs a skip_robin effect, not a skip effect")
    scheme = data["score"]["scheme"]
    if uses_target(scheme) and data["score"]["target"] is None:
        _fail("score.target", f"is required for the {scheme} scheme")
    if scheme in PENALTY_SCHEMES:  # item 7
        values = data["score"]["card_values"]
        if values is None:
            values = OWN_TABLE.get(scheme)
        if values is None:
            _fail("score.card_values", f"is required for the {scheme} scheme")
        table = TABLES[values] if isinstance(values, str) else values
        for c in deck:
            if c in JOKERS:
                continue  # a joker a table lacks scores 50 (§5.5)
            if c not in table and c[:-1] not in table:
                _fail("score.card_values", f"has no value for rank {c[:-1]}")
    if data["round"]["end_mode"] == "first_out" and data["round"]["max_finishers"] is not None:
        _fail("round.max_finishers", "applies only to round.end_mode 'last_one_standing'")
