"""Bot players (domain/bots): legal moves only, reproducible, blind to hidden cards, the
``normal`` duties (call, catch), ``hard``'s time budget, and whole bot games in every preset.

``hard`` runs with ``budget_ms=None`` and a small ``max_iterations`` wherever a test needs
a reproducible choice; with a time budget its choice depends on the machine's speed."""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter

import pytest

from domain import (Announce, Catch, DomainError, RuleSet, Setup, Start, WishChoice, command_from_move, execute,
                    legal_moves, new_game)
from domain.bots import LEVELS, HardConfig, choose_move, determinize, observation
from domain.bots.arena import play_game
from domain.bots.beliefs import Beliefs, step, steps_from_events
from domain.rules import PRESET_IDS
from tests.support.table import Game

HARD = {"budget_ms": None, "max_iterations": 24}  # reproducible and quick


def random_states(variant: str, players: int, seed: int, every: int = 5, limit: int = 12):
    """States met in a random game (random legal moves, calls often forgotten so that
    last-card windows open), every ``every`` steps, up to ``limit`` of them."""
    rng = random.Random(f"{variant}|{players}|{seed}")
    state = new_game(Setup(RuleSet.preset(variant), players, seed=rng.randrange(2**32), announce_window_s=5.0))
    now = 1000.0
    _, state = execute(state, Start(now))
    out = []
    step = 0
    while state.status == "playing" and len(out) < limit and step < 3000:
        step += 1
        now += 0.5
        if step % every == 0:
            out.append((state, now))
        actor = state.actor
        moves = legal_moves(state, actor, now)
        plays = [m for m in moves if m["action"] == "play" and not m.get("announce")]
        m = rng.choice(plays) if plays and rng.random() < 0.85 else rng.choice(moves)
        opts = m.get("wish_options")
        _, state = execute(state, command_from_move(actor, m, now, wish=rng.choice(opts) if opts else None))
    return out


def is_listed(move: dict, legal: list[dict]) -> bool:
    """``move`` (as a bot sends it, with a concrete wish) is one of the listed moves."""
    for m in legal:
        if m["action"] != move["action"]:
            continue
        if m["action"] != "play":
            if m.get("target_seat") == move.get("target_seat") and m.get("card") == move.get("card"):
                return True
            continue
        if (m["cards"] == move["cards"] and m.get("joker_as") == move.get("joker_as")
                and bool(m.get("announce")) == bool(move.get("announce"))):
            opts = m.get("wish_options")
            if opts is None and move.get("wish") is None:
                return True
            if opts is not None and move.get("wish") in opts:
                return True
    return False


def pick(state, seat, level, seed, now=None):
    kw = HARD if level == "hard" else {}
    return choose_move(state, seat, level, random.Random(seed), now, **kw)


# ---------------------------------------------------------------------- legal moves only
@pytest.mark.parametrize("variant", PRESET_IDS)
def test_bots_choose_only_listed_moves(variant):
    checked = 0
    for players in (2, 4):
        for state, now in random_states(variant, players, seed=1, limit=8):
            for seat in range(players):
                legal = legal_moves(state, seat, now)
                for level in LEVELS:
                    move = pick(state, seat, level, seed=checked, now=now)
                    if move is None:
                        assert seat != state.actor or not legal
                        continue
                    assert is_listed(move, legal), (variant, level, move)
                    execute(state, command_from_move(seat, move, now))  # the engine accepts it
                    checked += 1
    assert checked > 40


# ---------------------------------------------------------------------- reproducible
@pytest.mark.parametrize("variant", ["macau", "makao", "plawno", "tel_aviv"])
def test_same_seed_same_move(variant):
    for state, now in random_states(variant, 3, seed=2, limit=6):
        for level in LEVELS:
            a = pick(state, state.actor, level, seed=99, now=now)
            b = pick(state, state.actor, level, seed=99, now=now)
            assert a == b


# ---------------------------------------------------------------------- hidden information
def shuffle_hidden(state, seat: int, rng: random.Random):
    """The same state with the other hands and the stock dealt anew from the same cards
    (sizes kept), and another seed and no fixed deal, so future reshuffles differ too."""
    pool = [c for s, h in enumerate(state.hands) if s != seat for c in h] + list(state.stock)
    rng.shuffle(pool)
    hands, pos = [], 0
    for s, h in enumerate(state.hands):
        if s == seat:
            hands.append(h)
        else:
            hands.append(tuple(pool[pos:pos + len(h)]))
            pos += len(h)
    from dataclasses import replace

    return state._replace(hands=tuple(hands), stock=tuple(pool[pos:]),
                          setup=replace(state.setup, seed=rng.randrange(10**9)))


@pytest.mark.parametrize("variant", PRESET_IDS)
def test_hidden_cards_never_change_a_choice(variant):
    rng = random.Random(variant)
    for players in (2, 3):
        for state, now in random_states(variant, players, seed=3, limit=5):
            seat = state.actor
            other = shuffle_hidden(state, seat, rng)
            if other.hands == state.hands and other.stock == state.stock:
                continue
            assert observation(other, seat) == observation(state, seat)
            for level in LEVELS:
                for k in range(2):
                    assert pick(other, seat, level, seed=k, now=now) == pick(state, seat, level, seed=k, now=now)


def test_observation_hides_other_hands_stock_and_seed():
    state = random_states("macau", 3, seed=4, limit=1)[0][0]
    obs = observation(state, 0)
    assert obs.public.hands[1] == () and obs.public.hands[2] == () and obs.public.stock == ()
    assert obs.public.setup.seed == 0 and obs.public.setup.deal is None
    assert obs.hand_sizes == tuple(len(h) for h in state.hands)
    assert Counter(obs.unseen) == Counter(state.hands[1]) + Counter(state.hands[2]) + Counter(state.stock)


def test_determinized_world_keeps_sizes_and_cards():
    state = random_states("plawno", 4, seed=5, limit=1)[0][0]
    obs = observation(state, 2)
    world = determinize(obs, random.Random(1))
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert sorted(world.hands[2]) == sorted(state.hands[2]) and len(world.stock) == len(state.stock)
    hidden = Counter(c for s, h in enumerate(world.hands) if s != 2 for c in h) + Counter(world.stock)
    assert hidden == Counter(obs.unseen)


# ---------------------------------------------------------------------- the normal duties
@pytest.mark.parametrize("variant", PRESET_IDS)
def test_normal_and_hard_always_call(variant):
    """Over whole games, no normal or hard seat ever leaves its last-card window open."""
    rules = RuleSet.preset(variant)
    levels = ("normal", "hard", "easy")
    state = new_game(Setup(rules, 3, seed=f"call|{variant}", announce_window_s=None))
    _, state = execute(state, Start())
    rngs = [random.Random(s) for s in range(3)]
    steps = 0
    while state.status == "playing" and steps < 400:
        steps += 1
        w = state.call_window
        assert w is None or levels[w.seat] == "easy", "a normal/hard seat missed its call"
        seat = state.actor
        move = choose_move(state, seat, levels[seat], rngs[seat], budget_ms=None, max_iterations=6)
        _, state = execute(state, command_from_move(seat, move))


def _window_open_makao():
    """makao, counter-clockwise A->B->C->D: B plays down to one card without calling."""
    A, B, C, D = 3, 2, 1, 0
    hands = [None] * 4
    hands[A], hands[B], hands[C], hands[D] = ["5C", "6C"], ["9C", "7H"], ["9D", "8C", "5D"], ["10C", "JD"]
    g = Game("makao", hands=hands, starter="9H", stock=["5S", "6S", "7S", "8S", "10S", "QS"], dealer=(B + 1) % 4)
    g.play(B, "9C")
    assert g.state.call_window.seat == B
    return g, (A, B, C, D)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_catch_a_missed_call(level):
    g, (A, B, C, D) = _window_open_makao()
    for seat in (A, C, D):  # C is the actor: he catches before he plays
        move = pick(g.state, seat, level, seed=1)
        assert move == {"action": "catch", "target_seat": B}
    execute(g.state, Catch(D, B))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_call_at_once_when_they_missed_it(level):
    g, (A, B, C, D) = _window_open_makao()
    assert g.state.actor != B
    assert pick(g.state, B, level, seed=1) == {"action": "announce"}
    execute(g.state, Announce(B))


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_with_an_open_window_calls_before_acting(level):
    """Switch heads-up: a 10 (reverse, a skip with two players) leaves seat 0 on one card
    without his call, and the turn is his again with his own window open. Every level,
    easy too, calls before it acts (easy forgets calls only once its turn is over)."""
    g = Game("switch", hands=[["10H", "5C"], ["3D", "8D", "QS"]], starter="9H",
             stock=["5S", "6S", "7S", "8S", "6C", "7C"], dealer=1)
    g.play(0, "10H")
    assert g.state.actor == 0 and g.state.call_window.seat == 0
    for seed in range(8):
        assert pick(g.state, 0, level, seed=seed) == {"action": "announce"}
    execute(g.state, Announce(0))


def test_easy_forgets_some_calls_normal_none():
    """Plays that leave one card: easy sends the call with about two in three of them."""
    calls = Counter()
    for k in range(60):
        g = Game("macau", hands=[["7H", "8H"], ["7C", "9D", "QS"]], starter="7S", stock=["5C", "6C", "8C"],
                 dealer=1)
        for level in ("easy", "normal"):
            move = pick(g.state, 0, level, seed=k)
            assert move["action"] == "play" and len(move["cards"]) == 1
            calls[level] += bool(move.get("announce"))
    assert calls["normal"] == 60
    assert 25 <= calls["easy"] <= 55


def test_normal_answers_a_draw_chain_when_it_can():
    g = Game("macau", hands=[["2H", "9C", "KD"], ["3H", "8D", "10S"]], starter="5H", stock=["5C", "6C", "8C"],
             dealer=1)
    g.play(0, "2H")
    move = pick(g.state, 1, "normal", seed=0)
    assert move["action"] == "play" and move["cards"] == ["3H"]


def test_normal_wishes_the_suit_it_holds_most():
    g = Game("switch", hands=[["AS", "9H", "10H", "4H", "6C"], ["3D", "8D", "5S", "7C", "QD"]], starter="9S",
             stock=["5C", "6D", "8C", "2D"], dealer=1)
    move = pick(g.state, 0, "normal", seed=0)
    if move["cards"] == ["AS"]:
        assert move["wish"] == {"suit": "H"}
    for seed in range(5):
        m = choose_move(g.state, 0, "normal", random.Random(seed))
        assert m["action"] == "play"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_no_attack_on_oneself_in_a_plawno_bonus_turn(level):
    """Two 4s nobody answers give seat 0 two bonus turns; on the first, his effects hit
    himself (RULES §2.10.7), so the 2C would be a draw against himself. (A bot that played
    it looped forever in a 4-player simulation: attack himself, redraw, robin, repeat.)"""
    g = Game("plawno", hands=[["4H", "4C", "2C", "9C", "7D"], ["8S", "10S", "QS", "5D", "6D"],
                              ["8D", "10D", "QD", "5S", "6S"]], starter="5H",
             stock=["7S", "7H", "8H", "9H", "10H", "JH", "QH"], dealer=1)
    g.play(0, "4H", "4C")
    g.pass_(g.actor)
    g.pass_(g.actor)
    assert g.actor == 0 and g.state.bonus == (0, 1)
    assert ["2C"] in g.play_moves(0) and ["9C"] in g.play_moves(0)
    for seed in range(4):
        assert pick(g.state, 0, level, seed=seed)["cards"] == ["9C"]


# ---------------------------------------------------------------------- hard's budget
def test_hard_with_a_time_budget_needs_the_callers_clock():
    """The domain reads no clock: hard's budget is timed by the caller's (a worker's
    ``time.perf_counter``); without one only a playout cap may bound it."""
    [(state, now)] = random_states("macau", 2, seed=6, every=1, limit=1)
    with pytest.raises(ValueError, match="clock"):
        choose_move(state, state.actor, "hard", random.Random(0), now)
    with pytest.raises(ValueError, match="clock"):
        play_game("macau", ("hard", "normal"), seed=1)
    move = choose_move(state, state.actor, "hard", random.Random(0), now, budget_ms=None, max_iterations=4)
    assert is_listed(move, legal_moves(state, state.actor, now))
    assert choose_move(state, state.actor, "normal", random.Random(0), now) is not None  # normal times nothing


def test_hard_respects_its_time_budget():
    """Decisions that search stop near the 50 ms budget (one sampled world may run over;
    the margin is generous because the machine may be busy)."""
    searched = []
    for variant in ("macau", "switch", "makao", "mau_mau"):
        for state, now in random_states(variant, 2, seed=6, every=1, limit=40):
            t0 = time.perf_counter()
            choose_move(state, state.actor, "hard", random.Random(0), now, budget_ms=50.0, clock=time.perf_counter)
            dt = time.perf_counter() - t0
            assert dt < 0.400
            if dt > 0.020:
                searched.append(dt)
            if len(searched) >= 8:
                break
    assert len(searched) >= 3, "too few decisions needed a search"
    assert statistics.median(searched) < 0.150


def test_hard_iteration_cap_alone_is_reproducible():
    state, now = random_states("switch", 2, seed=7, limit=3)[-1]
    a = choose_move(state, state.actor, "hard", random.Random(5), now, budget_ms=None, max_iterations=60)
    b = choose_move(state, state.actor, "hard", random.Random(5), now, budget_ms=None, max_iterations=60)
    assert a == b



@pytest.mark.parametrize("selection", ["reject", "halving"])
def test_hard_counts_its_budget_by_the_clock_it_is_given(selection):
    """A clock that does not move (a CPU clock while the process waits for a busy core)
    spends none of the budget: the search runs to its playout cap. One that moves 10 ms a
    reading stops it after a few worlds."""
    cfg = HardConfig(selection=selection)

    def reads(step_s):
        n = [0]

        def clock():
            n[0] += 1
            return n[0] * step_s

        choose_move(state, state.actor, "hard", random.Random(1), now, budget_ms=50.0, max_iterations=400,
                    clock=clock, hard=cfg)
        return n[0]

    searched = 0
    for state, now in random_states("macau", 2, seed=21, every=2, limit=40):
        if state.actor is None:
            continue
        frozen = reads(0.0)
        if frozen > 30:  # a real search (several candidates), not a forced move
            assert reads(0.010) < 8 < frozen
            searched += 1
    assert searched >= 3

# ---------------------------------------------------------------------- whole games
@pytest.mark.parametrize("variant", PRESET_IDS)
def test_bot_games_finish(variant):
    rec = play_game(variant, ("hard", "normal", "easy"), seed=11, budget_ms=None, max_iterations=6)
    assert rec.state.status == "finished" and rec.winners
    rec = play_game(variant, ("normal", "easy"), seed=12)
    assert rec.state.status == "finished" and rec.winners


def test_the_arena_times_decisions_by_the_clock_it_is_given():
    ticks = iter(range(1_000_000))
    timed = []
    play_game("macau", ("normal", "easy"), seed=13, clock=lambda: float(next(ticks)),
              timer=lambda seat, level, dt: timed.append(dt))
    # whole ticks of the given clock (the decision itself reads it too), not seconds of another
    assert timed and all(dt >= 1.0 and dt == int(dt) for dt in timed)
    with pytest.raises(ValueError):
        play_game("macau", ("normal", "easy"), seed=13, timer=lambda *a: None)


def test_unknown_level_is_refused():
    state = random_states("macau", 2, seed=8, limit=1)[0][0]
    with pytest.raises(ValueError):
        choose_move(state, state.actor, "expert", random.Random(0))


def test_wish_is_always_concrete():
    """A play that makes a wish carries one of its options, never the options list."""
    seen = 0
    for variant in ("macau", "makao", "plawno", "mau_mau"):
        for state, now in random_states(variant, 2, seed=9, every=2, limit=20):
            for level in LEVELS:
                move = pick(state, state.actor, level, seed=seen, now=now)
                assert "wish_options" not in move
                if move.get("wish") is not None:
                    WishChoice.parse(move["wish"])
                    seen += 1
    assert seen > 0


def test_no_bot_move_is_rejected_in_long_random_play():
    """Every bot move is accepted by the engine (DomainError would fail the test)."""
    for variant in PRESET_IDS:
        for state, now in random_states(variant, 3, seed=10, every=7, limit=4):
            for level in LEVELS:
                move = pick(state, state.actor, level, seed=1, now=now)
                try:
                    execute(state, command_from_move(state.actor, move, now))
                except DomainError as err:  # pragma: no cover - the assertion message
                    raise AssertionError(f"{variant}/{level}: {move} rejected: {err}")


# ---------------------------------------------------------------------- hard's beliefs
def _drew_on_nine_of_hearts():
    """Heads-up macau: seat 0 plays 9H; seat 1 holds no heart, no 9 and no wild card, so
    he draws. Returns (game, the public steps)."""
    g = Game("macau", hands=[["9H", "3H", "7H", "3C"], ["5S", "6S", "7C", "8D", "QC"]], starter="9S",
             stock=["4C", "2H", "4H", "5H", "10H", "JD", "AC"], dealer=1)
    steps = []
    for seat, move, act in ((0, {"action": "play", "cards": ["9H"]}, lambda: g.play(0, "9H")),
                            (1, {"action": "draw"}, lambda: g.draw(1))):
        before = g.state
        act()
        steps.append(step(before, seat, move, g.state))
    return g, steps


def test_a_draw_tells_what_the_drawer_did_not_hold():
    g, steps = _drew_on_nine_of_hearts()
    clue = steps[1].playable
    assert {"2H", "10H", "9C", "9D"} <= clue and not {"5S", "7C", "QC"} & clue
    beliefs = Beliefs(observation(g.state, 0), steps)
    mine = g.state.hands[0]
    assert beliefs.weight([mine, g.state.hands[1]]) == 1.0  # what he holds breaks no clue
    plain = ("5S", "6S", "7C", "8D", "QC", "4C")
    one_heart = ("5S", "6S", "7C", "8D", "QC", "4H")  # the card he drew may be the heart
    two_hearts = ("5S", "6S", "7C", "8D", "5H", "4H")  # but not two of them
    w = [beliefs.weight([mine, h]) for h in (plain, one_heart, two_hearts)]
    assert w[0] == 1.0 and w[0] > w[1] > w[2]
    assert w[1] == pytest.approx(beliefs.clues[1][0].trust / 6 + 1 - beliefs.clues[1][0].trust)


def test_the_drawer_himself_and_other_rounds_get_no_clues():
    g, steps = _drew_on_nine_of_hearts()
    assert not Beliefs(observation(g.state, 1), steps).any()  # his own draw tells him nothing
    later = [s._replace(round=s.round + 1) for s in steps]
    assert not Beliefs(observation(g.state, 0), later).any()


def test_steps_show_only_what_every_seat_sees():
    rng = random.Random(3)
    for state, now in random_states("makao", 3, seed=12, every=1, limit=30):
        seat = state.actor
        moves = [m for m in legal_moves(state, seat, now) if m["action"] in ("draw", "pass", "play")]
        m = moves[0]
        _, after = execute(state, command_from_move(seat, m, now))
        other = shuffle_hidden(state, seat, rng)
        _, other_after = execute(other, command_from_move(seat, m, now))
        assert step(state, seat, m, after) == step(other, seat, m, other_after)


def test_hard_with_beliefs_reads_only_the_public_history():
    g, steps = _drew_on_nine_of_hearts()
    state = g.state
    assert state.actor == 0 and len(g.play_moves(0)) >= 2 and Beliefs(observation(state, 0), steps).any()
    cfg = HardConfig(beliefs=True)
    other = shuffle_hidden(state, state.actor, random.Random(1))
    for k in range(3):
        a = choose_move(state, state.actor, "hard", random.Random(k), budget_ms=None, max_iterations=40, hard=cfg,
                        history=steps)
        b = choose_move(other, state.actor, "hard", random.Random(k), budget_ms=None, max_iterations=40, hard=cfg,
                        history=steps)
        assert a == b


def _clues(b: Beliefs):
    return ([[(c.cards, c.received, c.played, c.trust, c.kind, c.value) for c in cs] for cs in b.clues],
            b.received, b.played)


@pytest.mark.parametrize("variant", PRESET_IDS)
def test_the_log_gives_the_same_beliefs_as_the_steps_recorded_in_play(variant):
    """A game's events (what the service keeps) give each seat the same clues and counts
    as the steps recorded command by command (what the arena keeps)."""
    state = new_game(Setup(RuleSet.preset(variant), 3, seed=f"log|{variant}", announce_window_s=None))
    _, state = execute(state, Start())
    start, events, steps = state, [], []
    rngs = [random.Random(s) for s in range(3)]
    levels = ("normal", "easy", "normal")
    compared = 0
    for n in range(400):
        if state.status != "playing":
            break
        seat = state.actor
        if state.call_window is not None and state.call_window.seat != seat:
            seat = state.call_window.seat  # let the owner call (or, easy, forget and be caught)
        move = choose_move(state, seat, levels[seat], rngs[seat])
        if move is None:
            seat = state.actor
            move = choose_move(state, seat, levels[seat], rngs[seat])
        before = state
        evs, state = execute(state, command_from_move(seat, move))
        events.extend(evs)
        steps.append(step(before, seat, move, state))
        if n % 5 == 0 and state.status == "playing":
            from_log = steps_from_events(start, events)
            for s in range(3):
                obs = observation(state, s)
                assert _clues(Beliefs(obs, from_log)) == _clues(Beliefs(obs, steps)), (variant, n, s)
            compared += 1
    assert compared > 10


def _four_seat_switch_with_a_swap():
    """Four-seat switch: seat 0 plays 9H, seat 1 (no heart, no 9, no Ace) draws; seats 2,
    3 and 0 play clubs; seat 1 then plays QC and swaps hands with his left neighbour,
    seat 2. Returns (game, the public steps before the swap, the swap's step)."""
    g = Game("switch", hands=[["9H", "5C", "3H", "7H"], ["QC", "5S", "6S", "7D", "KD"], ["9C", "5H", "KH", "3D"],
                              ["3C", "4D", "6H", "8S"]],
             starter="9S", stock=["4C", "2H", "4H", "JH", "10H", "JD", "AC", "4S"], dealer=3)
    steps = []
    for seat, action, cards in ((0, "play", "9H"), (1, "draw", None), (2, "play", "9C"), (3, "play", "3C"),
                                (0, "play", "5C"), (1, "play", "QC")):
        before = g.state
        if action == "play":
            g.play(seat, cards)
        else:
            g.draw(seat)
        steps.append(step(before, seat, {"action": action, "cards": [cards]} if cards else {"action": action},
                          g.state))
    return g, steps[:-1], steps[-1]


def test_at_four_seats_each_opponent_is_read_from_his_own_history():
    g, steps, _ = _four_seat_switch_with_a_swap()
    beliefs = Beliefs(observation(g.state, 0), steps)  # before the swap
    assert [len(c) for c in beliefs.clues] == [0, 1, 0, 0]  # only seat 1 drew
    hearts = ("5H", "10H", "2H", "4H", "KH", "3D")
    plain = ("5S", "6S", "7D", "KD", "4C", "3D")
    hands = list(g.state.hands)
    hands[1] = plain[:3]
    at = {}
    for seat in (1, 2, 3):
        for name, hand in (("hearts", hearts), ("plain", plain)):
            h = list(hands)
            h[seat] = hand[:len(hands[seat])]
            at[seat, name] = beliefs.weight(h)
    assert at[1, "hearts"] < at[1, "plain"] == 1.0  # the drawer's hand is read
    assert at[2, "hearts"] == at[2, "plain"] == at[3, "hearts"] == 1.0  # the others' are not


def test_what_was_read_about_a_hand_follows_it_in_a_hand_swap():
    g, steps, swap = _four_seat_switch_with_a_swap()
    assert swap.swapped_with == 2 and steps[1].swapped_with is None
    history = steps + [swap]
    for watcher in (0, 3):
        b = Beliefs(observation(g.state, watcher), history)
        assert [len(c) for c in b.clues] == [0, 0, 1, 0], watcher  # seat 2 now holds the hand seat 1 drew with
        hands = list(g.state.hands)
        hands[2] = ("5S", "6S", "7D", "KD", "5H")  # a heart the drawer would have played: now seat 2's
        assert b.weight(hands) < 1.0 == b.weight(g.state.hands)
    assert not Beliefs(observation(g.state, 2), history).any()  # the bot who got the hand sees it
    assert Beliefs(observation(g.state, 0), history).received == [0, 0, 1, 0]  # the drawn card went along


def test_hard_plays_as_configured_for_the_size_of_its_table():
    """At a table of four or more, hard ranks its moves (and plays its own in playouts) by
    the 4-seat fitted judgement where one is shipped (``config_for``); heads-up it plays
    the defaults. Without an explicit setting it plays exactly as with ``config_for(4)``."""
    from domain.bots.search import DEFAULT_CONFIG, config_for

    assert config_for(2) == config_for(3) == DEFAULT_CONFIG and DEFAULT_CONFIG.judge == "tuned"
    assert config_for(4).judge == "fitted" and not config_for(4).beliefs and config_for(6) == config_for(4)
    assert HardConfig.parse(["leaf=race"], config_for(4)) == HardConfig(judge="fitted", leaf="race")
    compared = 0
    for seed in range(4):
        for state, now in random_states("mau_mau", 4, seed=seed, every=2, limit=8):
            draws = {}
            for name, cfg in (("default", None), ("table", config_for(4)), ("heads-up", DEFAULT_CONFIG)):
                rng = random.Random(5)
                move = choose_move(state, state.actor, "hard", rng, now, budget_ms=None, max_iterations=40, hard=cfg)
                draws[name] = (move, rng.random())
            assert draws["default"] == draws["table"]
            compared += draws["default"] != draws["heads-up"]
    assert compared > 0
