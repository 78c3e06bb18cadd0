"""Deliveries not yet done: what each is, when its next attempt is due, and the retry
schedule. The outbox is the truth about a delivery until it ends (delivered, given up,
its subscription gone): a worker that dies mid-attempt leaves it there, and once the
attempt's lease runs out another worker takes it (at least once; the receiver sees the
same ``webhook-id`` again).

Each delivery is a record in its game's hash ``game:{<id>}:webhooks:out`` (field: the
message id; once it has ended, a tombstone, so the same notice decided again — a
registration's catch-up and the append's own fan-out, a job run twice — is not sent
again) and a member ``<game id>/<message id>`` of a due set, one per shard
(``webhooks:due:{W<k>}``), scored by when it is next due in milliseconds: its next attempt
or, while a worker holds it, the end of that worker's lease. Taking a delivery is one
atomic step on its due set (``claim``): two workers never hold it at once.

Each webhook's deliveries not done yet are also listed in its own sorted set, by when each
entered the outbox (``game:{<id>}:webhooks:pending:<webhook id>``, beside the records):
``trim`` takes the oldest beyond a cap off it, for the caller to end as failed, so a
webhook whose receiver never answers holds a bounded number of deliveries.

Retries (``next_attempt_at``): the first attempt at once, then after about 5 s, 20 s,
80 s, 5 min, 21 min, 85 min, and every 4 hours (each ±20%, so receivers that failed
together are not retried together), up to ``retry_for_s`` (24 h) after the first; an
attempt due later than that is made at that time, and the delivery then fails for good."""

from __future__ import annotations

import hashlib
import random
import threading
import zlib
from dataclasses import asdict, dataclass
from typing import Optional

import orjson

from .webhooks import KEEP_S

SHARDS = 16
FACTOR = 4.0
CAP_S = 4 * 3600.0
JITTER = 0.2


def next_attempt_at(failed: int, first_at: float, now: float, base_s: float, retry_for_s: float,
                    rng: random.Random = random) -> Optional[float]:
    """When to try again after ``failed`` failed attempts (the last one at ``now``); None
    once the delivery has been tried for ``retry_for_s`` since ``first_at``."""
    end = first_at + retry_for_s
    if now >= end:
        return None
    delay = min(CAP_S, base_s * FACTOR ** (failed - 1)) * rng.uniform(1 - JITTER, 1 + JITTER)
    return min(now + delay, end)


def message_id(webhook_id: str, event: str, game_id: str, version: int, seat: Optional[int]) -> str:
    """The Standard Webhooks ``webhook-id``: the same for every attempt of one delivery, and
    for the same notice to the same subscription whoever decides it again."""
    raw = f"{webhook_id}|{event}|{game_id}|{version}|{seat}".encode()
    return "msg_" + hashlib.sha256(raw).hexdigest()[:32]


@dataclass
class Delivery:
    msg: str  # message id
    game_id: str
    webhook_id: str
    event: str
    body: str  # the JSON sent (signed afresh at each attempt: the timestamp is the attempt's)
    created_at: float  # the notice's time: the delay of a delivery is counted from it
    first_at: float  # when it entered the outbox
    attempts: int = 0  # made so far

    @property
    def ref(self) -> str:
        return f"{self.game_id}/{self.msg}"

    def to_json(self) -> bytes:
        return orjson.dumps(asdict(self))

    @classmethod
    def from_json(cls, raw) -> "Delivery":
        return cls(**orjson.loads(raw))


def split_ref(ref: str) -> tuple[str, str]:
    game_id, _, msg = ref.partition("/")
    return game_id, msg


DONE = b"-"  # a delivery that ended: its record's tombstone


def _ms(t: float) -> int:
    return int(t * 1000)


class Outbox:
    def put(self, deliveries: list[Delivery], held_until: float) -> list[Delivery]:
        """Add the deliveries not already there, held by the caller until ``held_until``;
        returns those added."""
        raise NotImplementedError

    def load(self, ref: str) -> Optional[Delivery]:
        raise NotImplementedError

    def claim(self, ref: str, now: float, until: float) -> bool:
        """Take the delivery if it is due at ``now`` (nobody holds it), holding it until
        ``until``."""
        raise NotImplementedError

    def renew(self, ref: str, held_until: float, until: float) -> bool:
        """Hold on to a delivery held until ``held_until`` (by this caller) until ``until``;
        False if someone else took it meanwhile (the lease ran out)."""
        raise NotImplementedError

    def retry(self, delivery: Delivery, at: float) -> None:
        """Store the delivery's new attempt count; it is due again at ``at``."""
        raise NotImplementedError

    def done(self, ref: str, pipe=None, webhook_id: str = "") -> None:
        """The delivery ended (``pipe``: a pipeline of ``pipeline()`` to add the writes to;
        ``webhook_id``: its webhook's, whose list of pending deliveries it leaves)."""
        raise NotImplementedError

    def trim(self, game_id: str, webhook_id: str, keep: int) -> list[str]:
        """The webhook's oldest pending deliveries beyond ``keep`` (message ids), taken off
        its list: the caller ends each."""
        raise NotImplementedError

    def trim_many(self, webhooks: list[tuple[str, str]], keep: int) -> dict[tuple[str, str], list[str]]:
        """``trim`` of each (game id, webhook id), in a round trip or two."""
        return {w: self.trim(*w, keep) for w in webhooks}

    def hold(self, refs: list[str], until: float) -> None:
        """Deliveries this caller just put and holds (nobody else can take them): due at
        ``until`` instead, in one round trip."""
        raise NotImplementedError

    def forget(self, game_id: str, webhook_id: str) -> None:
        """The webhook is gone: its list of pending deliveries goes (they end when next taken)."""
        raise NotImplementedError

    def pipeline(self):
        """A pipeline to batch ``done``, ``failing`` and ``WebhookStore.note`` into one
        round trip (None in memory); the caller executes it."""
        return None

    def due(self, now: float, limit: int = 500) -> list[str]:
        """Deliveries due at ``now`` (their attempt's time has come, or their lease ran out)."""
        raise NotImplementedError

    def pending(self) -> int:
        raise NotImplementedError

    def failing(self, game_id: str, webhook_id: str, since: Optional[float], pipe=None) -> None:
        """Mark the subscription failing since ``since`` (None: not failing)."""
        raise NotImplementedError

    def failing_count(self) -> int:
        raise NotImplementedError


class MemoryOutbox(Outbox):
    def __init__(self):
        self._records: dict[str, bytes] = {}
        self._due: dict[str, int] = {}
        self._pending: dict[tuple[str, str], dict[str, float]] = {}
        self._failing: set[str] = set()
        self._lock = threading.Lock()

    def put(self, deliveries, held_until):
        added = []
        with self._lock:
            for d in deliveries:
                if d.ref not in self._records:
                    self._records[d.ref] = d.to_json()
                    self._due[d.ref] = _ms(held_until)
                    self._pending.setdefault((d.game_id, d.webhook_id), {})[d.msg] = d.first_at
                    added.append(d)
        return added

    def trim(self, game_id, webhook_id, keep):
        with self._lock:
            pending = self._pending.get((game_id, webhook_id), {})
            over = sorted(pending, key=lambda m: (pending[m], m))[:max(0, len(pending) - keep)]
            for msg in over:
                del pending[msg]
        return over

    def forget(self, game_id, webhook_id):
        with self._lock:
            self._pending.pop((game_id, webhook_id), None)

    def hold(self, refs, until):
        with self._lock:
            for ref in refs:
                if ref in self._due:
                    self._due[ref] = _ms(until)

    def load(self, ref):
        with self._lock:
            raw = self._records.get(ref)
        return Delivery.from_json(raw) if raw not in (None, DONE) else None

    def claim(self, ref, now, until):
        with self._lock:
            score = self._due.get(ref)
            if score is None or score > _ms(now):
                return False
            self._due[ref] = _ms(until)
            return True

    def renew(self, ref, held_until, until):
        with self._lock:
            if self._due.get(ref) != _ms(held_until):
                return False
            self._due[ref] = _ms(until)
            return True

    def retry(self, delivery, at):
        with self._lock:
            if delivery.ref in self._due:
                self._records[delivery.ref] = delivery.to_json()
                self._due[delivery.ref] = _ms(at)

    def done(self, ref, pipe=None, webhook_id=""):
        with self._lock:
            self._due.pop(ref, None)
            self._records[ref] = DONE
            game_id, msg = split_ref(ref)
            self._pending.get((game_id, webhook_id), {}).pop(msg, None)

    def due(self, now, limit=500):
        with self._lock:
            return [r for _, r in sorted((s, r) for r, s in self._due.items() if s <= _ms(now))][:limit]

    def pending(self):
        with self._lock:
            return len(self._due)

    def failing(self, game_id, webhook_id, since, pipe=None):
        with self._lock:
            (self._failing.add if since is not None else self._failing.discard)(f"{game_id}/{webhook_id}")

    def failing_count(self):
        with self._lock:
            return len(self._failing)


# KEYS: due set; ARGV: member, now (ms), until (ms)
_CLAIM_LUA = """
local s = redis.call('ZSCORE', KEYS[1], ARGV[1])
if s and tonumber(s) <= tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
  return 1
end
return 0
"""
# KEYS: due set; ARGV: member, held until (ms), until (ms)
_RENEW_LUA = """
local s = redis.call('ZSCORE', KEYS[1], ARGV[1])
if s and tonumber(s) == tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
  return 1
end
return 0
"""


# KEYS: a webhook's pending set; ARGV: how many to keep. The oldest beyond, taken off it.
_TRIM_LUA = """
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[1])
if over <= 0 then return {} end
local out = redis.call('ZRANGE', KEYS[1], 0, over - 1)
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, over - 1)
return out
"""


def records_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:webhooks:out"


def pending_key(game_id: str, webhook_id: str) -> str:
    return f"game:{{{game_id}}}:webhooks:pending:{webhook_id}"


class RedisOutbox(Outbox):
    def __init__(self, client, shards: int = SHARDS):
        self.r = client
        self.shards = shards
        self._claim = client.register_script(_CLAIM_LUA)
        self._renew = client.register_script(_RENEW_LUA)
        self._trim = client.register_script(_TRIM_LUA)

    def _shard(self, game_id: str) -> int:
        return zlib.crc32(game_id.encode()) % self.shards

    def due_key(self, shard: int) -> str:
        return f"webhooks:due:{{W{shard}}}"

    def failing_key(self, shard: int) -> str:
        return f"webhooks:failing:{{W{shard}}}"

    def put(self, deliveries, held_until):
        if not deliveries:
            return []
        # one round trip: each record (if new), and its due member (if new). One that ended
        # already keeps its tombstone, and its due member, put back here, is dropped by the
        # next sweep (it finds no record); a crash between the two leaves the notice on its
        # dispatcher's list, to be fanned out again.
        pipe = self.r.pipeline(transaction=False)
        for d in deliveries:
            pipe.hsetnx(records_key(d.game_id), d.msg, d.to_json())
        for d in deliveries:
            pipe.zadd(self.due_key(self._shard(d.game_id)), {d.ref: _ms(held_until)}, nx=True)
        for d in deliveries:
            pipe.zadd(pending_key(d.game_id, d.webhook_id), {d.msg: d.first_at}, nx=True)
        for game_id in {d.game_id for d in deliveries}:
            pipe.expire(records_key(game_id), KEEP_S)
        for game_id, webhook_id in {(d.game_id, d.webhook_id) for d in deliveries}:
            pipe.expire(pending_key(game_id, webhook_id), KEEP_S)
        return [d for d, new in zip(deliveries, pipe.execute()) if new]

    def trim(self, game_id, webhook_id, keep):
        return [m.decode() if isinstance(m, bytes) else m
                for m in self._trim(keys=[pending_key(game_id, webhook_id)], args=[keep])]

    def trim_many(self, webhooks, keep):
        if not webhooks:
            return {}
        pipe = self.r.pipeline(transaction=False)
        for game_id, webhook_id in webhooks:
            pipe.zcard(pending_key(game_id, webhook_id))
        over = {w: n - keep for w, n in zip(webhooks, pipe.execute()) if n > keep}
        out = {w: [] for w in webhooks}
        if over:  # the oldest beyond, popped (atomic per webhook: two dispatchers never both take one)
            pipe = self.r.pipeline(transaction=False)
            for (game_id, webhook_id), n in over.items():
                pipe.zpopmin(pending_key(game_id, webhook_id), n)
            for w, popped in zip(over, pipe.execute()):
                out[w] = [m.decode() if isinstance(m, bytes) else m for m, _ in popped]
        return out

    def hold(self, refs, until):
        if not refs:
            return
        pipe = self.r.pipeline(transaction=False)
        for ref in refs:
            pipe.zadd(self.due_key(self._shard(split_ref(ref)[0])), {ref: _ms(until)}, xx=True)
        pipe.execute()

    def forget(self, game_id, webhook_id):
        self.r.delete(pending_key(game_id, webhook_id))

    def load(self, ref):
        game_id, msg = split_ref(ref)
        raw = self.r.hget(records_key(game_id), msg)
        return Delivery.from_json(raw) if raw not in (None, DONE) else None

    def claim(self, ref, now, until):
        key = self.due_key(self._shard(split_ref(ref)[0]))
        return bool(self._claim(keys=[key], args=[ref, _ms(now), _ms(until)]))

    def renew(self, ref, held_until, until):
        key = self.due_key(self._shard(split_ref(ref)[0]))
        return bool(self._renew(keys=[key], args=[ref, _ms(held_until), _ms(until)]))

    def retry(self, delivery, at):
        key = self.due_key(self._shard(delivery.game_id))
        if self.r.zscore(key, delivery.ref) is None:  # it ended meanwhile
            return
        self.r.hset(records_key(delivery.game_id), delivery.msg, delivery.to_json())
        self.r.zadd(key, {delivery.ref: _ms(at)}, xx=True)

    def pipeline(self):
        return self.r.pipeline(transaction=False)

    def done(self, ref, pipe=None, webhook_id=""):
        game_id, msg = split_ref(ref)
        own = pipe is None
        pipe = self.r.pipeline(transaction=False) if own else pipe
        pipe.zrem(self.due_key(self._shard(game_id)), ref)
        pipe.hset(records_key(game_id), msg, DONE)
        if webhook_id:
            pipe.zrem(pending_key(game_id, webhook_id), msg)
        if own:
            pipe.execute()

    def due(self, now, limit=500):
        out: list[tuple[float, str]] = []
        for shard in range(self.shards):
            for member, score in self.r.zrangebyscore(self.due_key(shard), "-inf", _ms(now), start=0, num=limit,
                                                      withscores=True):
                out.append((score, member.decode() if isinstance(member, bytes) else member))
        return [r for _, r in sorted(out)[:limit]]

    def pending(self):
        return sum(self.r.zcard(self.due_key(s)) for s in range(self.shards))

    def failing(self, game_id, webhook_id, since, pipe=None):
        key, member = self.failing_key(self._shard(game_id)), f"{game_id}/{webhook_id}"
        target = self.r if pipe is None else pipe
        if since is None:
            target.zrem(key, member)
        else:
            target.zadd(key, {member: since}, nx=True)

    def failing_count(self):
        return sum(self.r.zcard(self.failing_key(s)) for s in range(self.shards))
