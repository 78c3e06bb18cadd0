"""Bot reply latency: from a human's move to the bot's reply event, with ``bot_delay_s=0``
(how fast a bot answers), or with ``--delay 1`` (how well bots keep the pace asked for:
the reply should come 1 s after the move, not 2).

    python -m bench.bots [--moves 300] [--level normal] [--delay 0] [--root OTHER_CHECKOUT]

Starts a real Redis-compatible server, the API under gunicorn (production settings) and
two RQ worker processes, then plays heads-up games: a scripted human against one bot. The
latency of each reply is the difference between the server timestamps (``at``) of the
human's move and of the bot's first event after it; the client-observed figure (move sent
→ reply seen through a long-poll) is reported too. Prints one JSON object last."""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from datetime import datetime

from bench.api import pct
from bench.stack import NO_TABLE_LIMITS, Conn

REPLY_TYPES = ("card_played", "cards_drawn", "player_passed", "penalty_taken", "skip_accepted", "skip_robin_declined")


def ts(at: str) -> float:
    return datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp()


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=300)
    ap.add_argument("--level", default="normal")
    ap.add_argument("--variant", default="makao")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--delay", type=float, default=0.0, help="the tables' bot_delay_s")
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                    help="the checkout whose service is measured")
    a = ap.parse_args(argv)
    from service.embedded_redis import free_port, start_server

    server = start_server()
    port = free_port()
    root = os.path.abspath(a.root)
    env = dict(os.environ, **NO_TABLE_LIMITS, REDIS_URL=server.url, MACAU_RATE_LIMIT_PER_S="0",
               GUNICORN_BIND=f"127.0.0.1:{port}", GUNICORN_WORKERS="2", MACAU_LOG_LEVEL="WARNING", PYTHONPATH=root)
    procs = [subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "service/gunicorn_conf.py", "service.wsgi:app"],
                              env=env, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    procs += [subprocess.Popen([sys.executable, "-m", "service.cli", "worker"], env=env, cwd=root,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(a.workers)]
    rng = random.Random(1)
    server_ms, client_ms = [], []
    try:
        conn = Conn(port)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if conn.request("GET", "/readyz")[0] == 200:
                    break
            except Exception:
                time.sleep(0.2)
        time.sleep(1.0)  # let the workers register
        game = None
        while len(server_ms) < a.moves:
            if game is None:
                status, g = conn.request("POST", "/v1/games", {
                    "variant": a.variant, "seats": 2, "players": [{"name": "human"}],
                    "bots": [{"level": a.level}], "bot_delay_s": a.delay, "turn_timeout_s": None,
                    "seed": rng.randrange(10**9)})
                game = (g["game_id"], g["players"][0]["token"])
            gid, tok = game
            status, v = conn.request("GET", f"/v1/games/{gid}", token=tok)
            if v["status"] != "playing":
                game = None
                continue
            if v["current_seat"] != 0:
                conn.request("GET", f"/v1/games/{gid}/events?after={v['version']}&wait=5", token=tok)
                continue
            moves = [m for m in v["you"]["legal_moves"] if m["action"] in ("play", "draw", "pass")]
            plays = [m for m in moves if m["action"] == "play"]
            m = rng.choice(plays or moves)
            body = {k: x for k, x in m.items() if k != "wish_options"}
            if m.get("wish_options"):
                body["wish"] = rng.choice(m["wish_options"])
            t0 = time.perf_counter()
            status, r = conn.request("POST", f"/v1/games/{gid}/moves", body, tok)
            if status != 200:
                continue
            if r["game"]["current_seat"] != 1:
                continue  # the human plays again (a skip): no bot reply to time
            human_at = ts(r["events"][-1]["at"])
            after = r["version"]
            reply = None
            while reply is None and time.perf_counter() - t0 < 10:
                _, ev = conn.request("GET", f"/v1/games/{gid}/events?after={after}&wait=5", token=tok)
                for e in ev["events"]:
                    after = e["seq"]
                    if e["seat"] == 1 and e["type"] in REPLY_TYPES:
                        reply = e
                        break
            if reply is None:
                continue
            client_ms.append((time.perf_counter() - t0) * 1000)
            server_ms.append((ts(reply["at"]) - human_at) * 1000)
        print(f"{len(server_ms)} replies; server p50 {pct(server_ms, 50):.1f} ms p99 {pct(server_ms, 99):.1f} ms; "
              f"client-observed p50 {pct(client_ms, 50):.1f} ms p99 {pct(client_ms, 99):.1f} ms", file=sys.stderr)
        print(json.dumps({
            "reply_p50_ms": round(pct(server_ms, 50), 2),
            "reply_p99_ms": round(pct(server_ms, 99), 2),
            "client_observed_p50_ms": round(pct(client_ms, 50), 2),
            "client_observed_p99_ms": round(pct(client_ms, 99), 2),
            "replies": len(server_ms), "level": a.level, "variant": a.variant, "bot_delay_s": a.delay,
            "mean_ms": round(statistics.mean(server_ms), 2) if server_ms else None,
        }))
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
        server.stop()


if __name__ == "__main__":
    main()
