"""Webhooks: from a game's notices (``games.notifications``) to signed deliveries.

1. After an append, the application service hands the append's notices to ``notify``
   (API and worker processes alike), with whether the game is subscribed: registering a
   webhook marks the game in the event store, and each append says whether it is marked,
   at no cost (``events.store.base.Appended``). For a subscribed game (or a notice the
   operator's webhook wants) the notices go onto a list on the queue's Redis
   (``NOTICES``): one write. The move's answer waits for nothing more, and a game nobody
   subscribed to costs nothing at all (a push per move, and the dispatcher's work on it,
   was a tenth of the workers' Redis commands).
2. Every worker process runs a dispatcher thread beside its RQ loop (``Dispatcher``): it
   takes notices off the list in batches, writes a delivery per notice and subscription
   that wants it into the outbox (``games.outbox``), holding them, and hands them to the
   process's delivery lane (``workers.lane``): threads fair per registering client; a
   webhook holds at most ``pending_per_webhook`` deliveries not done (the oldest fail). A batch is moved
   to the dispatcher's own list while it works on it; a dispatcher that dies leaves it
   there, and the sweeper puts it back (fanning out twice sends nothing twice).
3. An attempt (a lane thread) signs the body (Standard Webhooks) and posts it
   (``workers.sender``). 2xx: delivered. 410: the subscription is removed. A refused
   address: failed at once. Anything else: the next attempt is scheduled on the retry
   schedule with an RQ job at that time (``deliver``, on the queue ``macau-webhooks``,
   which every worker serves after the people's tables and before the bot-only ones);
   after 24 h of failures the delivery fails for good, which the subscription shows
   (GET …/webhooks).
4. A delivery whose worker died (its lease ran out), or that no job brought back, is taken
   by the sweeper (``recover``) and attempted again: at least once, same ``webhook-id``."""

from __future__ import annotations

import logging
import threading
import time
import uuid
from dataclasses import dataclass
from typing import Callable, Optional

import orjson
from rq import Queue

from events.mapping import from_rfc3339, to_rfc3339
from games.notifications import YOUR_TURN, Notice, for_new_subscriber
from games.outbox import Delivery, Outbox, message_id, next_attempt_at
from games.records import GameRecord
from games.webhooks import (
    OPERATOR,
    KeyMismatch,
    Lookups,
    Secrets,
    Subscription,
    WebhookStore,
    check_addresses,
    parse_url,
    resolve,
    subscription,
)

from .jobs import current
from .lane import Lane, background
from .queueing import SCHEDULER_LATENESS_S, enqueue, webhooks_queue
from .sender import Attempt, Sender, headers_for

log = logging.getLogger("macau.webhooks")

OPERATOR_GAME = "~operator"  # where the operator's webhook keeps its state (no game has this id)
NOTICES = "macau:webhooks:notices"  # on the queue's Redis: notices waiting to be fanned out
PROCESSING = "macau:webhooks:taken:"  # + a dispatcher's name: the batch it works on
ALIVE = "macau:webhooks:dispatcher:"  # + a dispatcher's name: its heartbeat
# KEYS: the notices, a dispatcher's own list; ARGV: how many at most. Moves them over, oldest first.
_TAKE_LUA = """
local out = {}
for i = 1, tonumber(ARGV[1]) do
  local x = redis.call('LMOVE', KEYS[1], KEYS[2], 'RIGHT', 'LEFT')
  if not x then break end
  out[i] = x
end
return out
"""
BACKLOG_DELAY_S = 5.0  # a delivery the lane has no room for waits this long in the outbox


@dataclass
class WebhookSettings:
    allow_private: bool = False  # MACAU_WEBHOOK_ALLOW_PRIVATE: loopback, private addresses and http allowed
    timeout_s: float = 10.0  # one attempt, all in
    connect_timeout_s: float = 3.0
    threads: int = 16  # lane threads per worker process
    per_client: int = 4  # attempts under way at once per registering client, per worker process
    pending_per_webhook: int = 50  # deliveries a webhook holds not done yet; the oldest beyond fail
    ports: Optional[tuple[int, ...]] = (443,)  # receivers' ports (None: any; MACAU_WEBHOOK_PORTS)
    retry_base_s: float = 5.0  # the first retry's delay; each next one 4 times longer (at most 4 h)
    retry_for_s: float = 86_400.0  # a delivery fails for good after this long
    per_seat: int = 3
    per_game: int = 12
    public_url: str = ""  # the service's public address: links in deliveries (else paths)
    operator_url: Optional[str] = None  # the operator's webhook, for every game
    operator_secret: Optional[str] = None
    operator_events: tuple[str, ...] = ("game_finished",)

    @property
    def queued_lease_s(self) -> float:
        """How long a worker holds a delivery waiting in its lane before another may take it."""
        return 30.0 + 3 * self.timeout_s

    @property
    def running_lease_s(self) -> float:
        """How long a worker holds a delivery it is attempting (its attempt ends well before)."""
        return self.timeout_s + 5.0


class Webhooks:
    """The webhooks of one process: registering (API), notifying (after every append),
    delivering (workers)."""

    def __init__(self, store: WebhookStore, outbox: Outbox, secrets: Secrets, settings: WebhookSettings,
                 queue: Optional[Queue], metrics, clock: Callable[[], float] = time.time,
                 resolver: Callable[[str, int], list[str]] = resolve,
                 mark: Callable[[str], None] = lambda game_id: None):
        self.store, self.outbox, self.secrets, self.settings = store, outbox, secrets, settings
        self.mark = mark  # marks a game subscribed (the event store's ``subscribe``)
        self.queue, self.metrics, self.clock = queue, metrics, clock
        self.operator = _operator(settings)
        self.lookups = Lookups(resolver)
        self._lane: Optional[Lane] = None
        self._sender: Optional[Sender] = None
        self._take_script = None

    # ------------------------------------------------------------------ registering
    def check_form(self, url: str) -> None:
        """RefusedUrl if ``url`` may not be a receiver by its form alone (scheme, host,
        port): no name is resolved, so anyone may be told."""
        parse_url(url, self.settings.allow_private, self.settings.ports)

    def check_url(self, url: str, client: str = "") -> None:
        """RefusedUrl if ``url`` may not be a receiver: its form, and its host resolved
        (within the connect timeout, a few lookups at once per ``client``) to addresses
        the service may call. Only for a caller who holds a seat of the game."""
        target = parse_url(url, self.settings.allow_private, self.settings.ports)
        found = self.lookups.within(target.host, target.port, self.settings.connect_timeout_s, client)
        check_addresses(target, found, self.settings.allow_private)

    def register(self, record: GameRecord, seat: int, url: str, events: tuple[str, ...],
                 started_now: bool = False, who: tuple[str, str] = ("", "")) -> tuple[Subscription, str]:
        """Subscribe ``seat`` of ``record``'s game (TooManyWebhooks past the caps); what it is
        owed at once (its turn, the start its own request caused) is delivered to it.
        ``who``: ``games.webhooks.registrant`` of the client registering it (its
        deliveries' turn in the lane)."""
        sub, secret = subscription(record.game_id, seat, url, events, self.secrets, self.clock, who)
        self.mark(record.game_id)  # first: a mark without a subscription costs a push per append, nothing worse
        self.store.add(sub, self.settings.per_seat, self.settings.per_game)
        owed = [n for n in for_new_subscriber(record, seat, started_now) if n.event in events]
        if owed and self.queue is not None:
            self._push(record.game_id, owed, sub.webhook_id)
        return sub, secret

    def remove(self, game_id: str, seat: Optional[int], webhook_id: str) -> bool:
        gone = self.store.remove(game_id, seat, webhook_id)
        if gone:
            self.outbox.failing(game_id, webhook_id, None)
            self.outbox.forget(game_id, webhook_id)
        return gone

    # ------------------------------------------------------------------ notifying
    def notify(self, record: GameRecord, notices: list[Notice], subscribed: bool = True) -> None:
        """The application's hook after an append: hand over the notices of a subscribed
        game, and those the operator's webhook wants of any game."""
        if not subscribed:
            wanted = self.operator.events if self.operator is not None else ()
            notices = [n for n in notices if n.event in wanted]
        if notices and self.queue is not None:
            self._push(record.game_id, notices)

    def _push(self, game_id: str, notices: list[Notice], only: str = "") -> None:
        self.queue.connection.lpush(NOTICES, orjson.dumps({"game_id": game_id, "only": only,
                                                           "notices": [n.to_dict() for n in notices]}))

    # ------------------------------------------------------------------ delivering (workers)
    def dispatch(self, batch: int = 200, wait_s: float = 0.0, name: str = "inline", leftovers: bool = True,
                 linger_s: float = 0.0) -> int:
        """Take up to ``batch`` notices off the list (waiting up to ``wait_s`` for one if
        there is none, then ``linger_s`` for more to come with it) and fan them out; returns
        how many deliveries were new. A batch whose fan-out failed (Redis away) stays on
        this dispatcher's list and is taken up first next time (``leftovers``: look for
        one), or, should the dispatcher die, by the sweeper."""
        r = self.queue.connection
        mine = PROCESSING + name
        items = (r.lrange(mine, 0, -1) if leftovers else []) or \
            self._take_notices(keys=[NOTICES, mine], args=[batch])
        if not items and wait_s > 0:
            first = r.blmove(NOTICES, mine, wait_s, "RIGHT", "LEFT")
            items = [first] if first is not None else []
            if items and linger_s > 0 and batch > 1:
                # one notice woke us: the moves of the next moments come along in the same
                # round trips (a notice at a time cost five of them, and most of the
                # dispatcher's CPU, with nobody listening to most games)
                time.sleep(linger_s)
                items += self._take_notices(keys=[NOTICES, mine], args=[batch - 1])
        if not items:
            return 0
        added = self.fan_out([orjson.loads(raw) for raw in items])
        r.delete(mine)
        return added

    @property
    def _take_notices(self):
        if self._take_script is None:
            self._take_script = self.queue.connection.register_script(_TAKE_LUA)
        return self._take_script

    def requeue_orphans(self) -> int:
        """The sweeper's part: notices a dispatcher took and died with, back on the list."""
        r = self.queue.connection
        moved = 0
        for key in r.scan_iter(match=PROCESSING + "*", count=100):
            name = key.decode()[len(PROCESSING):] if isinstance(key, bytes) else key[len(PROCESSING):]
            if r.exists(ALIVE + name):
                continue
            while r.lmove(key, NOTICES, "RIGHT", "LEFT") is not None:
                moved += 1
        return moved

    def fan_out(self, items: list[dict]) -> int:
        """Put a delivery per notice and wanting subscription in the outbox, and start
        them; ``items`` as ``_push`` wrote them (a game, its notices, ``only`` one
        subscription or all). Returns how many deliveries were new."""
        subs = self.store.list_many(list(dict.fromkeys(item["game_id"] for item in items)))
        operator = [self.operator] if self.operator is not None else []
        now = self.clock()
        deliveries, by_id = [], {}
        for item in items:
            only = item.get("only") or ""
            wanting = [sub for sub in subs[item["game_id"]] + operator if not only or sub.webhook_id == only]
            for n in map(Notice.from_dict, item["notices"]):
                for sub in wanting:
                    if sub.wants(n.event, n.seats):
                        deliveries.append(self._delivery(n, sub, now))
                        by_id[sub.webhook_id] = sub
        held = now + self.settings.queued_lease_s
        added = self.outbox.put(deliveries, held)
        dropped = self._trim(list(dict.fromkeys((d.game_id, d.webhook_id) for d in added if d.webhook_id != OPERATOR)))
        # what the lane has no room for waits in the outbox, all in one round trip
        self.outbox.hold([d.ref for d in added if d.ref not in dropped and not self._submit(d, by_id[d.webhook_id],
                                                                                            held)],
                         self.clock() + BACKLOG_DELAY_S)
        return len(added)

    def _trim(self, webhooks: list[tuple[str, str]]) -> set[str]:
        """Each webhook keeps at most ``pending_per_webhook`` deliveries not done: the
        oldest beyond fail now, as its list shows (``error: overflow``). A receiver that
        never answers holds a bounded share of Redis and of the lane, whatever the moves."""
        dropped = set()
        for (game_id, webhook_id), msgs in self.outbox.trim_many(webhooks, self.settings.pending_per_webhook).items():
            for msg in msgs:
                ref = f"{game_id}/{msg}"
                d = self.outbox.load(ref)
                self.outbox.done(ref, webhook_id=webhook_id)
                dropped.add(ref)
                self.store.note(game_id, webhook_id, {
                    "message_id": msg, "event": d.event if d else "your_turn", "at": to_rfc3339(self.clock()),
                    "attempts": d.attempts if d else 0, "http_status": None, "error": "overflow", "status": "failed",
                    "detail": f"more than {self.settings.pending_per_webhook} deliveries of this webhook were "
                              "waiting: the oldest failed"}, "failed")
                self.metrics.webhook_delivery("overflow")
        return dropped

    def _delivery(self, n: Notice, sub: Subscription, now: float) -> Delivery:
        # a seat's webhook: its seat; the operator's: the seat a your_turn is for, else every seat
        seat = sub.seat if sub.seat is not None else (n.seats[0] if n.event == YOUR_TURN else None)
        base = self.settings.public_url.rstrip("/")
        data = {"game_id": n.game_id, "version": n.version, "seat": seat, "webhook_id": sub.webhook_id,
                "game_url": f"{base}/v1/games/{n.game_id}", "table_url": f"{base}/play/{n.game_id}", **n.data}
        if seat is None:
            data["seats"] = list(n.seats)
        body = orjson.dumps({"type": n.event, "timestamp": n.at, "data": data}).decode()
        msg = message_id(sub.webhook_id, n.event, n.game_id, n.version, seat)
        return Delivery(msg, n.game_id, sub.webhook_id, n.event, body, _ts(n.at, now), now)

    def take(self, ref: str) -> bool:
        """Take a delivery that is due (an RQ retry job, the sweeper) and start it."""
        now = self.clock()
        held = now + self.settings.queued_lease_s
        if not self.outbox.claim(ref, now, held):
            return False
        d = self.outbox.load(ref)
        sub = self._subscription(d) if d is not None else None
        if sub is None:
            self.outbox.done(ref, webhook_id=d.webhook_id if d is not None else "")
            if d is not None:
                self.metrics.webhook_delivery("dropped")
            return False
        self._start(d, sub, held)
        return True

    def recover(self, limit: int = 500) -> int:
        """The sweeper's pass: notices a dead dispatcher held go back on the list, and
        deliveries overdue beyond the scheduler's lateness (a lease that ran out with its
        worker, a retry job that was lost) are taken here."""
        taken = self.requeue_orphans() if self.queue is not None else 0
        for ref in self.outbox.due(self.clock() - SCHEDULER_LATENESS_S - 1.0, limit):
            taken += self.take(ref)
        return taken

    def _submit(self, d: Delivery, sub: Subscription, held: float) -> bool:
        client, group = sub.fairness
        return self.lane.submit(client, group, lambda: self._attempt(d, sub, held))

    def _start(self, d: Delivery, sub: Subscription, held: float) -> None:
        if not self._submit(d, sub, held):
            # no room for its client here now: it waits in the outbox (it stays held
            # until then, so the sweeper brings it back, to whichever worker sweeps)
            self.outbox.renew(d.ref, held, self.clock() + BACKLOG_DELAY_S)

    @property
    def lane(self) -> Lane:
        if self._lane is None:
            self._lane = Lane(self.settings.threads, self.settings.per_client)
        return self._lane

    @property
    def sender(self) -> Sender:
        if self._sender is None:
            s = self.settings
            self._sender = Sender(allow_private=s.allow_private, connect_timeout_s=s.connect_timeout_s,
                                  timeout_s=s.timeout_s, lookups=self.lookups)
        return self._sender

    def _subscription(self, d: Delivery) -> Optional[Subscription]:
        if d.webhook_id == OPERATOR:
            return self.operator
        return self.store.get(d.game_id, d.webhook_id)

    def _attempt(self, d: Delivery, sub: Subscription, held: float) -> None:
        """One attempt, on a lane thread (``d`` and ``sub`` as they were when it was taken:
        a subscription removed since may still get this one)."""
        now = self.clock()
        if now + self.settings.running_lease_s > held \
                and not self.outbox.renew(d.ref, held, now + self.settings.running_lease_s):
            return  # it waited here past its lease, and another worker has it now
        try:
            headers = headers_for(self.secrets.secret_of(sub), d.msg, d.body, now)
        except KeyMismatch as e:
            log.error("%s", e)
            attempt = Attempt(None, "key", str(e), 0.0)
        else:
            operator = sub.seat is None  # the operator's own receiver: any port
            attempt = self.sender.post(sub.url, d.body, headers, sub.fairness[0],
                                       None if operator else self.settings.ports)
        d.attempts += 1
        self._record(d, sub, attempt)

    def _record(self, d: Delivery, sub: Subscription, a: Attempt) -> None:
        now = self.clock()
        result = a.error or f"{a.status // 100}xx"
        self.metrics.webhook_attempt(result, a.seconds)
        # no answer is one error whatever its cause (the metrics above tell them apart)
        error = "connection" if a.error == "timeout" else a.error
        outcome = {"message_id": d.msg, "event": d.event, "at": to_rfc3339(now), "attempts": d.attempts,
                   "http_status": a.status, "error": error, "detail": a.detail}
        state_game = OPERATOR_GAME if sub.seat is None else d.game_id
        if a.ok:
            pipe = self.outbox.pipeline()
            self.outbox.done(d.ref, pipe, d.webhook_id)
            self.store.note(state_game, sub.webhook_id, {**outcome, "status": "delivered"}, "delivered", pipe)
            self.outbox.failing(state_game, sub.webhook_id, None, pipe)
            if pipe is not None:
                pipe.execute()
            self.metrics.webhook_delivery("delivered", max(0.0, now - d.created_at))
            return
        if a.status == 410 and sub.seat is not None:  # the receiver says: gone for good
            self.outbox.done(d.ref, webhook_id=d.webhook_id)
            self.remove(d.game_id, None, sub.webhook_id)
            self.metrics.webhook_delivery("gone")
            log.info("webhook %s removed: its receiver answered 410", sub.webhook_id, extra={"game_id": d.game_id})
            return
        at = None if a.error == "refused" else next_attempt_at(
            d.attempts, d.first_at, now, self.settings.retry_base_s, self.settings.retry_for_s)
        self.outbox.failing(state_game, sub.webhook_id, now)
        if at is None:
            self.outbox.done(d.ref, webhook_id=d.webhook_id)
            self.store.note(state_game, sub.webhook_id, {**outcome, "status": "failed"}, "failed")
            self.metrics.webhook_delivery("refused" if a.error == "refused" else "failed")
            log.warning("webhook delivery %s to %s failed for good after %d attempts: %s", d.msg, sub.webhook_id,
                        d.attempts, a.detail, extra={"game_id": d.game_id})
            return
        self.outbox.retry(d, at)
        self.store.note(state_game, sub.webhook_id,
                        {**outcome, "status": "retrying", "next_attempt_at": to_rfc3339(at)}, None)
        self.metrics.webhook_retry()
        if self.queue is not None:
            enqueue(webhooks_queue(self.queue), deliver, (d.ref,), f"whr-{d.msg}-{d.attempts}", at)


def _operator(s: WebhookSettings) -> Optional[Subscription]:
    if not s.operator_url:
        return None
    return Subscription(OPERATOR, OPERATOR_GAME, None, s.operator_url, tuple(s.operator_events), 0.0,
                        secret=s.operator_secret)


def _ts(rfc3339: str, default: float) -> float:
    try:
        return from_rfc3339(rfc3339)
    except (TypeError, ValueError):
        return default


class Dispatcher:
    """A worker process's dispatcher thread: notices off the list, into the outbox and the lane."""

    HEARTBEAT_S = 15  # a dispatcher not heard from for this long is dead: the sweeper hands its batch back
    LINGER_S = 0.05  # after a notice wakes it, for more to share its round trips (a delivery's latency)

    def __init__(self, webhooks: Webhooks):
        self.webhooks = webhooks
        self.name = uuid.uuid4().hex

    def run(self, stop: threading.Event) -> None:
        background()
        r = self.webhooks.queue.connection
        beat, leftovers = 0.0, True
        while not stop.is_set():
            try:
                if time.monotonic() - beat > self.HEARTBEAT_S / 3:
                    r.set(ALIVE + self.name, b"1", ex=self.HEARTBEAT_S)
                    beat = time.monotonic()
                self.webhooks.dispatch(wait_s=1.0, name=self.name, leftovers=leftovers, linger_s=self.LINGER_S)
                leftovers = False  # this dispatcher's list is empty after a dispatch that did not fail
            except Exception:  # Redis away: try again shortly, whatever happens
                log.exception("webhook dispatch failed")
                leftovers = True
                stop.wait(1.0)


# ---------------------------------------------------------------------- RQ jobs
def deliver(ref: str) -> str:
    """A delivery's next attempt (its time has come)."""
    return "started" if current().webhooks.take(ref) else "not due, or gone"
