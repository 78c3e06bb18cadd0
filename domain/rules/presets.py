"""The seven presets, every parameter as in RULES.md §4.1 (values in italics there are
[DEFAULT]s) with the option defaults of §4.2 and the errata of §0.

Parameters that §4.1 marks "–" (no such card or mechanism in the preset) still carry a
value so that every rule set has the same shape; the engine never consults them.
"""

from __future__ import annotations

import copy

ALL_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
NON_ACTION_VALUES = ["5", "6", "7", "8", "9", "10", "Q", "K"]

MACAU = {
    "id": "macau",
    "call_word": "Macau",
    "deck": {"ranks": ALL_RANKS, "jokers_per_deck": 2, "joker_colours": ["black", "red"], "count": "auto"},
    "deal": {"hand_size": 5, "hand_size_two_players": None, "first_card_policy": "apply_as_dealer_play"},
    "turn": {"initial_direction": "cw", "first_player": "next_of_dealer",
             "dealer_rotation": "next_in_initial_direction"},
    "match": {"wild": "rank:A|rank:J|joker", "joker_mode": "reverse_transparent",
              "free_play_after_penalty_from": None},
    "draw": {"voluntary_allowed": True, "may_play_drawn_card": False, "penalty_ends_turn": True,
             "may_decline_answer": True, "shortfall": "draw_available_forfeit_rest"},
    "stock": {"reshuffle": "keep_top", "blocked_round": "fewest_cards_wins"},
    "multi": {"mode": "same_rank", "include_special": False, "any_subset": True},
    "effects": [
        {"cards": "rank:2", "type": "draw", "amount": 2, "family": "numeric", "target": "next"},
        {"cards": "rank:3", "type": "draw", "amount": 3, "family": "numeric", "target": "next"},
        {"cards": "rank:4", "type": "skip", "turns": 1},
        {"cards": "rank:J", "type": "rank_wish", "wishable": NON_ACTION_VALUES,
         "must_hold": False, "free_option": False, "new_must_differ": False},
        {"cards": "rank:A", "type": "suit_wish", "restriction": "none", "must_hold": False, "free_option": False},
        {"cards": "card:KS", "type": "draw", "amount": 5, "family": "kings", "target": "previous"},
        {"cards": "card:KH", "type": "draw", "amount": 5, "family": "kings", "target": "next"},
        {"cards": "card:QH", "type": "cancel", "cancels": ["draw:numeric", "draw:kings"]},
        {"cards": "joker", "type": "reverse"},
    ],
    "answers": {
        "draw:numeric": [{"cards": "rank:2|rank:3", "result": "add"},
                         {"cards": "card:QH", "result": "cancel"}],
        "draw:kings": [{"cards": "card:KS|card:KH", "result": "add"},
                       {"cards": "card:QH", "result": "cancel"}],
        "skip": [{"cards": "rank:4", "result": "pass_on"}],
        "wish:suit": [{"cards": "rank:A", "result": "replace_wish"}],
        "wish:rank": [{"cards": "rank:J", "result": "replace_wish"}],
    },
    "chain": {"targeting": "forward"},
    "skip": {"mode": "pass_on"},
    "reverse": {"two_player_acts_as_skip": True},
    "two_player": {"backward_attack_as_forward": True},
    "wish": {"duration": "until_fulfilled", "cross_answer": False, "joker_may_answer": False,
             "choice_mandatory": True},
    "announce": {"enforcement": "automatic", "penalty_cards": 5, "window_end": "next_turn_start",
                 "reannounce_after_forced_draw": True, "false_catch_penalty": 0},
    "last_card": {"special_must_draw": False, "play_again_last": False,
                  "two_player_attack_finish": "immediate"},
    "round": {"end_mode": "first_out", "max_finishers": None},
    "score": {"scheme": "win_points", "target": 2, "wild_last_card_double": False,
              "card_values": None, "end_when": "reaches"},
    "options": {"easier_draw_cards_interchangeable": True, "easier_same_value_packs": False,
                "easier_jokers_in_draw_packs": False, "harder_draw_cards_not_stackable": False,
                "harder_sevens_wild_own_suit": False, "seven_mode": "plain",
                "red_jack_fresh_draws": True, "king_pack_amount": "additive"},
}


def _derive(base: dict, **sections) -> dict:
    """A preset as a copy of ``base`` with whole sections or single keys replaced."""
    out = copy.deepcopy(base)
    for key, value in sections.items():
        if key != "answers" and isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key].update(copy.deepcopy(value))
        else:
            out[key] = copy.deepcopy(value)
    return out


SWITCH = _derive(
    MACAU,
    id="switch", call_word="Switch",
    deck={"jokers_per_deck": 0},
    match={"wild": "rank:A", "joker_mode": None},
    effects=[
        {"cards": "rank:A", "type": "suit_wish", "restriction": "none", "must_hold": False, "free_option": False},
        {"cards": "rank:2", "type": "draw", "amount": 2, "family": "twos", "target": "next"},
        {"cards": "rank:J", "type": "draw", "amount": 5, "family": "jacks", "target": "next"},
        {"cards": "rank:8", "type": "skip", "turns": 1},
        {"cards": "rank:10", "type": "reverse"},
        {"cards": "card:QS|card:QC", "type": "hand_swap", "with": "left_neighbour"},
    ],
    answers={
        "draw:twos": [{"cards": "rank:2", "result": "add"}],
        "draw:jacks": [{"cards": "card:JC|card:JS", "result": "add"},
                       {"cards": "card:JH|card:JD", "result": "cancel"}],
        "wish:suit": [{"cards": "rank:A", "result": "replace_wish"}],
    },
    chain={"targeting": "next_only"},
    skip={"mode": "none"},
    announce={"penalty_cards": 2},
    last_card={"special_must_draw": True},
    options={"easier_draw_cards_interchangeable": False},
)

MAU_MAU = _derive(
    MACAU,
    id="mau_mau", call_word="Mau",
    deck={"ranks": ["7", "8", "9", "10", "J", "Q", "K", "A"], "jokers_per_deck": 0},
    match={"wild": "rank:J", "joker_mode": None},
    stock={"blocked_round": "score_all"},
    multi={"mode": "none", "include_special": False},
    effects=[
        {"cards": "rank:J", "type": "suit_wish", "restriction": "none", "must_hold": False, "free_option": False},
        {"cards": "rank:7", "type": "draw", "amount": 2, "family": "sevens", "target": "next"},
        {"cards": "rank:8", "type": "skip", "turns": 1},
    ],
    answers={
        "draw:sevens": [{"cards": "rank:7", "result": "add"}],
        "wish:suit": [{"cards": "rank:J", "result": "replace_wish"}],
    },
    chain={"targeting": "next_only"},
    skip={"mode": "none"},
    announce={"penalty_cards": 2},
    score={"scheme": "penalty_points", "target": 100, "card_values": "mau_default", "end_when": "reaches"},
    options={"easier_draw_cards_interchangeable": False},
)

_HUNGARIAN_RANK_WISH = {"cards": "rank:J", "type": "rank_wish", "wishable": NON_ACTION_VALUES,
                        "must_hold": True, "free_option": True, "new_must_differ": True}
_HUNGARIAN_SUIT_WISH = {"cards": "rank:A", "type": "suit_wish", "restriction": "differ_from_current",
                        "must_hold": True, "free_option": True}

MAKAO = _derive(
    MACAU,
    id="makao", call_word="Macau",
    deal={"first_card_policy": "redraw_until_plain"},
    turn={"initial_direction": "ccw"},
    match={"wild": "rank:A|joker", "joker_mode": "reverse_transparent"},
    draw={"may_play_drawn_card": True},
    stock={"blocked_round": "rank_by_cards"},
    multi={"mode": "same_rank_and_runs", "include_special": True},
    effects=[
        {"cards": "rank:2", "type": "draw", "amount": 2, "family": "twos", "target": "next"},
        {"cards": "rank:3", "type": "draw", "amount": 3, "family": "threes", "target": "next"},
        {"cards": "rank:4", "type": "skip", "turns": 1},
        _HUNGARIAN_RANK_WISH,
        _HUNGARIAN_SUIT_WISH,
        {"cards": "card:KS", "type": "draw", "amount": 5, "family": "kings", "target": "previous"},
        {"cards": "card:KH", "type": "draw", "amount": 5, "family": "kings", "target": "next"},
        {"cards": "card:QH", "type": "cancel", "cancels": ["draw:kings"]},
        {"cards": "joker", "type": "reverse"},
    ],
    answers={
        "draw:twos": [{"cards": "rank:2", "result": "add"}],
        "draw:threes": [{"cards": "rank:3", "result": "add"}],
        "draw:kings": [{"cards": "card:KS|card:KH", "result": "add"},
                       {"cards": "card:QH", "result": "cancel"}],
        "skip": [{"cards": "rank:4", "result": "accumulate"}],
        "wish:suit": [{"cards": "rank:A", "result": "replace_wish"}],
        "wish:free_suit": [{"cards": "rank:A", "result": "replace_wish"}],
        "wish:rank": [{"cards": "rank:J", "result": "replace_wish"}],
        "wish:free_plain": [{"cards": "rank:J", "result": "replace_wish"}],
    },
    chain={"targeting": "forward"},
    skip={"mode": "accumulate"},
    reverse={"two_player_acts_as_skip": False},
    announce={"enforcement": "catch", "penalty_cards": 5},
    round={"end_mode": "last_one_standing", "max_finishers": None},
    score={"scheme": "placement", "target": None, "card_values": None},
    options={"easier_draw_cards_interchangeable": False, "easier_same_value_packs": True},
)

ROMANIAN = _derive(
    MAKAO,
    id="romanian", call_word="Macao",
    match={"wild": "rank:A|joker", "joker_mode": "draw_wild", "free_play_after_penalty_from": "joker"},
    multi={"mode": "none", "include_special": False},
    effects=[
        {"cards": "rank:2", "type": "draw", "amount": 2, "family": "twos", "target": "next"},
        {"cards": "rank:3", "type": "draw", "amount": 3, "family": "threes", "target": "next"},
        {"cards": "joker:black", "type": "draw", "amount": 5, "family": "jokers", "target": "next"},
        {"cards": "joker:red", "type": "draw", "amount": 10, "family": "jokers", "target": "next"},
        {"cards": "rank:4", "type": "skip", "turns": 1},
        {"cards": "rank:A", "type": "suit_wish", "restriction": "none", "must_hold": False, "free_option": False},
        {"cards": "rank:7", "type": "cancel",
         "cancels": ["draw:twos", "draw:threes", "draw:jokers", "skip", "wish:suit"]},
    ],
    answers={
        "draw:twos": [{"cards": "rank:2|joker", "result": "add"}, {"cards": "rank:7", "result": "cancel"}],
        "draw:threes": [{"cards": "rank:3|joker", "result": "add"}, {"cards": "rank:7", "result": "cancel"}],
        "draw:jokers": [{"cards": "joker", "result": "add"}, {"cards": "rank:7", "result": "cancel"}],
        "skip": [{"cards": "rank:4", "result": "accumulate"}, {"cards": "rank:7", "result": "cancel"}],
        "wish:suit": [{"cards": "rank:A", "result": "replace_wish"}, {"cards": "rank:7", "result": "cancel"}],
    },
    chain={"targeting": "next_only"},
    options={"easier_same_value_packs": False, "seven_mode": "cancel_wild_when_cancelling"},
)

TEL_AVIV = _derive(
    MAKAO,
    id="tel_aviv", call_word="Macau",
    deck={"jokers_per_deck": 0},
    deal={"hand_size_two_players": 7},
    turn={"initial_direction": "cw"},
    match={"wild": "rank:A|rank:Q", "joker_mode": None},
    stock={"blocked_round": "score_all"},
    multi={"mode": "none", "include_special": False},
    effects=[
        {"cards": "rank:2", "type": "draw", "amount": 2, "family": "twos", "target": "next"},
        {"cards": "rank:3", "type": "draw", "amount": 3, "family": "threes", "target": "next"},
        {"cards": "card:KH", "type": "draw", "amount": 5, "family": "kh", "target": "next"},
        {"cards": "rank:A", "type": "suit_wish", "restriction": "none", "must_hold": False, "free_option": False},
        {"cards": "rank:5", "type": "play_again", "first_must_match_suit": True},
    ],
    answers={
        "draw:twos": [{"cards": "rank:2", "result": "add"}],
        "draw:threes": [{"cards": "rank:3", "result": "add"}],
        "draw:kh": [],
        "wish:suit": [{"cards": "rank:A", "result": "replace_wish"}, {"cards": "rank:Q", "result": "cancel"}],
    },
    chain={"targeting": "next_only"},
    skip={"mode": "none"},
    announce={"enforcement": "automatic", "penalty_cards": 2},
    last_card={"play_again_last": True},
    round={"end_mode": "first_out", "max_finishers": None},
    score={"scheme": "penalty_points", "target": 500, "card_values": "telaviv", "end_when": "reaches"},
    options={"easier_same_value_packs": False},
)

PLAWNO = _derive(
    MAKAO,
    id="plawno", call_word="Macau",
    match={"wild": "rank:A", "joker_mode": "declared"},
    multi={"mode": "same_rank", "include_special": True},
    effects=[
        {"cards": "rank:2", "type": "draw", "amount": 2, "family": "war", "target": "next"},
        {"cards": "rank:3", "type": "draw", "amount": 3, "family": "war", "target": "next"},
        {"cards": "card:KS", "type": "draw", "amount": 5, "family": "war", "target": "previous"},
        {"cards": "card:KH", "type": "draw", "amount": 5, "family": "war", "target": "next"},
        {"cards": "card:QH", "type": "cancel", "cancels": ["draw:war"]},
        {"cards": "rank:4", "type": "skip_robin"},
        _HUNGARIAN_RANK_WISH,
        _HUNGARIAN_SUIT_WISH,
        {"cards": "joker", "type": "joker_declared"},
    ],
    answers={
        "draw:war": [{"cards": "rank:2|rank:3|card:KS|card:KH", "result": "add"},
                     {"cards": "card:QH", "result": "cancel"}],
        "robin": [{"cards": "rank:4", "result": "accumulate"}],
        "wish:suit": [{"cards": "rank:A|rank:J", "result": "replace_wish"}],
        "wish:free_suit": [{"cards": "rank:A|rank:J", "result": "replace_wish"}],
        "wish:rank": [{"cards": "rank:J|rank:A", "result": "replace_wish"}],
        "wish:free_plain": [{"cards": "rank:J|rank:A", "result": "replace_wish"}],
    },
    chain={"targeting": "by_card"},
    skip={"mode": "skip_robin"},
    wish={"cross_answer": True},
    options={"easier_draw_cards_interchangeable": True, "easier_same_value_packs": True},
)

PRESETS: dict[str, dict] = {p["id"]: p for p in (MACAU, SWITCH, MAU_MAU, MAKAO, ROMANIAN, TEL_AVIV, PLAWNO)}

NAMES = {
    "macau": "Macau",
    "switch": "Switch",
    "mau_mau": "Mau-Mau",
    "makao": "Makaó (Hungarian)",
    "romanian": "Macao (Romanian)",
    "tel_aviv": "Tel-Aviv / London Macau",
    "plawno": "Pławno Makao",
    "custom": "Custom rules",
}

# §4.2 "built-in" / "locked" option values: a preset's own rules already behave this way,
# so an override on the preset itself is refused (use the custom variant instead).
LOCKED_OPTIONS: dict[str, dict[str, object]] = {
    "macau": {"easier_draw_cards_interchangeable": True, "easier_same_value_packs": False},
    "switch": {"easier_same_value_packs": False},
    "makao": {"easier_same_value_packs": True},
    "tel_aviv": {"easier_same_value_packs": False},
    "plawno": {"easier_draw_cards_interchangeable": True, "easier_same_value_packs": True},
}

# Players per table. RULES.md §2.2 gives 2–10 for the encyclopedia presets and "2+" for the
# apps; 10 is used everywhere so that `deck.count = auto` always has room [DEFAULT].
MIN_PLAYERS = 2
MAX_PLAYERS = 10


def preset(preset_id: str) -> dict:
    return copy.deepcopy(PRESETS[preset_id])
