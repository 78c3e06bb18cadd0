"""The pieces of issue 12's guards on their own: stream slots, the token bucket, the due
time of a game, and an append whose projections fail (a fake lobby: unit level)."""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest

from domain import command_from_move
from events.store import InMemoryEventStore
from games.due import MemoryDueIndex, due_at
from games.projections import LobbyIndex, MemoryLobby
from games.repository import GameRepository
from games.service import GameService, TableSpec
from service.errors import ApiError
from service.problem_types import address_key, bounded
from service.ratelimit import RateLimiter
from service.slots import StreamSlots
from tests.support.service_games import SteppingClock


def test_stream_slots_cap_each_client_then_the_process_and_free_on_release():
    slots = StreamSlots(per_process=3, per_client=2)
    slots.acquire("a")
    slots.acquire("a")
    with pytest.raises(ApiError) as too_many:
        slots.acquire("a")
    assert too_many.value.status == 429 and too_many.value.headers["Retry-After"]
    slots.acquire("b")
    with pytest.raises(ApiError) as full:
        slots.acquire("c")
    assert full.value.status == 503 and full.value.code == "streams_full"
    slots.release("a")
    with slots.held("c"):
        assert slots.open == 3
    assert slots.open == 2
    slots.release("a")
    slots.release("b")
    assert slots.open == 0 and slots._by_client == {}


def test_the_token_bucket_waits_without_taking_and_forgets_the_longest_idle():
    limiter = RateLimiter(rate_per_s=0.001, burst=2, max_clients=2)
    assert limiter.wait("a") == 0 and limiter.check("a") == 0 and limiter.check("a") == 0
    assert limiter.wait("a") > 0 and limiter.check("a") > 0
    limiter.check("b")
    limiter.check("c")  # three clients: "a", the longest idle, is forgotten (a full bucket again)
    assert limiter.check("a") == 0


@pytest.mark.parametrize("address,key", [("203.0.113.9", "203.0.113.9"), ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
                                         ("2001:db8:1:2::ff", "2001:db8:1:2::/64")])
def test_an_ipv6_client_is_its_64(address, key):
    assert address_key(address) == key


def test_a_detail_quotes_at_most_about_100_characters_of_any_run():
    detail = bounded("rules." + "k" * 5000 + ": unknown parameter " + "v" * 90)
    assert detail.startswith("rules." + "k" * 94 + "… (5007 characters) unknown parameter ")  # the run ends at ":"
    assert detail.endswith("v" * 90)
    assert len(bounded("word " * 1000)) < 700


def service(lobby=None):
    from games.projections import MemoryLobby
    return GameService(GameRepository(InMemoryEventStore()), lobby or MemoryLobby(), clock=SteppingClock())


def test_due_times_of_waiting_playing_and_finished_games():
    svc = service()
    waiting, _ = svc.create(TableSpec("macau", seats=3, players=["a"], fill_with_bots_after_s=30))
    assert due_at(waiting, 3600) == pytest.approx(waiting.created_ts + 30)
    assert due_at(waiting, 10) == pytest.approx(waiting.updated_ts + 10)
    bot, _ = svc.create(TableSpec("macau", seats=2, players=["a"], bots=["normal"], bot_delay_s=2,
                                  turn_timeout_s=None, deal={"dealer": 0, "hands": [["5C", "9D"], ["7H", "8H"]],
                                                             "starter": "7D"}))
    assert bot.needs_bot() and due_at(bot, 3600) == pytest.approx(bot.updated_ts + 2)
    human, _ = svc.create(TableSpec("macau", seats=2, players=["a", "b"], turn_timeout_s=None))
    assert due_at(human, 3600) is None  # a human's turn without a clock: nothing for a worker
    clocked, _ = svc.create(TableSpec("macau", seats=2, players=["a", "b"], turn_timeout_s=60))
    assert due_at(clocked, 3600) == clocked.state.turn_deadline
    closed = svc.expire(waiting.game_id, 0)
    assert closed.status == "finished" and due_at(closed, 3600) is None


class BrokenLobby(LobbyIndex):
    def update(self, record):
        raise ConnectionError("the lobby's Redis refused the write")


def test_an_append_stands_when_a_projection_fails_afterwards(caplog):
    svc = service(BrokenLobby())
    with caplog.at_level(logging.ERROR, logger="macau.games"):
        record, seated = svc.create(TableSpec("macau", seats=2, players=["a"]))
    assert svc.get(record.game_id).version == record.version == 2
    assert any("could not update the projections" in r.getMessage() for r in caplog.records)


class CountingDue(MemoryDueIndex):
    def __init__(self):
        super().__init__(3600)
        self.writes = []

    def set(self, game_id, when, lane="people"):
        self.writes.append((game_id, when))
        super().set(game_id, when, lane)

    def lower(self, game_id, when, lane="people"):
        self.writes.append((game_id, when))
        super().lower(game_id, when, lane)


def test_the_due_index_is_written_only_when_a_game_becomes_due_sooner():
    """Moves of humans without a clock leave the game not due: no write. A turn clock moves
    later with each move: no write either (a store round trip per move saved), the index
    keeps the earlier time, and the worker's batch, looking then, sets the true one. A game due
    sooner is written; a later write never raises a time."""
    due, clock = CountingDue(), SteppingClock()
    svc = GameService(GameRepository(InMemoryEventStore()), MemoryLobby(), clock=clock, due=due)
    deal = {"dealer": 1, "hands": [["7H", "9C", "KS"], ["8D", "6S", "QH"]], "starter": "5H"}
    human, seated = svc.create(TableSpec("macau", seats=2, players=["a", "b"], turn_timeout_s=None, seed=4, deal=deal))
    before = len(due.writes)
    record = svc.act(human.game_id, 0, command_from_move(0, {"action": "draw"}), None).record
    assert len(due.writes) == before, "not due before, not due after: nothing to write"
    assert due.missing([human.game_id]) == [human.game_id]
    due.update(record)  # no record before it (the sweeper's reconcile): always written
    assert due.writes[-1] == (human.game_id, None)

    clocked, _ = svc.create(TableSpec("macau", seats=2, players=["a", "b"], turn_timeout_s=60, seed=4, deal=deal))
    first = due_at(clocked, 3600)
    assert due.writes[-1] == (clocked.game_id, first) and due.due(first) == [clocked.game_id]
    n = len(due.writes)
    clock.advance(5)
    record = svc.act(clocked.game_id, 0, command_from_move(0, {"action": "draw"}), None).record
    assert due_at(record, 3600) == first + 5 and len(due.writes) == n, "a clock moved later: nothing written"
    assert due.due(first) == [clocked.game_id]  # the earlier time: the sweeper looks then, and sets the true one
    due.lower(clocked.game_id, first + 30)
    assert due.due(first) == [clocked.game_id], "a later time never raises the index's"
    due.update(clocked, before=record)  # a record due sooner than the one before it: lowered
    assert due.writes[-1] == (clocked.game_id, first)
    due.set(clocked.game_id, first + 5)  # the sweeper's correction, to the true time
    unclocked = replace(clocked, state=clocked.state._replace(turn_deadline=None))
    due.update(unclocked, before=clocked)  # due no more: out of the index
    assert due.writes[-1] == (clocked.game_id, None) and due.due(first + 60) == []


def test_a_round_at_the_event_ceiling_takes_no_more_moves(caplog):
    """Issue 23's last line of defence: once a round has logged ``max_round_events``
    events, a move (a seat's, a bot's or the clock's) is a 409 ``round_too_long`` that
    changes nothing, and the service logs an error. A new round would start the count
    again; until then the game is stuck, on purpose, for someone to look at."""
    from domain import Timeout
    from games.service import CLOCK, Conflict

    svc = GameService(GameRepository(InMemoryEventStore()), MemoryLobby(), clock=SteppingClock(), max_round_events=12)
    record, _ = svc.create(TableSpec("macau", seats=2, players=["a", "b"], turn_timeout_s=60, seed=4,
                                     deal={"dealer": 1, "hands": [["7H", "9C"], ["8D", "6S"]], "starter": "5H"}))
    drew = 0
    with caplog.at_level(logging.ERROR, logger="macau.games"):
        with pytest.raises(Conflict) as err:
            for _ in range(20):
                seat = record.state.actor
                record = svc.act(record.game_id, seat, command_from_move(seat, {"action": "draw"})).record
                drew += 1
    assert err.value.code == "round_too_long" and "12" in err.value.detail
    assert drew >= 2 and record.state.round_events >= 12
    stuck = svc.get(record.game_id)
    assert stuck.version == record.version
    with pytest.raises(Conflict):
        svc.act(record.game_id, stuck.state.actor, Timeout(stuck.state.actor), source=CLOCK)
    assert svc.get(record.game_id).version == record.version
    assert any("round 1 has" in r.getMessage() and "MACAU_MAX_ROUND_EVENTS" in r.getMessage() for r in caplog.records)
