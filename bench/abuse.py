"""The adversarial probes of issue 12, repeatable: run them against this tree, or against
another checkout of the service, to compare before and after.

    python -m bench.abuse                         # the tree this file is in
    python -m bench.abuse --root /path/to/other   # another checkout, same interpreter
    python -m bench.abuse --only sse,redis        # some probes

Loopback only, every probe bounded in count and time, and each stops what it started: a
Redis-compatible server, gunicorn with two gevent workers of 500 connections each (the
tree's own ``service/gunicorn_conf.py``), and RQ workers where a probe needs them. Many
client addresses come from binding 127.0.0.x source addresses. The last line of output
is one JSON object with every probe's figures."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

import psutil
import redis

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from bench.stack import NO_TABLE_LIMITS  # noqa: E402
from service.embedded_redis import free_port, start_server  # noqa: E402 - launches a server, any tree
from tests.support.faults import CuttingProxy  # noqa: E402
from tests.support.loopback import call, open_streams  # noqa: E402

BASE_ENV = {"GUNICORN_WORKERS": "2", "GUNICORN_WORKER_CONNECTIONS": "500", "MACAU_MAX_STREAMS": "400",
            "MACAU_SSE_KEEPALIVE_S": "2", "MACAU_LOG_LEVEL": "WARNING", "MACAU_ENQUEUE": "0"}
DEAL = {"variant": "macau", "seats": 2, "players": [{"name": "ann"}, {"name": "bob"}], "turn_timeout_s": None,
        "deal": {"dealer": 1, "hands": [["7H", "9C"], ["8D", "6S"]], "starter": "5H"}}


# ---------------------------------------------------------------------- plumbing
class Stack:
    """A server (or ``redis_url``), gunicorn from ``root``, and ``rq_workers`` workers."""

    def __init__(self, root, env=None, rq_workers=0, redis_url=None, server=None):
        self.root, self.extra, self.rq_workers = root, env or {}, rq_workers
        self.server = server
        self.redis_url = redis_url
        self.procs: list[subprocess.Popen] = []
        self.log = tempfile.NamedTemporaryFile(prefix="abuse-gunicorn-", suffix=".log", delete=False)

    def __enter__(self):
        if self.server is None and self.redis_url is None:
            self.server = start_server()
        url = self.redis_url or self.server.url
        self.port = free_port()
        env = dict(os.environ, **{**BASE_ENV, **self.extra}, REDIS_URL=url, PYTHONPATH=self.root,
                   GUNICORN_BIND=f"127.0.0.1:{self.port}")
        conf = os.path.join(self.root, "service", "gunicorn_conf.py")
        self.procs.append(subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", conf, "service.wsgi:app"],
                                           env=env, cwd=self.root, stdout=self.log, stderr=self.log))
        for _ in range(self.rq_workers):
            self.procs.append(subprocess.Popen([sys.executable, "-m", "service.cli", "worker"], env=env,
                                               cwd=self.root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if call(self.port, "GET", "/healthz", timeout=2)[0] == 200:
                return self
            time.sleep(0.2)
        raise RuntimeError("gunicorn did not come up: " + open(self.log.name).read()[-2000:])

    def __exit__(self, *exc):
        for p in self.procs:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in self.procs:
            try:
                p.wait(15)
            except subprocess.TimeoutExpired:
                for child in psutil.Process(p.pid).children(recursive=True):
                    child.kill()
                p.kill()
                p.wait()
        if self.server is not None:
            self.server.close()
        self.log.close()

    def api_workers(self):
        return psutil.Process(self.procs[0].pid).children()

    def rss_mb(self) -> float:
        return round(sum(p.memory_info().rss for p in self.api_workers()) / 2**20, 1)

    def log_text(self) -> str:
        with open(self.log.name, errors="replace") as f:
            return f.read()


def counts(statuses) -> dict:
    out: dict = {}
    for s in statuses:
        out[str(s)] = out.get(str(s), 0) + 1
    return dict(sorted(out.items()))


def hammer(seconds, threads, send):
    """``send(i)`` -> status, from ``threads`` threads for ``seconds``; the statuses."""
    stop = time.monotonic() + seconds
    seen: list = []
    lock = threading.Lock()

    def run(t):
        i = t
        while time.monotonic() < stop:
            s = send(i)
            with lock:
                seen.append(s)
            i += threads
    ts = [threading.Thread(target=run, args=(t,)) for t in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return seen


def make_game(port, **extra):
    status, doc, _, _ = call(port, "POST", "/v1/games", {**DEAL, **extra})
    assert status == 201, (status, doc)
    return doc["game_id"], {p["seat"]: p["token"] for p in doc["players"]}


# ---------------------------------------------------------------------- probes
def probe_rate_limit(root):
    """Game creations in 5 s from one address, varying the Authorization header; then a
    token followed by U+00A0 / U+0085."""
    with Stack(root) as s:
        gid, tokens = make_game(s.port)
        ws = {name: call(s.port, "GET", f"/v1/games/{gid}", headers={"Authorization": f"Bearer {tokens[0]}{c}"})[0]
              for name, c in (("nbsp", "\xa0"), ("nel", "\x85"))}
        seen = hammer(5, 8, lambda i: call(s.port, "POST", "/v1/games", {"variant": "macau", "seats": 2},
                                           headers={"Authorization": f"Bearer junk-{i}"})[0])
    return {"varying_authorization_5s": counts(seen), "token_plus_unicode_space": ws}


def probe_failed_auth(root):
    """Token guesses for 3 s from one address; the log must not hold a guessed token."""
    with Stack(root) as s:
        gid, _ = make_game(s.port)
        began = time.monotonic()
        seen = hammer(3, 4, lambda i: call(s.port, "GET", f"/v1/games/{gid}",
                                           headers={"Authorization": f"Bearer {gid}.guess{i:06d}"})[0])
        elapsed = time.monotonic() - began
        text = s.log_text()
    return {"guesses_3s": counts(seen), "answered_per_s": round(len(seen) / elapsed),
            "unlimited_401_per_s": round(seen.count(401) / elapsed),
            "log_lines_failed_auth": text.count("authentication failed"), "log_leaks_token": ".guess" in text}


def probe_proxy(root):
    """Behind one trusted proxy (X-Forwarded-For): while one client hammers, another
    client's requests (one every 0.2 s) must still be served."""
    def other_client(port, out):
        time.sleep(0.5)
        for _ in range(15):
            out.append(call(port, "GET", "/v1/games?limit=1", headers={"X-Forwarded-For": "198.51.100.9"})[0])
            time.sleep(0.2)

    with Stack(root, {"MACAU_TRUSTED_PROXIES": "1"}) as s:
        other: list = []
        t = threading.Thread(target=other_client, args=(s.port, other))
        t.start()
        abuser = hammer(4, 8, lambda i: call(s.port, "GET", "/v1/games?limit=1",
                                             headers={"X-Forwarded-For": "203.0.113.7"})[0])
        t.join()
    with Stack(root) as s:  # no trusted proxy: a forged X-Forwarded-For buys nothing
        forged = hammer(4, 8, lambda i: call(s.port, "GET", "/v1/games?limit=1",
                                             headers={"X-Forwarded-For": f"10.9.{i // 250}.{i % 250}"})[0])
    return {"abuser_4s": counts(abuser), "another_client_meanwhile": counts(other),
            "forged_forwarded_for_4s_no_proxy": counts(forged)}


def _stream_flood(root, requests_for, rounds=1):
    """Open the streams, ask /healthz, close them, ask again; RSS of the API workers
    before, with the streams open and 8 s after they closed, for each round."""
    with Stack(root) as s:
        gid, tokens = make_game(s.port)
        time.sleep(1)
        out = {"workers_rss_mb": {"before": s.rss_mb()}}
        for r in range(rounds):
            socks, statuses = open_streams(s.port, requests_for(gid, tokens[0]))
            health = call(s.port, "GET", "/healthz", timeout=8)
            out["workers_rss_mb"][f"open_{r + 1}"] = s.rss_mb()
            for sock in socks:
                if sock is not None:
                    sock.close()
            time.sleep(8)  # keep-alives every 2 s find the closed sockets
            health_after = call(s.port, "GET", "/healthz", timeout=8)
            out["workers_rss_mb"][f"closed_{r + 1}"] = s.rss_mb()
            if r == 0:
                out.update({"streams": counts(statuses),
                            "healthz_while_open": {"status": health[0], "seconds": round(health[3], 2)},
                            "healthz_after_close": {"status": health_after[0], "seconds": round(health_after[3], 2)}})
    return out


def unicode_spaces(i: int) -> str:
    """24 characters of U+00A0 and U+0085 spelling ``i``: a header whose last 24
    characters differ each time, around a token that still authenticated on main."""
    return "".join("\xa0" if (i >> b) & 1 else "\x85" for b in range(24))


def probe_streams(root, n=1200):
    """``n`` SSE streams against two workers of 500 connections each: from one address
    with a seat token plus a different run of Unicode spaces each (main's rate-limit
    bypass); from one address without a token; from 24 addresses without a token."""
    path = "/v1/games/{}/stream"
    return {
        "one_address_bypass": _stream_flood(root, lambda gid, token: [
            (path.format(gid), {"Authorization": f"Bearer {token}{unicode_spaces(i)}"}, "127.0.0.1")
            for i in range(n)]),
        "one_address": _stream_flood(root, lambda gid, token: [
            (path.format(gid), {}, "127.0.0.1") for i in range(n)]),
        "24_addresses": _stream_flood(root, lambda gid, token: [
            (path.format(gid), {}, f"127.0.0.{10 + i % 24}") for i in range(n)], rounds=3),
    }


def probe_idle_connections(root, n=1200):
    """``n`` TCP connections from one address that never send a request (the pool is two
    workers of 500): how long /healthz takes from another address meanwhile."""
    with Stack(root) as s:
        idle = []
        for _ in range(n):
            try:
                idle.append(socket.create_connection(("127.0.0.1", s.port), timeout=2,
                                                     source_address=("127.0.0.1", 0)))
            except OSError:
                break
        time.sleep(1)
        health = call(s.port, "GET", "/healthz", timeout=8, src="127.0.0.2")
        refused = 0
        for sock in idle:
            sock.settimeout(0.01)
            try:
                refused += sock.recv(64).startswith(b"HTTP/1.1 429")
            except OSError:
                pass
            sock.close()
    return {"connections": len(idle), "refused_429": refused,
            "healthz": {"status": health[0], "seconds": round(health[3], 2)}}


def probe_bad_input(root):
    big = "9" * 5000
    with Stack(root) as s:
        gid, tokens = make_game(s.port)
        auth = {"Authorization": f"Bearer {tokens[0]}"}
        raw = {"Content-Type": "application/json"}
        cases = {
            "create_seats_5000_digits": ("POST", "/v1/games", f'{{"variant": "macau", "seats": {big}}}', raw),
            "join_5000_digits": ("POST", f"/v1/games/{gid}/players", f'{{"name": {big}}}', raw),
            "bots_5000_digits": ("POST", f"/v1/games/{gid}/bots", f'{{"level": {big}}}', {**raw, **auth}),
            "quickplay_5000_digits": ("POST", "/v1/quickplay", f'{{"variant": "macau", "name": "a", "seats": {big}}}',
                                      raw),
            "if_match_superscript_two": ("POST", f"/v1/games/{gid}/moves", '{"action": "draw"}',
                                         {**raw, **auth, "If-Match": '"\xb2"'}),
            "if_match_5000_digits": ("POST", f"/v1/games/{gid}/moves", '{"action": "draw"}',
                                     {**raw, **auth, "If-Match": f'"{big}"'}),
            "last_event_id_superscripts": ("GET", f"/v1/games/{gid}/stream", None, {"Last-Event-ID": "\xb9\xb2"}),
            "last_event_id_5000_digits": ("GET", f"/v1/games/{gid}/stream", None, {"Last-Event-ID": big}),
            "last_event_id_2_pow_70": ("GET", f"/v1/games/{gid}/stream", None,
                                       {"Last-Event-ID": "1180591620717411303424"}),
        }
        out = {}
        for name, (method, path, body, headers) in cases.items():
            st, doc, _, _ = call(s.port, method, path, headers=headers, raw=body.encode() if body else None,
                                 timeout=5)
            out[name] = st
        tracebacks = s.log_text().count("Traceback")
    out["tracebacks_logged"] = tracebacks
    return out


def probe_hygiene(root):
    """Names, headers, echoes."""
    with Stack(root) as s:
        names = {}
        for label, name in (("nul", "ann\x00"), ("ansi", "\x1b[31mred"), ("rlo", "abc\u202e"),
                            ("zero_width", "a\u200bb"), ("blank", "   ")):
            names[label] = call(s.port, "POST", "/v1/games", {"variant": "macau", "players": [{"name": name}]})[0]
        _, created, created_h, _ = call(s.port, "POST", "/v1/games", {"variant": "macau", "players": [{"name": "a"}]})
        gid = created["game_id"]
        variants_h = call(s.port, "GET", "/v1/variants")[2]
        docs_h = call(s.port, "GET", "/docs")[2]
        text_plain = call(s.port, "POST", "/v1/games", raw=b'{"variant": "macau"}',
                          headers={"Content-Type": "text/plain"})
        pre = call(s.port, "OPTIONS", f"/v1/games/{gid}/moves", headers={
            "Origin": "https://cards.example", "Access-Control-Request-Method": "POST"})[2]
        long_key = call(s.port, "POST", "/v1/games", {"variant": "macau", "rules": {"k" * 250_000: 1}})
        long_id = call(s.port, "GET", "/v1/games/" + "x" * 8000)
    return {"names": names,
            "nosniff_on_variants": variants_h.get("X-Content-Type-Options"),
            "cache_control_on_token_response": created_h.get("Cache-Control"),
            "docs_csp": bool(docs_h.get("Content-Security-Policy")), "docs_x_frame_options": docs_h.get("X-Frame-Options"),
            "text_plain_body": [text_plain[0], (text_plain[1] or {}).get("detail")],
            "preflight_allow_methods": pre.get("Access-Control-Allow-Methods"),
            "detail_chars_250k_rules_key": len((long_key[1] or {}).get("detail", "")),
            "detail_chars_8000_char_game_id": len((long_id[1] or {}).get("detail", ""))}


def probe_redis(root, pause_s=25.0):
    """SIGSTOP the server for ``pause_s`` while four requests are on their way, then
    SIGKILL it."""
    server = start_server()
    with Stack(root, server=server) as s:
        gid, tokens = make_game(s.port)
        auth = {"Authorization": f"Bearer {tokens[0]}"}
        call(s.port, "GET", f"/v1/games/{gid}")
        requests = {"get_game": ("GET", f"/v1/games/{gid}", None, {}),
                    "move": ("POST", f"/v1/games/{gid}/moves", {"action": "draw"}, auth),
                    "create": ("POST", "/v1/games", {"variant": "macau"}, {}),
                    "readyz": ("GET", "/readyz", None, {})}
        paused: dict = {}

        def send(name):
            method, path, body, headers = requests[name]
            st, doc, h, secs = call(s.port, method, path, body, headers, timeout=pause_s + 15)
            paused[name] = {"status": st, "seconds": round(secs, 2), "code": (doc or {}).get("code"),
                            "retry_after": h.get("Retry-After")}
        os.kill(server.pid, signal.SIGSTOP)
        stopped = time.monotonic()
        threads = [threading.Thread(target=send, args=(n,)) for n in requests]
        polls = []
        try:
            for t in threads:
                t.start()
            time.sleep(1)
            while time.monotonic() - stopped < pause_s - 3:  # a reader every second meanwhile
                st, _, _, secs = call(s.port, "GET", f"/v1/games/{gid}", timeout=pause_s)
                polls.append((st, secs))
                time.sleep(max(0.0, 1 - secs))
            for t in threads:
                t.join(max(0.0, pause_s - (time.monotonic() - stopped)))
            time.sleep(max(0.0, pause_s - (time.monotonic() - stopped)))
        finally:
            os.kill(server.pid, signal.SIGCONT)
        for t in threads:
            t.join(30)
        paused["reads_meanwhile"] = {"statuses": counts(p[0] for p in polls),
                                     "slowest_s": round(max((p[1] for p in polls), default=0), 2)}
        began = time.monotonic()
        while call(s.port, "GET", f"/v1/games/{gid}", timeout=5)[0] != 200 and time.monotonic() - began < 30:
            time.sleep(0.1)
        recovered = round(time.monotonic() - began, 2)
        server.kill()
        killed = {}
        for name in ("get_game", "create", "readyz"):
            method, path, body, headers = requests[name]
            st, doc, h, secs = call(s.port, method, path, body, headers, timeout=30)
            killed[name] = {"status": st, "seconds": round(secs, 2), "code": (doc or {}).get("code")}
        server.restart()
        began = time.monotonic()
        while call(s.port, "GET", "/readyz", timeout=5)[0] != 200 and time.monotonic() - began < 30:
            time.sleep(0.1)
        ready_again = round(time.monotonic() - began, 2)
        tracebacks = s.log_text().count("Traceback")
    return {"paused_s": pause_s, "while_paused": paused, "recovered_after_resume_s": recovered,
            "killed": killed, "ready_after_restart_s": ready_again, "tracebacks_logged": tracebacks}


def probe_idempotency_retry(root):
    """The connection drops right after Redis ran the Idempotency-Key claim: redis-py sends
    it again; the client must not get a 409 against its own claim."""
    server = start_server()
    with CuttingProxy(server.port) as proxy, Stack(root, redis_url=proxy.url, server=server) as s:
        gid, tokens = make_game(s.port)
        headers = {"Authorization": f"Bearer {tokens[0]}", "Idempotency-Key": "k-1"}
        proxy.cut_after(b"idem:")
        first = call(s.port, "POST", f"/v1/games/{gid}/moves", {"action": "draw"}, headers, timeout=40)
        retry = call(s.port, "POST", f"/v1/games/{gid}/moves", {"action": "draw"}, headers, timeout=40)
    return {"connection_cuts": proxy.cuts,
            "first": {"status": first[0], "code": (first[1] or {}).get("code"), "seconds": round(first[3], 2)},
            "retry": {"status": retry[0], "code": (retry[1] or {}).get("code"),
                      "replayed": retry[2].get("Idempotent-Replayed")}}


def probe_idempotency_keys(root, n=1000):
    """``n`` rejected moves (not this seat's turn), each with a new Idempotency-Key."""
    with Stack(root, {"MACAU_RATE_LIMIT_PER_S": "0"}) as s:
        gid, tokens = make_game(s.port)
        r = redis.Redis.from_url(s.server.url)
        seen = [call(s.port, "POST", f"/v1/games/{gid}/moves", {"action": "draw"},
                     {"Authorization": f"Bearer {tokens[1]}", "Idempotency-Key": f"key-{i}"})[0] for i in range(n)]
        keys = list(r.scan_iter("idem:*", count=1000))
        records = [k for k in keys if r.type(k) == b"string"]
        ttl = r.ttl(records[0]) if records else None
        held = sum(r.memory_usage(k) or 0 for k in keys)
        r.close()
    return {"rejected_moves": counts(seen), "records_kept": len(records), "ttl_s": ttl, "redis_bytes_held": held}


def probe_waiting_tables(root, n=300, ttl_s=4):
    """``n`` waiting tables with MACAU_WAITING_TTL_S=``ttl_s`` and a worker sweeping each
    second: how many still wait after ttl + 8 s, and the Redis bytes per table."""
    env = {"MACAU_WAITING_TTL_S": str(ttl_s), "MACAU_SWEEP_EVERY_S": "1", "MACAU_RATE_LIMIT_PER_S": "0",
           **NO_TABLE_LIMITS}
    with Stack(root, env, rq_workers=1) as s:
        r = redis.Redis.from_url(s.server.url)
        before = r.info("memory")["used_memory"]
        for i in range(n):
            call(s.port, "POST", "/v1/games", {"variant": "macau", "seats": 4, "players": [{"name": f"p{i}"}]})
        per_table = (r.info("memory")["used_memory"] - before) // n
        time.sleep(ttl_s + 8)
        waiting = r.zcard("lobby:all:waiting")
        finished = r.zcard("lobby:all:finished")
        r.close()
    return {"tables": n, "redis_bytes_per_table": per_table, "still_waiting": waiting, "closed": finished}


def probe_sweeper(root, n=3000, seconds=12):
    """A worker's CPU over ``seconds`` with ``n`` idle waiting tables (nothing is due)."""
    with Stack(root, {"MACAU_SWEEP_EVERY_S": "3", "MACAU_RATE_LIMIT_PER_S": "0", **NO_TABLE_LIMITS}, rq_workers=1) as s:
        def create(i):
            return call(s.port, "POST", "/v1/games", {"variant": "macau", "seats": 4,
                                                      "players": [{"name": f"p{i}"}]})[0]
        per_thread = n // 8
        threads = [threading.Thread(target=lambda t=t: [create(t * per_thread + j) for j in range(per_thread)])
                   for t in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        time.sleep(4)
        worker = psutil.Process(s.procs[1].pid)
        procs = [worker] + worker.children(recursive=True)

        def cpu():
            return sum(sum(p.cpu_times()[:2]) for p in procs if p.is_running())
        start = cpu()
        time.sleep(seconds)
        used = cpu() - start
    return {"tables": per_thread * 8, "worker_cpu_s": round(used, 2), "seconds": seconds,
            "core_share": round(used / seconds, 3)}


# ---------------------------------------------------------------------- issue 23: connections
def probe_slow_headers(root, n=400, seconds=15.0):
    """``n`` connections (one worker) each send a request line, then its headers one byte
    a second, never finishing: from one address, and spread over 16 addresses (25 each):
    how many the server still holds after 1, 5 and ``seconds`` s, how it answered the
    others, and /healthz from another address meanwhile (one call a second)."""
    return {"one_address": _slow_heads(root, ["127.0.0.60"] * n, seconds),
            "16_addresses": _slow_heads(root, [f"127.0.0.{70 + i % 16}" for i in range(n)], seconds)}


def _slow_heads(root, sources, seconds):
    with Stack(root, {"GUNICORN_WORKERS": "1"}) as s:
        socks = []
        for src in sources:
            try:
                sock = socket.create_connection(("127.0.0.1", s.port), timeout=2, source_address=(src, 0))
                sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                sock.setblocking(False)
                socks.append(sock)
            except OSError:
                break
        alive = dict(enumerate(socks))
        answers: list = []
        health: list = []
        held = {}
        began = time.monotonic()
        marks = [1.0, 5.0, seconds]
        try:
            while marks:
                tick = time.monotonic()
                for i, sock in list(alive.items()):
                    try:
                        first = sock.recv(64)
                    except BlockingIOError:
                        first = None
                    except OSError:
                        first = b""
                    if first is None:
                        try:
                            sock.send(b"a")
                            continue
                        except OSError:
                            first = b""
                    answers.append(int(first.split()[1]) if first.startswith(b"HTTP/") else "closed")
                    del alive[i]
                elapsed = time.monotonic() - began
                while marks and elapsed >= marks[0]:
                    held[f"held_after_{marks.pop(0):g}s"] = len(alive)
                st, _, _, secs = call(s.port, "GET", "/healthz", timeout=8, src="127.0.0.61")
                health.append((st, secs))
                time.sleep(max(0.0, 1.0 - (time.monotonic() - tick)))
        finally:
            for sock in socks:
                sock.close()
    return {"connections": len(socks), **held, "answers": counts(answers),
            "healthz": {"statuses": counts(h[0] for h in health),
                        "slowest_s": round(max((h[1] for h in health), default=0), 2)}}


NODE_BURST = r"""
const [port, n] = process.argv.slice(1).map(Number);
const seen = {};
(async () => {
  for (let i = 0; i < n; i++) {
    let key;
    try {
      const r = await fetch(`http://127.0.0.1:${port}/v1/games?limit=1`);
      await r.arrayBuffer();
      key = String(r.status);
    } catch (e) {
      key = (e.cause && (e.cause.code || e.cause.message)) || e.message;
    }
    seen[key] = (seen[key] || 0) + 1;
  }
  console.log(JSON.stringify(seen));
})();
"""
DROPPED = ("RemoteDisconnected", "ConnectionResetError", "BrokenPipeError", "ECONNRESET", "UND_ERR_SOCKET",
           "other side closed", "EPIPE")


def probe_keepalive_refusals(root, n=600):
    """A keep-alive client sends ``n`` requests one after another, well past its rate limit
    (20/s, burst 50), so most are refused with a 429 that closes the connection: how many
    requests end in a dropped connection (RemoteDisconnected, a reset) instead of an
    answer. Python's http.client on one reused connection (reconnecting only when told or
    when it failed), and Node's fetch (undici's keep-alive pool) when node is installed."""
    import http.client
    import shutil

    env = {"MACAU_RATE_LIMIT_PER_S": "20", "MACAU_RATE_LIMIT_BURST": "50"}
    out = {}
    with Stack(root, env) as s:
        conn = http.client.HTTPConnection("127.0.0.1", s.port, timeout=10, source_address=("127.0.0.62", 0))
        seen = []
        for _ in range(n):
            try:
                conn.request("GET", "/v1/games?limit=1")
                r = conn.getresponse()
                r.read()
                seen.append(r.status)
            except (OSError, http.client.HTTPException) as e:
                seen.append(type(e).__name__)
                conn.close()  # a client that failed starts over
        conn.close()
        out["python_http_client"] = {"answers": counts(seen), "dropped": sum(1 for x in seen if x in DROPPED)}
    node = shutil.which("node")
    if node:
        with Stack(root, env) as s:
            done = subprocess.run([node, "-e", NODE_BURST, str(s.port), str(n)], capture_output=True, text=True,
                                  timeout=120)
            seen_node = json.loads(done.stdout.strip().splitlines()[-1]) if done.returncode == 0 else {
                "error": done.stderr[-300:]}
        out["node_fetch"] = {"answers": seen_node,
                             "dropped": sum(v for k, v in seen_node.items() if k in DROPPED and isinstance(v, int))}
    return out


# ---------------------------------------------------------------------- issue 23: archive seals
def _archive_path(archive_dir: str, game_id: str) -> str:
    fan = hashlib.sha256(game_id.encode()).hexdigest()[:2]
    return os.path.join(archive_dir, "games", fan, game_id + ".ndjson.gz")


def _bot_game(port) -> str:
    status, doc, _, _ = call(port, "POST", "/v1/games", {"variant": "macau", "seats": 2, "players": [],
                                                         "bots": [{"level": "easy"}, {"level": "easy"}],
                                                         "bot_delay_s": 0, "turn_timeout_s": None})
    assert status == 201, (status, doc)
    return doc["game_id"]


def probe_archive_forgery(root, wait_s=120):
    """Two bot games finish and leave Redis for the archive (retention 0, a worker sweeping
    every second). Then game A's archive file is tampered with, in turn: replaced by game
    B's log made over into A's (header, chain head and checksum computed again: the
    issue's forgery); the same re-signed with a key of the forger's own (where files carry
    seals); B's file as it is; the file removed; the file damaged. After each, a freshly
    started API serves A and audits it, and ``macau audit A`` runs (both from ``root``):
    is the tampering detected (the game refused, or the audit not verified), and what
    result is served."""
    from events.seal import SealKey
    from tests.support.forgery import damaged, forged_from, is_sealed

    archive_dir = tempfile.mkdtemp(prefix="abuse-archive-")
    env = {"MACAU_ENQUEUE": "1", "MACAU_ARCHIVE_DIR": archive_dir, "MACAU_HOT_RETENTION_S": "0",
           "MACAU_SWEEP_EVERY_S": "1", "MACAU_RATE_LIMIT_PER_S": "0"}
    out: dict = {}
    with Stack(root, env, rq_workers=1) as s:
        r = redis.Redis.from_url(s.server.url)
        a, b = _bot_game(s.port), _bot_game(s.port)
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline and (r.exists(f"game:{{{a}}}:meta", f"game:{{{b}}}:meta") or not all(
                os.path.exists(_archive_path(archive_dir, g)) for g in (a, b))):
            time.sleep(0.5)
        r.close()
        results = {g: (call(s.port, "GET", f"/v1/games/{g}")[1] or {}).get("result") for g in (a, b)}
        if results[a] is None or results[b] is None:
            return {"error": f"the games did not finish and leave Redis within {wait_s} s"}
        genuine = open(_archive_path(archive_dir, a), "rb").read()
        other = open(_archive_path(archive_dir, b), "rb").read()
        cases = {"rebuilt_from_another_game": forged_from(other, a),
                 "re_signed_with_another_key": forged_from(other, a, SealKey.generate()) if is_sealed(genuine)
                 else None,
                 "another_games_file": other, "missing": b"", "damaged": damaged(genuine)}
        cli_env = dict(os.environ, PYTHONPATH=root, REDIS_URL=s.server.url, MACAU_ARCHIVE_DIR=archive_dir)
        for name, data in cases.items():
            if data is None:
                out[name] = "not applicable: this tree's archive files carry no seal"
                continue
            path = _archive_path(archive_dir, a)
            if data:
                with open(path, "wb") as f:
                    f.write(data)
            else:
                os.remove(path)
            try:
                with Stack(root, {**env, "MACAU_ENQUEUE": "0"}, redis_url=s.server.url) as api:
                    st, doc, _, _ = call(api.port, "GET", f"/v1/games/{a}")
                    ast, audit, _, _ = call(api.port, "GET", f"/v1/games/{a}/audit")
                cli = subprocess.run([sys.executable, "-m", "service.cli", "audit", a], env=cli_env, cwd=root,
                                     capture_output=True, text=True, timeout=120)
            finally:
                with open(path, "wb") as f:
                    f.write(genuine)
            served = (doc or {}).get("result") if st == 200 else None
            verified = (audit or {}).get("verified") if ast == 200 else None
            out[name] = {"game": st, "code": (doc or {}).get("code"),
                         "result_served": None if served is None else "genuine" if served == results[a]
                         else "the forged one" if served == results[b] else "other",
                         "audit": ast, "audit_verified": verified,
                         "failed_checks": [c["name"] for c in (audit or {}).get("checks", []) if not c["ok"]],
                         "macau_audit_exit": cli.returncode,
                         "detected": (st == 503 and (doc or {}).get("code") == "archive_damaged") or verified is False}
    out["winners_differ"] = results[a] != results[b]
    return out


# ---------------------------------------------------------------------- issue 23: small things
def probe_redis_stall(root, one_game=8, many_games=80):
    """Redis paused (SIGSTOP) while seat-token GETs arrive at once: ``one_game`` for one
    game, then ``many_games`` for as many games (more than a worker's 32 store
    connections). The 503s should all come within MACAU_REDIS_TIMEOUT_S (2 s)."""
    server = start_server()
    with Stack(root, {"MACAU_RATE_LIMIT_PER_S": "0", "MACAU_CREATIONS_PER_MIN": "0"}, server=server) as s:
        games = [make_game(s.port) for _ in range(many_games)]
        for gid, tokens in games:
            call(s.port, "GET", f"/v1/games/{gid}", headers={"Authorization": f"Bearer {tokens[0]}"})

        def burst(targets):
            out: list = []
            lock = threading.Lock()

            def one(gid, token):
                st, _, _, secs = call(s.port, "GET", f"/v1/games/{gid}", headers={"Authorization": f"Bearer {token}"},
                                      timeout=60)
                with lock:
                    out.append((st, secs))
            threads = [threading.Thread(target=one, args=t) for t in targets]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            return {"statuses": counts(st for st, _ in out), "fastest_s": round(min(x for _, x in out), 2),
                    "slowest_s": round(max(x for _, x in out), 2)}

        os.kill(server.pid, signal.SIGSTOP)
        try:
            gid, tokens = games[0]
            same = burst([(gid, tokens[0])] * one_game)
            many = burst([(g, t[0]) for g, t in games])
        finally:
            os.kill(server.pid, signal.SIGCONT)
    return {f"{one_game}_gets_of_one_game": same, f"{many_games}_gets_of_as_many_games": many}


def probe_blank_names(root):
    """Player names that show nothing, each as a new table's player: 400 is refused."""
    cases = {"hangul_filler_3164": "\u3164", "hangul_filler_115f": "\u115f", "halfwidth_filler_ffa0": "\uffa0",
             "private_use_e000": "\ue000", "noncharacter_ffff": "\uffff", "combining_marks_only": "\u0301\u0302",
             "braille_blank_2800": "\u2800"}
    with Stack(root) as s:
        return {label: call(s.port, "POST", "/v1/games", {"variant": "macau", "players": [{"name": name}]})[0]
                for label, name in cases.items()}


def probe_chunked_body(root, size=300_000):
    """A ``size``-byte JSON body (the limit is 256 KB), with Content-Length and chunked."""
    body = b'{"variant": "macau", "x": "' + b"a" * (size - 29) + b'"}'
    out = {}
    with Stack(root) as s:
        for label in ("content_length", "chunked"):
            if label == "chunked":
                framing = b"Transfer-Encoding: chunked\r\n"
                data = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + 16384]), body[i:i + 16384])
                                for i in range(0, len(body), 16384)) + b"0\r\n\r\n"
            else:
                framing, data = b"Content-Length: %d\r\n" % len(body), body
            with socket.create_connection(("127.0.0.1", s.port), timeout=10) as sock:
                sock.sendall(b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" + framing
                             + b"\r\n" + data)
                answer = b""
                while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
                    chunk = sock.recv(65536)
                    if not chunk:
                        break
                    answer += chunk
            head, _, text = answer.partition(b"\r\n\r\n")
            try:
                code = json.loads(text).get("code")
            except ValueError:
                code = None
            out[label] = {"status": int(head.split()[1]) if head.startswith(b"HTTP/") else None, "code": code}
    return out


def probe_status_after_flushall(root, wait_s=20):
    """Two workers run; Redis is wiped (FLUSHALL): the workers ``macau status`` lists within
    ``wait_s`` after, and whether a bot game created then still finishes."""
    env = {"MACAU_ENQUEUE": "1", "MACAU_RATE_LIMIT_PER_S": "0", "MACAU_SWEEP_EVERY_S": "1"}
    with Stack(root, env, rq_workers=2) as s:
        status_env = dict(os.environ, PYTHONPATH=root, REDIS_URL=s.server.url)

        def listed() -> int:
            done = subprocess.run([sys.executable, "-m", "service.cli", "status", "--json"], env=status_env, cwd=root,
                                  capture_output=True, text=True, timeout=60)
            return len(json.loads(done.stdout)["workers"]) if done.returncode == 0 else -1

        deadline = time.monotonic() + wait_s
        while listed() < 2 and time.monotonic() < deadline:
            time.sleep(0.5)
        before = listed()
        r = redis.Redis.from_url(s.server.url)
        r.flushall()
        r.close()
        wiped = time.monotonic()
        after = listed()
        while after < 2 and time.monotonic() - wiped < wait_s:
            time.sleep(0.5)
            after = listed()
        relisted_s = round(time.monotonic() - wiped, 1) if after >= 2 else None
        gid = _bot_game(s.port)
        deadline = time.monotonic() + 60
        status = None
        while time.monotonic() < deadline and status != "finished":
            status = (call(s.port, "GET", f"/v1/games/{gid}")[1] or {}).get("status")
            time.sleep(0.5)
    return {"workers_listed_before": before, f"workers_listed_within_{wait_s}s_of_flushall": after,
            "listed_again_after_s": relisted_s, "bot_game_after_flushall": status}


# ---------------------------------------------------------------------- issue 23
PLAWNO = {"variant": "plawno", "seats": 2, "players": [{"name": "ann"}, {"name": "bob"}], "turn_timeout_s": None,
          "deal": {"dealer": 1, "hands": [["7H", "7S", "5C"], ["8D", "6S", "QC"]], "starter": "5H"}}


def probe_self_issued_tokens(root, seconds=10):
    """Creations in ``seconds`` from one address, each sent with a seat token of a game it
    created before (a token per table: a rate-limit bucket per table, before)."""
    with Stack(root) as s:
        tokens = [make_game(s.port)[1][0]]
        lock = threading.Lock()

        def create(i):
            with lock:
                token = tokens[i % len(tokens)]
            status, doc, _, _ = call(s.port, "POST", "/v1/games", {"variant": "macau", "seats": 2,
                                                                   "players": [{"name": "a"}, {"name": "b"}]},
                                     headers={"Authorization": f"Bearer {token}"})
            if status == 201:
                with lock:
                    tokens.append(doc["players"][0]["token"])
            return status
        seen = hammer(seconds, 8, create)
    return {"seconds": seconds, "created": seen.count(201), "statuses": counts(seen)}


def probe_seeded_quickplay(root, tables=10):
    """``tables`` tables made with a seed and asked to be public (a creator who would know
    every card), then as many quick plays from other addresses: how many strangers were
    seated at one of them."""
    with Stack(root) as s:
        seeded = set()
        refused = []
        for i in range(tables):
            body = {"variant": "macau", "seats": 2, "players": [{"name": "creator"}], "seed": 4242 + i,
                    "public": True}
            status, doc, _, _ = call(s.port, "POST", "/v1/games", body, src=f"127.0.5.{i + 1}")
            if status != 201:  # refused as public: made anyway, as the creator may (a private table)
                refused.append(status)
                del body["public"]
                status, doc, _, _ = call(s.port, "POST", "/v1/games", body, src=f"127.0.5.{i + 1}")
            seeded.add(doc["game_id"])
        trapped = 0
        for i in range(tables):
            status, doc, _, _ = call(s.port, "POST", "/v1/quickplay", {"variant": "macau", "seats": 2,
                                                                        "name": "stranger"}, src=f"127.0.6.{i + 1}")
            trapped += status == 201 and doc["game_id"] in seeded
    return {"seeded_tables": tables, "public_refused": counts(refused), "strangers_seated_at_them": trapped}


def probe_plawno_announce(root, tries=5):
    """The issue's Pławno deal: seat 0 plays 5C, then announces ``tries`` times."""
    with Stack(root) as s:
        status, doc, _, _ = call(s.port, "POST", "/v1/games", PLAWNO)
        gid, token = doc["game_id"], doc["players"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}
        call(s.port, "POST", f"/v1/games/{gid}/moves", {"action": "play", "cards": ["5C"]}, auth)
        seen = [call(s.port, "POST", f"/v1/games/{gid}/moves", {"action": "announce"}, auth)[0] for _ in range(tries)]
        listed = call(s.port, "GET", f"/v1/games/{gid}", headers=auth)[1]["you"]["legal_moves"]
    accepted = next((i for i, st in enumerate(seen) if st != 200), len(seen))
    return {"announces": counts(seen), "accepted_in_a_row": accepted,
            "announce_still_listed": any(m["action"] == "announce" for m in listed)}


def _bot_reply_s(port, gid, token, timeout_s=30.0):
    """One of the human's moves (a listed one) that hands the turn to the bot, then the
    seconds until the bot's answer is in the log (whatever it did: played, drew, took a
    penalty, accepted a skip)."""
    auth = {"Authorization": f"Bearer {token}"}
    view = call(port, "GET", f"/v1/games/{gid}", headers=auth)[1]
    if view["status"] != "playing":
        return None
    if view["current_seat"] != 0:
        return None
    move = next(m for m in view["you"]["legal_moves"] if m["action"] in ("draw", "play", "pass"))
    body = {k: v for k, v in move.items() if k != "wish_options"}
    if "wish_options" in move:
        body["wish"] = move["wish_options"][0]
    status, doc, _, _ = call(port, "POST", f"/v1/games/{gid}/moves", body, auth)
    if status != 200:
        return None
    if not any(e["type"] == "turn_started" and 1 in (e.get("seat"), (e.get("data") or {}).get("seat"))
               for e in doc["events"]):
        return None  # the move kept the turn (a skip, a card drawn to play): no bot reply to time
    began, version = time.monotonic(), doc["version"]
    while time.monotonic() - began < timeout_s:
        got = call(port, "GET", f"/v1/games/{gid}/events?after={version}&wait=5", headers=auth, timeout=10)[1]
        for e in (got or {}).get("events", []):
            version = e["seq"]
            if e["type"] != "turn_started":  # after the bot's turn_started, all is the bot's doing
                return time.monotonic() - began
    return timeout_s


def _human_table(port, src):
    body = {"variant": "macau", "seats": 2, "players": [{"name": "person"}], "bots": [{"level": "normal"}],
            "bot_delay_s": 0, "turn_timeout_s": None}
    status, doc, _, _ = call(port, "POST", "/v1/games", body, src=src)
    return doc["game_id"], doc["players"][0]["token"]


def _replies(port, samples, src):
    out = []
    gid, token = _human_table(port, src)
    while len(out) < samples:
        r = _bot_reply_s(port, gid, token)
        if r is None:  # the game ended, or the bot still moves: a new table, or wait
            view = call(port, "GET", f"/v1/games/{gid}")[1]
            if view["status"] != "playing":
                gid, token = _human_table(port, src)
            else:
                time.sleep(0.05)
            continue
        out.append(r)
    return out


def _pct(xs, q):
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(q * len(xs)))], 3) if xs else None


def probe_bot_flood(root, tables=1000, seats=2, samples=40, drain_limit_s=600):
    """One client starts ``tables`` tables of bots only (bot_delay_s 0); meanwhile a person
    at another table plays against a bot: how long its bot takes to answer, idle and during
    the flood; then how long after the last creation the flood's tables have played out
    and the queues are empty. Two RQ workers."""
    env = {"MACAU_ENQUEUE": "1", "MACAU_RATE_LIMIT_PER_S": "0", "MACAU_CREATIONS_PER_MIN": "0",
           "MACAU_UNATTENDED_TABLES_PER_CLIENT": str(tables), "MACAU_UNATTENDED_TABLES_TOTAL": str(tables),
           "MACAU_SWEEP_EVERY_S": "3"}
    with Stack(root, env, rq_workers=2) as s:
        r = redis.Redis.from_url(s.server.url)

        def backlog():
            return sum(r.llen(k) for k in (b"rq:queue:macau", b"rq:queue:macau-bots"))
        idle = _replies(s.port, samples, "127.0.7.1")
        began = time.monotonic()
        flood = []
        for i in range(tables):
            status, doc, _, _ = call(s.port, "POST", "/v1/games", {
                "variant": "macau", "seats": seats, "bots": [{"level": "normal"}] * seats, "bot_delay_s": 0,
                "turn_timeout_s": None}, src="127.0.8.1")
            if status == 201:
                flood.append(doc["game_id"])
        stopped = time.monotonic()  # the flood stops: its client creates no more
        created_s = stopped - began
        during = _replies(s.port, samples, "127.0.7.2")
        peak = backlog()
        drained = None
        while time.monotonic() - stopped < drain_limit_s:
            playing = sum(call(s.port, "GET", f"/v1/games/{g}")[1]["status"] == "playing" for g in flood[::50])
            if playing == 0 and backlog() == 0:
                drained = round(time.monotonic() - stopped, 1)
                break
            time.sleep(5)
        r.close()
    return {"flood_tables": len(flood), "created_in_s": round(created_s, 1),
            "idle_reply_s": {"p50": _pct(idle, 0.5), "p99": _pct(idle, 0.99)},
            "flood_reply_s": {"p50": _pct(during, 0.5), "p99": _pct(during, 0.99), "max": _pct(during, 1.0)},
            "backlog_after_samples": peak, "drained_after_s": drained}

# ---------------------------------------------------------------------- issue 36
def _framing_cases(port) -> dict:
    from tests.support.framing import AMBIGUOUS, exchange, read_answers, refused_safely

    refused = {}
    for name, raw in AMBIGUOUS.items():
        answers, closed = exchange(port, raw)
        refused[name] = refused_safely(answers, closed)
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 10000000\r\n\r\n" + b"a" * 1000)
        answers, closed = read_answers(sock)
    return {"ambiguous": len(refused), "refused_with_one_400_and_close": sum(refused.values()),
            "served_otherwise": sorted(n for n, ok in refused.items() if not ok),
            "413": {"statuses": [a[0] for a in answers],
                    "connection_close": bool(answers) and answers[0][1].get("connection") == "close",
                    "closed": closed}}


def probe_framing(root):
    """Requests whose framing is ambiguous (RFC 9112 §6.3: two Content-Lengths, a signed
    one, Transfer-Encoding with Content-Length or other than chunked, NUL/CR in a header,
    folded headers, bare LF), each followed by a hidden second request: how many are
    answered with one 400 that closes, straight to gunicorn and through the tree's
    deploy/nginx.conf (when nginx is installed); and whether a 413 closes."""
    from tests.support.nginx import Nginx, nginx_binary

    out = {}
    with Stack(root) as s:
        out["direct"] = _framing_cases(s.port)
    if nginx_binary() is None:
        out["through_nginx"] = "not run: nginx is not installed"
        return out
    with Stack(root, {"MACAU_TRUSTED_PROXIES": "1"}) as s, \
            Nginx(s.port, os.path.join(root, "deploy", "nginx.conf")) as proxy:
        out["through_nginx"] = _framing_cases(proxy.port)
    return out


def _rewrite_done(r, before: int, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        info = r.info("persistence")
        if info.get("aof_rewrites", 0) > before and not info["aof_rewrite_in_progress"] \
                and not info["aof_rewrite_scheduled"]:
            time.sleep(1)  # the old files go in the server's background thread
            return True
        time.sleep(0.2)
    return False


def probe_erasure_leftovers(root, wait_s=15):
    """A player with a name of his own plays a move sent with an Idempotency-Key (its
    answer is kept a day for replays), then erases himself. Then: the name's bytes in the
    replayed answer, in Redis (every key and value) and in the server's data directory
    (AOF on) as the erasure left it after ``wait_s`` (a rewrite it asked for included),
    and again after a rewrite the probe asks for itself."""
    from tests.support.leftovers import dump, files_of

    name = "Zbigniew" + hashlib.sha256(str(time.time()).encode()).hexdigest()[:8]
    data_dir = tempfile.mkdtemp(prefix="abuse-aof-")
    server = start_server(appendonly=True, dir=data_dir)
    with Stack(root, {"MACAU_RATE_LIMIT_PER_S": "0"}, server=server) as s:
        r = redis.Redis.from_url(server.url)
        status, me, _, _ = call(s.port, "POST", "/v1/players", {"name": name})
        if status != 201:
            return {"error": f"no player: {status} {me}"}
        key = {"Authorization": f"Player {me['player_key']}"}
        status, g, _, _ = call(s.port, "POST", "/v1/games", {**DEAL, "players": [{}, {"name": "bob"}], "rated": False},
                               key)
        gid, tokens = g["game_id"], {p["seat"]: p["token"] for p in g["players"]}
        seat = call(s.port, "GET", f"/v1/games/{gid}")[1]["current_seat"]
        move = {"Authorization": f"Bearer {tokens[seat]}", "Idempotency-Key": "k1"}
        first = call(s.port, "POST", f"/v1/games/{gid}/moves", {"action": "draw"}, move)
        before = r.info("persistence").get("aof_rewrites", 0)
        erased = call(s.port, "DELETE", "/v1/players/me", headers=key)[0]
        replay = call(s.port, "POST", f"/v1/games/{gid}/moves", {"action": "draw"}, move)
        asked = _rewrite_done(r, before, wait_s)
        needle = name.encode()
        redis_left = dump(r).count(needle)
        files_left = files_of(data_dir).count(needle)
        r.bgrewriteaof()
        _rewrite_done(r, r.info("persistence").get("aof_rewrites", 0) - 1, wait_s)
        files_after_rewrite = files_of(data_dir).count(needle)
        r.close()
    return {"move": first[0], "erasure": erased, "name_in_first_answer": name in json.dumps(first[1]),
            "replay": {"status": replay[0], "replayed": replay[2].get("Idempotent-Replayed"),
                       "name_bytes": json.dumps(replay[1]).count(name)},
            "name_bytes_in_redis": redis_left, "rewrite_asked_by_the_erasure": asked,
            f"name_bytes_in_data_dir_{wait_s}s_after": files_left,
            "name_bytes_in_data_dir_after_a_rewrite": files_after_rewrite}


class _Hanging:
    """``n`` receivers on loopback that accept connections and never answer."""

    def __init__(self, n):
        self.socks = [socket.create_server(("127.0.0.1", 0), backlog=256) for _ in range(n)]
        self.held: list = []
        self.stop = threading.Event()
        for sock in self.socks:
            threading.Thread(target=self._accept, args=(sock,), daemon=True).start()

    def _accept(self, sock):
        while not self.stop.is_set():
            try:
                conn, _ = sock.accept()
            except OSError:
                return
            self.held.append(conn)

    @property
    def urls(self):
        return [f"http://127.0.0.1:{sock.getsockname()[1]}/hook" for sock in self.socks]

    def close(self):
        self.stop.set()
        for sock in self.socks + self.held:
            try:
                sock.close()
            except OSError:
                pass


class _Recorder:
    """A receiver that answers 204 at once and notes when each delivery arrived."""

    def __init__(self):
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        got = self.got = []

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                got.append((time.time(), json.loads(body)))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *a):
                pass
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def _a_legal_move(port, gid, token, src):
    auth = {"Authorization": f"Bearer {token}"}
    view = call(port, "GET", f"/v1/games/{gid}", headers=auth, src=src)[1] or {}
    moves = (view.get("you") or {}).get("legal_moves") or []
    if view.get("status") != "playing" or not moves:
        return None
    move = next((m for m in moves if m["action"] == "play"), moves[0])
    body = {k: v for k, v in move.items() if k != "wish_options"}
    if "wish_options" in move:
        body["wish"] = move["wish_options"][0]
    return call(port, "POST", f"/v1/games/{gid}/moves", body, auth, src=src)[0]


def probe_webhook_fairness(root, receivers=40, moves=412, samples=10, wait_s=60):
    """One client (one address) registers ``receivers`` webhooks to as many receivers that
    accept and never answer, at tables where it holds both seats, and makes ``moves``
    moves there (each a your_turn for its three webhooks of the other seat). Meanwhile
    another client plays a bot with a webhook to a receiver that answers at once: the
    delay of its your_turn deliveries, from the bot's move to the receiver (``samples``
    of them, each waited for at most ``wait_s``). One worker process."""
    from events.mapping import from_rfc3339

    env = {"MACAU_ENQUEUE": "1", "MACAU_WEBHOOK_ALLOW_PRIVATE": "1", "MACAU_RATE_LIMIT_PER_S": "0",
           "MACAU_WEBHOOK_REGISTRATIONS_PER_MIN": "0", "MACAU_CREATIONS_PER_MIN": "0", **NO_TABLE_LIMITS}
    hanging, victim_rx = _Hanging(receivers), _Recorder()
    try:
        with Stack(root, env, rq_workers=1) as s:
            attacker, victim = "127.0.21.1", "127.0.22.1"
            tables, urls = [], list(hanging.urls)
            while urls:
                st, g, _, _ = call(s.port, "POST", "/v1/games", {"variant": "macau", "seats": 2, "turn_timeout_s": None,
                                                                "players": [{"name": "a"}, {"name": "b"}]}, src=attacker)
                tokens = {p["seat"]: p["token"] for p in g["players"]}
                for seat in (0, 1):
                    for _ in range(3):
                        if urls:
                            call(s.port, "POST", f"/v1/games/{g['game_id']}/webhooks",
                                 {"url": urls.pop(), "events": ["your_turn"]},
                                 {"Authorization": f"Bearer {tokens[seat]}"}, src=attacker)
                tables.append((g["game_id"], tokens))
            made = [0]

            def attack():
                while made[0] < moves:
                    progressed = False
                    for gid, tokens in tables:
                        seat = (call(s.port, "GET", f"/v1/games/{gid}", src=attacker)[1] or {}).get("current_seat")
                        if seat is not None and _a_legal_move(s.port, gid, tokens[seat], attacker) == 200:
                            made[0] += 1
                            progressed = True
                    if not progressed:
                        return
            flood = threading.Thread(target=attack)
            flood.start()
            while made[0] < moves // 4 and flood.is_alive():
                time.sleep(0.1)
            delays, began = [], time.monotonic()
            body = {"variant": "macau", "seats": 2, "players": [{"name": "v", "webhook": {
                "url": victim_rx.url, "events": ["your_turn"]}}], "bots": [{"level": "easy"}], "bot_delay_s": 0,
                "turn_timeout_s": None}
            gid = token = None
            while len(delays) < samples and time.monotonic() - began < samples * wait_s:
                if gid is None or (call(s.port, "GET", f"/v1/games/{gid}", src=victim)[1] or {}).get(
                        "status") != "playing":
                    st, g, _, _ = call(s.port, "POST", "/v1/games", body, src=victim)
                    gid, token = g["game_id"], g["players"][0]["token"]
                seen = len(victim_rx.got)
                view = call(s.port, "GET", f"/v1/games/{gid}", headers={"Authorization": f"Bearer {token}"},
                            src=victim)[1]
                if view.get("current_seat") != 0:
                    time.sleep(0.05)
                    continue
                if _a_legal_move(s.port, gid, token, victim) != 200:
                    continue
                deadline = time.monotonic() + wait_s
                while len(victim_rx.got) == seen and time.monotonic() < deadline:
                    time.sleep(0.02)
                if len(victim_rx.got) == seen:
                    delays.append(float(wait_s))  # not delivered within the wait: counted as the wait
                    continue
                arrived, notice = victim_rx.got[-1]
                delays.append(max(0.0, arrived - from_rfc3339(notice["timestamp"])))
            flood.join(timeout=120)
    finally:
        hanging.close()
        victim_rx.close()
    return {"hanging_receivers": receivers, "attacker_moves": made[0], "victim_deliveries": len(delays),
            "victim_delay_s": {"p50": _pct(delays, 0.5), "p99": _pct(delays, 0.99), "max": _pct(delays, 1.0)},
            "connections_the_hanging_receivers_got": len(hanging.held)}


def _loopback_name():
    """A name the system resolves to a loopback address that is no local name the
    service refuses by its form (``vm`` here, from /etc/hosts); None if there is none."""
    from games.webhooks import _LOCAL_NAMES, _LOCAL_SUFFIXES

    try:
        with open("/etc/hosts") as f:
            for line in f:
                parts = line.split("#")[0].split()
                if parts and parts[0].startswith("127."):
                    for name in parts[1:]:
                        if name not in _LOCAL_NAMES and not name.endswith(_LOCAL_SUFFIXES):
                            return name
    except OSError:
        pass
    return None


def probe_dns_oracle(root, tries=15):
    """Can anyone make the service resolve names, and learn from its answers? Without a
    token: a join of a game that does not exist, with a webhook on a name that resolves to
    loopback and on one that does not resolve. With a seat token: the same registrations,
    and ``tries`` registrations of a refused URL from one address (the default limit: 30
    a minute, burst 10)."""
    name = _loopback_name()
    if name is None:
        return {"error": "no name in /etc/hosts resolves to loopback"}
    with Stack(root) as s:
        def join(url):
            st, doc, _, _ = call(s.port, "POST", "/v1/games/0000000000000000/players",
                                 {"name": "x", "webhook": {"url": url}})
            return {"status": st, "code": (doc or {}).get("code"), "detail": (doc or {}).get("detail")}
        anonymous = {"loopback_name": join(f"https://{name}/"), "unresolvable": join("https://nothing-zz.invalid/")}
        gid, tokens = make_game(s.port)
        auth = {"Authorization": f"Bearer {tokens[0]}"}

        def register(url, src=None):
            st, doc, _, _ = call(s.port, "POST", f"/v1/games/{gid}/webhooks", {"url": url}, auth, src=src)
            return {"status": st, "code": (doc or {}).get("code"), "detail": (doc or {}).get("detail")}
        seated = {"loopback_name": register(f"https://{name}/"), "unresolvable": register("https://nothing-zz.invalid/")}
        refused = [register("https://10.0.0.1/x", src="127.0.23.1")["status"] for _ in range(tries)]
    everything = json.dumps([anonymous, seated])
    return {"name": name,
            "without_a_token": anonymous,
            "without_a_token_tells_the_names_apart": anonymous["loopback_name"] != anonymous["unresolvable"],
            "with_a_seat_token": seated,
            "an_answer_names_the_resolved_address": "127.0.0.1" in everything or "127.0." in everything,
            f"refused_registrations_{tries}_from_one_address": counts(refused)}


PROBES = {"rate_limit": probe_rate_limit, "failed_auth": probe_failed_auth, "proxy": probe_proxy,
          "streams": probe_streams, "idle_connections": probe_idle_connections, "bad_input": probe_bad_input, "hygiene": probe_hygiene, "redis": probe_redis,
          "idempotency_retry": probe_idempotency_retry, "idempotency_keys": probe_idempotency_keys,
          "waiting_tables": probe_waiting_tables, "sweeper": probe_sweeper,
          "self_issued_tokens": probe_self_issued_tokens, "seeded_quickplay": probe_seeded_quickplay,
          "plawno_announce": probe_plawno_announce, "bot_flood": probe_bot_flood, "slow_headers": probe_slow_headers,
          "keepalive_refusals": probe_keepalive_refusals, "archive_forgery": probe_archive_forgery,
          "redis_stall": probe_redis_stall, "blank_names": probe_blank_names, "chunked_body": probe_chunked_body,
          "status_after_flushall": probe_status_after_flushall, "framing": probe_framing,
          "erasure_leftovers": probe_erasure_leftovers, "webhook_fairness": probe_webhook_fairness,
          "dns_oracle": probe_dns_oracle}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=HERE, help="the checkout to probe (default: this one)")
    ap.add_argument("--only", default="", help="comma-separated probe names: " + ", ".join(PROBES))
    a = ap.parse_args(argv)
    root = os.path.abspath(a.root)
    names = [n for n in a.only.split(",") if n] or list(PROBES)
    results = {"root": root}
    for name in names:
        began = time.monotonic()
        try:
            results[name] = PROBES[name](root)
        except Exception as e:  # a probe that breaks is a figure too
            results[name] = {"error": f"{type(e).__name__}: {e}"[:300]}
        print(f"{name} ({time.monotonic() - began:.0f} s): {json.dumps(results[name])}", file=sys.stderr, flush=True)
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
