"""Snapshots (games.snapshots, games.repository): a cold load folds fewer than
``snapshot_every`` (K) events on top of the newest snapshot, and so does a replay at any
event but those inside the command that reached a multiple of K (fewer than 2K); each
gives exactly the record a fold of the whole log gives; snapshots the code can no longer read, or that
do not chain to the stored log, are passed over and rebuilt; the audit folds from the
first event whatever the snapshots say. Random games through the service, on a real
Redis-compatible server (one server and a 3-master cluster)."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import islice

import pytest

from events.store import RedisEventStore, snapshots_key
from games import snapshots
from games.audit import audit
from games.records import apply_events
from games.replay import apply_raw
from games.repository import GameRepository
from tests.support.service_games import new_service, random_steps, start_table

EVERY = 7


@pytest.fixture
def store(redis_backend):
    store = RedisEventStore.from_url(redis_backend.url, cluster=redis_backend.cluster)
    yield store
    store.close()


def played(store, variant: str, players: int, seed: int, commands: int, finish: bool = False):
    svc = new_service(store)
    svc.repo.snapshot_every = EVERY
    record = start_table(svc, variant, players, seed=seed)
    steps = random_steps(svc, record, random.Random(seed))
    for _, record in (steps if finish else islice(steps, commands)):
        if finish and record.status == "finished":
            break
    return record


def whole_fold(store, game_id: str, upto=None):
    return apply_raw(None, game_id, store.read_raw(game_id, 0, upto))


def kept(store, game_id: str) -> list[int]:
    """The seqs the game's snapshots were taken after."""
    return sorted(int(score) for _, score in store.client.zrange(snapshots_key(game_id), 0, -1, withscores=True))


@pytest.mark.parametrize("variant,players,seed", [("macau", 3, 1), ("makao", 2, 2), ("plawno", 4, 3)])
def test_a_cold_load_and_a_replay_at_every_event_equal_the_whole_fold_and_fold_little(store, variant, players, seed):
    live = played(store, variant, players, seed, commands=60)
    fresh = GameRepository(store, snapshot_every=EVERY)
    assert fresh.load(live.game_id) == live
    assert len(store.read_restore(live.game_id, snapshots.TAG).raws) < EVERY
    after = kept(store, live.game_id)
    # one snapshot for each multiple of K, at the end of the command that reached it
    assert [s // EVERY for s in after] == list(range(1, live.version // EVERY + 1))
    for n in range(1, live.version + 1):
        found = store.read_restore(live.game_id, snapshots.TAG, n)
        assert found.snapshot_seq == max([s for s in after if s <= n], default=0)
        assert len(found.raws) == n - found.snapshot_seq < 2 * EVERY
        if n < EVERY or any(n // EVERY * EVERY <= s <= n for s in after):  # not inside a command that reached a multiple
            assert len(found.raws) < EVERY
        assert GameRepository(store, snapshot_every=EVERY).load_at(live.game_id, n) == whole_fold(store, live.game_id, n)


def test_a_record_survives_its_snapshot_at_every_step(store):
    """What a snapshot keeps is the whole record (records are compared field by field)."""
    svc = new_service(store)
    record = start_table(svc, "macau", 3, seed=4)
    first = store.read_raw(record.game_id, limit=1)[0]
    for _, record in islice(random_steps(svc, record, random.Random(4)), 80):
        assert snapshots.decode(record.game_id, snapshots.encode(record), first) == record


def test_snapshots_of_another_shape_are_passed_over_and_the_game_leaves_a_new_one(store, monkeypatch):
    live = played(store, "macau", 3, seed=5, commands=40)
    monkeypatch.setattr(snapshots, "TAG", "s-next-version")  # code whose state has another shape
    found = store.read_restore(live.game_id, snapshots.TAG)
    assert found.snapshot is None and found.stale
    assert GameRepository(store, snapshot_every=EVERY).load(live.game_id) == live
    rebuilt = store.read_restore(live.game_id, snapshots.TAG)
    assert (rebuilt.snapshot_seq, rebuilt.raws, rebuilt.stale) == (live.version, [], False)
    members = store.client.zrange(snapshots_key(live.game_id), 0, -1)
    assert len(members) == 1 and members[0].startswith(b"s-next-version|")  # the old ones gone
    assert GameRepository(store, snapshot_every=EVERY).load(live.game_id) == live


def test_a_snapshot_that_does_not_chain_to_the_log_is_not_served(store):
    """A snapshot moved to another place of the log (what an older copy of the snapshots
    beside a newer log would be): the latest state checks the chain, folds the whole log
    and replaces the snapshots."""
    live = played(store, "makao", 2, seed=6, commands=30)
    key, client = snapshots_key(live.game_id), store.client
    [(member, seq)] = client.zrange(key, 0, 0, withscores=True)
    assert seq < live.version
    client.zadd(key, {member: live.version})  # the first one, claiming to be after the last event
    assert GameRepository(store, snapshot_every=EVERY).load(live.game_id) == live
    assert client.zrange(key, 0, -1, withscores=True) == [(snapshots.TAG.encode() + b"|" + snapshots.encode(live),
                                                          float(live.version))]


def test_a_long_game_without_snapshots_gets_one_at_its_first_cold_load(store):
    live = played(store, "macau", 3, seed=7, commands=30)
    store.client.delete(snapshots_key(live.game_id))  # a game from before snapshots
    assert GameRepository(store, snapshot_every=EVERY).load(live.game_id) == live
    assert store.read_restore(live.game_id, snapshots.TAG).snapshot_seq == live.version
    assert GameRepository(store, snapshot_every=0).load(live.game_id) == live  # snapshots off: still served


def test_the_audit_folds_from_the_first_event_whatever_the_snapshots_say(store):
    live = played(store, "makao", 2, seed=8, commands=0, finish=True)
    assert live.status == "finished"
    key, client = snapshots_key(live.game_id), store.client
    members = client.zrange(key, 0, -1, withscores=True)
    assert members
    # every snapshot now claims the state of the game's start
    start = apply_events(None, live.game_id, store.read(live.game_id, limit=EVERY))
    client.delete(key)
    for _, seq in members:
        lie = snapshots.encode(replace(start, version=int(seq)))
        client.zadd(key, {snapshots.TAG.encode() + b"|" + lie: seq})
    verdict = audit(live.game_id, store.read(live.game_id), live.last_hash)
    assert verdict["verified"], verdict
