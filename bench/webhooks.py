"""Webhooks under load: what they cost a move, and how long a notice takes to arrive.

    python -m bench.webhooks [--tables 1000] [--seconds 8] [--rounds 3] [--rate 250]

Starts a real Redis-compatible server, the API under gunicorn (production settings),
``macau worker`` processes and a receiver on loopback (an asyncio HTTP server in a
process of its own that answers 204 and notes when each delivery arrived). Opens
``--tables`` two-person tables whose every seat has a webhook (so nearly every move is a
``your_turn`` for the other seat) and as many without, then drives moves over HTTP
(precomputed from each game's seed, as bench.api does) in phases of the same shape, one
group of tables at a time, in one run: ``--rounds`` rounds, each with

- a closed loop at saturation (``--clients`` connections): moves/s and move latency;
- an open loop at ``--rate`` moves/s, below saturation: move latency p50/p99, the figure
  that must not move when webhooks are on;

for the tables without webhooks and those with, in turn (who goes first alternates, so a
load that comes and goes on a shared machine falls on both alike). After each phase with
webhooks the outbox is let drain; a delivery's delay is the time from the move's append
(its notice's ``timestamp``) to its arrival at the receiver.

Prints as its last line one JSON object: for ``saturation_off/on`` and ``rate_off/on``
the medians over the rounds of ``moves_per_s``, ``p50_ms``, ``p99_ms`` (and each
round's p99), CPU per move of the API and of the workers; for the phases with webhooks
``deliveries``, ``duplicates`` (a webhook-id twice), ``outbox_left`` and
``delivery_p50_ms``/``delivery_p99_ms``/``delivery_max_ms``; and the ratios of the
rate phases' p50 and p99, on over off."""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from multiprocessing import Event, Process, Queue

import redis

from bench.api import pct, plan_game, run_phase
from bench.stack import Conn, Stack, cpu_s

SEATS = 2


def serve(port_q: Queue, out: Queue, stop) -> None:
    """The receiver: answers every POST with a 204 and notes (arrival, body fields)."""
    got: list = []

    async def handle(reader, writer):
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            msg = ""
            for line in head.split(b"\r\n"):
                low = line.lower()
                if low.startswith(b"content-length:"):
                    length = int(line[15:])
                elif low.startswith(b"webhook-id:"):
                    msg = line[11:].strip().decode()
            body = await reader.readexactly(length)
            arrived = time.time()
            writer.write(b"HTTP/1.1 204 No Content\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            await writer.drain()
            d = json.loads(body)
            got.append((arrived, d["timestamp"], d["type"], d["data"]["game_id"], d["data"]["version"], msg))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    async def main():
        server = await asyncio.start_server(handle, "127.0.0.1", 0, backlog=1024)
        port_q.put(server.sockets[0].getsockname()[1])
        while not stop.is_set():
            await asyncio.sleep(0.05)
        server.close()

    asyncio.run(main())
    out.put(got)


def prepare(port: int, n: int, seed0: int, hook_url: str | None, max_moves: int) -> list:
    """``n`` two-person tables (each seat with a webhook to ``hook_url``, if given), with
    their moves planned."""
    conn = Conn(port)
    games = []
    for i in range(n):
        seed = seed0 + i
        moves = plan_game("macau", None, SEATS, seed, max_moves)
        players = [{"name": f"p{s}", **({"webhook": {"url": hook_url, "events": ["your_turn"]}} if hook_url else {})}
                   for s in range(SEATS)]
        status, resp = conn.request("POST", "/v1/games", {"variant": "macau", "seats": SEATS, "seed": seed,
                                                          "players": players, "turn_timeout_s": None,
                                                          "announce_window_s": 600})
        assert status == 201, resp
        assert not hook_url or all(p.get("webhook") for p in resp["players"]), resp
        games.append((resp["game_id"], {p["seat"]: p["token"] for p in resp["players"]}, moves))
    return games


def drained(r: redis.Redis, timeout_s: float) -> int:
    """Wait until the outbox is empty (every delivery done); returns what is left."""
    deadline = time.monotonic() + timeout_s
    while True:
        left = sum(r.zcard(f"webhooks:due:{{W{k}}}") for k in range(16))
        if left == 0 or time.monotonic() > deadline:
            return left
        time.sleep(0.2)


def delays(received: list, games: set) -> list[float]:
    """Each delivery's delay in ms: its arrival less its notice's time (the move's append)."""
    from events.mapping import from_rfc3339

    return [(arrived - from_rfc3339(ts)) * 1000 for arrived, ts, _, gid, _, _ in received if gid in games]


def phase(stack: Stack, games, clients: int, seconds: float, rate: float | None, cursors: dict) -> dict:
    api, workers = stack.api_processes(), stack.worker_processes()
    a0, w0 = cpu_s(api), cpu_s(workers)
    samples, done, errors, elapsed = run_phase(stack.port, games, clients, seconds, rate, starts=dict(cursors),
                                               reached=cursors)
    lat = [s[0] * 1000 for s in samples]
    return {"moves_per_s": round(done / elapsed, 1), "p50_ms": round(pct(lat, 50), 2), "p99_ms": round(pct(lat, 99), 2),
            "moves": done, "errors": errors, "api_cpu_ms_per_move": round((cpu_s(api) - a0) * 1000 / max(done, 1), 3),
            "worker_cpu_ms_per_move": round((cpu_s(workers) - w0) * 1000 / max(done, 1), 3)}


def summary(runs: list[dict]) -> dict:
    """The median over the rounds of each figure (rounds that ran out of moves left out),
    and each round's p99."""
    keys = ("moves_per_s", "p50_ms", "p99_ms", "api_cpu_ms_per_move", "worker_cpu_ms_per_move")
    ran = [r for r in runs if r["moves"]] or runs
    out = {k: round(statistics.median(r[k] for r in ran), 3) if ran[0]["moves"] else None for k in keys}
    out["p99_ms_rounds"] = [r["p99_ms"] for r in runs if r["moves"]]
    out["moves"] = sum(r["moves"] for r in runs)
    out["errors"] = sum(r["errors"] for r in runs)
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=1000, help="tables with webhooks (and as many without)")
    ap.add_argument("--seconds", type=float, default=8.0, help="per phase")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of off and on phases, alternating who goes first")
    ap.add_argument("--rate", type=float, default=250.0, help="moves/s of the open-loop phases")
    ap.add_argument("--clients", type=int, default=8, help="load-generator processes")
    ap.add_argument("--api-workers", type=int, default=2, help="gunicorn workers")
    ap.add_argument("--queue-workers", type=int, default=2, help="macau worker processes")
    ap.add_argument("--max-moves", type=int, default=80, help="moves planned per table")
    a = ap.parse_args(argv)

    port_q, out, stop = Queue(), Queue(), Event()
    receiver = Process(target=serve, args=(port_q, out, stop), daemon=True)
    receiver.start()
    hook = f"http://127.0.0.1:{port_q.get(timeout=30)}/hook"
    env = {"MACAU_ENQUEUE": "1", "MACAU_WEBHOOK_ALLOW_PRIVATE": "1", "MACAU_WEBHOOK_REGISTRATIONS_PER_MIN": "0",
           "MACAU_WEBHOOK_KEY": "bench webhook key"}
    result: dict = {"tables_with_webhooks": a.tables, "tables_without": a.tables, "seats": SEATS,
                    "api_workers": a.api_workers, "queue_workers": a.queue_workers, "rate_target_per_s": a.rate,
                    "clients": a.clients, "rounds": a.rounds, "seconds_per_phase": a.seconds}
    runs: dict = {(kind, group): [] for kind in ("saturation", "rate") for group in ("off", "on")}
    windows: dict = {"saturation": [], "rate": []}  # when the "on" phases ran
    with Stack("redis", workers=a.api_workers, queue_workers=a.queue_workers, env=env) as stack:
        r = redis.Redis.from_url(stack.env["REDIS_URL"])
        t0 = time.monotonic()
        groups = {"off": prepare(stack.port, a.tables, 10_000, None, a.max_moves),
                  "on": prepare(stack.port, a.tables, 20_000, hook, a.max_moves)}
        print(f"{2 * a.tables} tables opened in {time.monotonic() - t0:.0f} s", file=sys.stderr)
        drained(r, 120)  # what the registrations owed (each table's first turn)
        cursors: dict = {}
        for rnd in range(a.rounds):
            for kind in ("saturation", "rate"):
                for group in (("off", "on") if rnd % 2 == 0 else ("on", "off")):
                    began = time.time()
                    res = phase(stack, groups[group], a.clients, a.seconds, a.rate if kind == "rate" else None,
                                cursors)
                    res["outbox_left"] = drained(r, 120) if group == "on" else 0
                    runs[(kind, group)].append(res)
                    if group == "on":
                        windows[kind].append((began, time.time()))
                    print(f"round {rnd + 1} {kind} {group}: {res}", file=sys.stderr)
        stop.set()
        received = out.get(timeout=60)
        receiver.join(10)
    on_ids = {g[0] for g in groups["on"]}
    off_ids = {g[0] for g in groups["off"]}
    for kind in ("saturation", "rate"):
        for group in ("off", "on"):
            result[f"{kind}_{group}"] = summary(runs[(kind, group)])
        got = [x for x in received if x[3] in on_ids and any(a0 <= x[0] <= b0 for a0, b0 in windows[kind])]
        d = delays(got, on_ids)
        msgs = [x[5] for x in got]
        result[f"{kind}_on"].update({
            "deliveries": len(d), "duplicates": len(msgs) - len(set(msgs)),
            "outbox_left": sum(x["outbox_left"] for x in runs[(kind, "on")]),
            "delivery_p50_ms": round(pct(d, 50), 1) if d else None,
            "delivery_p99_ms": round(pct(d, 99), 1) if d else None, "delivery_max_ms": round(max(d), 1) if d else None})
    result["deliveries_to_tables_without"] = sum(1 for x in received if x[3] in off_ids)
    result["p99_ms_on_vs_off_at_rate"] = round(result["rate_on"]["p99_ms"] / result["rate_off"]["p99_ms"], 2)
    result["p50_ms_on_vs_off_at_rate"] = round(result["rate_on"]["p50_ms"] / result["rate_off"]["p50_ms"], 2)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
