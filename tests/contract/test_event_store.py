"""One contract for every event store, run against each backend.

``EventStoreContract`` holds the tests; a subclass per backend provides the ``store``
fixture and two white-box hooks (the raw stored bytes of a game, and a way to overwrite
one of them) so tests can tamper with the backend directly."""

from __future__ import annotations

import re
import threading
import time

import orjson
import pytest
import redis
from redis.cluster import RedisCluster
from redis.crc import key_slot

from events import codec
from events.chain import verify_chain
from events.codec import UpcastError, link, register_upcaster
from events.envelope import NewEvent, StoredEvent
from events.store import (
    AlreadyApplied,
    ConcurrencyError,
    EventStore,
    InMemoryEventStore,
    RedisEventStore,
    events_key,
    live_channel,
    meta_key,
    requests_key,
    snapshots_key,
)
from events.store.base import Restore, Tail
from service.embedded_redis import start_server
from tests.support.legacy import form1_values

GAME = "g-1"
AT = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\Z")


def played(seat=0, **data) -> NewEvent:
    return NewEvent("card_played", seat, data or {"cards": ["KS"]})


def seqs(events: list[StoredEvent]) -> list[int]:
    return [e.seq for e in events]


def fill(store: EventStore, game_id: str, n: int) -> list[StoredEvent]:
    return store.append(game_id, [played(i=i) for i in range(n)], 0)


def run_threads(n: int, target) -> None:
    threads = [threading.Thread(target=target, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert not any(t.is_alive() for t in threads)


# An example upcaster: test_card_played v1 held one "card"; v2 holds a list "cards".
def card_to_cards(data: dict) -> dict:
    data = dict(data)
    data["cards"] = [data.pop("card")]
    return data


class TestCodec:
    def test_round_trip_is_one_compact_value(self):
        event = InMemoryEventStore().append(GAME, [played(1, cards=["10H"], wish={"suit": "S"})], 0)[0]
        raw = event.raw
        assert raw.startswith(b"[") and b" " not in raw and b"\n" not in raw
        assert codec.decode(raw, 1) == event

    def test_upcaster_lifts_old_payloads_step_by_step(self, monkeypatch):
        register_upcaster("test_card_played", 1, card_to_cards)
        register_upcaster("test_card_played", 1, card_to_cards)  # the same one again: harmless
        monkeypatch.setitem(codec.CURRENT_VERSION, "test_card_played", 2)
        assert codec.upcast("test_card_played", 1, {"card": "KS", "seat": 1}) == (2, {"cards": ["KS"], "seat": 1})
        assert codec.upcast("test_card_played", 2, {"cards": ["KS"]}) == (2, {"cards": ["KS"]})
        with pytest.raises(ValueError):
            register_upcaster("test_card_played", 1, lambda d: d)
        monkeypatch.setitem(codec.CURRENT_VERSION, "test_card_played", 3)
        with pytest.raises(UpcastError, match="v2"):
            codec.upcast("test_card_played", 1, {"card": "KS"})


class TestEnvelope:
    def test_new_event_is_checked(self):
        for bad in (dict(type="", seat=0, data={}), dict(type="x", seat=True, data={}),
                    dict(type="x", seat=0, data=[]), dict(type="x", seat=0, data={}, at_ms="yesterday")):
            with pytest.raises(ValueError):
                NewEvent(**bad)

    def test_verify_chain_catches_a_gap_a_wrong_start_and_a_wrong_head(self):
        events = fill(InMemoryEventStore(), GAME, 4)
        head = events[-1].hash
        assert verify_chain(events) == (True, "4 events, hash chain intact")
        assert verify_chain(events, head) == (True, "4 events, hash chain intact up to the recorded head")
        assert verify_chain(events[2:], head, prev=events[1].hash)[0]
        assert not verify_chain(events[2:], head, prev=events[0].hash)[0]
        assert not verify_chain(events[2:], head)[0]  # a tail needs the hash before it
        ok, detail = verify_chain([events[0], events[2], events[3]], head)
        assert not ok and "gap" in detail
        assert not verify_chain(events[:3], head)[0]  # the last event dropped
        assert not verify_chain(events[1:], head, prev="")[0]


class EventStoreContract:
    @pytest.fixture
    def store(self) -> EventStore:
        raise NotImplementedError

    def raw_events(self, store, game_id: str) -> list[bytes]:
        raise NotImplementedError

    def overwrite(self, store, game_id: str, seq: int, raw: bytes) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------ basics
    def test_unknown_game_is_empty(self, store):
        assert store.version("nope") == 0
        assert not store.exists("nope")
        assert store.read("nope") == []
        assert store.game_ids() == []

    def test_an_append_says_whether_the_game_is_subscribed(self, store):
        assert fill(store, GAME, 1).subscribed is False
        assert store.append("other", [played()], 0).subscribed is False
        store.subscribe(GAME)
        assert store.append(GAME, [played()], 1).subscribed is True
        assert store.append("other", [played()], 1).subscribed is False  # the mark is the game's own

    def test_append_then_read_round_trip(self, store):
        written = store.append(GAME, [played(2, cards=["QS"]), NewEvent("turn_passed", None, {})], 0)
        assert store.read(GAME) == written
        first, second = written
        assert (first.seq, first.type, first.seat, first.data, first.v) == (1, "card_played", 2, {"cards": ["QS"]}, 1)
        assert (second.seq, second.type, second.seat, second.data) == (2, "turn_passed", None, {})
        assert AT.match(first.at) and first.at == second.at
        assert first.hash == link("", first.raw) and second.hash == link(first.hash, second.raw)
        assert codec.decode(first.raw, 1) == first  # the hash covers exactly the stored bytes
        assert first.public() == {"seq": 1, "type": "card_played", "at": first.at, "seat": 2,
                                  "data": {"cards": ["QS"]}}
        assert store.version(GAME) == 2 and store.exists(GAME)

    def test_callers_time_is_kept(self, store):
        ms = 1_795_262_400_123
        [event] = store.append(GAME, [NewEvent("card_played", 0, {}, at_ms=ms)], 0)
        assert event.at_ms == ms == store.read(GAME)[0].at_ms
        assert event.at == "2026-11-21T12:00:00.123Z" == event.public()["at"]

    def test_seq_is_one_based_and_gap_free_across_appends(self, store):
        version, prev = 0, ""
        for size in (1, 3, 2, 1):
            written = store.append(GAME, [played(i=i) for i in range(size)], version, prev)
            assert seqs(written) == list(range(version + 1, version + size + 1))
            version, prev = written[-1].seq, written[-1].hash
        assert seqs(store.read(GAME)) == list(range(1, 8))
        assert store.version(GAME) == 7

    def test_read_after_and_limit(self, store):
        fill(store, GAME, 6)
        assert seqs(store.read(GAME, after=4)) == [5, 6]
        assert seqs(store.read(GAME, after=1, limit=2)) == [2, 3]
        assert seqs(store.read(GAME, limit=1)) == [1]
        assert store.read(GAME, after=6) == [] and store.read(GAME, after=2, limit=0) == []
        with pytest.raises(ValueError):
            store.read(GAME, after=-1)

    def test_games_are_separate(self, store):
        fill(store, "a", 2)
        fill(store, "b:{odd} id", 3)
        assert store.version("a") == 2 and store.version("b:{odd} id") == 3
        assert sorted(store.game_ids()) == ["a", "b:{odd} id"]
        assert store.read_tail("b:{odd} id").head == store.read_tail("b:{odd} id", 3).head != store.read_tail("a").head

    def test_game_ids_lists_every_game(self, store):
        games = [f"g-{i}" for i in range(24)]  # on every node of a cluster
        for game in games:
            fill(store, game, 1)
        assert sorted(store.game_ids()) == sorted(games)

    def test_bad_arguments_are_refused(self, store):
        with pytest.raises(ValueError):
            store.append(GAME, [], 0)
        with pytest.raises(ValueError):
            store.append(GAME, [played()], -1)
        with pytest.raises(ValueError):
            store.append("", [played()], 0)
        assert store.version(GAME) == 0

    # ------------------------------------------------------ version checks
    def test_stale_expected_version_raises_with_the_current_one(self, store):
        fill(store, GAME, 3)
        for stale in (0, 2, 5):
            with pytest.raises(ConcurrencyError) as caught:
                store.append(GAME, [played()], stale)
            assert caught.value.current_version == 3
        assert store.version(GAME) == 3

    def test_a_conflicting_multi_event_append_leaves_nothing(self, store):
        first = fill(store, GAME, 3)
        with pytest.raises(ConcurrencyError):
            store.append(GAME, [played(i=10 + i) for i in range(4)], 1)
        assert store.read(GAME) == first
        written = store.append(GAME, [played(i=20), played(i=21)], 3, first[-1].hash)
        assert seqs(store.read(GAME)) == [1, 2, 3, 4, 5] and store.read(GAME, after=3) == written

    def test_a_wrong_prev_hash_is_refused(self, store):
        first = fill(store, GAME, 2)
        with pytest.raises(ConcurrencyError) as caught:
            store.append(GAME, [played()], 2, first[0].hash)
        assert caught.value.current_version == 2 and caught.value.reason == "prev_hash"
        assert store.version(GAME) == 2

    def test_prev_hash_is_found_when_not_given(self, store):
        first = fill(store, GAME, 2)
        [third] = store.append(GAME, [played()], 2)
        assert third.hash == link(first[-1].hash, third.raw)
        assert verify_chain(store.read(GAME), store.read_tail(GAME).head)[0]

    def test_a_duplicate_append_cannot_duplicate_a_seq(self, store):
        batch = [NewEvent("card_played", 0, {"cards": ["KS"]}, at_ms=1_795_262_400_000)]
        store.append(GAME, batch, 0)
        with pytest.raises(ConcurrencyError):
            store.append(GAME, batch, 0, "")
        with pytest.raises(ConcurrencyError):
            store.append(GAME, batch, 0)
        assert seqs(store.read(GAME)) == [1]

    def test_racing_appends_have_exactly_one_winner(self, store):
        fill(store, GAME, 1)
        start = threading.Barrier(50)
        results: list = [None] * 50

        def race(i):
            start.wait()
            try:
                results[i] = store.append(GAME, [played(i=i), played(i=i)], 1)
            except ConcurrencyError as e:
                results[i] = e

        run_threads(50, race)
        winners = [r for r in results if isinstance(r, list)]
        losers = [r for r in results if isinstance(r, ConcurrencyError)]
        assert len(winners) == 1 and len(losers) == 49
        assert all(e.current_version == 3 for e in losers)
        log = store.read(GAME)
        assert seqs(log) == [1, 2, 3] and log[1:] == winners[0]
        assert verify_chain(log, store.read_tail(GAME).head)[0]

    # ------------------------------------------------------ request ids (Idempotency-Key)
    def test_a_request_id_is_recorded_with_its_append(self, store):
        fill(store, GAME, 1)
        written = store.append(GAME, [played(), played()], 1, request_id="seat0:k1")
        assert store.applied(GAME, "seat0:k1") == (2, 3) == (written[0].seq, written[-1].seq)
        assert store.applied(GAME, "seat0:k2") is None and store.applied("other", "seat0:k1") is None

    def test_a_request_id_is_appended_once_whatever_the_version(self, store):
        store.append(GAME, [played()], 0, request_id="k")
        fill(store, "other", 1)
        for version in (1, 0, 7):  # current, stale, ahead: the request is known first
            with pytest.raises(AlreadyApplied) as caught:
                store.append(GAME, [played(), played()], version, request_id="k")
            assert caught.value.span == (1, 1)
        assert seqs(store.read(GAME)) == [1]
        store.append("other", [played()], 1, request_id="k")  # request ids are per game
        assert store.applied("other", "k") == (2, 2)

    def test_racing_appends_of_one_request_store_it_once(self, store):
        fill(store, GAME, 1)
        start = threading.Barrier(20)
        outcomes: list = [None] * 20

        def race(i):
            start.wait()
            for _ in range(40):  # each retries at the version it finds, as a client would
                try:
                    store.append(GAME, [played(i=i)], store.version(GAME), request_id="once")
                    outcomes[i] = "stored"
                    return
                except AlreadyApplied:
                    outcomes[i] = "already"
                    return
                except ConcurrencyError:
                    continue

        run_threads(20, race)
        assert sorted(outcomes) == ["already"] * 19 + ["stored"]
        assert seqs(store.read(GAME)) == [1, 2] and store.applied(GAME, "once") == (2, 2)

    # ------------------------------------------------------ blocking reads
    def test_blocking_read_wakes_when_another_thread_appends(self, store):
        fill(store, GAME, 1)
        got: list = []
        reader = threading.Thread(target=lambda: got.extend(store.read_blocking(GAME, 1, 5.0)))
        began = time.monotonic()
        reader.start()
        time.sleep(0.15)
        store.append(GAME, [played(), played()], 1)
        reader.join(5)
        assert seqs(got) == [2, 3]
        assert time.monotonic() - began < 1.5

    def test_blocking_read_returns_at_once_when_newer_events_exist(self, store):
        fill(store, GAME, 3)
        began = time.monotonic()
        assert seqs(store.read_blocking(GAME, 1, 5.0)) == [2, 3]
        assert time.monotonic() - began < 0.5

    def test_blocking_read_gives_nothing_after_the_timeout(self, store):
        fill(store, GAME, 2)
        began = time.monotonic()
        assert store.read_blocking(GAME, 2, 0.3) == []
        assert 0.25 <= time.monotonic() - began < 1.5
        assert store.read_blocking("nope", 0, 0.05) == []

    # ------------------------------------------------------ one reader for many games
    def test_read_many_gives_each_game_its_events_after_its_cursor(self, store):
        fill(store, "g-a", 3)
        fill(store, "g-b", 2)
        got = store.read_many_blocking({"g-a": 1, "g-b": 2, "g-none": 0}, 2.0)
        assert {g: seqs(es) for g, es in got.items()} == {"g-a": [2, 3]}  # caught-up and unknown games left out

    def test_read_many_wakes_when_any_watched_game_gets_an_event(self, store):
        fill(store, "g-a", 1)
        fill(store, "g-b", 1)
        got: dict = {}
        reader = threading.Thread(target=lambda: got.update(store.read_many_blocking({"g-a": 1, "g-b": 1}, 5.0)))
        began = time.monotonic()
        reader.start()
        time.sleep(0.15)
        store.append("g-b", [played()], 1)
        reader.join(5)
        assert {g: seqs(es) for g, es in got.items()} == {"g-b": [2]}
        assert time.monotonic() - began < 1.5

    def test_read_many_returns_empty_after_the_timeout(self, store):
        fill(store, "g-a", 1)
        began = time.monotonic()
        assert store.read_many_blocking({"g-a": 1}, 0.3) == {}
        assert 0.25 <= time.monotonic() - began < 1.5

    def test_a_rung_wakeup_ends_a_blocked_read_many_at_once(self, store):
        wake = store.wakeup()
        try:
            got: list = []
            reader = threading.Thread(target=lambda: got.append(store.read_many_blocking({"g-a": 0}, 5.0, wake)))
            began = time.monotonic()
            reader.start()
            time.sleep(0.15)
            wake.ring()
            reader.join(5)
            assert got == [{}] and time.monotonic() - began < 1.5
            # rung before the read: the next read returns at once too (a subscription made
            # while the reader was between two reads is never left waiting a whole block)
            wake.ring()
            began = time.monotonic()
            assert store.read_many_blocking({"g-a": 0}, 5.0, wake) == {}
            assert time.monotonic() - began < 1.0
        finally:
            wake.close()

    # ------------------------------------------------------ hash chain
    def test_events_are_hash_chained(self, store):
        version = 0
        for size in (2, 1, 3):
            version = store.append(GAME, [played(i=i) for i in range(size)], version)[-1].seq
        log = store.read(GAME)
        head = store.read_tail(GAME).head
        assert verify_chain(log, head) == (True, "6 events, hash chain intact up to the recorded head")
        third = store.read_tail(GAME, 0).raws[2]
        assert verify_chain(store.read(GAME, after=3), head, prev=link(link(link("", log[0].raw), log[1].raw), third))[0]

    def test_verify_chain_catches_an_event_edited_in_the_backend(self, store):
        fill(store, GAME, 4)
        raw = self.raw_events(store, GAME)
        edited = orjson.loads(raw[1])
        edited[3] = {"cards": ["AS"]}  # a better card
        self.overwrite(store, GAME, 2, orjson.dumps(edited))
        log = store.read(GAME)
        assert log[1].data == {"cards": ["AS"]}
        ok, detail = verify_chain(log, store.read_tail(GAME).head)
        assert not ok and "not to the recorded head" in detail

    # ------------------------------------------------------ one consistent read
    def test_read_tail_is_the_values_after_a_seq_with_the_version_and_head(self, store):
        assert store.read_tail("nope") == Tail(0, "", []) and store.read_tail("nope", 3) == Tail(0, "", [])
        written = fill(store, GAME, 4)
        assert store.read_tail(GAME) == Tail(4, written[-1].hash, [e.raw for e in written])
        assert store.read_tail(GAME, 2) == Tail(4, written[-1].hash, [e.raw for e in written[2:]])
        assert store.read_tail(GAME, 4) == Tail(4, written[-1].hash, [])
        assert store.read_raw(GAME) == [e.raw for e in written]

    # ------------------------------------------------------ snapshots
    def snap(self, store, game_id: str, after: int, n: int, seq: int, tag: str, data: bytes):
        """Append ``n`` events after ``after`` keeping a snapshot after event ``seq``."""
        seen = []
        written = store.append(game_id, [played(i=after + i) for i in range(n)], after,
                               snapshot=lambda sealed: seen.append(list(sealed)) or (seq, tag, data))
        assert seen == [written]  # called with the events exactly as they were stored
        return written

    def test_a_snapshot_kept_with_an_append_is_where_a_cold_load_starts(self, store):
        fill(store, GAME, 3)
        self.snap(store, GAME, 3, 3, 5, "t1", b"after 5")
        last = store.append(GAME, [played()], 6)[-1]
        raws = self.raw_events(store, GAME)
        assert store.read_restore(GAME, "t1") == Restore(7, last.hash, b"after 5", 5, raws[0], raws[5:], False)
        assert store.read_restore("nope", "t1") == Restore(0, "", None, 0, None, [], False)

    def test_a_restore_up_to_a_seq_starts_from_the_newest_snapshot_at_or_before_it(self, store):
        fill(store, GAME, 1)
        self.snap(store, GAME, 1, 2, 2, "t1", b"after 2")
        self.snap(store, GAME, 3, 3, 5, "t1", b"after 5")
        raws, head = self.raw_events(store, GAME), store.read_tail(GAME).head
        assert store.read_restore(GAME, "t1", 4) == Restore(6, head, b"after 2", 2, raws[0], raws[2:4])
        assert store.read_restore(GAME, "t1", 5) == Restore(6, head, b"after 5", 5, raws[0], [])
        assert store.read_restore(GAME, "t1", 6) == store.read_restore(GAME, "t1", 60) == \
            Restore(6, head, b"after 5", 5, raws[0], raws[5:])
        assert store.read_restore(GAME, "t1", 1) == Restore(6, head, None, 0, None, raws[:1])

    def test_without_a_snapshot_a_cold_load_reads_the_whole_log(self, store):
        written = fill(store, GAME, 4)
        assert store.read_restore(GAME, "t1") == Restore(4, written[-1].hash, None, 0, None, [e.raw for e in written])

    def test_a_snapshot_under_another_tag_is_passed_over(self, store):
        fill(store, GAME, 1)
        self.snap(store, GAME, 1, 2, 3, "new", b"new at 3")
        self.snap(store, GAME, 3, 2, 5, "old", b"old at 5")  # a rolling deploy: the older code again
        raws, head = self.raw_events(store, GAME), store.read_tail(GAME).head
        assert store.read_restore(GAME, "new") == Restore(5, head, b"new at 3", 3, raws[0], raws[3:], True)
        assert store.read_restore(GAME, "new", 4) == Restore(5, head, b"new at 3", 3, raws[0], raws[3:4], False)
        assert store.read_restore(GAME, "newer") == Restore(5, head, None, 0, None, raws, True)

    def test_an_append_refused_keeps_no_snapshot(self, store):
        fill(store, GAME, 2)
        store.append(GAME, [played()], 2, request_id="r")
        with pytest.raises(ConcurrencyError):
            store.append(GAME, [played()], 2, snapshot=lambda sealed: (3, "t1", b"lost race"))
        with pytest.raises(AlreadyApplied):
            store.append(GAME, [played()], 3, request_id="r", snapshot=lambda sealed: (4, "t1", b"retried"))
        assert store.read_restore(GAME, "t1").snapshot is None

    def test_replacing_the_snapshots_leaves_one_if_the_game_is_at_that_point(self, store):
        fill(store, GAME, 1)
        self.snap(store, GAME, 1, 2, 2, "t1", b"after 2")
        head = store.read_tail(GAME).head
        assert not store.replace_snapshots(GAME, 2, head, "t2", b"not at 2 now")
        assert not store.replace_snapshots(GAME, 3, "0" * 64, "t2", b"another log's")
        assert store.read_restore(GAME, "t1").snapshot == b"after 2"
        assert store.replace_snapshots(GAME, 3, head, "t2", b"after 3")
        raws = self.raw_events(store, GAME)
        assert store.read_restore(GAME, "t1") == Restore(3, head, None, 0, None, raws, True)  # only t2's now
        assert store.read_restore(GAME, "t2", 2) == Restore(3, head, None, 0, None, raws[:2], False)
        assert store.read_restore(GAME, "t2") == Restore(3, head, b"after 3", 3, raws[0], [], False)
        assert not store.replace_snapshots("nope", 0, "", "t2", b"no game")

    def test_an_evicted_game_leaves_no_snapshot_behind(self, store):
        fill(store, GAME, 1)
        self.snap(store, GAME, 1, 1, 2, "t1", b"after 2")
        head = store.read_tail(GAME).head
        assert store.mark_archived(GAME, 2, head, "sum", b"seal") and store.evict(GAME, 2, head, "sum")
        fill(store, GAME, 3)  # the same id again (a test's convenience: ids are never reused)
        assert store.read_restore(GAME, "t1").snapshot is None

    # ------------------------------------------------------ logs in stored form 1
    def put_form1(self, store, game_id: str, raws: list[bytes], head: str) -> None:
        raise NotImplementedError

    def test_a_form_1_log_reads_verifies_and_continues_in_form_2(self, store):
        """A game stored before form 2 keeps its bytes: it reads as before, verifies
        against its head, and its next events chain on from its last hash in form 2."""
        at = "2026-11-21T12:00:00.123Z"
        old = [("card_played", at, 0, {"cards": ["KS"], "joker_as": None}, 1),
               ("direction_changed", at, None, {"direction": -1}, 1),
               ("turn_started", at, 1, {"next_regular": 0, "deadline": None, "bonus": None}, 1)]
        raws, head = form1_values(old)
        self.put_form1(store, GAME, raws, head)
        log = store.read(GAME)
        assert [(e.seq, e.type, e.at, e.seat, e.data, e.v) for e in log] == [
            (1, "card_played", at, 0, {"cards": ["KS"], "joker_as": None}, 1),
            (2, "direction_changed", at, None, {"direction": "ccw"}, 2),
            (3, "turn_started", at, 1, {"next_regular": 0, "deadline": None, "bonus": None}, 1)]
        assert log[-1].hash == head and verify_chain(log, head)[0]
        [new] = store.append(GAME, [played(1)], 3, head)
        assert new.raw.startswith(b"[") and new.hash == link(head, new.raw)
        both = store.read(GAME)
        assert verify_chain(both, new.hash)[0] and store.read_tail(GAME).head == new.hash
        edited = orjson.loads(raws[0])
        edited["data"]["cards"] = ["AS"]
        self.overwrite(store, GAME, 1, orjson.dumps(edited))
        ok, detail = verify_chain(store.read(GAME), new.hash)
        assert not ok and detail == "seq 1: content does not match its hash (the event was altered)"

    # ------------------------------------------------------ upcasting
    def test_old_events_are_upcast_on_read_and_never_rewritten(self, store, monkeypatch):
        store.append(GAME, [NewEvent("test_card_played", 1, {"card": "KS"})], 0)
        stored_before = self.raw_events(store, GAME)
        register_upcaster("test_card_played", 1, card_to_cards)
        monkeypatch.setitem(codec.CURRENT_VERSION, "test_card_played", 2)
        store.append(GAME, [NewEvent("test_card_played", 2, {"cards": ["QH"]})], 1)

        old, new = store.read(GAME)
        assert (old.v, old.data) == (2, {"cards": ["KS"]})
        assert (new.v, new.data) == (2, {"cards": ["QH"]})
        assert self.raw_events(store, GAME)[0] == stored_before[0]
        assert len(orjson.loads(stored_before[0])) == 4  # no v: stored at v1
        assert verify_chain([old, new], store.read_tail(GAME).head)[0]


class TestInMemoryStore(EventStoreContract):
    @pytest.fixture
    def store(self):
        return InMemoryEventStore()

    def raw_events(self, store, game_id):
        return list(store._logs[game_id])

    def overwrite(self, store, game_id, seq, raw):
        store._logs[game_id][seq - 1] = raw

    def put_form1(self, store, game_id, raws, head):
        store._logs[game_id] = list(raws)
        store._last_hash[game_id] = head


class RedisStoreContract(EventStoreContract):
    """Adds what only the Redis layout promises."""

    def client(self, store) -> redis.Redis:
        """A client of the test's own on the store's data (replies parsed as usual)."""
        return store._redis

    def raw_events(self, store, game_id):
        return [fields[b"e"] for _id, fields in self.client(store).xrange(events_key(game_id))]

    def overwrite(self, store, game_id, seq, raw):
        # A stream entry cannot be edited in place: rebuild the stream with one entry changed.
        client, key = self.client(store), events_key(game_id)
        entries = client.xrange(key)
        client.delete(key)
        for entry_id, fields in entries:
            client.xadd(key, {b"e": raw if entry_id == f"{seq}-0".encode() else fields[b"e"]}, id=entry_id)

    def put_form1(self, store, game_id, raws, head):
        client = self.client(store)
        for seq, raw in enumerate(raws, start=1):
            client.xadd(events_key(game_id), {b"e": raw}, id=f"{seq}-0")
        client.hset(meta_key(game_id), mapping={"version": len(raws), "last_hash": head, "append_id": "old"})

    def test_keys_share_one_hash_tag(self, store):
        fill(store, GAME, 2)
        store.append(GAME, [played()], 2, request_id="r")
        keys = {k.decode() for k in self.client(store).keys("*")}
        assert keys == {f"game:{{{GAME}}}:events", f"game:{{{GAME}}}:meta", f"game:{{{GAME}}}:requests"} \
            == {events_key(GAME), meta_key(GAME), requests_key(GAME)}
        assert len({key_slot(k.encode()) for k in keys | {live_channel(GAME)}}) == 1

    def test_each_append_publishes_the_new_version_on_the_games_channel(self, store):
        client = self.client(store)
        listener = client.pubsub()
        listener.ssubscribe(live_channel(GAME))
        assert listener.get_sharded_message(timeout=2)["type"] == "ssubscribe"
        fill(store, GAME, 3)
        store.append(GAME, [played()], 3)
        with pytest.raises(ConcurrencyError):
            store.append(GAME, [played()], 3)  # a refused append publishes nothing
        store.append(GAME, [played()], 4, request_id="x")
        with pytest.raises(AlreadyApplied):
            store.append(GAME, [played()], 5, request_id="x")
        notices = []
        while (message := listener.get_sharded_message(timeout=0.5)) is not None:
            notices.append(message["data"])
        # each notice: the new version, then the append's events as stored (readers need not read them)
        assert [n.split(b"\n")[0] for n in notices] == [b"3", b"4", b"5"]
        stored = [bytes(r) if not isinstance(r, str) else r.encode() for r in store.read_raw(GAME)]
        assert [n.split(b"\n")[1:] for n in notices] == [stored[:3], stored[3:4], stored[4:5]]
        listener.close()

    def test_an_append_too_large_to_publish_publishes_its_version_alone(self, store):
        client = self.client(store)
        listener = client.pubsub()
        listener.ssubscribe(live_channel(GAME))
        assert listener.get_sharded_message(timeout=2)["type"] == "ssubscribe"
        store.append(GAME, [played(cards=["KS"] * 2000)], 0)
        assert listener.get_sharded_message(timeout=2)["data"] == b"1"
        listener.close()

    def test_stream_ids_are_the_seqs_and_meta_follows(self, store):
        written = fill(store, GAME, 3)
        client = self.client(store)
        assert [i for i, _ in client.xrange(events_key(GAME))] == [b"1-0", b"2-0", b"3-0"]
        meta = client.hgetall(meta_key(GAME))
        assert meta[b"version"] == b"3" and meta[b"last_hash"] == written[-1].hash.encode()
        with pytest.raises(redis.ResponseError):
            client.xadd(events_key(GAME), {b"e": b"{}"}, id="2-0")

    def test_one_append_is_one_round_trip(self, store, monkeypatch):
        [first] = fill(store, GAME, 1)  # also loads the script into the server
        sent: list = []
        for cls in (redis.Redis, RedisCluster):  # whichever client the store sends through
            real = cls.execute_command
            monkeypatch.setattr(cls, "execute_command",
                                lambda self, *a, real=real, **kw: sent.append(a[0]) or real(self, *a, **kw))

        second = store.append(GAME, [played(), played()], 1, first.hash)
        assert sent == ["EVALSHA"]
        sent.clear()
        store.append(GAME, [played()], 3)  # prev hash from the store's cache
        assert sent == ["EVALSHA"]

        sent.clear()
        cold = RedisEventStore(store.client)
        cold.append(GAME, [played()], 4)  # nothing cached: one extra read
        assert sent == ["HMGET", "EVALSHA"]
        monkeypatch.undo()
        assert second[-1].seq == 3 and verify_chain(store.read(GAME), store.read_tail(GAME).head)[0]

    def test_snapshots_share_the_games_hash_tag_and_a_cold_load_is_one_round_trip(self, store, monkeypatch):
        fill(store, GAME, 2)
        store.append(GAME, [played()], 2, snapshot=lambda sealed: (3, "t1", b"after 3"))
        assert key_slot(snapshots_key(GAME).encode()) == key_slot(meta_key(GAME).encode())
        assert self.client(store).zrange(snapshots_key(GAME), 0, -1, withscores=True) == [(b"t1|after 3", 3.0)]
        store.read_restore(GAME, "t1")  # the script is in the server
        sent: list = []
        for cls in (redis.Redis, RedisCluster):
            real = cls.execute_command
            monkeypatch.setattr(cls, "execute_command",
                                lambda self, *a, real=real, **kw: sent.append(a[0]) or real(self, *a, **kw))
        assert store.read_restore(GAME, "t1").snapshot == b"after 3"
        assert sent == ["EVALSHA"]

    def test_a_resent_append_is_recognized_not_repeated(self, store):
        """redis-py retries a command whose reply was lost; the script must not then report
        a conflict for (or re-apply) the append that already landed."""
        fill(store, GAME, 1)
        calls = []
        script = store._append_script
        store._append_script = lambda **kw: calls.append(kw) or script(**kw)
        written = store.append(GAME, [played(), played()], 1)
        assert [int(x) for x in script(**calls[0])[:2]] == [1, 3]
        assert seqs(store.read(GAME)) == [1, 2, 3] and store.read(GAME, after=1) == written


class TestFakeRedisStore(RedisStoreContract):
    @pytest.fixture
    def store(self, fake_redis):
        return RedisEventStore(fake_redis)

    def test_clients_of_one_server_share_games(self, store, fake_redis_server):
        import fakeredis

        other = RedisEventStore(fakeredis.FakeRedis(server=fake_redis_server))
        fill(store, GAME, 2)
        assert seqs(other.read(GAME)) == [1, 2]


class TestRealRedisStore(RedisStoreContract):
    """On one server and on a 3-master cluster (``redis_backend``)."""

    @pytest.fixture
    def store(self, redis_backend):
        store = RedisEventStore.from_url(redis_backend.url, cluster=redis_backend.cluster, max_block_s=2.0)
        self._direct = redis_backend.client()
        self.nodes = 3 if redis_backend.cluster else 1
        yield store
        store.close()
        self._direct.close()

    def client(self, store):
        return self._direct

    def test_one_reader_holds_one_connection_per_node_for_any_number_of_games(self, store):
        games = [f"g-{i}" for i in range(30)]  # on every node of a cluster
        for game in games:
            fill(store, game, 1)
        cursors = {g: 0 for g in games}
        wake = store.wakeup()

        def read_until(version):
            deadline = time.monotonic() + 10
            while any(c < version for c in cursors.values()) and time.monotonic() < deadline:
                for game, events in store.read_many_blocking(dict(cursors), 5.0, wake).items():
                    assert seqs(events) == list(range(cursors[game] + 1, version + 1))
                    cursors[game] = events[-1].seq

        read_until(1)  # what was there before the subscriptions
        for game in games:
            store.append(game, [played()], 1)
        read_until(2)  # what the notices announced
        assert set(cursors.values()) == {2}
        subscribed = self.subscribed_connections(store)
        assert len(subscribed) == self.nodes and set(subscribed.values()) == {1}, subscribed
        wake.close()

    def test_watching_a_game_again_and_again_keeps_the_one_connection(self, store, caplog):
        """Long-polls come and go: the hub stops and starts watching a game many times a
        second. Each confirmation of an unsubscription is ours, not a node giving the slot
        away (which would make the feed reconnect and re-read every game)."""
        fill(store, "churn", 1)
        wake = store.wakeup()
        for _ in range(30):  # no wait in between: the confirmations arrive after the next subscription
            store.read_many_blocking({"churn": 1}, 0, wake)
            store.read_many_blocking({}, 0, wake)
        listeners = dict(store._feed._listeners)
        store.append("churn", [played()], 1)
        got = store.read_many_blocking({"churn": 1}, 5.0, wake)
        while not got:
            got = store.read_many_blocking({"churn": 1}, 5.0, wake)
        assert seqs(got["churn"]) == [2]
        assert store._feed._listeners == listeners and not [r for r in caplog.records if "lost" in r.getMessage()]
        wake.close()

    def subscribed_connections(self, store) -> dict[str, int]:
        """Per node, the connections subscribed to shard channels."""
        if self.nodes == 1:
            return {"server": sum(1 for c in self._direct.client_list() if int(c.get("ssub", 0)) > 0)}
        return {node.name: sum(1 for c in self._direct.client_list(target_nodes=node) if int(c.get("ssub", 0)) > 0)
                for node in self._direct.get_primaries()}

    def test_one_append_is_one_command_on_the_wire(self, redis_url):
        store = RedisEventStore.from_url(redis_url)
        [first] = fill(store, GAME, 1)  # warm: script loaded, pooled connection open
        marker = redis.Redis.from_url(redis_url)
        marker.ping()
        with redis.Redis.from_url(redis_url).monitor() as monitor:
            store.append(GAME, [played(), played(), played()], 1, first.hash)
            marker.echo("end-of-append")
            seen = []
            while "end-of-append" not in (command := monitor.next_command())["command"]:
                seen.append(command)
        from_clients = [c["command"].split()[0] for c in seen if c["client_type"] != "lua"]
        from_script = [c["command"].split()[0] for c in seen if c["client_type"] == "lua"]
        assert from_clients == ["EVALSHA"]
        assert from_script == ["HMGET", "XADD", "XADD", "XADD", "HSET", "SPUBLISH"]
        marker.close()
        store.close()

    def test_blocking_reads_outlast_the_socket_timeout(self, redis_url):
        store = RedisEventStore.from_url(redis_url, socket_timeout=0.5, max_block_s=0.4)
        began = time.monotonic()
        assert store.read_blocking(GAME, 0, 1.2) == []  # three XREAD BLOCKs, none times out
        assert 1.1 <= time.monotonic() - began < 2.5
        store.close()

    def test_acknowledged_appends_survive_sigkill(self, tmp_path):
        with start_server(dir=str(tmp_path), appendonly=True, appendfsync="always") as server:
            store = RedisEventStore.from_url(server.url)
            acknowledged: list[StoredEvent] = []
            for i in range(40):
                prev = acknowledged[-1].hash if acknowledged else ""
                acknowledged += store.append("durable", [played(i=i, j=j) for j in range(5)], 5 * i, prev)

            server.kill()
            server.restart()
            log = store.read("durable")  # the pool reconnects
            assert log == acknowledged and len(log) == 200
            assert verify_chain(log, acknowledged[-1].hash) == (
                True, "200 events, hash chain intact up to the recorded head")
            [after] = store.append("durable", [played()], 200)  # script cache was lost: reloaded
            assert after.hash == link(acknowledged[-1].hash, after.raw) == store.read_tail("durable").head
            store.close()
