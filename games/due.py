"""When each game next needs the workers, and for what: the one definition of due times,
and the index the workers run them from.

``follow_ups`` says what a game waits for at its version and when: a bot's move
(``bot_delay_s`` after the last event), the turn clock, the last-card window, filling a
waiting table with bots, (given the waiting tables' time to live) closing a table
that waited too long, and a finished rated game's rating update. ``due_at`` is the
earliest of them, which the due index keeps per game.

The index is the workers' schedule: there is no job per turn. A game with nothing due (a
human's turn without a clock, a finished game its ratings have) is not in it. After an
append the application service updates it (``DueIndex.update``): the time only ever
moves earlier there, so most moves write nothing (a turn clock moves later with every
move), and the index may hold a time earlier than the game's; whoever looks at the game
then finds it not due yet and sets the true time. The workers take what is due in
batches (``claim``): each claimed game's time is moved to the end of a short lease, so
two workers never both take it, and a worker that dies holding it only delays it by the
lease; after acting, the worker puts the game's true time back (``release``) unless an
append moved it meanwhile (compare-and-set on the lease).

Two lanes: the tables where a person plays (``PEOPLE``), and the tables no person plays
(``BOTS``: every seat a bot's, or a human's on autopilot), which the workers serve only
when the people's lane has nothing due, so one client's bot-only tables never delay a
person's bots.

In Redis each lane is a sorted set (member: game id, score: the due time) per shard, each
under a hash tag of its own (``sweep:due:{0}`` … ``sweep:due:{15}``, ``sweep:bots:{0}``
…): a game's shard comes from its id, the shards spread over a cluster's slots, and every
script touches one shard (on one server, all of them at once), so no command spans two
slots."""

from __future__ import annotations

import threading
import time
import zlib
from dataclasses import dataclass
from typing import Iterable, Optional

from events.store.redis_nodes import UNAVAILABLE, Nodes

from .records import GameRecord

BOT, CLOCK, WINDOW, FILL, EXPIRE, RATE = "bot", "clock", "window", "fill", "expire", "rate"
PEOPLE, BOTS = "people", "bots"
LANES = (PEOPLE, BOTS)

@dataclass(frozen=True, slots=True)
class FollowUp:
    kind: str  # BOT, CLOCK, WINDOW, FILL, EXPIRE or RATE
    due: float  # Unix time


def follow_ups(record: GameRecord, waiting_ttl_s: Optional[float] = None) -> list[FollowUp]:
    """What ``record`` waits for at its version, and when. ``waiting_ttl_s``: a waiting
    table expires that long after its last event (None: leave expiry out)."""
    if record.status == "waiting":
        out = []
        fill = record.config.get("fill_with_bots_after_s")
        if fill is not None:
            out.append(FollowUp(FILL, record.created_ts + fill))
        if waiting_ttl_s is not None:
            out.append(FollowUp(EXPIRE, record.updated_ts + waiting_ttl_s))
        return out
    if record.status == "finished":
        # a rated game that ended waits for its rating update; the job takes it out of the
        # index once the ratings have it (games.ratings)
        if record.rated and record.closed is None and record.state.result is not None:
            return [FollowUp(RATE, record.updated_ts)]
        return []
    if record.status != "playing":
        return []
    st = record.state
    out = []
    if record.needs_bot():
        out.append(FollowUp(BOT, record.updated_ts + float(record.config.get("bot_delay_s") or 0)))
    if st.turn_deadline is not None:
        out.append(FollowUp(CLOCK, st.turn_deadline))
    if st.call_window is not None and st.call_window.deadline is not None:
        out.append(FollowUp(WINDOW, st.call_window.deadline))
    return out


def overdue(record: GameRecord, now: float, waiting_ttl_s: Optional[float] = None) -> Optional[FollowUp]:
    """The earliest follow-up that was due by ``now``; None if nothing is."""
    due = [f for f in follow_ups(record, waiting_ttl_s) if f.due <= now]
    return min(due, key=lambda f: f.due) if due else None


def due_at(record: GameRecord, waiting_ttl_s: float) -> Optional[float]:
    """The Unix time at which ``record`` next needs a worker, or None."""
    return min((f.due for f in follow_ups(record, waiting_ttl_s)), default=None)


def bots_may_pass(record: GameRecord) -> bool:
    """Whether ``record``'s bot follow-up is one the bots may let pass (a catch, a call),
    not a move they must make (their turn, a pass card): the workers then look at the game
    once at that version and, if no bot acts, leave it until its next other need."""
    if not record.needs_bot():
        return False
    st, bots = record.state, record.bot_seats()
    if st.passing is not None:
        return not any(s in st.passing.waiting for s in bots)
    return st.actor not in bots


def lane_of(record: GameRecord) -> str:
    """The lane ``record``'s game waits in: ``PEOPLE`` where a person plays, else ``BOTS``."""
    return PEOPLE if record.attended else BOTS


@dataclass(frozen=True, slots=True)
class Claimed:
    """A game a worker took from the index: its lane, and the lease its time was moved to
    (the compare of ``release``)."""

    game_id: str
    lane: str
    lease: float


class DueIndex:
    """Per game, a time no later than when it next needs the workers (absent: not due), in
    its lane."""

    def __init__(self, waiting_ttl_s: float):
        self.waiting_ttl_s = waiting_ttl_s

    def update(self, record: GameRecord, before: Optional[GameRecord] = None) -> Optional[float]:
        """Index ``record`` and return its due time. ``before``: the record its events were
        appended after; the index holds a time no later than ``before``'s due time (its
        writer saw to it), so when ``record`` is due no sooner, nothing is written; when
        sooner, its time is lowered (never raised: a write of an older version that lands
        late cannot push a game past its need); when not at all, it leaves the index.
        Without ``before`` (a new table, the reconcile), or when the game changed lanes,
        the due time is written as it is."""
        when = due_at(record, self.waiting_ttl_s)
        lane = lane_of(record)
        if before is None or lane_of(before) != lane:
            self.set(record.game_id, when, lane)
            return when
        was = due_at(before, self.waiting_ttl_s)
        if when is None:
            if was is not None:
                self.set(record.game_id, None)
        elif was is None or when < was or bots_may_pass(before):
            # (a bot that passed on a catch or a call at ``before`` left the game at its
            # next other need, later than ``was``: lowering is then needed, and always safe)
            self.lower(record.game_id, when, lane)
        return when

    def lower(self, game_id: str, when: float, lane: str = PEOPLE) -> None:
        """Make ``game_id`` due at ``when`` unless the index holds an earlier time."""
        raise NotImplementedError

    def set(self, game_id: str, when: Optional[float], lane: str = PEOPLE) -> None:
        """Record ``game_id`` as due at ``when`` in ``lane`` and in no other (None: not due
        at all)."""
        raise NotImplementedError

    def due(self, until: float, limit: int = 1000) -> list[str]:
        """Games due at or before ``until`` in any lane, the most overdue first, at most ``limit``."""
        raise NotImplementedError

    def missing(self, game_ids: list[str]) -> list[str]:
        """Those of ``game_ids`` the index does not hold."""
        raise NotImplementedError

    def gather(self, shards: int) -> int:
        """Move in the games an earlier version's index kept in ``shards`` shards; how many."""
        return 0

    def claim(self, lane: str, now: float, lease: float, limit: int,
              release: Iterable[tuple[Claimed, Optional[float]]] = ()) -> "Taken":
        """Give each game of ``release`` (claimed from ``lane``) its due time back (None:
        not due at all), unless its time is no longer its lease (an append or the reconcile
        set it since); then take up to ``limit`` games of ``lane`` due at or before ``now``,
        the most overdue first, moving each one's time to ``lease`` (atomically: two
        callers never take one game). With the earliest time the people's lane holds after
        that, and the bots' lane's when the claim was of it."""
        raise NotImplementedError

    def earliest(self) -> dict[str, Optional[float]]:
        """Per lane, the earliest time it holds (None: empty)."""
        return self.look()[0]

    # -------------------------------------------- who works a lane (the workers' batch jobs)
    def look(self) -> tuple[dict[str, Optional[float]], dict[str, bool]]:
        """Per lane, its earliest time (None: empty) and whether its first slot is held (a
        job of the lane is queued or at work): what a ticker needs, in one read."""
        raise NotImplementedError

    def take_slot(self, lane: str, slot: int, holder: str, ms: int) -> bool:
        """Hold ``slot`` of ``lane`` for ``holder`` for ``ms`` milliseconds, if nobody holds
        it; if somebody does, wake the lane's job should it be waiting (``wait``)."""
        raise NotImplementedError

    def hold_slot(self, lane: str, slot: int, holder: str, ms: int, let_go: bool = False) -> bool:
        """Renew ``holder``'s hold on the slot for ``ms`` (``let_go``: give it up); False if
        ``holder`` does not hold it."""
        raise NotImplementedError

    def wait(self, lane: str, seconds: float) -> None:
        """Wait ``seconds``, or less if a ``take_slot`` of the lane wakes the caller."""
        raise NotImplementedError

    def nap(self, seconds: float) -> None:
        """A ticker's wait: ``seconds``, or less if a job lets its slot go meanwhile (the
        lane then needs watching again)."""
        raise NotImplementedError


@dataclass(frozen=True)
class Taken:
    games: list[Claimed]
    earliest: dict[str, Optional[float]]  # the people's lane's and the claimed lane's earliest time (None: empty)


class MemoryDueIndex(DueIndex):
    def __init__(self, waiting_ttl_s: float):
        super().__init__(waiting_ttl_s)
        self._due: dict[str, dict[str, float]] = {lane: {} for lane in LANES}
        self._lock = threading.Lock()
        self._slots: dict[tuple[str, int], tuple[str, float]] = {}  # (lane, slot) -> (holder, until: monotonic)
        self._woken = {lane: threading.Condition(self._lock) for lane in LANES}
        self._wakes = {lane: 0 for lane in LANES}
        self._roused = threading.Condition(self._lock)
        self._rouses = 0

    def _holder(self, lane: str, slot: int) -> Optional[str]:
        held = self._slots.get((lane, slot))
        return held[0] if held is not None and held[1] > time.monotonic() else None

    def look(self):
        with self._lock:
            return ({lane: min(times.values(), default=None) for lane, times in self._due.items()},
                    {lane: self._holder(lane, 0) is not None for lane in LANES})

    def take_slot(self, lane, slot, holder, ms):
        with self._lock:
            if self._holder(lane, slot) is None:
                self._slots[(lane, slot)] = (holder, time.monotonic() + ms / 1000)
                return True
            self._wakes[lane] += 1
            self._woken[lane].notify_all()
            return False

    def hold_slot(self, lane, slot, holder, ms, let_go=False):
        with self._lock:
            if self._holder(lane, slot) != holder:
                return False
            if let_go:
                del self._slots[(lane, slot)]
                self._rouses += 1
                self._roused.notify()
            else:
                self._slots[(lane, slot)] = (holder, time.monotonic() + ms / 1000)
            return True

    def wait(self, lane, seconds):
        with self._lock:
            if not self._wakes[lane]:
                self._woken[lane].wait(max(0.0, seconds))
            self._wakes[lane] = 0

    def nap(self, seconds):
        with self._lock:
            if not self._rouses:
                self._roused.wait(max(0.0, seconds))
            self._rouses = 0

    def set(self, game_id, when, lane=PEOPLE):
        with self._lock:
            for other in LANES:
                self._due[other].pop(game_id, None)
            if when is not None:
                self._due[lane][game_id] = when

    def lower(self, game_id, when, lane=PEOPLE):
        with self._lock:
            held = self._due[lane]
            held[game_id] = min(when, held.get(game_id, when))

    def due(self, until, limit=1000):
        with self._lock:
            hits = sorted((t, g) for held in self._due.values() for g, t in held.items() if t <= until)
        return [g for _, g in hits[:limit]]

    def missing(self, game_ids):
        with self._lock:
            return [g for g in game_ids if not any(g in held for held in self._due.values())]

    def claim(self, lane, now, lease, limit, release=()):
        with self._lock:
            held = self._due[lane]
            for claimed, when in release:
                if held.get(claimed.game_id) != claimed.lease:
                    continue
                if when is None:
                    del held[claimed.game_id]
                else:
                    held[claimed.game_id] = when
            taken = sorted((t, g) for g, t in held.items() if t <= now)[:limit]
            for _, g in taken:
                held[g] = lease
            return Taken([Claimed(g, lane, lease) for _, g in taken],
                         {name: min(times.values(), default=None) if name in (PEOPLE, lane) else None
                          for name, times in self._due.items()})


# KEYS: a shard's people key, its bots key.  ARGV: the lane claimed from (1: people, 2:
# bots), now, the lease, how many games at most, then per game given back: its id, its
# lease, its time ('' for none).  Gives each game back its time if it still holds its
# lease, takes the lane's most overdue games up to the limit (each moved to the lease), and
# returns {the ids taken, each followed by the time it had, the earliest time of the
# people's lane after that ('' if empty), the same of the bots' lane when the claim was of
# it (else '')}.
_CLAIM_LUA = """
local key = KEYS[tonumber(ARGV[1])]
for i = 5, #ARGV, 3 do
  local held = redis.call('ZSCORE', key, ARGV[i])
  if held and tonumber(held) == tonumber(ARGV[i + 1]) then
    if ARGV[i + 2] == '' then
      redis.call('ZREM', key, ARGV[i])
    else
      redis.call('ZADD', key, ARGV[i + 2], ARGV[i])
    end
  end
end
local out = {}
if tonumber(ARGV[4]) > 0 then
  out = redis.call('ZRANGEBYSCORE', key, '-inf', ARGV[2], 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[4]))
  for i = 1, #out, 2 do
    redis.call('ZADD', key, ARGV[3], out[i])
  end
end
local bots = ''
if key == KEYS[2] then
  bots = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')[2] or ''
end
return {out, redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2] or '', bots}
"""

# KEYS: shard 0's people key, its bots key, the people lane's first slot, the bots lane's.
# Returns {the people lane's earliest time, the bots lane's ('' if empty), 1 if the people
# slot is held else 0, the same for the bots slot}.
_LOOK_LUA = """
return {redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2] or '',
        redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')[2] or '',
        redis.call('EXISTS', KEYS[3]), redis.call('EXISTS', KEYS[4])}
"""

# KEYS: the slot, the lane's wake list.  ARGV: the holder, the hold (ms).  Returns 1 if the
# slot is the caller's now, else 0 after waking the lane's job should it be waiting.
_TAKE_SLOT_LUA = """
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return 1
end
if redis.call('LLEN', KEYS[2]) == 0 then
  redis.call('RPUSH', KEYS[2], '1')
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
end
return 0
"""

# KEYS: the slot, the tickers' wake list.  ARGV: the holder, the hold (ms), '1' to let go
# ('' to renew): a slot let go wakes a ticker.
_HOLD_SLOT_LUA = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  return 0
end
if ARGV[3] == '1' then
  redis.call('DEL', KEYS[1])
  if redis.call('LLEN', KEYS[2]) == 0 then
    redis.call('RPUSH', KEYS[2], '1')
    redis.call('PEXPIRE', KEYS[2], 1000)
  end
else
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 1
"""

_PREFIX = {PEOPLE: "sweep:due", BOTS: "sweep:bots"}
COARSE_S = 0.12  # a wait's last part, slept here rather than in a blocking command (see ``_wait_on``)


class RedisDueIndex(DueIndex):
    def __init__(self, client, waiting_ttl_s: float, shards: int = 1):
        super().__init__(waiting_ttl_s)
        self.r = client
        self.shards = shards
        self.cluster = hasattr(client, "get_nodes")
        self.nodes = Nodes(client)
        self._claim = client.register_script(_CLAIM_LUA)
        self._look = client.register_script(_LOOK_LUA)
        self._take_slot = client.register_script(_TAKE_SLOT_LUA)
        self._hold_slot = client.register_script(_HOLD_SLOT_LUA)

    @staticmethod
    def slot_key(lane: str, slot: int) -> str:
        return f"sweep:slot:{{0}}:{lane}:{slot}"  # beside shard 0 (one read with it: ``look``)

    @staticmethod
    def wake_key(lane: str) -> str:
        return f"sweep:wake:{{0}}:{lane}"

    def look(self):
        keys = [self.key(0, PEOPLE), self.key(0, BOTS), self.slot_key(PEOPLE, 0), self.slot_key(BOTS, 0)]
        # the other shards: their earliest times (a claim of nothing, lane by lane)
        calls = [(keys, [])] + [([self.key(s, PEOPLE), self.key(s, BOTS)], [2, "0", "0", 0])
                                for s in range(1, self.shards)]
        replies = self._scripts_mixed(calls)
        first_people, first_bots, people_held, bots_held = replies[0]
        earliest = {PEOPLE: float(_text(first_people)) if _text(first_people) else None,
                    BOTS: float(_text(first_bots)) if _text(first_bots) else None}
        for _ids, *firsts in replies[1:]:
            for lane, first in zip(LANES, firsts):
                first = _text(first)
                if first and (earliest[lane] is None or float(first) < earliest[lane]):
                    earliest[lane] = float(first)
        return earliest, {PEOPLE: bool(people_held), BOTS: bool(bots_held)}

    def _scripts_mixed(self, calls):
        """``look``'s calls: shard 0's with its slots (the look script), then the claim
        script per other shard."""
        if len(calls) == 1:
            return [self._look(keys=calls[0][0])]
        first = self._scripts(self._look, calls[:1])
        return first + self._scripts(self._claim, calls[1:])

    def _scripts(self, script, calls: list[tuple[list, list]]) -> list:
        """``script`` once per ``(keys, args)``, in order: on one server in one round trip;
        on a cluster in one pipeline per node (each call's keys share a slot), and should a
        node fail us (a failover), through the cluster client, which follows the slots."""
        if not self.cluster:
            if len(calls) == 1:
                return [script(keys=calls[0][0], args=calls[0][1])]
            pipe = self.r.pipeline(transaction=False)
            for keys, args in calls:
                script(keys=keys, args=args, client=pipe)
            return pipe.execute()
        by_node: dict[str, list[int]] = {}
        for i, (keys, _args) in enumerate(calls):
            by_node.setdefault(self.nodes.name_for_key(keys[0]), []).append(i)
        out: list = [None] * len(calls)
        try:
            for members in by_node.values():
                pipe = self.nodes.for_key(calls[members[0]][0][0]).pipeline(transaction=False)
                for i in members:
                    script(keys=calls[i][0], args=calls[i][1], client=pipe)
                for i, reply in zip(members, pipe.execute()):
                    out[i] = reply
        except UNAVAILABLE:
            self.nodes.failed()
            return [script(keys=keys, args=args) for keys, args in calls]
        return out

    def take_slot(self, lane, slot, holder, ms):
        return bool(self._take_slot(keys=[self.slot_key(lane, slot), self.wake_key(lane)], args=[holder, ms]))

    def hold_slot(self, lane, slot, holder, ms, let_go=False):
        return bool(self._hold_slot(keys=[self.slot_key(lane, slot), self.wake_key("ticker")],
                                    args=[holder, ms, "1" if let_go else ""]))

    def wait(self, lane, seconds):
        self._wait_on(self.wake_key(lane), seconds)

    def nap(self, seconds):
        self._wait_on(self.wake_key("ticker"), seconds)

    def _wait_on(self, key: str, seconds: float) -> None:
        """A BLPOP for all but the last ``COARSE_S``, then a sleep here: a server ends a
        blocking command's wait only at its event loop's next turn, up to 1/hz late (100 ms
        at Redis's default hz of 10), and a bot due in a second must not move 80 ms late.
        (The last ``COARSE_S`` cannot be woken: what comes meanwhile waits that long.)"""
        deadline = time.monotonic() + seconds
        if seconds > COARSE_S and self.r.blpop([key], timeout=seconds - COARSE_S) is not None:
            return
        left = deadline - time.monotonic()
        if left > 0:
            time.sleep(left)

    def key(self, shard: int, lane: str = PEOPLE) -> str:
        return f"{_PREFIX[lane]}:{{{shard}}}"

    def shard_of(self, game_id: str) -> int:
        return zlib.crc32(game_id.encode()) % self.shards

    def set(self, game_id, when, lane=PEOPLE):
        shard = self.shard_of(game_id)
        pipe = self.r.pipeline(transaction=False)
        for other in LANES:
            if other != lane or when is None:
                pipe.zrem(self.key(shard, other), game_id)
        if when is not None:
            pipe.zadd(self.key(shard, lane), {game_id: when})
        pipe.execute()

    def lower(self, game_id, when, lane=PEOPLE):
        self.r.zadd(self.key(self.shard_of(game_id), lane), {game_id: when}, lt=True)

    def due(self, until, limit=1000):
        out: list[tuple[float, str]] = []
        for lane in LANES:
            for shard in range(self.shards):
                for member, score in self.r.zrangebyscore(self.key(shard, lane), "-inf", until, start=0, num=limit,
                                                          withscores=True):
                    out.append((score, _text(member)))
        return [g for _, g in sorted(out)[:limit]]

    def missing(self, game_ids):
        by_shard: dict[int, list[str]] = {}
        for g in game_ids:
            by_shard.setdefault(self.shard_of(g), []).append(g)
        out = []
        for shard, ids in by_shard.items():
            for start in range(0, len(ids), 1000):
                chunk = ids[start:start + 1000]
                held = [self.r.zmscore(self.key(shard, lane), chunk) for lane in LANES]
                out += [g for g, *scores in zip(chunk, *held) if all(s is None for s in scores)]
        return out

    def gather(self, shards):
        """On one server (one shard), move in the games an earlier version kept in
        ``shards`` shards, each at its earliest time."""
        if self.shards != 1 or self.cluster:
            return 0
        moved = 0
        for lane in LANES:
            for shard in range(1, shards):
                key = self.key(shard, lane)
                held = self.r.zrange(key, 0, -1, withscores=True)
                if held:  # LT keeps the earlier of two times and adds the games not there
                    self.r.zadd(self.key(0, lane), {_text(m): score for m, score in held}, lt=True)
                    moved += len(held)
                    self.r.delete(key)
        return moved

    def claim(self, lane, now, lease, limit, release=()):
        by_shard: dict[int, list] = {}
        for claimed, when in release:
            by_shard.setdefault(self.shard_of(claimed.game_id), []).append((claimed, when))
        per_shard = limit
        calls = []
        for shard in range(self.shards):
            given = [x for c, when in by_shard.get(shard, ())
                     for x in (c.game_id, repr(c.lease), "" if when is None else repr(when))]
            calls.append(([self.key(shard, PEOPLE), self.key(shard, BOTS)],
                          [1 if lane == PEOPLE else 2, repr(now), repr(lease), per_shard, *given]))
        replies = self._scripts(self._claim, calls)
        found: list[tuple[float, str]] = []
        earliest: dict[str, Optional[float]] = {PEOPLE: None, BOTS: None}
        for hits, *firsts in replies:
            found += [(float(hits[i + 1]), _text(hits[i])) for i in range(0, len(hits), 2)]
            for name, first in zip(LANES, firsts):
                first = _text(first)
                if first and (earliest[name] is None or float(first) < earliest[name]):
                    earliest[name] = float(first)
        found.sort()
        if len(found) > limit:  # shards each gave their most overdue: the rest go back as they were
            self.claim(lane, now, lease, 0, release=[(Claimed(g, lane, lease), t) for t, g in found[limit:]])
            for t, _g in found[limit:]:
                if earliest[lane] is None or t < earliest[lane]:
                    earliest[lane] = t
        return Taken([Claimed(g, lane, lease) for _t, g in found[:limit]], earliest)


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
