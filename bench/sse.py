"""One API process holding many concurrent SSE clients; or moves on one replica waking
streams and long-polls held by others.

    python -m bench.sse [--clients 1000] [--games 10] [--moves 40]
    python -m bench.sse --replicas 3 --cluster [--long-polls 200] [--rate 100]
    python -m bench.sse --idle 1000,5000,10000 [--idle-long-polls 1000,5000]

Starts a real Redis-compatible server (``--cluster``: a local 3-master cluster) and
gunicorn (gevent worker, the production worker class): one process, or ``--replicas``
of them. Opens ``--clients`` SSE streams spread over ``--games`` games (asyncio, one
socket each) and ``--long-polls`` clients that long-poll the events of a game again and
again; with replicas, every stream and long-poll is held by another replica than the
one the moves are posted to. Then plays moves, one after another or at ``--rate`` moves/s
in all (without it, the replica taking the moves, otherwise idle, can post them faster
than the others deliver them, and the latency measured is a growing queue's), and checks
that every client receives every event exactly once, in order. Prints one JSON object
last: clients held, events delivered, delivery latency p50/p99 (move acknowledged → event
read by a client, which may come first; the long-polls' separately), the moves posted per
second, and the API processes' memory; ``bytes_per_idle_stream``: the API processes'
growth in resident memory from before the streams opened to when all of them were open
and idle, per stream.

``--idle``: what an idle connection costs. One API process (its connection caps raised
to hold them) and idle SSE streams, opened in steps to each number given (spread over 20
games, backlog included, as a browser opens them), then closed; then waiting long-polls
(``GET .../events?wait=30`` past the game's end) opened likewise. At each step: the
process's resident memory, and its growth since before the first connection divided by
the connections open (``bytes_per_idle_stream``, ``bytes_per_waiting_long_poll``: the
figures at the largest step)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time

import psutil

from bench.api import pct
from bench.stack import ROOT, Conn


async def sse_client(port: int, game_id: str, out: dict, ready: asyncio.Event, counter: list, n: int):
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
    writer.write(f"GET /v1/games/{game_id}/stream HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    status = await reader.readline()
    assert b"200" in status, status
    while (await reader.readline()) not in (b"\r\n", b""):
        pass
    counter[0] += 1
    if counter[0] == n:
        ready.set()
    seqs = out.setdefault("seqs", [])
    times = out.setdefault("times", [])
    chunked = True
    try:
        while True:
            line = await reader.readline()
            if not line:
                break
            if chunked and line.strip() and all(c in b"0123456789abcdefABCDEF" for c in line.strip()):
                continue  # chunk size line
            if line.startswith(b"id: "):
                seqs.append(int(line[4:]))
                times.append(time.perf_counter())
    except (asyncio.CancelledError, ConnectionError):
        pass
    finally:
        writer.close()


async def long_poll_client(port: int, game_id: str, out: dict, ready: asyncio.Event, counter: list, n: int,
                           after: int):
    """GET the game's events after the last one seen, waiting up to 20 s, again and again
    (a keep-alive connection of its own)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
    seqs = out.setdefault("seqs", [])
    times = out.setdefault("times", [])
    counter[0] += 1
    if counter[0] == n:
        ready.set()
    try:
        while True:
            writer.write(f"GET /v1/games/{game_id}/events?after={after}&wait=20 HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            await writer.drain()
            status = await reader.readline()
            length = 0
            while (line := await reader.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            body = json.loads(await reader.readexactly(length))
            assert b"200" in status, (status, body)
            now = time.perf_counter()
            for e in body["events"]:
                seqs.append(e["seq"])
                times.append(now)
            after = body["events"][-1]["seq"] if body["events"] else after
    except (asyncio.CancelledError, ConnectionError, asyncio.IncompleteReadError):
        pass
    finally:
        writer.close()


async def run(post_port: int, watch_ports: list[int], games: list, clients: int, long_polls: int,
              moves_per_game: int, rate: float | None = None, processes=()):
    """Post every game's moves in turn, one at a time: at ``rate`` moves/s in all, or
    (None) each as soon as the one before is acknowledged. ``processes``: whose memory
    growth while the clients open is measured (bytes, into the results' last item)."""
    ready = asyncio.Event()
    counter = [0]
    n = clients + long_polls
    results = [dict() for _ in range(clients)]
    polls = [dict() for _ in range(long_polls)]
    tasks = [asyncio.create_task(sse_client(watch_ports[i % len(watch_ports)], games[i % len(games)][0], results[i],
                                            ready, counter, n)) for i in range(clients)]
    tasks += [asyncio.create_task(long_poll_client(watch_ports[i % len(watch_ports)], games[i % len(games)][0],
                                                   polls[i], ready, counter, n, games[i % len(games)][3]))
              for i in range(long_polls)]
    rss0 = sum(p.memory_info().rss for p in processes)
    await asyncio.wait_for(ready.wait(), 120)
    await asyncio.sleep(1.0)
    grown = sum(p.memory_info().rss for p in processes) - rss0
    sent = {}  # (game_id, seq) -> time the move was acknowledged
    loop = asyncio.get_running_loop()
    next_at = first = time.perf_counter()
    for step in range(moves_per_game):
        for game_id, tokens, plan, _ in games:
            if step >= len(plan):
                continue
            if rate:
                next_at += 1 / rate
                await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
            seat, body = plan[step]
            status, resp = await loop.run_in_executor(None, lambda: Conn(post_port).request(
                "POST", f"/v1/games/{game_id}/moves", body, tokens[seat]))
            assert status == 200, resp
            t = time.perf_counter()
            for e in resp["events"]:
                sent[(game_id, e["seq"])] = t
        if not rate:
            await asyncio.sleep(0.01)
    posted_s = time.perf_counter() - first
    await asyncio.sleep(2.0)
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return results, polls, sent, posted_s, grown


def deliveries(results: list[dict], games: list, sent: dict, first_seq) -> tuple[int, int, list[float]]:
    """(clients that got every event once and in order, events delivered, latencies ms)."""
    latencies, complete, clients_ok = [], 0, 0
    for i, r in enumerate(results):
        game_id = games[i % len(games)][0]
        want = list(range(first_seq(game_id), max((s for (g, s) in sent if g == game_id), default=0) + 1))
        got = r.get("seqs", [])
        if got == want:
            clients_ok += 1
        complete += len(got)
        for seq, t in zip(got, r.get("times", [])):
            t0 = sent.get((game_id, seq))
            if t0 is not None:
                latencies.append((t - t0) * 1000)
    return clients_ok, complete, latencies


async def _open_idle(port: int, games: list[str], held: list, n: int, kind: str) -> None:
    """Open idle connections until ``held`` has ``n``: SSE streams (their head read), or
    long-polls waiting for an event after the game's end."""
    async def one(game_id: str):
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 16)
        if kind == "sse":
            writer.write(f"GET /v1/games/{game_id}/stream HTTP/1.1\r\nHost: x\r\n"
                         f"Accept: text/event-stream\r\n\r\n".encode())
            status = await reader.readline()
            assert b" 200 " in status, status
            while (await reader.readline()) not in (b"\r\n", b""):
                pass
        else:
            writer.write(f"GET /v1/games/{game_id}/events?after=100000&wait=30 HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        return reader, writer

    while len(held) < n:
        batch = min(250, n - len(held))
        held += await asyncio.gather(*(one(games[(len(held) + i) % len(games)]) for i in range(batch)))


async def _idle_steps(port: int, games: list[str], process, levels: list[int], kind: str) -> list[dict]:
    held: list = []
    base = process.memory_info().rss
    steps = []
    try:
        for n in levels:
            await _open_idle(port, games, held, n, kind)
            await asyncio.sleep(2.0)  # the last ones subscribed, their backlog written
            rss = process.memory_info().rss
            steps.append({"open": n, "rss_mib": round(rss / 2**20, 1), "bytes_per": round((rss - base) / n)})
            print(f"{kind}: {n} open, RSS {rss / 2**20:.0f} MiB, {(rss - base) / n / 1024:.1f} KiB each",
                  file=sys.stderr, flush=True)
    finally:
        for _, writer in held:
            writer.close()
    return steps


def caps_for(connections: int) -> dict:
    """An API process's connection caps raised to hold ``connections`` from this one client
    (every stream of the bench comes from one address), in both modes."""
    return {"GUNICORN_WORKER_CONNECTIONS": str(connections + 1000), "MACAU_MAX_STREAMS": str(connections + 500),
            "MACAU_MAX_STREAMS_PER_CLIENT": str(connections + 500),
            "MACAU_MAX_CONNECTIONS_PER_CLIENT": str(connections + 500),
            "MACAU_MAX_HEADER_READS_PER_CLIENT": str(connections + 500)}


def idle(levels: list[int], poll_levels: list[int], root: str) -> dict:
    """What idle SSE streams and waiting long-polls cost one API process (``--idle``)."""
    from bench.api import create
    from bench.stack import Stack

    most = max(levels + poll_levels)
    caps = caps_for(most)
    out: dict = {}
    for kind, steps in (("sse", levels), ("long_poll", poll_levels)):
        if not steps:
            continue
        with Stack("redis", workers=1, env=caps, root=root) as stack:  # a fresh process for each kind
            conn = Conn(stack.port)
            games = [create(conn, "macau", None, 2, 100 + i)[0] for i in range(20)]
            for game_id in games:  # the routes and the games warm
                conn.request("GET", f"/v1/games/{game_id}")
            [process] = stack.api_processes()
            out[kind] = asyncio.run(_idle_steps(stack.port, games, process, steps, kind))
    result = {"api_processes": 1}
    if "sse" in out:
        result.update(idle_streams=out["sse"], bytes_per_idle_stream=out["sse"][-1]["bytes_per"],
                      streams_held=out["sse"][-1]["open"])
    if "long_poll" in out:
        result.update(waiting_long_polls=out["long_poll"], bytes_per_waiting_long_poll=out["long_poll"][-1]["bytes_per"])
    return result


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=1000)
    ap.add_argument("--long-polls", type=int, default=None, help="long-polling clients (default: 0, or 200 with "
                                                                  "--replicas)")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--moves", type=int, default=40)
    ap.add_argument("--replicas", type=int, default=1, help="API processes (moves go to the first, clients to the "
                                                            "others)")
    ap.add_argument("--cluster", action="store_true", help="the events on a local 3-master cluster")
    ap.add_argument("--rate", type=float, default=None, help="moves per second over all games (default: each "
                                                              "move as soon as the one before is acknowledged)")
    ap.add_argument("--root", default=ROOT, help="the checkout whose service runs (a before figure)")
    ap.add_argument("--idle", default=None, help="idle SSE streams to hold, in steps (e.g. 1000,5000,10000)")
    ap.add_argument("--idle-long-polls", default="1000,5000", help="with --idle: waiting long-polls, in steps "
                                                                   "(empty: none)")
    a = ap.parse_args(argv)
    if a.idle:
        levels = [int(x) for x in a.idle.split(",")]
        polls = [int(x) for x in a.idle_long_polls.split(",")] if a.idle_long_polls else []
        print(json.dumps(idle(levels, polls, a.root)))
        return
    long_polls = a.long_polls if a.long_polls is not None else (200 if a.replicas > 1 else 0)
    from bench.api import create, plan_game
    from bench.stack import Stack

    with Stack("cluster" if a.cluster else "redis", apis=a.replicas, workers=1, root=a.root,
               env=caps_for(a.clients + long_polls)) as stack:
        conn = Conn(stack.port)
        games = []
        for i in range(a.games):
            plan = plan_game("makao", None, 2, 700 + i, a.moves)
            game_id, tokens = create(conn, "makao", None, 2, 700 + i)
            version = conn.request("GET", f"/v1/games/{game_id}")[1]["version"]
            games.append((game_id, tokens, plan, version))
        watch_ports = stack.ports[1:] or stack.ports
        watchers = stack.api_processes() if a.replicas == 1 else \
            [child for api in stack.apis[1:] for child in psutil.Process(api.pid).children()]
        results, polls, sent, posted_s, grown = asyncio.run(run(stack.port, watch_ports, games, a.clients, long_polls,
                                                                 a.moves, a.rate, watchers))
        rss_mb = sum(p.memory_info().rss for p in stack.api_processes()) / 2**20
        start = {g[0]: g[3] for g in games}
        clients_ok, complete, latencies = deliveries(results, games, sent, lambda g: 1)
        polls_ok, polled, poll_latencies = deliveries(polls, games, sent, lambda g: start[g] + 1)
        where = f"{a.replicas} API processes (moves on one, clients on the others)" if a.replicas > 1 else \
            "one API process"
        print(f"{where}, {'a 3-master cluster' if a.cluster else 'one Redis server'}: "
              f"{clients_ok}/{a.clients} SSE clients received every event exactly once, in order; "
              f"{complete} deliveries; latency p50 {pct(latencies, 50):.1f} ms p99 {pct(latencies, 99):.1f} ms; "
              f"{polls_ok}/{long_polls} long-polls complete, latency p50 {pct(poll_latencies, 50):.1f} ms "
              f"p99 {pct(poll_latencies, 99):.1f} ms; API RSS {rss_mb:.0f} MiB", file=sys.stderr)
        print(json.dumps({"clients": a.clients, "clients_complete": clients_ok, "deliveries": complete,
                          "delivery_p50_ms": round(pct(latencies, 50), 1),
                          "delivery_p99_ms": round(pct(latencies, 99), 1),
                          "long_polls": long_polls, "long_polls_complete": polls_ok,
                          "long_poll_p50_ms": round(pct(poll_latencies, 50), 1) if poll_latencies else None,
                          "long_poll_p99_ms": round(pct(poll_latencies, 99), 1) if poll_latencies else None,
                          "move_rate_per_s": a.rate,
                          "moves_posted_per_s": round(sum(min(len(g[2]), a.moves) for g in games) / posted_s, 1),
                          "api_processes": a.replicas, "store": "cluster" if a.cluster else "one server",
                          "api_rss_mib": round(rss_mb),
                          "bytes_per_idle_stream": round(grown / (a.clients + long_polls))}))


if __name__ == "__main__":
    main()
