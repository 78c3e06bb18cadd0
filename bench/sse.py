"""One API process holding many concurrent SSE clients.

    python -m bench.sse [--clients 1000] [--games 10] [--moves 40]

Starts a real Redis-compatible server and ONE gunicorn process (gevent worker, the
production worker class), opens ``--clients`` SSE streams spread over ``--games`` games
(asyncio, one socket each), then plays moves and checks that every client receives every
event exactly once, in order. Prints one JSON object last: clients held, events
delivered, delivery latency p50/p99 (move acknowledged → event read by a client), and the
API process's memory."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time

import psutil

from bench.api import Conn, pct


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


async def run(port: int, games: list, clients: int, moves_per_game: int):
    ready = asyncio.Event()
    counter = [0]
    results = [dict() for _ in range(clients)]
    tasks = [asyncio.create_task(sse_client(port, games[i % len(games)][0], results[i], ready, counter, clients))
             for i in range(clients)]
    await asyncio.wait_for(ready.wait(), 120)
    await asyncio.sleep(1.0)
    start_seq = {g[0]: g[3] for g in games}
    sent = {}  # (game_id, seq) -> time the move was acknowledged
    loop = asyncio.get_running_loop()
    for step in range(moves_per_game):
        for game_id, tokens, plan, _ in games:
            if step >= len(plan):
                continue
            seat, body = plan[step]
            status, resp = await loop.run_in_executor(None, lambda: Conn(port).request(
                "POST", f"/v1/games/{game_id}/moves", body, tokens[seat]))
            assert status == 200, resp
            t = time.perf_counter()
            for e in resp["events"]:
                sent[(game_id, e["seq"])] = t
        await asyncio.sleep(0.01)
    await asyncio.sleep(2.0)
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return results, sent, start_seq


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=1000)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--moves", type=int, default=40)
    a = ap.parse_args(argv)
    from bench.api import create, plan_game, start_stack, stop_stack

    server, api, port = start_stack(workers=1)
    try:
        conn = Conn(port)
        games = []
        for i in range(a.games):
            plan = plan_game("makao", None, 2, 700 + i, a.moves)
            game_id, tokens = create(conn, "makao", None, 2, 700 + i)
            version = conn.request("GET", f"/v1/games/{game_id}")[1]["version"]
            games.append((game_id, tokens, plan, version))
        results, sent, start_seq = asyncio.run(run(port, games, a.clients, a.moves))
        worker = [p for p in psutil.Process(api.pid).children()]
        rss_mb = sum(p.memory_info().rss for p in worker) / 2**20
        latencies, complete, clients_ok = [], 0, 0
        for i, r in enumerate(results):
            game_id = games[i % len(games)][0]
            want = list(range(1, max((s for (g, s) in sent if g == game_id), default=0) + 1))
            got = r.get("seqs", [])
            if got == want:
                clients_ok += 1
            complete += len(got)
            for seq, t in zip(got, r.get("times", [])):
                t0 = sent.get((game_id, seq))
                if t0 is not None:
                    latencies.append((t - t0) * 1000)
        print(f"{clients_ok}/{a.clients} clients received every event exactly once, in order; "
              f"{complete} deliveries; latency p50 {pct(latencies, 50):.1f} ms p99 {pct(latencies, 99):.1f} ms; "
              f"API worker RSS {rss_mb:.0f} MiB", file=sys.stderr)
        print(json.dumps({"clients": a.clients, "clients_complete": clients_ok, "deliveries": complete,
                          "delivery_p50_ms": round(pct(latencies, 50), 1),
                          "delivery_p99_ms": round(pct(latencies, 99), 1),
                          "api_processes": 1, "api_rss_mib": round(rss_mb)}))
    finally:
        stop_stack(server, api)


if __name__ == "__main__":
    main()
