"""Honest rule sets: a parameter a client sets either does what RULES.md says it does,
or the rule set is refused with the parameter named and the reason given.

``RuleSet.build`` (the client's way in) calls, in order:

1. ``given_paths``: the parameters the client's overrides give, and those they really
   change (a value equal to the base preset's is no change);
2. ``derive``: where two parameters must agree and the client changed one and gave no
   value for the other, the other follows it as RULES.md describes (``skip.mode`` → the
   skip answers' result; a scoring scheme → its own table, target and end rule;
   ``harder_sevens_wild_own_suit`` → ``seven_mode``; ``easier_same_value_packs`` →
   ``multi``; ``wish.cross_answer`` → the wish answers);
3. the validator (types, §4.4);
4. ``check``: a disagreement that remains is refused, and so is a changed parameter that
   cannot matter in this rule set (``NOT_APPLICABLE``: e.g. ``reverse.two_player_acts_as_skip``
   where no card reverses).

Stored rule sets (``RuleSet.from_dict``) are not re-checked here: a recorded game keeps
the rules it was created with."""

from __future__ import annotations

from typing import Callable, Optional

from ..cards import JOKERS, RANK, select
from ..errors import InvalidRuleSet
from .schemes import END_ABOVE_TARGET, PENALTY_SCHEMES, SCHEME_DEFAULTS, uses_target

SKIP_RESULTS = ("pass_on", "accumulate")  # the skip answers whose result skip.mode decides
WISH_KINDS = ("wish:suit", "wish:free_suit", "wish:rank", "wish:free_plain")
# a wish of this kind is crossed by a wish card of the other type (R#39)
CROSSING = {"wish:suit": "rank_wish", "wish:free_suit": "rank_wish",
            "wish:rank": "suit_wish", "wish:free_plain": "suit_wish"}


# ------------------------------------------------------------------ what the client changed
def given_paths(base: dict, overrides: dict, changed_only: bool = False) -> set[str]:
    """Dotted paths of the parameters ``overrides`` sets (``changed_only``: to a value
    other than ``base``'s): section leaves (``skip.mode``), ``effects`` as a whole,
    answers per pending kind (``answers.skip``), top-level leaves (``call_word``)."""
    out: set[str] = set()
    for key, value in overrides.items():
        if key == "answers" and isinstance(value, dict):
            for kind, rows in value.items():
                if not changed_only or base.get("answers", {}).get(kind) != rows:
                    out.add(f"answers.{kind}")
        elif isinstance(value, dict) and isinstance(base.get(key), dict):
            for name, v in value.items():
                if not changed_only or base[key].get(name) != v:
                    out.add(f"{key}.{name}")
        elif not changed_only or base.get(key) != value:
            out.add(key)
    return out


# ------------------------------------------------------------------ helpers on raw data
def _owners(data: dict, etype: str) -> set[str]:
    """Cards of the deck universe whose effect is of ``etype``."""
    return {c for e in data["effects"] if e["type"] == etype for c in select(e["cards"])}


def _draw_effects(data: dict) -> list[dict]:
    return [e for e in data["effects"] if e["type"] == "draw"]


def _has_jokers(data: dict) -> bool:
    return data["deck"]["jokers_per_deck"] > 0


def _skip_cards_selector(data: dict) -> Optional[str]:
    sels = [e["cards"] for e in data["effects"] if e["type"] == "skip"]
    return "|".join(sels) if sels else None


def _without_cards(rows: list[dict], cards: set[str], only_result: Optional[str] = None) -> list[dict]:
    """``rows`` with every selector atom naming only ``cards`` left out (of the rows whose
    result is ``only_result``, if given); a row left with no atom goes."""
    out = []
    for row in rows:
        if only_result is not None and row["result"] != only_result:
            out.append(row)
            continue
        atoms = [a for a in row["cards"].split("|") if not (select(a) and select(a) <= cards)]
        if atoms:
            out.append({"cards": "|".join(atoms), "result": row["result"]})
    return out


def _cancel_cards(data: dict) -> dict[str, set[str]]:
    """Each card with a cancel effect → the pending kinds its effect cancels."""
    out: dict[str, set[str]] = {}
    for e in data["effects"]:
        if e["type"] == "cancel":
            for c in select(e["cards"]):
                out.setdefault(c, set()).update(e["cancels"])
    return out


def _stray_cancels(rows: list[dict], kind: str, cancellers: dict[str, set[str]]) -> set[str]:
    """Cards that ``rows`` let cancel a pending ``kind`` although their cancel effect
    does not name it."""
    return {c for row in rows if row["result"] == "cancel" for c in select(row["cards"])
            if c in cancellers and kind not in cancellers[c]}


# ------------------------------------------------------------------ derive
def derive(data: dict, changed: set[str], given: set[str]) -> None:
    """Make the parameters the client did not give agree with those he changed (in place)."""
    skip, answers, score, opts, multi = data["skip"], data["answers"], data["score"], data["options"], data["multi"]
    if "skip.mode" in changed and "answers.skip" not in given:
        mode = skip["mode"]
        if mode in SKIP_RESULTS:  # §2.10.2: the mode says what answering a skip with a skip card does
            rows = [dict(row, result=mode) if row["result"] in SKIP_RESULTS else row
                    for row in answers.get("skip", [])]
            if not any(row["result"] == mode for row in rows) and _skip_cards_selector(data):
                rows.insert(0, {"cards": _skip_cards_selector(data), "result": mode})
            answers["skip"] = rows
        else:  # none: a skip cannot be answered; skip_robin asks with its own "robin" answers
            answers.pop("skip", None)
    if "score.scheme" in changed:
        for key, value in SCHEME_DEFAULTS[score["scheme"]].items():
            if f"score.{key}" not in given:
                score[key] = value
    if opts["harder_sevens_wild_own_suit"] and "options.seven_mode" not in given:
        opts["seven_mode"] = "cancel_always_wild"  # §4.2: the toggle sets seven_mode
    if opts["easier_same_value_packs"]:  # §4.2: packs of one value, special cards included
        if multi["mode"] == "none" and "multi.mode" not in given:
            multi["mode"] = "same_rank"
        if "multi.include_special" not in given:
            multi["include_special"] = True
    if "effects" in changed:  # a cancel card's answers follow its effect's ``cancels``
        cancellers = _cancel_cards(data)
        for kind, rows in list(answers.items()):
            stray = _stray_cancels(rows, kind, cancellers)
            if stray and f"answers.{kind}" not in given:
                answers[kind] = _without_cards(rows, stray, only_result="cancel")
    if "wish.cross_answer" in changed and not data["wish"]["cross_answer"] \
            and not any(f"answers.{k}" in given for k in WISH_KINDS):
        for kind in WISH_KINDS:
            if kind in answers:
                answers[kind] = _without_cards(answers[kind], _owners(data, CROSSING[kind]))


# ------------------------------------------------------------------ check
def _fail(path: str, msg: str):
    raise InvalidRuleSet(path, msg)


def _contradictions(data: dict, r) -> None:
    """Pairs of parameters that say different things: refused whoever set them."""
    mode = data["skip"]["mode"]
    answers = data["answers"]
    if _owners(data, "skip_robin") and mode != "skip_robin":  # the reverse: the validator's
        _fail("skip.mode", "must be 'skip_robin': a card has a skip_robin effect")
    for j, row in enumerate(answers.get("skip", [])):
        if mode in ("none", "skip_robin"):
            _fail("answers.skip", f"a skip cannot be answered when skip.mode is {mode!r}; leave answers.skip out")
        if row["result"] in SKIP_RESULTS and row["result"] != mode:
            _fail(f"answers.skip[{j}].result", f"{row['result']!r} disagrees with skip.mode {mode!r}: with "
                  f"skip.mode {mode!r} a skip answer {'passes the skip on' if mode == 'pass_on' else 'accumulates'}"
                  " (set skip.mode alone and the answers follow it)")
    if "robin" in answers and mode != "skip_robin":
        _fail("answers.robin", "applies only when skip.mode is 'skip_robin'")
    opts = data["options"]
    if opts["harder_sevens_wild_own_suit"] and opts["seven_mode"] != "cancel_always_wild":
        _fail("options.seven_mode", "must be 'cancel_always_wild' with options.harder_sevens_wild_own_suit "
              "(the toggle makes sevens wild at any time)")
    if opts["easier_same_value_packs"]:
        if data["multi"]["mode"] == "none":
            _fail("multi.mode", "cannot be 'none' with options.easier_same_value_packs (packs of one value "
                  "may be played); turn the option off for one card per turn")
        if not data["multi"]["include_special"]:
            _fail("multi.include_special", "cannot be false with options.easier_same_value_packs (packs of "
                  "special cards of one value may be played); turn the option off")
    if not data["wish"]["cross_answer"]:
        for kind in WISH_KINDS:
            crossing = _owners(data, CROSSING[kind])
            for j, row in enumerate(answers.get(kind, [])):
                if select(row["cards"]) & crossing:
                    _fail(f"answers.{kind}[{j}].cards", "answers a wish with a wish card of the other kind, "
                          "which wish.cross_answer false forbids (set wish.cross_answer alone and the answers "
                          "follow it)")
    cancellers = _cancel_cards(data)
    for kind, rows in answers.items():
        stray = _stray_cancels(rows, kind, cancellers)
        if stray:
            _fail(f"answers.{kind}", f"lets {sorted(stray)} cancel a pending {kind}, which their cancel effect "
                  "does not name (effects[].cancels); set the effect alone and the answers follow it")
    scheme = data["score"]["scheme"]
    if scheme in END_ABOVE_TARGET and data["score"]["end_when"] != "exceeds":
        _fail("score.end_when", f"must be 'exceeds': the {scheme} scheme ends when a score goes above the "
              "target")
    for i, eff in enumerate(data["effects"]):
        if eff["type"] in ("suit_wish", "rank_wish") and eff["free_option"] and not eff["must_hold"]:
            _fail(f"effects[{i}].free_option", "applies only with must_hold (the free wish is for a player "
                  "who holds no card he may wish)")
        if eff["type"] == "rank_wish" and eff["new_must_differ"] \
                and not any(r.effect.get(c) is not None and r.effect[c].type == "rank_wish"
                            for c in r.answers.get("wish:rank", ())):
            _fail(f"effects[{i}].new_must_differ", "applies only where a rank-wish card may replace a rank "
                  "wish (answers['wish:rank'])")


# A changed parameter that cannot matter in this rule set is refused: the reason it has
# no effect, or None where it has one. Parameters not listed always matter (or have one
# allowed value).
def _no_jokers(d, r):
    return None if _has_jokers(d) else "the deck has no jokers (deck.jokers_per_deck is 0)"


def _no_draw_cards(d, r):
    return None if _draw_effects(d) else "no card has a draw effect"


def _no_backward_draw(d, r):
    if any(e["target"] == "previous" for e in _draw_effects(d)):
        return None
    return "no draw card targets the previous seat"


def _no_wish(d, r):
    return None if _owners(d, "suit_wish") | _owners(d, "rank_wish") else "no card makes a wish"


def _not_penalty(d, r):
    scheme = d["score"]["scheme"]
    return None if scheme in PENALTY_SCHEMES else f"the {scheme} scheme does not score cards left in hand"


def _twos_threes_draws(d) -> dict[str, str]:
    """2s and 3s that are draw cards (and jokers that are), by their family."""
    out = {}
    for e in _draw_effects(d):
        for c in select(e["cards"]):
            if RANK.get(c) in ("2", "3") or c in JOKERS:
                out[c] = e["family"]
    return out


def _interchangeable(d, r):
    cards = _twos_threes_draws(d)
    for fam in set(cards.values()):
        listed = {c for row in d["answers"].get("draw:" + fam, []) if row["result"] == "add"
                  for c in select(row["cards"])}
        if any(c not in listed for c in cards if RANK.get(c) in ("2", "3")):
            return None
    return "every 2 and 3 that is a draw card already answers every 2/3 draw here"


def _stackable(d, r):
    cards = {c for c in _twos_threes_draws(d) if RANK.get(c) in ("2", "3")}
    for kind, rows in d["answers"].items():
        if kind.startswith("draw:") and any(row["result"] == "add" and select(row["cards"]) & cards for row in rows):
            return None
    if d["options"]["easier_draw_cards_interchangeable"] and cards:
        return None
    return "no 2 or 3 answers a pending draw here"


def _no_cancelling_sevens(d, r):
    sevens = {c for e in d["effects"] if e["type"] == "cancel" for c in select(e["cards"]) if RANK.get(c) == "7"}
    return None if sevens else "sevens are not cancel cards here (no cancel effect on rank 7)"


def _red_jacks(d, r):
    drawing = {c for e in _draw_effects(d) for c in select(e["cards"])}
    return None if drawing & {"JH", "JD"} else "red Jacks are not draw cards here"


def _king_packs(d, r):
    kings = {c for e in _draw_effects(d) for c in select(e["cards"]) if RANK.get(c) == "K"}
    if not kings:
        return "no King is a draw card here"
    if r.multi_mode == "none" or not r.multi_special:
        return "draw Kings cannot be played together here (multi.mode / multi.include_special)"
    return None


def _joker_answers(d, r):
    if not _has_jokers(d):
        return "the deck has no jokers (deck.jokers_per_deck is 0)"
    if r.joker_mode == "declared":
        return "declared jokers answer a wish as the card they are declared as"
    if not any(j in r.wild for j in JOKERS):
        return "jokers are not wild here (match.wild)"
    return _no_wish(d, r)


NOT_APPLICABLE: dict[str, Callable[[dict, object], Optional[str]]] = {
    "deck.joker_colours": _no_jokers,
    "match.joker_mode": _no_jokers,
    "match.free_play_after_penalty_from": lambda d, r: (
        None if select(d["match"]["free_play_after_penalty_from"]) & {c for e in _draw_effects(d)
                                                                     for c in select(e["cards"])}
        else "names no draw card, so no penalty is ever taken from one of its cards"),
    "draw.penalty_ends_turn": _no_draw_cards,
    "draw.may_decline_answer": lambda d, r: (
        None if any(k.startswith("draw:") and v for k, v in r.answers.items()) else "no pending draw can be answered"),
    "multi.include_special": lambda d, r: "multi.mode is 'none'" if d["multi"]["mode"] == "none" else None,
    "multi.any_subset": lambda d, r: "multi.mode is 'none'" if r.multi_mode == "none" else None,
    "chain.targeting": _no_backward_draw,
    "skip.mode": lambda d, r: (
        None if _owners(d, "skip") | _owners(d, "skip_robin") else "no card has a skip effect"),
    "reverse.two_player_acts_as_skip": lambda d, r: None if _owners(d, "reverse") else "no card reverses",
    "two_player.backward_attack_as_forward": _no_backward_draw,
    "wish.duration": _no_wish,
    "wish.choice_mandatory": _no_wish,
    "wish.cross_answer": lambda d, r: (
        None if _owners(d, "suit_wish") and _owners(d, "rank_wish")
        else "it needs both a suit-wish and a rank-wish card"),
    "wish.joker_may_answer": _joker_answers,
    "announce.reannounce_after_forced_draw": lambda d, r: (
        None if d["last_card"]["special_must_draw"] or d["last_card"]["play_again_last"]
        else "no last-card rule forces a draw (last_card.special_must_draw, last_card.play_again_last)"),
    "announce.false_catch_penalty": lambda d, r: (
        None if d["announce"]["enforcement"] == "catch" else "announce.enforcement is 'automatic': nobody catches"),
    "last_card.play_again_last": lambda d, r: None if _owners(d, "play_again") else "no card has a play_again effect",
    "last_card.two_player_attack_finish": _no_draw_cards,
    "score.target": lambda d, r: (
        None if uses_target(d["score"]["scheme"]) else "the placement scheme has no target (one round decides)"),
    "score.wild_last_card_double": _not_penalty,
    "score.card_values": _not_penalty,
    "score.end_when": _not_penalty,
    "options.easier_draw_cards_interchangeable": _interchangeable,
    "options.harder_draw_cards_not_stackable": _stackable,
    "options.harder_sevens_wild_own_suit": _no_cancelling_sevens,
    "options.seven_mode": _no_cancelling_sevens,
    "options.red_jack_fresh_draws": _red_jacks,
    "options.king_pack_amount": _king_packs,
}


def check(data: dict, compiled, changed: set[str]) -> None:
    """Refuse what ``derive`` left in disagreement, and any changed parameter that would
    be ignored. ``data`` is validated; ``compiled`` is its CompiledRules."""
    _contradictions(data, compiled)
    for path in sorted(changed):
        section, _, key = path.partition(".")
        if key and data[section].get(key, 0) is None:
            continue  # null: "not used here", which is true wherever it has no effect
        why = NOT_APPLICABLE.get(path)
        reason = why(data, compiled) if why is not None else None
        if reason is not None:
            _fail(path, f"has no effect in this rule set: {reason}")
