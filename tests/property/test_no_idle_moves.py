"""No move that changes nothing (issues 23 and 25): in random games of every preset, with
every option flag of RULES.md §4.2 on and off, every move ``legal_moves`` lists — the
actor's, and the out-of-turn calls and catches of any seat — changes the position that
seat sees: the public state and its own hand. So no seat can make two moves in a row
that leave it unchanged, and a client that "announces when it may" cannot loop for ever
(Pławno's repeated Multiple Macao call did: issue 25).

The CI profile plays one short game per rule set; ``HYPOTHESIS_PROFILE=long`` plays more."""

from __future__ import annotations

import os
import random

import pytest

from domain import InvalidRuleSet, RuleSet, Setup, Start, command_from_move, execute, legal_moves, new_game
from domain.rules import PRESET_IDS, presets
from domain.rules.validate import LEAVES

GAMES = 1 if os.environ.get("HYPOTHESIS_PROFILE", "ci") == "ci" else 20
MAX_STEPS = 3000

# §4.2 option flags, by where they live in a rule set
FLAGS = [p for p in LEAVES if p.startswith("options.")] + [
    "last_card.two_player_attack_finish", "wish.duration", "round.max_finishers", "score.wild_last_card_double",
    "score.end_when"]


def flag_settings():
    """(preset, {path: value}) for every preset, and every other value of every flag the
    preset accepts (flags that cannot matter in a preset are refused: issue 25)."""
    out = [(p, {}) for p in PRESET_IDS]
    for preset_id in PRESET_IDS:
        data = presets.preset(preset_id)
        for path in FLAGS:
            section, key = path.split(".")
            values = LEAVES[path].values or (2,)  # round.max_finishers: stop after two finishers
            for value in values:
                if value is None or value == data[section][key]:
                    continue
                try:
                    RuleSet.build("custom", {"base": preset_id, section: {key: value}})
                except InvalidRuleSet:
                    continue
                out.append((preset_id, {path: value}))
    # a flag that needs another one on (§4.4 item 4)
    out.append(("romanian", {"options.easier_same_value_packs": True, "options.easier_jokers_in_draw_packs": True}))
    return out


SETTINGS = flag_settings()


def position(state, seat: int):
    """What ``seat`` sees: everything but the other hands (their sizes only), the stock
    order (its size only), the clocks, and the count of events (any event moves it)."""
    hands = tuple(h if s == seat else len(h) for s, h in enumerate(state.hands))
    window = None if state.call_window is None else state.call_window.seat
    return state._replace(setup=None, hands=hands, stock=len(state.stock), turn_deadline=None, call_window=window,
                          round_events=0)


def assert_every_listed_move_changes_something(state, seat: int, now: float):
    before = position(state, seat)
    for move in legal_moves(state, seat, now):
        for wish in move.get("wish_options") or [None]:
            _, after = execute(state, command_from_move(seat, move, now, wish=wish))
            assert position(after, seat) != before, f"seat {seat}: {move} changes nothing"


def play(rules: RuleSet, players: int, rng: random.Random) -> int:
    state = new_game(Setup(rules, players, seed=rng.randrange(2**32), announce_window_s=5.0, turn_timeout_s=None))
    now = 1000.0
    _, state = execute(state, Start(now))
    steps = 0
    while state.status == "playing" and steps < MAX_STEPS:
        steps += 1
        now += rng.choice((0.0, 1.0, 6.0))
        seats = [state.passing.waiting[0] if state.passing else state.actor, rng.randrange(players)]
        for seat in seats:
            assert_every_listed_move_changes_something(state, seat, now)
        seat = seats[0] if rng.random() < 0.85 else seats[1]
        moves = legal_moves(state, seat, now)
        if not moves:
            continue
        plays = [m for m in moves if m["action"] == "play"]
        m = rng.choice(plays if plays and rng.random() < 0.8 else moves)
        w = rng.choice(m["wish_options"]) if m.get("wish_options") else None
        _, state = execute(state, command_from_move(seat, m, now, wish=w))
    return steps


def test_the_settings_cover_every_flag_of_some_preset():
    assert {path for _, s in SETTINGS for path in s} == set(FLAGS)


@pytest.mark.parametrize("preset_id,setting", SETTINGS,
                         ids=[f"{p}-{','.join(f'{k}={v}' for k, v in s.items()) or 'preset'}" for p, s in SETTINGS])
def test_no_listed_move_leaves_the_position_unchanged(preset_id, setting):
    overrides = {"base": preset_id}
    for path, value in setting.items():
        section, key = path.split(".")
        overrides.setdefault(section, {})[key] = value
    rules = RuleSet.build("custom", overrides)
    for g in range(GAMES):
        rng = random.Random(f"{preset_id}/{setting}/{g}")
        play(rules, rng.choice((2, 3, 4)), rng)


def test_plawno_multiple_macao_is_called_once_per_hand():
    """The issue's game: seat 0 plays 5C keeping 7H 7S; "Multiple Macao" is listed and
    accepted once, then neither listed nor accepted until his hand changes."""
    from tests.support.table import Game

    g = Game("plawno", hands=[["7H", "7S", "5C"], ["8D", "6S", "QC"]], starter="5H")
    g.play(0, "5C")
    assert {"action": "announce"} in g.moves(0)
    assert g.types(g.announce(0)) == ["call_made"]
    assert {"action": "announce"} not in g.moves(0)
    g.rejects("already_announced", g.announce, 0)
    g.draw(1)  # seat 1's turn passes; seat 0's hand is unchanged
    g.rejects("already_announced", g.announce, 0)
