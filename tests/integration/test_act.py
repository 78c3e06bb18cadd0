"""``GameService.act``: the one path for every move, a seat's, a bot's or the clock's.
In-memory store and a stepping clock; two services over one store stand for two
processes with their own caches."""

from __future__ import annotations

import pytest

from domain import Draw, GameStatusError, Pass, Play, RuleViolation, Timeout
from events.store import InMemoryEventStore
from games.service import BOT, CLOCK, SeatLeft, Stale, TableSpec
from tests.support.service_games import SteppingClock, new_service

DEAL = {"dealer": 1, "hands": [["7H", "9C", "KD"], ["8C", "10D", "QS", "4S", "5S"]], "starter": "7D",
        "stock": ["6C", "6D", "6H", "6S", "8D", "8H", "8S", "9D", "9H", "9S"]}


@pytest.fixture
def pair():
    """Two services (two processes) over one store, each with its own cache."""
    store, clock = InMemoryEventStore(), SteppingClock()
    return new_service(store, clock), new_service(store, clock)


def table(svc, **kw):
    spec = dict(seats=2, players=["ann", "bob"], deal=DEAL, turn_timeout_s=10)
    spec.update(kw)
    record, seated = svc.create(TableSpec("macau", **spec))
    return record


def test_a_move_is_decided_appended_and_cached(pair):
    a, _ = pair
    record = table(a)
    acted = a.act(record.game_id, 0, Play(0, ("7H",)))
    assert [e.type for e in acted.events][0] == "card_played"
    assert acted.record.version == record.version + len(acted.events)
    assert a.cached(record.game_id) is acted.record  # the state the decision produced is the cache
    assert acted.record == new_service(a.repo.store).get(record.game_id)  # and equals a replay of the log


def test_a_move_decided_on_a_stale_cache_is_decided_again_on_the_latest(pair):
    a, b = pair
    record = table(a)
    b.get(record.game_id)  # b caches the game now
    a.act(record.game_id, 0, Play(0, ("7H",)))  # then a moves: b's copy is stale
    acted = b.act(record.game_id, 1, Draw(1))  # on b's copy it is not seat 1's turn: b reloads
    assert acted.events[0].type == "cards_drawn" and acted.events[0].seat == 1


def test_a_rejection_on_the_latest_state_is_final(pair):
    a, b = pair
    record = table(a)
    with pytest.raises(RuleViolation) as e:
        b.act(record.game_id, 1, Draw(1))
    assert e.value.reason == "not_your_turn"
    assert a.get(record.game_id).version == record.version


def test_an_expected_version_the_game_has_left_is_stale(pair):
    a, b = pair
    record = table(a)
    b.get(record.game_id)
    a.act(record.game_id, 0, Play(0, ("7H",)))
    with pytest.raises(Stale) as e:
        b.act(record.game_id, 1, Draw(1), expected_version=record.version)
    assert e.value.current_version > record.version


def test_a_seat_whose_player_left_may_not_act_but_its_bot_may(pair):
    a, _ = pair
    record = table(a)
    a.leave(record.game_id, 0)
    with pytest.raises(SeatLeft):
        a.act(record.game_id, 0, Play(0, ("7H",)))
    assert a.act(record.game_id, 0, Play(0, ("7H",)), source=BOT).events[0].type == "card_played"


def test_the_clock_puts_a_human_on_autopilot_and_his_own_move_takes_the_seat_back(pair):
    a, _ = pair
    clock = a.clock
    record = table(a)
    gid = record.game_id
    for seat in (0, 1, 0):  # seat 0's second consecutive timeout
        clock.advance(11)
        acted = a.act(gid, seat, Timeout(seat), source=CLOCK)
    assert [e.type for e in acted.events][-1] == "autopilot_changed" and acted.record.seats[0].autopilot
    assert not acted.record.seats[1].autopilot  # one timeout only
    acted = a.act(gid, 1, Draw(1))
    if acted.record.state.actor == 1:  # a drawn card that could be played: end the turn
        acted = a.act(gid, 1, Pass(1))
    assert acted.record.state.actor == 0
    back = a.act(gid, 0, Draw(0))  # the owner moves: the autopilot hands the seat over, atomically
    assert back.events[-1].type == "autopilot_changed" and back.events[-1].data == {"on": False}
    assert not back.record.seats[0].autopilot


def test_a_game_that_is_not_playing_is_refused_by_the_engine(pair):
    a, _ = pair
    record, _ = a.create(TableSpec("macau", seats=3, players=["ann", "bob"]))
    with pytest.raises(GameStatusError) as e:
        a.act(record.game_id, 0, Draw(0))
    assert e.value.reason == "game_not_started"
