"""``macau status``: what the service is doing, read from Redis alone (no API needed).

Games by status and variant (the lobby), the RQ queues, webhook deliveries, the workers and
their last heartbeat, jobs late by more than 2 s, the archive's seal key
(docs/archive-seals.md), and the oldest stalled game: a playing or waiting
game whose bot turn, turn clock, last-card window or bot fill is overdue by more than the
due index's bound (``workers.batches.DUE_BOUND_S``, 1 s: the workers' tickers run every
game from the index within it while a worker is alive; one that stays here is stuck). Only suspects are loaded: games the due index holds as overdue, and games
it does not hold (nothing due, or an update lost). ``gather`` returns one JSON-able dict;
``render`` prints it as tables."""

from __future__ import annotations

import time
from datetime import datetime, timezone

from rq import Queue, Worker

from games.due import DueIndex, overdue
from games.projections import STATUSES, LobbyIndex
from games.repository import GameRepository
from workers.batches import DUE_BOUND_S
from workers.queueing import SCHEDULER_LATENESS_S, bots_queue, webhooks_queue

from .wiring import Services

from .seals import registered_key

QUEUE_SAMPLE = 500  # queued jobs looked at (oldest first) for lateness
SUSPECTS = 10_000  # overdue games taken from the due index at most


def gather(services: Services, now: float | None = None) -> dict:
    """What ``services`` (the composition root's, built for a Redis deployment) show."""
    now = time.time() if now is None else now
    return {"at": _iso(now), "games": _games(services.lobby), "queue": _queue(services.queue),
            "bots_queue": _queue(bots_queue(services.queue)),
            "webhooks_queue": _queue(webhooks_queue(services.queue)),
            "webhooks": {"pending_deliveries": services.webhooks.outbox.pending(),
                         "failing_receivers": services.webhooks.outbox.failing_count()},
            "late_jobs": _late_jobs(services.queue, now), "workers": _workers(services.queue, now),
            "stalled": _stalled(services.repo, services.lobby, services.due, now),
            "seal_key": _seal_key(services.redis)}


def _games(lobby: LobbyIndex) -> dict:
    counts = {status: {} for status in STATUSES}
    for s in lobby.summaries():
        by_variant = counts.setdefault(s["status"], {})
        by_variant[s["variant"]] = by_variant.get(s["variant"], 0) + 1
    return {status: {"total": sum(v.values()), "by_variant": dict(sorted(v.items()))} for status, v in counts.items()}


def _queue(queue: Queue) -> dict:
    return {"name": queue.name, "queued": queue.count, "scheduled": queue.scheduled_job_registry.count,
            "started": queue.started_job_registry.count, "failed": queue.failed_job_registry.count}


def _late_jobs(queue: Queue, now: float) -> dict:
    """Scheduled jobs still not enqueued more than 2 s after their time, and jobs waiting
    in the queue for more than 2 s."""
    late = [(job_id.decode(), now - score) for job_id, score in queue.connection.zrangebyscore(
        queue.scheduled_job_registry.key, 0, now - SCHEDULER_LATENESS_S, withscores=True)]
    ids = queue.get_job_ids(0, QUEUE_SAMPLE - 1)
    for job_id, job in zip(ids, queue.job_class.fetch_many(ids, connection=queue.connection)):
        if job is not None and job.enqueued_at is not None:
            waited = now - job.enqueued_at.replace(tzinfo=timezone.utc).timestamp()
            if waited > SCHEDULER_LATENESS_S:
                late.append((job_id, waited))
    oldest = max(late, key=lambda j: j[1]) if late else None
    return {"threshold_s": SCHEDULER_LATENESS_S, "count": len(late),
            "oldest": {"job_id": oldest[0], "late_s": round(oldest[1], 1)} if oldest else None}


def _workers(queue: Queue, now: float) -> list[dict]:
    out = []
    for w in sorted(Worker.all(queue=queue), key=lambda w: w.name):
        beat = w.last_heartbeat.replace(tzinfo=timezone.utc).timestamp() if w.last_heartbeat else None
        state = w.get_state()
        out.append({"name": w.name, "hostname": w.hostname, "pid": w.pid, "state": getattr(state, "value", state),
                    "last_heartbeat": _iso(beat) if beat else None,
                    "heartbeat_age_s": round(max(0.0, now - beat), 1) if beat else None,
                    "current_job": w.get_current_job_id()})
    return out


def _stalled(repo: GameRepository, lobby: LobbyIndex, due_index: DueIndex, now: float) -> dict:
    """The stalled games among the suspects (see the module note); each suspect is loaded
    and judged from its log, so an index behind the log misleads nothing."""
    live = [game_id for status in ("playing", "waiting") for game_id in lobby.ids(status)]
    suspects = dict.fromkeys(due_index.due(now - DUE_BOUND_S, SUSPECTS) + due_index.missing(live))
    checked, stalled = 0, []
    for game_id in suspects:
        record = repo.load(game_id)
        if record is None:
            continue
        checked += 1
        due = overdue(record, now)
        if due is not None and now - due.due > DUE_BOUND_S:
            stalled.append((now - due.due, due.kind, record))
    oldest = max(stalled, key=lambda s: s[0]) if stalled else None
    return {"threshold_s": DUE_BOUND_S, "games": len(live), "checked": checked, "count": len(stalled), "oldest": {
        "game_id": oldest[2].game_id, "variant": oldest[2].variant, "status": oldest[2].status,
        "version": oldest[2].version, "due": oldest[1], "overdue_s": round(oldest[0], 1)} if oldest else None}


def _seal_key(client) -> dict | None:
    key = registered_key(client) if client is not None else None
    return None if key is None else {"algorithm": "Ed25519", "key_id": key.key_id, "public_key": key.text()}


def _iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def render(report: dict) -> str:
    games = report["games"]
    variants = sorted({v for g in games.values() for v in g["by_variant"]})
    head = ["games", "total"] + variants
    rows = [[status, str(g["total"])] + [str(g["by_variant"].get(v, 0)) for v in variants]
            for status, g in games.items()]
    lines = [f"Macau service status at {report['at']}", ""] + _table(head, rows)
    late = report["late_jobs"]
    lines += [""] + [f"queue {q['name']}: {q['queued']} queued, {q['scheduled']} scheduled, {q['started']} running, "
                     f"{q['failed']} failed" for q in (report["queue"], report["webhooks_queue"],
                                                       report["bots_queue"])]
    hooks = report["webhooks"]
    lines += [f"webhook deliveries not done yet: {hooks['pending_deliveries']}; subscriptions whose latest "
              f"attempt failed: {hooks['failing_receivers']}"]
    lines += [f"jobs late by more than {late['threshold_s']:g} s: {late['count']}"
              + (f" (oldest: {late['oldest']['job_id']}, {late['oldest']['late_s']} s)" if late["oldest"] else ""),
              ""]
    workers = report["workers"]
    if workers:
        lines += _table(["worker", "host", "pid", "state", "last heartbeat", "job"], [
            [w["name"], w["hostname"] or "", str(w["pid"] or ""), w["state"],
             f"{w['heartbeat_age_s']} s ago" if w["heartbeat_age_s"] is not None else "never",
             w["current_job"] or ""] for w in workers])
    else:
        lines.append("workers: none (bots, clocks and windows wait until one starts)")
    seal = report.get("seal_key")
    lines += ["", f"archive seal key: {seal['public_key']} (key id {seal['key_id']})" if seal else
              "archive seal key: none registered (no archive, or no process has started with one yet)"]
    st = report["stalled"]
    lines += ["", f"stalled games (overdue by more than {st['threshold_s']:g} s): {st['count']} "
                  f"of {st['games']} playing or waiting ({st['checked']} looked at)"]
    if st["oldest"]:
        o = st["oldest"]
        lines.append(f"  oldest: {o['game_id']} ({o['variant']}, {o['status']}, version {o['version']}): "
                     f"{o['due']} overdue by {o['overdue_s']} s")
    return "\n".join(lines)


def _table(head: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    fmt = "  ".join(f"{{:<{w}}}" if i == 0 else f"{{:>{w}}}" for i, w in enumerate(widths))
    return [fmt.format(*head)] + [fmt.format(*r) for r in rows]
