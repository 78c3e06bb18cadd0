"""The game log end to end: whole random games through the application service, stored
in a real Redis-compatible server (and, where cheap, fakeredis and the in-memory store).

- a fresh repository replays the log to exactly the live record, ``load_at`` gives the
  record after any seq, a warm cache reads only the tail, and the lean replay
  (``games.replay``, stored bytes) folds exactly as ``apply_events`` does;
- ``audit`` verifies a finished game, and catches an edited event (broken hash chain) and
  a forged deal behind a recomputed chain (commitments, cards accounted for);
- two service instances racing on one move: one append wins, the other gets
  ``ConcurrencyError``, and the log stays gap-free; racing joins both get a seat.

A regression test pins a bug found on the way (a table created full started in a second
append)."""

from __future__ import annotations

import random
import threading
from itertools import islice

import fakeredis
import orjson
import pytest
import redis

from domain import GameStatusError, RuleViolation, command_from_move, legal_moves
from domain.rules import PRESET_IDS
from events import codec
from events.chain import verify_chain
from events.codec import TYPE_CODES, link
from events.store import InMemoryEventStore, RedisEventStore, events_key, meta_key
from games.audit import audit
from games.records import apply_events
from games.replay import apply_raw
from games.repository import GameRepository
from games.service import Stale, TableSpec
from tests.support.service_games import SteppingClock, act, new_service, random_steps, start_table

VARIANT, PLAYERS, SEED = "macau", 3, 0  # a game of 500+ events, several rounds and reshuffles


# ------------------------------------------------------------------ fixtures
@pytest.fixture(params=["memory", "fakeredis", "redis"])
def open_store(request):
    """A factory of stores that share one backend (each call: a new client, as a new
    process would have)."""
    opened = []
    if request.param == "memory":
        shared = InMemoryEventStore()
        yield lambda: shared
        return
    if request.param == "fakeredis":
        server = fakeredis.FakeServer()

        def make():
            return RedisEventStore(fakeredis.FakeRedis(server=server))
    else:
        url = request.getfixturevalue("redis_url")

        def make():
            store = RedisEventStore.from_url(url)
            opened.append(store)
            return store
    yield make
    for store in opened:
        store.close()


@pytest.fixture
def redis_store(redis_url):
    store = RedisEventStore.from_url(redis_url)
    yield store
    store.close()


@pytest.fixture
def client(redis_url):
    c = redis.Redis.from_url(redis_url)
    yield c
    c.close()


def finished_game(store, variant=VARIANT, players=PLAYERS, seed=SEED):
    """(service, final record, {version: record after each command})."""
    svc = new_service(store)
    record = start_table(svc, variant, players, seed=seed)
    history = {record.version: record}
    for _, record in random_steps(svc, record, random.Random(seed)):
        history[record.version] = record
    assert record.status == "finished"
    return svc, record, history


# ------------------------------------------------------------------ replay and cache
def test_a_fresh_repository_replays_the_log_to_the_live_record(open_store):
    _, live, history = finished_game(open_store())
    fresh = GameRepository(open_store())
    assert fresh.load(live.game_id) == live
    rng = random.Random(1)
    for seq in sorted(rng.sample(sorted(history), 20)) + [min(history), live.version]:
        assert fresh.load_at(live.game_id, seq) == history[seq], f"load_at({seq})"
    assert fresh.load_at("no-such-game", 5) is None and fresh.load("no-such-game") is None


def test_the_first_event_records_the_rules_and_the_table(redis_store):
    _, live, _ = finished_game(redis_store)
    first = redis_store.read(live.game_id, limit=1)[0]
    assert first.seq == 1 and first.type == "game_created"
    assert first.data["rules"] == live.rules.to_dict() and first.data["rules_version"]
    assert first.data["seats"] == PLAYERS and first.data["variant"] == VARIANT


def test_a_warm_cache_reads_only_the_tail(open_store):
    writer = new_service(open_store())
    record = start_table(writer, VARIANT, PLAYERS, seed=SEED)
    rng = random.Random(2)
    for _, record in islice(random_steps(writer, record, rng), 60):
        pass
    reader = GameRepository(open_store())
    assert reader.load(record.game_id) == record  # cold: the whole log
    returned: list[tuple[int, int]] = []
    store = reader.store

    def counting(method):
        def read(game_id, after=0, limit=None):
            events = method(game_id, after, limit)
            returned.append((after, len(events)))
            return events
        return read

    def counting_tail(game_id, after=0):
        tail = read_tail(game_id, after)
        returned.append((after, len(tail.raws)))
        return tail

    read_tail = store.read_tail
    store.read, store.read_raw, store.read_tail = counting(store.read), counting(store.read_raw), counting_tail
    try:
        for _ in range(10):
            stored, record = next(random_steps(writer, record, rng))
            returned.clear()
            assert reader.load(record.game_id) == record
            assert returned == [(stored[0].seq - 1, len(stored))], "load must read just the new events"
        returned.clear()
        assert reader.load(record.game_id) == record and returned == [(record.version, 0)]
    finally:
        del store.read, store.read_raw, store.read_tail


def test_the_lean_replay_equals_the_fold_of_decoded_events(open_store):
    """``GameRepository`` replays with ``games.replay.apply_raw`` (stored bytes, no
    envelope per event); it must give exactly ``apply_events`` over ``read``, from the
    start and from any record on."""
    store = open_store()
    _, live, history = finished_game(store)
    raws, events = store.read_raw(live.game_id), store.read(live.game_id)
    assert codec.decode_many(raws, 1) == events
    assert apply_raw(None, live.game_id, raws) == apply_events(None, live.game_id, events) == live
    for seq in random.Random(5).sample(sorted(history), 15):
        base = history[seq]
        assert apply_raw(base, live.game_id, raws[seq:]) == apply_events(base, live.game_id, events[seq:]) == live


@pytest.mark.parametrize("options", [{"protocol": 3}, {"decode_responses": True}], ids=["resp3", "decoded"])
def test_reads_do_not_depend_on_the_clients_reply_settings(redis_url, options):
    """The store reads XRANGE replies raw (no per-entry conversion by redis-py); any
    client a caller hands it still reads and replays the same log."""
    stores = [RedisEventStore(redis.Redis.from_url(redis_url)), RedisEventStore(redis.Redis.from_url(redis_url, **options))]
    _, live, _ = finished_game(stores[0], variant="makao")
    plain, other = (s.read(live.game_id) for s in stores)
    assert plain == other and codec.decode_many(stores[1].read_raw(live.game_id), 1) == plain
    assert GameRepository(stores[1]).load(live.game_id) == live
    for s in stores:
        s._redis.close()


# ------------------------------------------------------------------ audit
def test_audit_verifies_a_finished_game(redis_store):
    _, live, _ = finished_game(redis_store)
    events = redis_store.read(live.game_id)
    report = audit(live.game_id, events, redis_store.read_tail(live.game_id).head)
    assert report["verified"], report
    assert report["events"] == live.version == len(events)
    assert [c["name"] for c in report["checks"]] == ["hash_chain", "replay", "cards_accounted", "results",
                                                     "commitments", "game_finished"]
    assert all(c["ok"] for c in report["checks"])
    shuffles = sum(e.type in ("round_started", "stock_reshuffled") for e in events)
    assert shuffles > 2 and f"{shuffles} shuffles" in check(report, "commitments")["detail"]


def check(report, name):
    return next(c for c in report["checks"] if c["name"] == name)


# KEYS[1]: a stream.  ARGV: entry id, new body of field ``e``.  Streams are append-only,
# so rewrite the whole stream with that one entry changed, atomically.
_REWRITE_ENTRY = """
local entries = redis.call('XRANGE', KEYS[1], '-', '+')
redis.call('DEL', KEYS[1])
local found = 0
for _, entry in ipairs(entries) do
  local body = entry[2][2]
  if entry[1] == ARGV[1] then body = ARGV[2]; found = 1 end
  redis.call('XADD', KEYS[1], entry[1], 'e', body)
end
return found
"""


def rewrite(client, game_id, seq, event_dict) -> None:
    found = client.eval(_REWRITE_ENTRY, 1, events_key(game_id), f"{seq}-0", orjson.dumps(event_dict))
    assert found == 1


def raw_events(client, game_id) -> list[list]:
    """The stored values (form 2: ``[type code, at, seat, data(, v)]``), parsed."""
    return [orjson.loads(fields[b"e"]) for _id, fields in client.xrange(events_key(game_id))]


def test_audit_catches_an_event_edited_in_redis(redis_store, client):
    _, live, _ = finished_game(redis_store)
    raw = raw_events(client, live.game_id)
    seq = next(i for i, e in enumerate(raw, 1) if i > len(raw) // 2 and e[0] == TYPE_CODES["card_played"])
    target = raw[seq - 1]
    target[3]["cards"] = ["AS"] if target[3]["cards"] != ["AS"] else ["AH"]
    rewrite(client, live.game_id, seq, target)

    store = RedisEventStore(client)
    events = GameRepository(store).events(live.game_id)
    assert events[seq - 1].data["cards"] == target[3]["cards"]  # the edit is really stored
    report = audit(live.game_id, events, store.read_tail(live.game_id).head)
    chain = check(report, "hash_chain")
    assert not report["verified"] and not chain["ok"]
    assert f"the {live.version} events hash to" in chain["detail"] and "not to the recorded head" in chain["detail"]


def forge(client, game_id, alter) -> int:
    """Apply ``alter(stored value)`` to the first event it returns True for, then
    recompute the chain from there on and rewrite stream and meta: a consistent forged
    chain."""
    raw = raw_events(client, game_id)
    start = next(i for i, e in enumerate(raw) if alter(e))
    prev = ""
    for e in raw:
        prev = link(prev, orjson.dumps(e))
    key = events_key(game_id)
    pipe = client.pipeline(transaction=True)
    pipe.delete(key)
    for seq, e in enumerate(raw, 1):
        pipe.xadd(key, {"e": orjson.dumps(e)}, id=f"{seq}-0")
    pipe.hset(meta_key(game_id), "last_hash", prev)
    pipe.execute()
    return start + 1


def swap_in_first_deal(i, j):
    def alter(e):
        if e[0] != TYPE_CODES["round_started"]:
            return False
        stock = e[3]["stock"]
        assert stock[i] != stock[j] or i == j
        stock[i], stock[j] = stock[j], stock[i]
        return True
    return alter


def first_draw_size(client, game_id) -> int:
    raw = raw_events(client, game_id)
    deal = next(i for i, e in enumerate(raw) if e[0] == TYPE_CODES["round_started"])
    return len(next(e for e in raw[deal:] if e[0] == TYPE_CODES["cards_drawn"])[3]["cards"])


@pytest.mark.parametrize("where", ["across_the_first_draw", "bottom_of_stock"])
def test_audit_catches_a_forged_deal_behind_a_recomputed_chain(redis_store, client, where):
    """The forger reorders the stock of the first deal and recomputes every hash: the
    chain holds and the log replays, but the order no longer matches the commitment
    published with the deal. Swapping the last card of the first draw with the card
    below it also leaves that draw's card in two places at once."""
    _, live, _ = finished_game(redis_store)
    k = first_draw_size(client, live.game_id)
    i, j = (k - 1, k) if where == "across_the_first_draw" else (-1, -2)
    seq = forge(client, live.game_id, swap_in_first_deal(i, j))

    store = RedisEventStore(client)
    report = audit(live.game_id, store.read(live.game_id), store.read_tail(live.game_id).head)
    assert check(report, "hash_chain")["ok"] and check(report, "replay")["ok"]
    assert not report["verified"]
    commitments = check(report, "commitments")
    assert not commitments["ok"] and commitments["detail"] == f"seq {seq}: the deck order does not match its commitment"
    if where == "across_the_first_draw":
        cards = check(report, "cards_accounted")
        assert not cards["ok"] and "cards out of place" in cards["detail"]


def test_audit_catches_a_forged_result_behind_a_recomputed_chain(redis_store, client):
    """The forger names another winner in game_ended and recomputes the chain: the log
    still replays (the fold takes the recorded result as it is), but the engine's scoring
    of the replayed table gives the true one."""
    _, live, _ = finished_game(redis_store)
    true_winners = list(live.state.result.winners)

    def crown_a_loser(e):
        if e[0] != TYPE_CODES["game_ended"]:
            return False
        e[3]["winners"] = [next(s for s in range(PLAYERS) if s not in true_winners)]
        return True

    seq = forge(client, live.game_id, crown_a_loser)
    store = RedisEventStore(client)
    report = audit(live.game_id, store.read(live.game_id), store.read_tail(live.game_id).head)
    assert check(report, "hash_chain")["ok"] and check(report, "replay")["ok"] and check(report, "commitments")["ok"]
    results = check(report, "results")
    assert not report["verified"] and not results["ok"]
    assert results["detail"] == f"seq {seq}: game_ended records winners other than the play gives"


@pytest.mark.parametrize("variant", PRESET_IDS)
def test_every_presets_games_audit_clean(variant):
    for players, seed in ((2, 1), (4, 2)):
        svc, live, _ = finished_game(None, variant, players, seed)
        store = svc.repo.store
        report = audit(live.game_id, store.read(live.game_id), store.read_tail(live.game_id).head)
        assert report["verified"], (variant, players, [c for c in report["checks"] if not c["ok"]])
        assert check(report, "results")["detail"] == f"{len(live.state.rounds) + 1} results follow from the play"


def test_audit_of_a_game_in_progress(redis_store):
    svc = new_service(redis_store)
    record = start_table(svc, VARIANT, PLAYERS, seed=SEED)
    for _, record in islice(random_steps(svc, record, random.Random(3)), 40):
        pass
    assert record.status == "playing"
    report = audit(record.game_id, redis_store.read(record.game_id), redis_store.read_tail(record.game_id).head)
    ok = {c["name"]: c["ok"] for c in report["checks"]}
    assert ok == {"hash_chain": True, "replay": True, "cards_accounted": True, "results": True,
                  "commitments": False, "game_finished": False}
    assert not report["verified"] and report["events"] == record.version


# ------------------------------------------------------------------ concurrency
def race(services, record_of, command_of):
    """Run one command per service at once; returns (results, errors) by service index."""
    barrier = threading.Barrier(len(services))
    results, errors = {}, {}

    def go(i):
        record, command = record_of(i), command_of(i)
        barrier.wait()
        try:
            results[i] = act(services[i], record, command, record.version)
        except Exception as exc:  # collected, asserted below
            errors[i] = exc

    threads = [threading.Thread(target=go, args=(i,)) for i in range(len(services))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert not any(t.is_alive() for t in threads)
    return results, errors


def test_two_services_race_on_one_move_and_one_wins(redis_url):
    stores = [RedisEventStore.from_url(redis_url) for _ in range(2)]
    clock = SteppingClock()
    a, b = (new_service(s, clock) for s in stores)
    try:
        record = start_table(a, VARIANT, PLAYERS, seed=SEED)
        game_id = record.game_id
        rng = random.Random(4)
        wins = [0, 0]
        for _ in range(25):
            ra, rb = a.get(game_id), b.get(game_id)
            assert ra == rb
            st = ra.state
            move = rng.choice(legal_moves(st, st.actor, clock()))
            cmd = command_from_move(st.actor, move, clock(), wish=(move.get("wish_options") or [None])[0])
            results, errors = race([a, b], [ra, rb].__getitem__, lambda i: cmd)
            assert len(results) == 1 and len(errors) == 1, (results, errors)
            [(winner, (stored, after))] = results.items()
            [(loser, error)] = errors.items()
            wins[winner] += 1
            assert isinstance(error, Stale) and error.current_version == after.version
            assert stored[0].seq == ra.version + 1 and after.version == stored[-1].seq
            # the loser reloads the winner's game; its move was already made
            again = (a, b)[loser].get(game_id)
            assert again == after
            try:
                act((a, b)[loser], again, cmd)
                raise AssertionError("the same move was accepted twice")
            except (RuleViolation, GameStatusError):
                pass
            if after.status != "playing":
                break
        events = stores[0].read(game_id)
        assert [e.seq for e in events] == list(range(1, len(events) + 1))
        assert verify_chain(events, stores[1].read_tail(game_id).head)[0] and stores[1].version(game_id) == len(events)
        assert apply_events(None, game_id, events) == b.get(game_id) == a.get(game_id)
    finally:
        for s in stores:
            s.close()


def test_racing_joins_both_get_a_seat_and_the_game_starts_once(redis_url):
    stores = [RedisEventStore.from_url(redis_url) for _ in range(2)]
    a, b = (new_service(s) for s in stores)
    try:
        for attempt in range(5):
            record, _ = a.create(TableSpec(VARIANT, seats=3, players=["ann"], seed=attempt))
            b.get(record.game_id)  # warm b's cache at the same version as a's
            barrier = threading.Barrier(2)
            seated = {}

            def join(i):
                barrier.wait()
                seated[i] = (a, b)[i].join(record.game_id, f"joiner{i}")[1].seat

            threads = [threading.Thread(target=join, args=(i,)) for i in range(2)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(10)
            assert sorted(seated.values()) == [1, 2]
            events = stores[0].read(record.game_id)
            assert [e.type for e in events].count("game_started") == 1
            assert [e.seq for e in events] == list(range(1, len(events) + 1))
            assert verify_chain(events, stores[0].read_tail(record.game_id).head)[0]
            assert a.get(record.game_id).status == "playing"
    finally:
        for s in stores:
            s.close()


def test_a_table_created_full_starts_in_the_same_append():
    svc = new_service()

    def crash(*args, **kwargs):
        raise RuntimeError("the process died here")

    svc.repo.append = crash  # anything after the creating append never happens
    try:
        svc.create(TableSpec(VARIANT, seats=2, players=["ann", "bob"], seed=1))
    except RuntimeError:
        pass
    store = svc.repo.store
    [game_id] = store.game_ids()
    assert "game_started" in [e.type for e in store.read(game_id)]


def test_load_at_a_past_seq_is_the_record_after_that_event():
    svc = new_service()
    repo = svc.repo
    record, _ = svc.create(TableSpec("makao", seats=2, bots=["easy", "easy"], seed=4))
    assert record.version > 3
    past = repo.load(record.game_id, at=3)
    assert past.version == 3 and past.status == "waiting"
    assert repo.load(record.game_id).version == record.version
