"""HTTP throughput and latency of validated, persisted moves.

    python -m bench.api [--seconds 10] [--games 64]
    python -m bench.api --cluster      the events on one server vs a 3-master cluster

Starts a real Redis-compatible server and the API under gunicorn with the production
settings (service/gunicorn_conf.py: gevent workers), then drives complete games over
HTTP. Each game's moves are computed beforehand by the engine from the game's seed (the
server deals the same cards from the same seed), so the load generator spends no time
deciding; the server still validates, decides, persists and answers every move.

Prints as its last line one JSON object: ``moves_per_s`` (POST only, closed loop, at
saturation) with ``api_cpu_ms_per_move``; ``loop_moves_per_s`` (the realistic client
loop: each move is a GET of the seat's view and then the POST, 16 client processes over
32 two-human games, closed loop) with ``loop_requests_per_s``, ``loop_p50_ms``/``loop_p99_ms``
(GET + POST) and ``loop_api_cpu_ms_per_move``; ``p50_ms``/``p99_ms`` (POST only, open
loop at ``--rate`` moves/s, default 900); and ``latency_ratio_seq_1000_vs_10`` (median
move latency at seq ~1,000 over seq ~10). The load generator runs on the same cores.

``--cluster`` compares stores in one run, on the same machine: one server, a cluster of
3 masters, the same with a replica each, and that with every append waiting for its
replica (MACAU_REDIS_WAIT_REPLICAS=1). For each: ``moves_per_s`` (POST only, at
saturation; the median of ``--rounds`` interleaved rounds) and ``p50_ms``/``p99_ms`` at
``--rate`` (the median of the rounds' percentiles)."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from multiprocessing import Process, Queue

from bench.stack import Conn, Stack, cpu_s
from domain import RuleSet, Setup, Start, command_from_move, execute, legal_moves, new_game

LONG_RULES = {"base": "macau", "score": {"target": 30}}


def plan_game(variant: str, rules: dict | None, seats: int, seed: int, max_moves: int) -> list[tuple[int, dict]]:
    """The moves of one game, decided offline with the engine from the game's seed."""
    rs = RuleSet.build(variant, rules)
    state = new_game(Setup(rs, seats, str(seed), None, 600.0, None))
    _, state = execute(state, Start())
    rng = random.Random(seed)
    moves = []
    while state.status == "playing" and len(moves) < max_moves:
        seat = state.actor
        legal = [m for m in legal_moves(state, seat) if m["action"] in ("play", "draw", "pass")]
        plays = [m for m in legal if m["action"] == "play"]
        m = rng.choice(plays if plays and rng.random() < 0.9 else legal)
        body = {k: v for k, v in m.items() if k != "wish_options"}
        if m.get("wish_options"):
            body["wish"] = rng.choice(m["wish_options"])
        _, state = execute(state, command_from_move(seat, m, wish=body.get("wish")))
        moves.append((seat, body))
    return moves


def create(conn: Conn, variant: str, rules, seats: int, seed: int):
    body = {"variant": variant, "seats": seats, "seed": seed, "players": [{"name": f"p{i}"} for i in range(seats)],
            "turn_timeout_s": None, "announce_window_s": 600}
    if rules:
        body["rules"] = rules
    status, resp = conn.request("POST", "/v1/games", body)
    assert status == 201, resp
    return resp["game_id"], {p["seat"]: p["token"] for p in resp["players"]}


class RawConn:
    """The load generator's client: precomputed request bytes on one keep-alive socket,
    reading just the status and the body (no HTTP library, so the generator leaves the
    two cores to the server)."""

    def __init__(self, port: int):
        import socket

        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buf = b""

    def _recv(self) -> bytes:
        data = self.sock.recv(65536)
        if not data:  # the server closed the connection: stop, do not spin on empty reads
            raise ConnectionError("the server closed the connection")
        return data

    def roundtrip(self, request: bytes) -> tuple[int, bytes]:
        self.sock.sendall(request)
        while b"\r\n\r\n" not in self.buf:
            self.buf += self._recv()
        head, _, rest = self.buf.partition(b"\r\n\r\n")
        status = int(head[9:12])
        length = 0
        for line in head.split(b"\r\n")[1:]:
            if line[:15].lower() == b"content-length:":
                length = int(line[15:])
        while len(rest) < length:
            rest += self._recv()
        self.buf = rest[length:]
        return status, rest[:length]


def move_request(game_id: str, token: str, body: dict) -> bytes:
    data = json.dumps(body, separators=(",", ":")).encode()
    return (f"POST /v1/games/{game_id}/moves HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer {token}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n").encode() + data


def view_request(game_id: str, token: str) -> bytes:
    return (f"GET /v1/games/{game_id} HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer {token}\r\n\r\n").encode()


def drive(port: int, games: list, out: Queue, until: float, rate_per_game: float | None, with_view: bool = False,
          starts: dict | None = None):
    """Play ``games`` (game_id, tokens, moves) round-robin on one connection; report
    (latency_s, seq_before) samples, the number of moves, errors, and how far each game
    got. ``with_view``: each move first GETs the seat's view, as a client that reads its
    legal moves does (the sample is then the time of both requests). ``starts``: the move
    each game resumes at (by game id; default its first)."""
    conn = RawConn(port)
    requests = [[move_request(g[0], g[1][seat], body) for seat, body in g[2]] for g in games]
    views = [[view_request(g[0], g[1][seat]) for seat, _ in g[2]] for g in games] if with_view else None
    samples, done, errors = [], 0, 0
    cursors = [(starts or {}).get(g[0], 0) for g in games]
    active = [i for i in range(len(games)) if cursors[i] < len(requests[i])]
    seqs = [0] * len(games)
    next_at = [time.perf_counter() + random.random() * (1 / rate_per_game if rate_per_game else 0)
               for _ in games]
    try:
        while active and time.perf_counter() < until:
            now = time.perf_counter()
            progressed = False
            for gi in list(active):
                if rate_per_game and next_at[gi] > now:
                    continue
                t0 = time.perf_counter()
                if views is not None and conn.roundtrip(views[gi][cursors[gi]])[0] != 200:
                    errors += 1
                    active.remove(gi)
                    continue
                status, raw = conn.roundtrip(requests[gi][cursors[gi]])
                dt = time.perf_counter() - t0
                if status != 200:
                    errors += 1
                    active.remove(gi)
                    continue
                samples.append((dt, seqs[gi]))
                seqs[gi] = int(raw[11:raw.index(b",", 11)])  # {"version":N,...
                cursors[gi] += 1
                done += 1
                progressed = True
                if rate_per_game:
                    next_at[gi] = max(next_at[gi] + 1 / rate_per_game, time.perf_counter() - 1)
                if cursors[gi] >= len(requests[gi]):
                    active.remove(gi)
                if time.perf_counter() >= until:
                    break
            if rate_per_game and not progressed:
                time.sleep(0.0005)
    except (ConnectionError, OSError):  # the server went away: report what was done
        errors += 1
    out.put((samples, done, errors, {g[0]: c for g, c in zip(games, cursors)}))


def run_phase(port, games, clients: int, seconds: float, rate: float | None, with_view: bool = False,
              starts: dict | None = None, reached: dict | None = None):
    """``starts``: the move each game resumes at (``drive``); ``reached``, if given, is
    filled with where each game got to."""
    chunks = [games[i::clients] for i in range(clients)]
    q: Queue = Queue()
    until = time.perf_counter() + seconds
    per_game = rate / len(games) if rate else None
    procs = [Process(target=drive, args=(port, c, q, until, per_game, with_view, starts)) for c in chunks if c]
    t0 = time.perf_counter()
    for p in procs:
        p.start()
    results = [q.get() for _ in procs]
    for p in procs:
        p.join()
    if reached is not None:
        for r in results:
            reached.update(r[3])
    elapsed = min(seconds, time.perf_counter() - t0)
    samples = [s for r in results for s in r[0]]
    return samples, sum(r[1] for r in results), sum(r[2] for r in results), elapsed


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))] if values else float("nan")


def prepare(port: int, n: int, seed0: int, variant="macau", rules=None, max_moves=400):
    conn = Conn(port)
    games = []
    for i in range(n):
        seed = seed0 + i
        moves = plan_game(variant, rules, 2, seed, max_moves)
        game_id, tokens = create(conn, variant, rules, 2, seed)
        games.append((game_id, tokens, moves))
    return games


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=8.0)
    ap.add_argument("--games", type=int, default=48)
    ap.add_argument("--clients", type=int, default=12, help="load-generator processes (one connection each)")
    ap.add_argument("--rate", type=float, default=900.0)
    ap.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    ap.add_argument("--loop-clients", type=int, default=16, help="client processes of the realistic loop")
    ap.add_argument("--loop-games", type=int, default=32, help="two-human games of the realistic loop")
    ap.add_argument("--ratio-seconds", type=float, default=120.0,
                    help="how long the seq ~10 vs ~1,000 phase may run (0 skips it)")
    ap.add_argument("--cluster", action="store_true", help="compare one server with a 3-master cluster")
    ap.add_argument("--rounds", type=int, default=3, help="with --cluster: rounds over every store, interleaved")
    a = ap.parse_args(argv)
    if a.cluster:
        return compare_stores(a)
    with Stack("redis", workers=a.workers) as stack:
        port = stack.port
        loop_games = prepare(port, a.loop_games, 3000)
        lsamples, ldone, lerrors, lelapsed, loop_cpu_ms, _ = measured(stack, loop_games, a.loop_clients, a.seconds,
                                                                      True)
        loop_lat = [s[0] * 1000 for s in lsamples]
        print(f"realistic loop (GET view + POST move): {ldone} moves in {lelapsed:.1f}s = {ldone / lelapsed:.0f}/s "
              f"({2 * ldone / lelapsed:.0f} requests/s), p50 {pct(loop_lat, 50):.2f} ms, "
              f"API CPU per move {loop_cpu_ms:.3f} ms, errors {lerrors}", file=sys.stderr)
        moves_per_s, errors, cpu_ms, redis_ms = saturation(stack, a)
        lat, achieved, errors2 = at_rate(stack, a)
        ratio, errors3 = float("nan"), 0
        if a.ratio_seconds > 0:
            long_games = prepare(port, 6, 9000, variant="custom", rules=LONG_RULES, max_moves=900)
            rsamples, _, errors3, _ = run_phase(port, long_games, 1, a.ratio_seconds, 60.0)
            early = [s[0] for s in rsamples if 5 <= s[1] <= 20]
            late = [s[0] for s in rsamples if 950 <= s[1] <= 1100]
            ratio = statistics.median(late) / statistics.median(early) if early and late else float("nan")
            print(f"seq ~10: {len(early)} samples, median {statistics.median(early) * 1000:.2f} ms; "
                  f"seq ~1000: {len(late)} samples, median "
                  f"{(statistics.median(late) * 1000) if late else float('nan'):.2f} ms", file=sys.stderr)
        print(json.dumps({
            "moves_per_s": round(moves_per_s, 1),
            "rate_target_per_s": a.rate,
            "rate_achieved_per_s": round(achieved, 1),
            "p50_ms": round(pct(lat, 50), 2),
            "p99_ms": round(pct(lat, 99), 2),
            "latency_ratio_seq_1000_vs_10": round(ratio, 3) if ratio == ratio else None,  # NaN: skipped
            "errors": errors + errors2 + errors3 + lerrors,
            "api_cpu_ms_per_move": round(cpu_ms, 3),
            "loop_moves_per_s": round(ldone / lelapsed, 1),
            "loop_requests_per_s": round(2 * ldone / lelapsed, 1),
            "loop_p50_ms": round(pct(loop_lat, 50), 2),
            "loop_p99_ms": round(pct(loop_lat, 99), 2),
            "loop_api_cpu_ms_per_move": round(loop_cpu_ms, 3),
            "redis_cpu_ms_per_move": round(redis_ms, 3),
            "gunicorn_workers": a.workers,
            "load_processes": a.clients,
        }))


def measured(stack: Stack, games, clients: int, seconds: float, with_view: bool):
    """A closed-loop phase, with the API's and the store's CPU per move."""
    api, store = stack.api_processes(), stack.store_processes()
    cpu0, store0 = cpu_s(api), cpu_s(store)
    samples, done, errors, elapsed = run_phase(stack.port, games, clients, seconds, None, with_view)
    api_ms = (cpu_s(api) - cpu0) * 1000 / max(done, 1)
    store_ms = (cpu_s(store) - store0) * 1000 / max(done, 1)
    return samples, done, errors, elapsed, api_ms, store_ms


def saturation(stack: Stack, a, seed0: int = 1000):
    games = prepare(stack.port, a.games, seed0)
    _, done, errors, elapsed, cpu_ms, store_ms = measured(stack, games, a.clients, a.seconds, False)
    print(f"[{stack.label}] server CPU per move: API {cpu_ms:.3f} ms, store {store_ms:.3f} ms", file=sys.stderr)
    print(f"[{stack.label}] saturation: {done} moves in {elapsed:.1f}s = {done / elapsed:.0f}/s, errors {errors}",
          file=sys.stderr)
    return done / elapsed, errors, cpu_ms, store_ms


def at_rate(stack: Stack, a, seed0: int = 5000):
    games = prepare(stack.port, a.games, seed0)
    samples, done, errors, elapsed = run_phase(stack.port, games, a.clients, a.seconds, a.rate)
    lat = [s[0] * 1000 for s in samples]
    print(f"[{stack.label}] at {a.rate}/s: {done} moves ({done / elapsed:.0f}/s), p50 {pct(lat, 50):.2f} ms, "
          f"p99 {pct(lat, 99):.2f} ms, errors {errors}", file=sys.stderr)
    return lat, done / elapsed, errors


def compare_stores(a) -> None:
    """The same phases on each store in this run, interleaved: ``--rounds`` rounds, each
    running every store's phases in turn (the order rotating), so that a load that comes
    and goes on a shared machine falls on every store alike. Reports each store's median
    rate over the rounds (and the lowest and highest), its p50 and p99 at ``--rate``: the
    median of its rounds' (and the range of their p99s; a round that another process's
    burst lands on shows there, not in every store's figure), and its median CPU per move."""
    stacks = {"one_server": Stack("redis", workers=a.workers),
              "cluster": Stack("cluster", workers=a.workers),
              "cluster_replicas": Stack("cluster", replicas=1, workers=a.workers),
              "cluster_replicas_wait": Stack("cluster", replicas=1, wait_replicas=1, workers=a.workers)}
    runs: dict = {name: {"rates": [], "p50": [], "p99": [], "cpu": [], "store_cpu": [], "achieved": [], "errors": 0}
                  for name in stacks}
    try:
        for stack in stacks.values():
            stack.start()
        names = list(stacks)
        for r in range(a.rounds):
            for name in names[r % len(names):] + names[:r % len(names)]:
                stack, run = stacks[name], runs[name]
                moves_per_s, errors, cpu_ms, store_ms = saturation(stack, a, seed0=1000 + 100 * r)
                lat, achieved, errors2 = at_rate(stack, a, seed0=5000 + 100 * r)
                run["rates"].append(moves_per_s)
                run["p50"].append(pct(lat, 50))
                run["p99"].append(pct(lat, 99))
                run["cpu"].append(cpu_ms)
                run["store_cpu"].append(store_ms)
                run["achieved"].append(achieved)
                run["errors"] += errors + errors2
    finally:
        for stack in stacks.values():
            stack.stop()
    out = {name: {"moves_per_s": round(statistics.median(run["rates"]), 1),
                  "moves_per_s_range": [round(min(run["rates"])), round(max(run["rates"]))],
                  "rate_achieved_per_s": round(statistics.median(run["achieved"]), 1),
                  "p50_ms": round(statistics.median(run["p50"]), 2),
                  "p99_ms": round(statistics.median(run["p99"]), 2),
                  "p99_ms_range": [round(min(run["p99"]), 1), round(max(run["p99"]), 1)],
                  "api_cpu_ms_per_move": round(statistics.median(run["cpu"]), 3),
                  "store_cpu_ms_per_move": round(statistics.median(run["store_cpu"]), 3),
                  "errors": run["errors"]}
           for name, run in runs.items()}
    wait, nowait = out["cluster_replicas_wait"], out["cluster_replicas"]
    print(json.dumps({"rate_target_per_s": a.rate, "rounds": a.rounds, "seconds": a.seconds,
                      "gunicorn_workers": a.workers, "load_processes": a.clients, **out,
                      "wait_p50_cost_ms": round(wait["p50_ms"] - nowait["p50_ms"], 2),
                      "wait_p99_cost_ms": round(wait["p99_ms"] - nowait["p99_ms"], 2)}))


if __name__ == "__main__":
    main()
