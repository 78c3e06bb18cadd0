"""Every rule parameter is honest (issue 25): each value a client may set either changes
what happens at the table, or is refused with a 400 naming the parameter.

The test walks the validator's own lists — ``LEAVES`` (every §4.1/§4.2 parameter),
``EFFECT_PARAMS`` (each effect type and its parameters) and the answer results — so a
parameter cannot be added without a case here. For every allowed value of a parameter
with a finite list of values (and for at least one value of the others) a case plays a
short fixed deal twice, with and without the value, and the outcome (events, a pending
obligation, a score, a view) must differ; or the value is refused naming the parameter.

A case's ``setup`` applies to both runs: it switches on what the parameter acts on (or
sets the parameter itself to another value, to show the preset's own value acting)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import pytest

from domain import InvalidRuleSet, InvalidSetup, RuleSet, RuleViolation, Start, execute
from domain.rules import presets
from domain.rules.card_values import TABLES
from domain.rules.validate import EFFECT_PARAMS, LEAVES, RESULTS
from games.redaction import SPECTATOR
from games.views import game_view
from tests.support.service_games import new_service, start_table
from tests.support.table import Game, rest_of_deck

@dataclass
class Case:
    field: str  # a LEAVES path; "effects.<type>.<param>"; "effects.type"; "answers.result"
    value: Any
    base: str
    observe: Optional[Callable[[Game], Any]] = None  # what differs
    hands: Optional[list] = None  # None: a random deal (seed 1) to ``seats``
    starter: str = "9H"
    stock: tuple = ()
    seats: int = 2
    setup: dict = field(default_factory=dict)  # overrides for both runs
    also: dict = field(default_factory=dict)  # overrides that come with the value
    at: Any = None  # effects[i] / (answers kind, row) the value goes to
    refused: bool = False  # the value is refused, naming the parameter
    run: Optional[Callable[[dict], Any]] = None  # instead of a game: the outcome of a rule set

    @property
    def id(self) -> str:
        return f"{self.field}={self.value!r}@{self.base}"


def merge(into: dict, extra: dict) -> dict:
    for k, v in extra.items():
        if isinstance(v, dict) and isinstance(into.get(k), dict) and k not in ("effects",):
            merge(into[k], v)
        else:
            into[k] = copy.deepcopy(v)
    return into


def overrides(case: Case, with_value: bool) -> dict:
    """The custom rule set of one run: the base, the setup, and (``with_value``) the value."""
    base = presets.preset(case.base)
    rules = merge({"base": case.base}, case.setup)
    if not with_value:
        return rules
    merge(rules, case.also)
    path = case.field
    if path.startswith("effects."):
        effects = copy.deepcopy(rules.get("effects", base["effects"]))
        if path == "effects.type":
            effects.append(case.value)
        else:
            effects[case.at][path.rsplit(".", 1)[1]] = case.value
        rules["effects"] = effects
    elif path == "answers.result":
        kind, j = case.at
        rows = copy.deepcopy(rules.get("answers", {}).get(kind, base["answers"][kind]))
        rows[j]["result"] = case.value
        rules.setdefault("answers", {})[kind] = rows
    elif "." in path:
        section, key = path.split(".", 1)
        rules.setdefault(section, {})[key] = case.value
    else:
        rules[path] = case.value
    return rules


def attempt(fn, *args, **kw):
    """The event types a command produced, or the reason it was refused."""
    try:
        return tuple(e.type for e in fn(*args, **kw))
    except RuleViolation as e:
        return ("refused", e.reason)


def outcome(case: Case, rules: dict):
    if case.run is not None:
        return case.run(rules)
    try:
        g = Game("custom", hands=case.hands, starter=case.starter if case.hands else None, stock=case.stock,
                 rules=rules, seed=1, seats=case.seats)
    except InvalidSetup as e:
        return ("invalid_setup", e.param)
    return case.observe(g)


# ------------------------------------------------------------------ observations
def stock_size(g):
    return len(g.state.stock)


def hand_sizes(g):
    return tuple(len(h) for h in g.state.hands)


def pending(g):
    return g.pending_draw, g.pending_skip, g.wish, g.actor


def round_result(g):
    r = g.state.rounds
    return (r[-1].standings, r[-1].points, g.state.scores, g.state.status) if r else ("no round ended", g.state.status)


def moves_of(seat):
    return lambda g: sorted(map(repr, g.moves(seat)))


def wish_options(seat, card):
    def obs(g):
        return [m.get("wish_options") for m in g.moves(seat) if m["action"] == "play" and m["cards"] == [card]]
    return obs


def steps(*commands, then=lambda g: None):
    """Run ``commands`` (each ``(method name, args…)``, a refusal ends the run) and
    observe each command's result and ``then``'s."""
    def obs(g):
        seen = []
        for name, *args in commands:
            kw = args.pop() if args and isinstance(args[-1], dict) else {}
            result = attempt(getattr(g, name), *args, **kw)
            seen.append(result)
            if result[0] == "refused":
                break
        return tuple(seen), then(g)
    return obs


def play0(*cards, **kw):
    return steps(("play", 0, *cards, kw), then=pending)


def view_of(rules):
    record = start_table(new_service(), "custom", players=2, seed=1, rules=rules, bots=0)
    return game_view(record, SPECTATOR)["call_word"]


def redraws_of(rules):
    """A random deal whose upcard is special under macau (the seed is found with the
    preset, so both runs deal alike): how many upcards were buried."""
    special = RuleSet.preset("macau").compiled.special
    for seed in range(100):
        g = Game("macau", hands=None, seats=2, seed=seed, start=False)
        events, _ = execute(g.state, Start())
        if events[1].upcard in special:
            g = Game("custom", hands=None, seats=2, seed=seed, rules=rules)
            return g.log[1].redraws, g.top
    raise AssertionError("no seed deals a special upcard")


def patched(preset_id: str, cards: str, **params) -> list[dict]:
    """The preset's effects with those of ``cards`` given ``params``."""
    return [dict(e, **params) if e["cards"] == cards else e for e in presets.preset(preset_id)["effects"]]


def blocked(g, seats=3):
    for s in range(seats):
        g.pass_(s)
    return round_result(g)


def everything(g):
    cards = list(g.state.stock) + list(g.state.discard) + [c for h in g.state.hands for c in h]
    return sorted(cards).count("JKR"), sorted(cards).count("JKB")


MACAU_REST = rest_of_deck("macau", ["9D", "5D", "6D"], ["7S"])
MACAU_TIE = rest_of_deck("macau", ["9D", "5D"], ["7S"])
MAU_REST = rest_of_deck("mau_mau", ["9D", "9H", "10H"], ["10S"])
# hands: three seats, seat 0 acts first (the custom game's dealer makes it so)
THREE = [["9C", "5D", "6D"], ["9D", "5S", "6S"], ["9S", "5C", "6C"]]
TWO_H = [["2H", "5D"], ["6S", "7S"], ["8C", "9C"]]
SCORE_HANDS = [["9C"], ["JH", "KD", "9S"]]  # seat 0 goes out on 9H; seat 1's hand scores


def after_out(g):
    g.play(0, "9C")
    return round_result(g)


def after_out_3(g):
    g.play(0, "9C")
    return round_result(g), g.actor


# ------------------------------------------------------------------ the cases
CASES: list[Case] = [
    Case("id", "macau", "macau", refused=True),
    Case("call_word", "Makao", "macau", run=view_of),
    Case("deck.ranks", presets.ALL_RANKS[1:], "switch", stock_size),
    Case("deck.jokers_per_deck", 0, "macau", stock_size),
    Case("deck.jokers_per_deck", 4, "macau", stock_size),
    Case("deck.joker_colours", ["black"], "macau", everything),
    Case("deck.count", 2, "macau", stock_size),
    Case("deck.count", "auto", "macau", stock_size, setup={"deck": {"count": 2}}),
    Case("deal.hand_size", 7, "macau", hand_sizes),
    Case("deal.hand_size_two_players", None, "tel_aviv", hand_sizes),
    Case("deal.hand_size_two_players", 7, "macau", hand_sizes),
    Case("deal.first_card_policy", "ignore_effect", "macau", pending, THREE, "2H"),
    Case("deal.first_card_policy", "redraw_until_plain", "macau", run=redraws_of),
    Case("deal.first_card_policy", "apply_as_dealer_play", "makao", pending, THREE, "2H"),
    Case("turn.initial_direction", "ccw", "macau", steps(("play", 0, "9C"), then=pending), THREE),
    Case("turn.initial_direction", "cw", "makao", steps(("play", 0, "9C"), then=pending), THREE),
    Case("match.wild", "rank:A|joker", "macau", moves_of(0), [["JC", "5D"], ["6S", "7S"]]),
    Case("match.wild", None, "macau", moves_of(0), [["AC", "5D"], ["6S", "7S"]]),
    Case("match.joker_mode", "declared", "macau", refused=True),
    Case("match.joker_mode", "draw_wild", "macau", refused=True),
    Case("match.joker_mode", None, "macau", refused=True),
    Case("match.joker_mode", "reverse_transparent", "plawno", refused=True),
    Case("match.free_play_after_penalty_from", None, "romanian",
         steps(("play", 0, "JKB"), ("draw", 2), then=lambda g: g.state.free_play),
         [["JKB", "5D"], ["6S", "7S"], ["8S", "10S"]]),
    Case("match.free_play_after_penalty_from", "card:KH", "macau",
         steps(("play", 0, "KH"), ("draw", 1), then=lambda g: g.state.free_play), [["KH", "5D"], ["6S", "7S"]]),
    Case("draw.voluntary_allowed", False, "macau", steps(("draw", 0), then=pending), [["9C", "5D"], ["6S", "7S"]]),
    Case("draw.voluntary_allowed", True, "macau", steps(("draw", 0), then=pending), [["9C", "5D"], ["6S", "7S"]],
         setup={"draw": {"voluntary_allowed": False}}),
    Case("draw.may_play_drawn_card", True, "macau", steps(("draw", 0), then=pending),
         [["5D", "6S"], ["6C", "7S"]], stock=("9C",)),
    Case("draw.may_play_drawn_card", False, "makao", steps(("draw", 0), then=pending),
         [["5D", "6S"], ["6C", "7S"]], stock=("9C",)),
    Case("draw.penalty_ends_turn", False, "macau", steps(("play", 0, "2H"), ("draw", 1), then=pending), TWO_H),
    Case("draw.penalty_ends_turn", True, "macau", steps(("play", 0, "2H"), ("draw", 1), then=pending), TWO_H,
         setup={"draw": {"penalty_ends_turn": False}}),
    Case("draw.may_decline_answer", False, "macau", steps(("play", 0, "2H"), ("draw", 1), then=pending),
         [["2H", "5D"], ["2C", "7S"], ["8S", "6C"]]),
    Case("draw.may_decline_answer", True, "macau", steps(("play", 0, "2H"), ("draw", 1), then=pending),
         [["2H", "5D"], ["2C", "7S"], ["8S", "6C"]], setup={"draw": {"may_decline_answer": False}}),
    Case("stock.blocked_round", "score_all", "macau", blocked, [["9D"], MACAU_REST, ["5D", "6D"]], "7S"),
    Case("stock.blocked_round", "rank_by_cards", "macau", blocked, [["9D"], MACAU_TIE, ["5D"]], "7S"),
    Case("stock.blocked_round", "fewest_cards_wins", "mau_mau", blocked, [["9D"], MAU_REST, ["9H", "10H"]], "10S"),
    Case("multi.mode", "none", "macau", play0("9C", "9D"), [["9C", "9D", "5S"], ["6S", "7S"]]),
    Case("multi.mode", "same_rank_and_runs", "macau", play0("9H", "10H"), [["9H", "10H", "5S"], ["6S", "7S"]],
         starter="9D"),
    Case("multi.mode", "same_rank", "makao", play0("5H", "6H"), [["5H", "6H", "9S"], ["6S", "7S"]], starter="5D"),
    Case("multi.mode", "none", "makao", refused=True),  # packs of one value are built into it
    Case("multi.include_special", True, "macau", play0("2H", "2D"), [["2H", "2D", "5S"], ["6S", "7S"]]),
    Case("multi.include_special", False, "macau", play0("2H", "2D"), [["2H", "2D", "5S"], ["6S", "7S"]],
         setup={"multi": {"include_special": True}}),
    Case("multi.any_subset", False, "macau", play0("9C", "9D"), [["9C", "9D", "9S", "5S"], ["6S", "7S"]]),
    Case("multi.any_subset", True, "macau", play0("9C", "9D"), [["9C", "9D", "9S", "5S"], ["6S", "7S"]],
         setup={"multi": {"any_subset": False}}),
    Case("chain.targeting", "by_card", "macau", steps(("play", 0, "KH"), ("play", 1, "KS"), then=pending),
         [["KH", "5D"], ["KS", "5C"], ["6S", "7C"]]),
    Case("chain.targeting", "forward", "plawno", steps(("play", 0, "KH"), ("play", 2, "KS"), then=pending),
         [["KH", "5D"], ["6S", "7C"], ["KS", "5C"]]),
    Case("chain.targeting", "next_only", "macau", refused=True),
    Case("skip.mode", "accumulate", "macau", steps(("play", 0, "4H"), ("play", 1, "4C"), then=pending),
         [["4H", "9C", "6D", "8D", "10D"], ["4C", "6C", "7C", "8C", "6H"], ["5S", "2C", "3C", "7D", "5D"]]),
    Case("skip.mode", "none", "macau", play0("4H"), [["4H", "5D"], ["6S", "7S"], ["8C", "9C"]]),
    Case("skip.mode", "pass_on", "makao", steps(("play", 0, "4H"), ("play", 2, "4C"), then=pending),
         [["4H", "9C", "6D"], ["6C", "7C", "8C"], ["4C", "2C", "3C"]]),
    Case("skip.mode", "skip_robin", "macau", refused=True),
    Case("reverse.two_player_acts_as_skip", False, "macau", play0("JKB"), [["JKB", "5D"], ["6S", "7C"]]),
    Case("reverse.two_player_acts_as_skip", True, "makao", play0("JKB"), [["JKB", "5D"], ["6S", "7C"]]),
    Case("two_player.backward_attack_as_forward", False, "macau", steps(("play", 0, "KS"), ("draw", 1), then=pending),
         [["KS", "5D"], ["6C", "7C"]], starter="9S"),
    Case("two_player.backward_attack_as_forward", True, "macau",
         steps(("play", 0, "KS"), ("draw", 1), then=pending), [["KS", "5D"], ["6C", "7C"]], starter="9S",
         setup={"two_player": {"backward_attack_as_forward": False}}),
    Case("wish.duration", "full_round", "macau",
         steps(("play", 0, "AH", {"wish": "C"}), ("draw", 1), ("draw", 2), ("draw", 0), then=pending),
         [["AH", "5D", "6D"], ["6S", "7S"], ["8S", "9S"]], stock=("5H", "6H", "7H")),
    Case("wish.duration", "until_fulfilled", "macau",
         steps(("play", 0, "AH", {"wish": "C"}), ("draw", 1), ("draw", 2), ("draw", 0), then=pending),
         [["AH", "5D", "6D"], ["6S", "7S"], ["8S", "9S"]], stock=("5H", "6H", "7H"),
         setup={"wish": {"duration": "full_round"}}),
    Case("wish.cross_answer", True, "macau", steps(("play", 0, "JC", {"wish": "9"}), ("play", 1, "AS", {"wish": "H"}),
                                                   then=pending), [["JC", "5D"], ["AS", "7S"]], starter="9C"),
    Case("wish.cross_answer", False, "plawno",
         steps(("play", 0, "AC", {"wish": "D"}), ("play", 1, "JS", {"wish": "7"}), then=pending),
         [["AC", "5D", "6D"], ["JS", "7S", "8S"]]),
    Case("wish.joker_may_answer", True, "macau",
         steps(("play", 0, "AC", {"wish": "H"}), ("play", 1, "JKB"), then=pending),
         [["AC", "5D"], ["JKB", "7S"]], starter="9C"),
    Case("wish.joker_may_answer", False, "macau",
         steps(("play", 0, "AC", {"wish": "H"}), ("play", 1, "JKB"), then=pending),
         [["AC", "5D"], ["JKB", "7S"]], starter="9C", setup={"wish": {"joker_may_answer": True}}),
    Case("wish.choice_mandatory", False, "macau", play0("AC"), [["AC", "5D"], ["6S", "7S"]], starter="9C"),
    Case("wish.choice_mandatory", True, "macau", play0("AC"), [["AC", "5D"], ["6S", "7S"]], starter="9C",
         setup={"wish": {"choice_mandatory": False}}),
    Case("announce.enforcement", "catch", "macau", steps(("play", 0, "9C"), ("draw", 1), then=hand_sizes),
         [["9C", "5D"], ["6S", "7S"], ["8S", "10S"]]),
    Case("announce.enforcement", "automatic", "makao", steps(("play", 0, "9C"), ("draw", 2), then=hand_sizes),
         [["9C", "5D"], ["6S", "7S"], ["8S", "10S"]]),
    Case("announce.penalty_cards", 2, "macau", steps(("play", 0, "9C"), ("draw", 1), then=hand_sizes),
         [["9C", "5D"], ["6S", "7S"], ["8S", "10S"]]),
    Case("announce.reannounce_after_forced_draw", False, "switch",
         steps(("play", 0, "2H"), then=lambda g: g.state.call_window), [["2H"], ["6S", "7C"]], stock=("5C", "6C")),
    Case("announce.reannounce_after_forced_draw", True, "switch",
         steps(("play", 0, "2H"), then=lambda g: g.state.call_window), [["2H"], ["6S", "7C"]], stock=("5C", "6C"),
         setup={"announce": {"reannounce_after_forced_draw": False}}),
    Case("announce.false_catch_penalty", 2, "makao", steps(("catch", 1, 2), then=hand_sizes), THREE),
    Case("last_card.special_must_draw", False, "switch", play0("2H"), [["2H"], ["6S", "7C"]]),
    Case("last_card.special_must_draw", True, "macau", play0("2H"), [["2H"], ["6S", "7C"]]),
    Case("last_card.play_again_last", False, "tel_aviv", steps(("play", 0, "5H"), then=round_result),
         [["5H"], ["6S", "7C"]], stock=("6D",)),
    Case("last_card.play_again_last", True, "tel_aviv", steps(("play", 0, "5H"), then=round_result),
         [["5H"], ["6S", "7C"]], stock=("6D",), setup={"last_card": {"play_again_last": False}}),
    Case("last_card.two_player_attack_finish", "bounce", "macau", play0("2H"), [["2H"], ["6S", "7C"]]),
    Case("last_card.two_player_attack_finish", "immediate", "macau", play0("2H"), [["2H"], ["6S", "7C"]],
         setup={"last_card": {"two_player_attack_finish": "bounce"}}),
    Case("round.end_mode", "last_one_standing", "macau", after_out_3, [["9C"], ["6S", "7C"], ["8S", "10C"]]),
    Case("round.end_mode", "first_out", "makao", after_out_3, [["9C"], ["6S", "7C"], ["8S", "10C"]]),
    Case("round.max_finishers", 1, "makao", after_out_3, [["9C"], ["6S", "7C"], ["8S", "10C"]]),
    Case("round.max_finishers", None, "makao", after_out_3, [["9C"], ["6S", "7C"], ["8S", "10C"]],
         setup={"round": {"max_finishers": 1}}),
    Case("score.scheme", "win_points", "mau_mau", after_out, SCORE_HANDS),
    Case("score.scheme", "championship", "makao", after_out_3, [["9C"], ["6S", "7C"], ["8S", "10C"]]),
    Case("score.scheme", "penalty_points", "macau", after_out, SCORE_HANDS, also={"score": {"card_values": "lite_101"}}),
    Case("score.scheme", "lite_101", "macau", after_out, SCORE_HANDS),
    Case("score.scheme", "lite_8_americain", "mau_mau", after_out, SCORE_HANDS),
    Case("score.scheme", "crazy_eights", "mau_mau", after_out, [["9C"], ["8H", "KD", "9S"]]),
    Case("score.scheme", "placement", "macau", after_out, SCORE_HANDS),
    Case("score.scheme", "placement_points", "macau", after_out, SCORE_HANDS + [["5S", "6S"]]),
    Case("score.target", 1, "macau", after_out, SCORE_HANDS),
    Case("score.target", 5, "makao", refused=True),  # one placement round decides
    Case("score.wild_last_card_double", True, "mau_mau", steps(("play", 0, "JC", {"wish": "H"}), then=round_result),
         [["JC"], ["QH", "KD", "9S"]]),
    Case("score.wild_last_card_double", False, "mau_mau", steps(("play", 0, "JC", {"wish": "H"}), then=round_result),
         [["JC"], ["QH", "KD", "9S"]], setup={"score": {"wild_last_card_double": True}}),
    *[Case("score.card_values", table, "mau_mau", after_out, SCORE_HANDS,
           setup={"score": {"card_values": "mau_palast"}} if table == "mau_default" else {}) for table in TABLES],
    Case("score.card_values", {"7": 1, "8": 1, "9": 1, "10": 1, "J": 1, "Q": 1, "K": 1, "A": 1}, "mau_mau",
         after_out, SCORE_HANDS),
    Case("score.card_values", None, "mau_mau", refused=True),
    Case("score.end_when", "exceeds", "mau_mau", after_out, SCORE_HANDS, setup={"score": {"target": 33}}),
    Case("score.end_when", "reaches", "mau_mau", after_out, SCORE_HANDS,
         setup={"score": {"target": 33, "end_when": "exceeds"}}),
    Case("score.end_when", "reaches", "macau", refused=True, setup={"score": {"scheme": "lite_101"}}),
    Case("options.easier_draw_cards_interchangeable", True, "makao",
         steps(("play", 0, "2H"), ("play", 2, "3H"), then=pending), [["2H", "5D"], ["6S", "7S"], ["3H", "7C"]]),
    Case("options.easier_draw_cards_interchangeable", False, "makao",
         steps(("play", 0, "2H"), ("play", 2, "3H"), then=pending), [["2H", "5D"], ["6S", "7S"], ["3H", "7C"]],
         setup={"options": {"easier_draw_cards_interchangeable": True}}),
    Case("options.easier_same_value_packs", True, "romanian", play0("9C", "9D"), [["9C", "9D", "5S"], ["6S", "7S"]]),
    Case("options.easier_same_value_packs", False, "makao", moves_of(1), [["9C", "5D"], ["7H", "7S"]]),
    Case("options.easier_jokers_in_draw_packs", True, "romanian", play0("2H", "JKB"),
         [["2H", "JKB", "5S"], ["6S", "7S"]], setup={"options": {"easier_same_value_packs": True}}),
    Case("options.easier_jokers_in_draw_packs", False, "romanian", play0("2H", "JKB"),
         [["2H", "JKB", "5S"], ["6S", "7S"]],
         setup={"options": {"easier_same_value_packs": True, "easier_jokers_in_draw_packs": True}}),
    Case("options.harder_draw_cards_not_stackable", True, "makao",
         steps(("play", 0, "2H"), ("play", 1, "2C"), then=pending), [["2H", "5D"], ["2C", "7S"]]),
    Case("options.harder_draw_cards_not_stackable", False, "makao",
         steps(("play", 0, "2H"), ("play", 1, "2C"), then=pending), [["2H", "5D"], ["2C", "7S"]],
         setup={"options": {"harder_draw_cards_not_stackable": True}}),
    Case("options.harder_sevens_wild_own_suit", True, "romanian", play0("7C"), [["7C", "5D"], ["6S", "8S"]]),
    Case("options.harder_sevens_wild_own_suit", False, "romanian", play0("7C"), [["7C", "5D"], ["6S", "8S"]],
         setup={"options": {"harder_sevens_wild_own_suit": True}}),
    Case("options.seven_mode", "plain", "romanian", steps(("play", 0, "2H"), ("play", 1, "7C"), then=pending),
         [["2H", "5D"], ["7C", "5S"]]),
    Case("options.seven_mode", "cancel_always_wild", "romanian", play0("7C"), [["7C", "5D"], ["6S", "8S"]]),
    Case("options.seven_mode", "cancel_wild_when_cancelling", "romanian",
         steps(("play", 0, "2H"), ("play", 1, "7C"), then=pending), [["2H", "5D"], ["7C", "5S"]],
         setup={"options": {"seven_mode": "plain"}}),
    Case("options.seven_mode", "cancel_always_wild", "macau", refused=True),  # sevens cancel nothing there
    Case("options.red_jack_fresh_draws", False, "switch", play0("JH"), [["JH", "5D"], ["6S", "7S"]]),
    Case("options.red_jack_fresh_draws", True, "switch", play0("JH"), [["JH", "5D"], ["6S", "7S"]],
         setup={"options": {"red_jack_fresh_draws": False}}),
    Case("options.king_pack_amount", "top_only", "makao", play0("KH", "KS"), [["KH", "KS", "5D"], ["6S", "7S"]]),
    Case("options.king_pack_amount", "additive", "makao", play0("KH", "KS"), [["KH", "KS", "5D"], ["6S", "7S"]],
         setup={"options": {"king_pack_amount": "top_only"}}),
    # ---- effect parameters (macau: 0 = 2, 3 = J rank wish, 4 = A suit wish, 5 = K♠, 7 = Q♥)
    Case("effects.draw.amount", 4, "macau", play0("2H"), [["2H", "5D"], ["6S", "7S"]], at=0),
    Case("effects.draw.family", "numeric", "macau", steps(("play", 0, "KH"), ("play", 1, "2C"), then=pending),
         [["KH", "5D"], ["2C", "7S"]], at=6),
    Case("effects.draw.target", "previous", "macau", play0("2H"), TWO_H, at=0),
    Case("effects.draw.target", "next", "macau", play0("KS"), [["KS", "5D"], ["6S", "7S"], ["8C", "9C"]],
         starter="9S", at=5),
    Case("effects.suit_wish.restriction", "differ_from_current", "macau", wish_options(0, "AH"),
         [["AH", "5D"], ["6S", "7S"]], at=4),
    Case("effects.suit_wish.restriction", "none", "makao", wish_options(0, "AH"),
         [["AH", "5H", "6D"], ["6S", "7S"]], at=4),
    Case("effects.suit_wish.must_hold", True, "macau", wish_options(0, "AH"), [["AH", "5D"], ["6S", "7S"]], at=4),
    Case("effects.suit_wish.must_hold", False, "makao", wish_options(0, "AH"), [["AH", "5H", "6D"], ["6S", "7S"]],
         at=4, setup={"effects": patched("makao", "rank:A", free_option=False)}),
    Case("effects.suit_wish.free_option", False, "makao", wish_options(0, "AH"), [["AH", "5H"], ["6S", "7S"]], at=4),
    Case("effects.suit_wish.free_option", True, "macau", wish_options(0, "AH"), [["AH", "JKB"], ["6S", "7S"]], at=4,
         setup={"effects": patched("macau", "rank:A", must_hold=True)}),
    Case("effects.suit_wish.free_option", True, "macau", refused=True, at=4),  # without must_hold
    Case("effects.rank_wish.wishable", ["9"], "macau", wish_options(0, "JC"), [["JC", "5D"], ["6S", "7S"]],
         starter="9C", at=3),
    Case("effects.rank_wish.must_hold", True, "macau", wish_options(0, "JC"), [["JC", "5D"], ["6S", "7S"]],
         starter="9C", at=3),
    Case("effects.rank_wish.must_hold", False, "makao", wish_options(0, "JC"), [["JC", "5D", "6D"], ["6S", "7S"]],
         starter="9C", at=3, setup={"effects": patched("makao", "rank:J", free_option=False)}),
    Case("effects.rank_wish.free_option", False, "makao", wish_options(0, "JC"), [["JC", "2D"], ["6S", "7S"]],
         starter="9C", at=3),
    Case("effects.rank_wish.free_option", True, "macau", wish_options(0, "JC"), [["JC", "2D"], ["6S", "7S"]],
         starter="9C", at=3, setup={"effects": patched("macau", "rank:J", must_hold=True)}),
    Case("effects.rank_wish.new_must_differ", True, "macau",
         steps(("play", 0, "JC", {"wish": "9"}), then=wish_options(1, "JD")), [["JC", "5D"], ["JD", "7S"]],
         starter="9C", at=3),
    Case("effects.rank_wish.new_must_differ", False, "makao",
         steps(("play", 0, "JC", {"wish": "9"}), then=wish_options(1, "JD")),
         [["JC", "9D", "5D"], ["JD", "9S", "6S"]], starter="9C", at=3),
    Case("effects.cancel.cancels", ["draw:kings"], "macau", steps(("play", 0, "2H"), ("play", 1, "QH"), then=pending),
         [["2H", "5D"], ["QH", "7S"]], at=7),
    Case("effects.play_again.first_must_match_suit", False, "tel_aviv", play0("5C"), [["5C", "6C", "7D"], ["6S", "7S"]],
         starter="5H", at=4),
    Case("effects.play_again.first_must_match_suit", True, "tel_aviv", play0("5C"),
         [["5C", "6C", "7D"], ["6S", "7S"]], starter="5H", at=4,
         setup={"effects": patched("tel_aviv", "rank:5", first_must_match_suit=False)}),
    # ---- effect types: Tel-Aviv's 9 (a plain card there) given each effect in turn
    Case("effects.type", {"cards": "rank:9", "type": "draw", "amount": 1, "family": "nines"}, "tel_aviv",
         play0("9C"), THREE),
    Case("effects.type", {"cards": "rank:9", "type": "skip"}, "tel_aviv", play0("9C"), THREE),
    Case("effects.type", {"cards": "rank:9", "type": "reverse"}, "tel_aviv", play0("9C"), THREE),
    Case("effects.type", {"cards": "rank:9", "type": "suit_wish"}, "tel_aviv", play0("9C"), THREE),
    Case("effects.type", {"cards": "rank:9", "type": "rank_wish", "wishable": ["6"]}, "tel_aviv", play0("9C"), THREE),
    Case("effects.type", {"cards": "rank:9", "type": "hand_swap"}, "tel_aviv",
         steps(("play", 0, "9C"), then=lambda g: g.state.hands), THREE),
    Case("effects.type", {"cards": "rank:9", "type": "cancel", "cancels": ["draw:twos"]}, "tel_aviv",
         steps(("play", 0, "2H"), ("play", 1, "9D"), then=pending), [["2H", "5D"], ["9D", "6S"], ["8C", "7C"]]),
    Case("effects.type", {"cards": "rank:9", "type": "play_again", "first_must_match_suit": False}, "tel_aviv",
         play0("9C"), THREE),
    Case("effects.type", {"cards": "rank:9", "type": "skip_robin"}, "tel_aviv", play0("9C"), THREE,
         also={"skip": {"mode": "skip_robin"}}),
    Case("effects.type", {"cards": "rank:9", "type": "pass_left"}, "tel_aviv", play0("9C"), THREE),
    Case("effects.type", {"cards": "joker", "type": "joker_declared"}, "tel_aviv", play0("JKB", joker_as="9C"),
         [["JKB", "5D"], ["6S", "7S"]], setup={"deck": {"jokers_per_deck": 2}, "match": {"wild": "rank:A|rank:Q|joker"}},
         also={"match": {"joker_mode": "declared"}}),
    # ---- answer results
    Case("answers.result", "cancel", "makao", steps(("play", 0, "2H"), ("play", 1, "2C"), then=pending),
         [["2H", "5D"], ["2C", "7S"]], at=("draw:twos", 0)),
    Case("answers.result", "add", "makao", steps(("play", 0, "KH"), ("play", 1, "QH"), then=pending),
         [["KH", "5D"], ["QH", "7S"]], at=("draw:kings", 1)),
    Case("answers.result", "cancel", "macau",
         steps(("play", 0, "AC", {"wish": "H"}), ("play", 1, "AD", {"wish": "S"}), then=lambda g: g.types()),
         [["AC", "5D"], ["AD", "7S"]], starter="9C", at=("wish:suit", 0)),
    Case("answers.result", "replace_wish", "macau",
         steps(("play", 0, "AC", {"wish": "H"}), ("play", 1, "AD", {"wish": "S"}), then=lambda g: g.types()),
         [["AC", "5D"], ["AD", "7S"]], starter="9C", at=("wish:suit", 0),
         setup={"answers": {"wish:suit": [{"cards": "rank:A", "result": "cancel"}]}}),
    Case("answers.result", "accumulate", "macau", refused=True, at=("skip", 0)),
    Case("answers.result", "pass_on", "makao", refused=True, at=("skip", 0)),
]

# Parameters with a single allowed value: nothing to choose, nothing to show.
FIXED = {"turn.first_player", "turn.dealer_rotation", "draw.shortfall", "stock.reshuffle", "announce.window_end",
         "effects.skip.turns", "effects.hand_swap.with"}


def fields() -> dict[str, Optional[tuple]]:
    """Every parameter the validator knows, with its finite list of values (None: too
    many to list)."""
    out = {path: check.values for path, check in LEAVES.items()}
    for etype, params in EFFECT_PARAMS.items():
        for param, (check, _) in params.items():
            out[f"effects.{etype}.{param}"] = None if check is None else check.values
    out["effects.type"] = tuple(EFFECT_PARAMS)
    out["answers.result"] = RESULTS
    return out


def _value_key(field_path, value):
    if field_path == "effects.type":
        return value["type"]
    return repr(value)


def test_every_parameter_and_every_value_has_a_case():
    missing = []
    for path, values in fields().items():
        cases = [c for c in CASES if c.field == path]
        if path in FIXED:
            assert values is not None and len(values) == 1, f"{path} has more than one value: give it cases"
            assert not cases
            continue
        if not cases:
            missing.append(path)
            continue
        if values is not None:
            covered = {_value_key(path, c.value) for c in cases}
            wanted = {v if path == "effects.type" else repr(v) for v in values}
            missing += [f"{path}={v}" for v in sorted(wanted - covered)]
    assert not missing, f"parameters or values without a case: {missing}"
    assert {c.field for c in CASES} <= set(fields()), "a case for a parameter the validator does not know"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_the_value_changes_the_game_or_is_refused(case):
    if case.refused:
        with pytest.raises(InvalidRuleSet) as err:
            RuleSet.build("custom", overrides(case, True))
        param = err.value.param.removeprefix("rules.")
        head = case.field.split(".")[0] if case.field.startswith(("effects.", "answers.")) else case.field
        assert param.startswith(head), f"refused, but naming {param!r}: {err.value}"
        return
    RuleSet.build("custom", overrides(case, True))  # accepted
    without, with_value = outcome(case, overrides(case, False)), outcome(case, overrides(case, True))
    assert without != with_value, f"{case.id}: the same outcome with and without the value: {with_value}"
