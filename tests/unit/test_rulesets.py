"""Rule sets: presets exactly as RULES.md §4, JSON round trip, custom validation (§4.4)."""

import json

import pytest

from domain import InvalidRuleSet, RuleSet
from domain.rules import PRESET_IDS
from domain.rules.presets import MACAU


def test_seven_presets():
    assert PRESET_IDS == ("macau", "switch", "mau_mau", "makao", "romanian", "tel_aviv", "plawno")


def test_macau_json_is_the_section_4_3_example_plus_documented_extensions():
    data = RuleSet.preset("macau").to_dict()
    for key in ("id", "call_word", "deck", "deal", "turn", "match", "draw", "stock", "multi", "effects",
                "answers", "chain", "skip", "reverse", "two_player", "wish", "announce", "last_card", "round"):
        assert data[key] == MACAU[key], key
    assert data["score"]["scheme"] == "win_points" and data["score"]["target"] == 2


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_round_trip_is_lossless(preset):
    rs = RuleSet.preset(preset)
    again = RuleSet.from_json(json.dumps(rs.to_dict()))
    assert again == rs
    assert again.to_dict() == rs.to_dict()


@pytest.mark.parametrize("preset,expected", [
    ("macau", {"call_word": "Macau", "enf": "automatic", "pen": 5, "dir": "cw", "multi": "same_rank"}),
    ("switch", {"call_word": "Switch", "enf": "automatic", "pen": 2, "dir": "cw", "multi": "same_rank"}),
    ("mau_mau", {"call_word": "Mau", "enf": "automatic", "pen": 2, "dir": "cw", "multi": "none"}),
    ("makao", {"call_word": "Macau", "enf": "catch", "pen": 5, "dir": "ccw", "multi": "same_rank_and_runs"}),
    ("romanian", {"call_word": "Macao", "enf": "catch", "pen": 5, "dir": "ccw", "multi": "none"}),
    ("tel_aviv", {"call_word": "Macau", "enf": "automatic", "pen": 2, "dir": "cw", "multi": "none"}),
    ("plawno", {"call_word": "Macau", "enf": "catch", "pen": 5, "dir": "ccw", "multi": "same_rank"}),
])
def test_preset_parameters(preset, expected):
    d = RuleSet.preset(preset).to_dict()
    assert d["call_word"] == expected["call_word"]
    assert d["announce"]["enforcement"] == expected["enf"]
    assert d["announce"]["penalty_cards"] == expected["pen"]
    assert d["turn"]["initial_direction"] == expected["dir"]
    assert d["multi"]["mode"] == expected["multi"]


@pytest.mark.parametrize("preset,cards", [("macau", 54), ("switch", 52), ("mau_mau", 32), ("makao", 54),
                                          ("romanian", 54), ("tel_aviv", 52), ("plawno", 54)])
def test_deck_sizes(preset, cards):
    assert len(RuleSet.preset(preset).compiled.one_deck) == cards


def test_deck_count_auto_keeps_six_in_stock():  # RULES.md Z9
    mau = RuleSet.preset("mau_mau").compiled
    assert mau.deck_count_for(5) == 1 and mau.deck_count_for(6) == 2
    assert RuleSet.preset("tel_aviv").compiled.hand_size_for(2) == 7
    assert RuleSet.preset("makao").compiled.deck_count_for(10) == 2


def test_custom_from_base_with_overrides():
    rs = RuleSet.build("custom", {"base": "makao", "deal": {"hand_size": 7}, "options": {"wish.duration": "full_round"}})
    d = rs.to_dict()
    assert d["id"] == "custom" and d["base"] == "makao"
    assert d["deal"]["hand_size"] == 7 and d["wish"]["duration"] == "full_round"
    assert RuleSet.from_json(rs.to_json()) == rs


@pytest.mark.parametrize("overrides,param", [
    ({"deal": {"hand_size": 0}}, "deal.hand_size"),
    ({"deal": {"hand_sizes": 5}}, "deal.hand_sizes"),
    ({"turn": {"initial_direction": "up"}}, "turn.initial_direction"),
    ({"effects": [{"cards": "rank:2", "type": "draw", "amount": 2, "family": "x", "target": "next"},
                  {"cards": "card:2H", "type": "skip"}]}, "effects[1].cards"),
    ({"options": {"easier_draw_cards_interchangeable": True, "harder_draw_cards_not_stackable": True}},
     "options.harder_draw_cards_not_stackable"),
    ({"options": {"easier_jokers_in_draw_packs": True}}, "options.easier_jokers_in_draw_packs"),
    ({"score": {"scheme": "penalty_points", "card_values": {"2": 2}}}, "score.card_values"),
    ({"effects": [{"cards": "rank:J", "type": "rank_wish", "wishable": ["2"]},
                  {"cards": "rank:2", "type": "skip"}]}, "effects[0].wishable"),
    ({"announce": {"penalty_cards": "five"}}, "announce.penalty_cards"),
])
def test_invalid_custom_rule_sets_name_the_parameter(overrides, param):
    with pytest.raises(InvalidRuleSet) as err:
        RuleSet.build("custom", {"base": "macau", **overrides})
    assert err.value.param == param


def test_locked_flag_cannot_change_on_a_preset():
    with pytest.raises(InvalidRuleSet) as err:
        RuleSet.build("macau", {"options": {"easier_same_value_packs": True}})
    assert err.value.param == "options.easier_same_value_packs"
    # ... but custom may
    RuleSet.build("custom", {"base": "macau", "options": {"easier_same_value_packs": True}})


def test_targeting_normalised_without_backward_draws():  # §4.4 item 5
    rs = RuleSet.build("custom", {"base": "macau", "effects": [
        {"cards": "rank:2", "type": "draw", "amount": 2, "family": "numeric", "target": "next"}],
        "answers": {"draw:kings": None, "draw:numeric": [{"cards": "rank:2", "result": "add"}]}})
    assert rs.to_dict()["chain"]["targeting"] == "next_only"
