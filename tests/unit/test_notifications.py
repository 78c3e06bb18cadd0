"""Which notices an append calls for (games.notifications): pure decisions over records,
checked on fixed deals and over random games of every preset."""

from __future__ import annotations

import json
import random

import pytest

from domain import PRESET_IDS, CloseCallWindow, DomainError, Timeout, command_from_move
from events.envelope import StoredEvent
from games.notifications import (
    CATCH,
    GAME_FINISHED,
    GAME_STARTED,
    PENDING_DRAW,
    REMATCH_OFFERED,
    TURN,
    YOUR_TURN,
    demands,
    for_new_subscriber,
    notices,
    person_plays,
)
from games.service import CLOCK, HUMAN, TableSpec
from tests.api.helpers import CARD_RE
from tests.support.service_games import SteppingClock, act, new_service, random_command, random_steps


class Heard:
    """The service's ``notify``: every append's notices, with the record they were for."""

    def __init__(self):
        self.calls = []

    def __call__(self, record, found, subscribed=True):
        self.calls.append((record.version, found))

    def last(self):
        return self.calls[-1][1] if self.calls else []

    def at(self, version):
        return next((found for v, found in self.calls if v == version), [])

    def all(self):
        return [n for _, found in self.calls for n in found]


def service():
    heard = Heard()
    svc = new_service(clock=SteppingClock())
    svc.notify = heard
    return svc, heard


def deal_table(svc, hands, starter, stock=(), variant="macau", **spec):
    spec = {"turn_timeout_s": 60.0, **spec}
    record, _ = svc.create(TableSpec(variant, seats=len(hands), players=[f"p{i}" for i in range(len(hands))],
                                     deal={"hands": hands, "starter": starter, "stock": list(stock), "dealer": 1},
                                     seed=3, **spec))
    return record


def play(svc, record, seat, cards, **extra):
    return svc.act(record.game_id, seat, command_from_move(seat, {"action": "play", "cards": cards, **extra}),
                   source=HUMAN).record


def test_a_table_full_at_once_starts_and_tells_its_first_actor():
    svc, heard = service()
    record = deal_table(svc, [["5H", "9C", "KD"], ["6H", "7S", "8D"]], "5D", stock=["QC", "QD"])
    found = heard.last()
    assert [n.event for n in found] == [GAME_STARTED, YOUR_TURN]
    assert found[0].seats == (0, 1) and found[0].version == record.version
    turn = found[1]
    assert turn.seats == (record.state.actor,) and turn.data["reasons"] == [TURN]
    assert turn.data["turn_deadline"] is not None and turn.at == record.updated_at


def test_a_move_tells_the_next_seat_not_the_mover_and_a_pending_draw_says_so():
    svc, heard = service()
    record = deal_table(svc, [["2D", "9C", "KD"], ["6H", "7S", "8D"]], "5D", stock=["QC", "QD", "QH", "QS"])
    assert record.state.actor == 0
    record = play(svc, record, 0, ["2D"])  # a 2: seat 1 must draw 2 or answer
    found = heard.last()
    assert [(n.event, n.seats) for n in found] == [(YOUR_TURN, (1,))]
    assert found[0].data["reasons"] == [TURN, PENDING_DRAW] and found[0].data["pending_draw"] == 2
    assert demands(record, 0) == ()


def test_a_timeout_tells_the_next_seat_and_a_seat_on_autopilot_is_not_told():
    svc, heard = service()
    record = deal_table(svc, [["5H", "9C", "KD"], ["6S", "7S", "8D"]], "5C",
                        stock=["10C", "10D", "10H", "10S", "2C", "2S", "QC", "QD"])
    told = []
    for _ in range(4):  # 0, 1, 0 (autopilot on: AUTOPILOT_AFTER_TIMEOUTS), 1 time out in turn
        seat = record.state.actor
        svc.clock.advance(61)
        record = svc.act(record.game_id, seat, Timeout(seat), source=CLOCK).record
        told.append([(n.event, n.seats) for n in heard.at(record.version)])
    assert record.seats[0].autopilot and record.state.actor == 0
    assert told == [[(YOUR_TURN, (1,))], [(YOUR_TURN, (0,))], [(YOUR_TURN, (1,))], []]
    assert not person_plays(record, 0) and demands(record, 0) == ()


def test_a_bot_seat_never_gets_a_your_turn():
    svc, heard = service()
    record, _ = svc.create(TableSpec("macau", seats=3, players=["ann"], bots=["easy", "easy"], seed=5,
                                     turn_timeout_s=None, bot_delay_s=0))
    for stored, record in random_steps(svc, record, random.Random(5)):
        pass
    assert all(n.seats == (0,) for n in heard.all() if n.event == YOUR_TURN)


def test_catch_variants_tell_every_active_opponent_of_a_missed_call():
    svc, heard = service()
    # makao: catch enforcement; seat 0 plays down to one card without calling
    record = deal_table(svc, [["5H", "9C"], ["6H", "7S", "8D"], ["QH", "JC", "4S"]], "5D",
                        stock=["10C", "10D", "10H", "10S"], variant="makao")
    assert record.rules.data["announce"]["enforcement"] == "catch"
    assert record.state.actor == 0
    record = play(svc, record, 0, ["5H"])
    assert record.state.call_window is not None and record.state.call_window.seat == 0
    by_seat = {n.seats[0]: n.data["reasons"] for n in heard.last() if n.event == YOUR_TURN}
    nxt = record.state.actor
    assert CATCH in by_seat[2] and CATCH in by_seat[1] and by_seat[nxt] == [TURN, CATCH]
    assert 0 not in by_seat  # he made the play: he knows he may still call


def test_the_end_tells_every_seat_with_the_result_and_a_rematch_offer_is_passed_on():
    svc, heard = service()
    record, _ = svc.create(TableSpec("mau_mau", seats=2, players=["ann", "bob"], seed=8, turn_timeout_s=30.0))
    for _, record in random_steps(svc, record, random.Random(8)):
        pass
    ended = [n for n in heard.at(record.version) if n.event == GAME_FINISHED]
    assert len(ended) == 1 and ended[0].seats == (0, 1)
    result = record.state.result
    assert ended[0].data["result"] == {"winner_seats": list(result.winners), "places": list(result.standings),
                                       "scores": list(result.scores)}
    offer = StoredEvent(record.version + 1, "rematch_offered", record.updated_at, None, {"game_id": "g2"}, 1, b"", "")
    found = notices(record, record, [offer])
    assert [(n.event, n.data["rematch_game_id"], n.seats) for n in found] == [(REMATCH_OFFERED, "g2", (0, 1))]


def test_a_new_subscriber_is_owed_its_turn_and_the_start_its_request_caused():
    svc, heard = service()
    record = deal_table(svc, [["5H", "9C", "KD"], ["6H", "7S", "8D"]], "5D", stock=["QC", "QD"])
    actor, other = record.state.actor, 1 - record.state.actor
    assert [n.event for n in for_new_subscriber(record, actor, started_now=True)] == [GAME_STARTED, YOUR_TURN]
    assert [n.event for n in for_new_subscriber(record, other, started_now=True)] == [GAME_STARTED]
    assert for_new_subscriber(record, other) == []
    own = for_new_subscriber(record, actor)[0]
    assert own.to_dict() == next(n for n in heard.last() if n.event == YOUR_TURN).to_dict()  # the same message


@pytest.mark.parametrize("variant", PRESET_IDS)
def test_over_random_games_a_seat_is_told_exactly_when_its_turn_comes_from_elsewhere(variant):
    """Every your_turn goes to a seat a person plays (not on autopilot) that has something
    to do and did not send the command; every time the turn passes to such a seat by
    another seat's command or the clock's, it is told; the game's end is told once; no
    notice holds a card."""
    svc, heard = service()
    rng = random.Random(variant)
    record, _ = svc.create(TableSpec(variant, seats=3, players=["a", "b", "c"], seed=11, turn_timeout_s=30.0))
    told_end = 0
    for _ in range(20_000):
        if record.status != "playing":
            break
        command = random_command(svc, record.state, rng)
        try:
            stored, after = act(svc, record, command)
        except DomainError:
            continue
        before, record = record, after
        sender = None if isinstance(command, (Timeout, CloseCallWindow)) else command.seat
        found = notices(before, after, stored)
        assert found == heard.at(after.version)
        turns = {n.seats[0]: n for n in found if n.event == YOUR_TURN}
        for seat, n in turns.items():
            assert seat != sender and demands(after, seat) and tuple(n.data["reasons"]) == demands(after, seat)
        st = after.state
        if after.status == "playing" and st.passing is None and st.actor != before.state.actor \
                and person_plays(after, st.actor) and st.actor != sender:
            assert st.actor in turns, f"seat {st.actor}'s turn came at {after.version} untold"
        told_end += sum(n.event == GAME_FINISHED for n in found)
        for n in found:
            assert not CARD_RE.search(json.dumps(n.to_dict())), n
    assert record.status == "finished" and told_end == 1
