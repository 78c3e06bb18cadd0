"""Custom rule sets in play: the custom-only pass_left effect (§4.4 item 8), option flags
(§4.2) and scoring schemes (§2.14, §5)."""

import random

import pytest

from domain import ChoosePassCard, RuleSet
from tests.support.table import Game

PASS_LEFT = {"base": "macau", "effects": [
    {"cards": "rank:2", "type": "draw", "amount": 2, "family": "numeric", "target": "next"},
    {"cards": "rank:3", "type": "draw", "amount": 3, "family": "numeric", "target": "next"},
    {"cards": "rank:9", "type": "pass_left"},
], "answers": {"draw:kings": None, "skip": None, "wish:suit": None, "wish:rank": None},
    "match": {"wild": None, "joker_mode": None}, "deck": {"jokers_per_deck": 0}}


def custom_game(hands, starter, rules, **kw):
    return Game("custom", hands=hands, starter=starter, rules=rules, **kw)


def test_pass_left_every_player_passes_one_card_to_the_left_neighbour():
    g = custom_game([["9H", "5C", "6C"], ["7H", "8D", "KD"], ["KC", "10S", "4D"]], "9S", PASS_LEFT,
                    stock=["QC", "QD"], dealer=2)
    assert g.actor == 0
    g.play(0, "9H")
    assert g.types()[-1] == "pass_cards_requested"
    assert g.state.passing.waiting == (0, 1, 2)
    g.rejects("waiting_for_pass_cards", g.play, 1, "7H")
    assert {m["card"] for m in g.moves(1) if m["action"] == "choose_pass_card"} == {"7H", "8D", "KD"}
    g.do(ChoosePassCard(1, "KD"))
    g.do(ChoosePassCard(0, "5C"))
    g.rejects("no_card_to_pass", g.do, ChoosePassCard(0, "6C"))
    g.do(ChoosePassCard(2, "4D"))
    assert g.types()[:2] == ["pass_card_chosen", "cards_passed"]
    assert g.hand(0) == ["4D", "6C"]      # received from seat 2 (its left neighbour is 0)
    assert g.hand(1) == ["5C", "7H", "8D"]
    assert g.hand(2) == ["10S", "KC", "KD"]
    assert g.actor == 1 and g.state.passing is None


def test_pass_left_clock_chooses_for_the_slow():
    g = custom_game([["9H", "5C", "6C"], ["7H", "8D", "KD"]], "9S", PASS_LEFT, stock=["QC"], dealer=1,
                    turn_timeout=30)
    g.play(0, "9H")
    g.do(ChoosePassCard(0, "6C"))
    g.rejects("turn_not_expired", g.timeout, 0)
    g.advance(31)
    g.timeout(0)
    assert g.hand(0) == ["5C", "7H"] and g.hand(1) == ["6C", "8D", "KD"]
    assert g.actor == 1


@pytest.mark.parametrize("players", [2, 3, 5])
def test_pass_left_random_games_end_and_replay(players):
    rules = RuleSet.build("custom", PASS_LEFT)
    for seed in range(4):
        _play_custom(rules, players, random.Random(seed))


def _play_custom(rules, players, rng):
    from domain import Setup, Start, command_from_move, execute, fold, legal_moves, new_game

    initial = new_game(Setup(rules, players, seed=rng.randrange(10**9)))
    events, state = execute(initial, Start())
    log = list(events)
    for _ in range(20000):
        if state.status != "playing":
            break
        seat = state.passing.waiting[0] if state.passing else state.actor
        moves = [m for m in legal_moves(state, seat) if m["action"] not in ("announce", "catch")]
        plays = [m for m in moves if m["action"] == "play"]
        m = rng.choice(plays if plays and rng.random() < 0.9 else moves)
        opts = m.get("wish_options")
        events, state = execute(state, command_from_move(seat, m, wish=rng.choice(opts) if opts else None))
        log.extend(events)
    assert state.status == "finished"
    assert fold(initial, log) == state


@pytest.mark.parametrize("overrides", [
    {"base": "makao", "options": {"easier_draw_cards_interchangeable": True}},
    {"base": "makao", "options": {"harder_draw_cards_not_stackable": True}},
    {"base": "romanian", "options": {"easier_same_value_packs": True, "easier_jokers_in_draw_packs": True}},
    {"base": "romanian", "options": {"harder_sevens_wild_own_suit": True}},
    {"base": "switch", "options": {"red_jack_fresh_draws": False}},
    {"base": "makao", "last_card": {"two_player_attack_finish": "bounce"}},
    {"base": "makao", "wish": {"duration": "full_round"}},
    {"base": "makao", "round": {"max_finishers": 2}},
    {"base": "mau_mau", "score": {"wild_last_card_double": True, "end_when": "exceeds", "card_values": "mau_palast"}},
    {"base": "makao", "options": {"king_pack_amount": "top_only"}},
    {"base": "macau", "score": {"scheme": "lite_101", "target": 101, "card_values": "lite_101"}},
    {"base": "makao", "score": {"scheme": "placement_points", "target": 5}},
    {"base": "macau", "score": {"scheme": "championship", "target": 2}},
    {"base": "macau", "draw": {"voluntary_allowed": False, "may_decline_answer": False}},
    {"base": "switch", "deck": {"ranks": ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]}},
])
def test_options_and_schemes_play_to_the_end(overrides):
    rules = RuleSet.build("custom", overrides)
    for players in (2, 4):
        _play_custom(rules, players, random.Random(players))
