"""How many people one box holds: simulated people, not a firehose.

    python -m bench.capacity [--start 100] [--factor 1.4] [--fine-factor 1.15] [--plot docs/capacity.png]
    python -m bench.capacity --root /path/to/other/checkout      the same people against another version
    python -m bench.capacity --steps 500 --step-seconds 80       fixed: 500 people, 80 s measured in steady state

Starts a real Redis-compatible server, the API under gunicorn with the production
settings (``--api-workers`` gevent workers, default 2) and ``--bot-workers`` RQ workers
(bots, clocks, filling tables with bots), then lets simulated people in, step by step,
until a limit breaks (by ``--factor``, then by ``--fine-factor`` once a step's p99 passed
40 % of its limit). Each step adds people until ``players`` are playing at once, lets
them settle, and measures for the rest of the step.

A person (``Person``) arrives, takes a seat -- through quick play (a table of 2-4 seats of
macau or makao; a table that has not filled after ``--fill-after`` seconds is filled
with bots), or, ``--own-table`` of them, at a table of his own with 1 to 3 bots -- and
holds his seat's event stream: Server-Sent Events, or for ``--long-poll`` of them a
long-poll of the events, again and again. When his stream gives him his turn frame (his turn, a
pass card or a last-card call to give: the moves he may make), he thinks and posts one
of the moves it lists (a long-poller asks for his turn, ``until=turn``; against a version
without turn frames, the events that give him his turn make him read his view first) (a play nine times in ten when there is one, a last-card call when
there is one). The thinking time is log-normal: median ``--think`` seconds (4), sigma
0.6 (so half of all moves take 2.7-6.0 s, one in twenty more than 10.7 s), capped at 20 s
(the turn clock is 60 s). When the game ends he leaves and another person arrives in his
place; ``--leave`` of people leave a game before its end (a bot takes the seat) and are
replaced too, so the number of people stays at the step's. Besides the players,
``--spectators`` (a share of the players) watch a random game's stream for a while, then
another's. A person's connections are a browser's: one keep-alive connection for his
requests and one for his stream.

Measured over each step's window: a move's answer (POST sent to answer read) p50/p99, a
view's answer p99, event delivery (the event's store time ``at`` to its arrival on a
stream, over every stream of every person and spectator) p50/p99, moves per second (the
people's; bots' too), errors (transport failures, timeouts, 5xx, 429); the CPU of the API
processes, the bot workers, Redis and this load generator (a share of one core); their
memory; Redis commands per second. A step holds when the move p99 is at most 100 ms,
the delivery p99 at most 250 ms, and no request failed. ``players_held`` is the largest
number of people a step held; the steps stop at the first that did not.

The load generator is one asyncio process on raw sockets (no HTTP library); it runs on
the same cores as the service, so its CPU (reported) is taken from the service's.

Each step also reports what one person's move costs the service (``per_move``): its CPU
(API, workers with RQ's scheduler, Redis, and each of them), the load generator's CPU, RQ
jobs run, Redis commands (all of them, those inside scripts included; by command too) and
requests sent (by kind), each divided by the people's moves. A run of one step (``--steps
500``) is the fixed mode: the people arrive over 20 s and play 65 s before the whole
``--step-seconds`` is measured, so a version that schedules a job per turn clock (60 s)
has them firing in the window as in steady state; its figures are also the result's own.

Prints one JSON object as its last line; with ``--plot``, draws latency and CPU against
people (PNG)."""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import math
import os
import random
import re
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import Iterator, Optional

import orjson
import psutil

from bench.api import pct
from bench.stack import NO_TABLE_LIMITS

HOST = "127.0.0.1"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MOVE_P99_MS, DELIVERY_P99_MS = 100.0, 250.0  # the limits a step must hold
# a fixed run (one step): the people arrive over FIXED_RAMP_S, play FIXED_SETTLE_S (longer
# than the 60 s turn clock: a version that schedules a job per clock has them firing by
# then, as in steady state), and the whole --step-seconds after that is measured
FIXED_RAMP_S, FIXED_SETTLE_S = 20.0, 65.0
NEAR = 0.4  # a step whose p99 passed this share of a limit: the next steps grow by --fine-factor
THINK_SIGMA, THINK_CAP_S = 0.6, 20.0
VARIANTS = ("macau", "makao")
ACTING = ("turn_started", "follow_up_required", "call_window_opened", "skip_robin_started")
BOT_MOVES = ("card_played", "cards_drawn", "player_passed", "penalty_taken", "skip_accepted", "call_made")
QUIET_S = 40.0  # a player who heard nothing for this long reads his view again
IDLE_REOPEN_S = 25.0  # the server closes a keep-alive connection idle for 30 s: reopen before


# ---------------------------------------------------------------------------- the HTTP client
class Failure(Exception):
    """A request that failed: no answer, a timeout, a 5xx, a 429."""


class Http:
    """A browser's keep-alive connection: one request at a time, opened on first use and
    again once the server has closed it."""

    def __init__(self, port: int):
        self.port = port
        self.reader: Optional[asyncio.StreamReader] = None
        self.writer: Optional[asyncio.StreamWriter] = None
        self.used = 0.0

    async def _open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(HOST, self.port, limit=1 << 20)
        self.writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def request(self, method: str, path: str, body=None, token: Optional[str] = None,
                      timeout: float = 15.0) -> tuple[int, bytes]:
        head = f"{method} {path} HTTP/1.1\r\nHost: bench\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        data = b""
        if body is not None:
            data = orjson.dumps(body)
            head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        raw = (head + "\r\n").encode() + data
        now = time.monotonic()
        if self.writer is not None and now - self.used > IDLE_REOPEN_S:
            self.close()
        for attempt in (0, 1):
            fresh = self.writer is None
            try:
                if fresh:
                    await asyncio.wait_for(self._open(), timeout)
                self.writer.write(raw)
                status, answer = await asyncio.wait_for(self._answer(), timeout)
                self.used = time.monotonic()
                return status, answer
            except asyncio.TimeoutError:  # (an OSError too: before the others)
                self.close()
                raise Failure(f"{method} {_route(path)}: no answer in {timeout:g} s") from None
            except (ConnectionError, asyncio.IncompleteReadError, OSError) as e:
                self.close()
                # a kept-alive connection the server closed as the request left: a GET once
                # more on a new one (a browser does the same); anything else is a failure
                if fresh or attempt or method != "GET":
                    raise Failure(f"{method} {_route(path)}: {type(e).__name__}") from None
            except asyncio.CancelledError:  # mid-request: what is left of its answer would be read as the next's
                self.close()
                raise
        raise AssertionError("unreachable")

    async def _answer(self) -> tuple[int, bytes]:
        line = await self.reader.readline()
        if not line:
            raise ConnectionError("closed")
        status = int(line[9:12])
        length, close = 0, False
        while True:
            h = await self.reader.readline()
            if h in (b"\r\n", b""):
                break
            low = h[:16].lower()
            if low.startswith(b"content-length:"):
                length = int(h[15:])
            elif low.startswith(b"connection:") and b"close" in h.lower():
                close = True
        body = await self.reader.readexactly(length) if length else b""
        if close:
            self.close()
        return status, body


def _route(path: str) -> str:
    """A request's path without its game id and query: a kind of failure."""
    return re.sub(r"/games/[^/?]+", "/games/{id}", path.split("?")[0])


_AT: dict[str, float] = {}


def at_ms(at: str) -> float:
    """An event's ``at`` (RFC 3339, ms) as Unix ms; the events of one append share one."""
    hit = _AT.get(at)
    if hit is None:
        if len(_AT) > 4096:
            _AT.clear()
        hit = _AT[at] = datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp() * 1000
    return hit


# ---------------------------------------------------------------------------- what is measured
@dataclass
class Window:
    """One step's figures (samples only while ``open``; failures always)."""

    open: bool = False
    moves: list = field(default_factory=list)  # ms, a move's answer
    views: list = field(default_factory=list)  # ms, a view's answer
    joins: list = field(default_factory=list)  # ms, a quick play's or a new table's answer
    delivery: list = field(default_factory=list)  # ms, an event's store time to its arrival
    bot_pace: list = field(default_factory=list)  # s, a bot's move after the append before it (bot_delay_s 1)
    moves_done: int = 0
    requests: dict = field(default_factory=dict)  # requests sent by kind (a stream's opening included)
    events: int = 0
    refused: int = 0  # 4xx answers to moves (a race the game decided against): not errors
    errors: int = 0
    error_kinds: dict = field(default_factory=dict)

    def failed(self, what: str) -> None:
        self.errors += 1
        self.error_kinds[what] = self.error_kinds.get(what, 0) + 1


class Load:
    """Everything the simulated people share: the port, the figures, the random source."""

    def __init__(self, port: int, args, seed: int = 1):
        self.port, self.args = port, args
        self.rng = random.Random(seed)
        self.window = Window()
        self.next_id = 0
        self.started_ms = 0.0  # events stored before a stream opened are backlog, not deliveries
        self.frames = False  # the service gives a seat its turn frame (else: the turn's events, then a view read)
        self.pacer: dict[str, "Stream"] = {}  # per game, the stream that times its bots

    def name(self) -> str:
        self.next_id += 1
        return f"p{self.next_id}"

    def think_s(self) -> float:
        return min(THINK_CAP_S, self.args.think * math.exp(self.rng.gauss(0.0, THINK_SIGMA)))

    async def call(self, http: Http, method: str, path: str, body=None, token=None, kind: str = "other",
                   timeout: float = 15.0):
        """A request, timed into the window by ``kind``; failures counted. (status, body) or None."""
        w = self.window
        if w.open:
            w.requests[kind] = w.requests.get(kind, 0) + 1
        t0 = time.perf_counter()
        try:
            status, raw = await http.request(method, path, body, token, timeout)
        except Failure as e:
            w.failed(str(e)[:60])
            return None
        ms = (time.perf_counter() - t0) * 1000
        if status >= 500 or status == 429:
            w.failed(f"{method} {_route(path)}: HTTP {status}")
            return None
        if w.open:
            if kind == "move":
                w.moves.append(ms)
            elif kind == "view":
                w.views.append(ms)
            elif kind == "join":
                w.joins.append(ms)
        return status, raw


# ---------------------------------------------------------------------------- event streams
class Stream:
    """A game's events for one viewer: SSE, or a long-poll again and again. ``next()``
    returns the next batch (parsed events), None once the stream is closed."""

    def __init__(self, load: Load, game_id: str, token: Optional[str], long_poll: bool):
        self.load, self.game_id, self.token, self.long_poll = load, game_id, token, long_poll
        self.after = 0
        self.http = Http(load.port)
        self.opened_ms = time.time() * 1000
        self._chunked = False
        self.bots: set[int] = set()  # the seats a bot plays (its moves are timed: BOT_MOVES)
        self.last_ms: Optional[float] = None  # the time of the last append seen

    async def open(self) -> bool:
        if self.long_poll:
            return True
        w = self.load.window
        if w.open:
            w.requests["stream"] = w.requests.get("stream", 0) + 1
        auth = f"Authorization: Bearer {self.token}\r\n" if self.token else ""
        try:
            await asyncio.wait_for(self.http._open(), 15)
            self.http.writer.write(f"GET /v1/games/{self.game_id}/stream HTTP/1.1\r\nHost: bench\r\n"
                                   f"Accept: text/event-stream\r\n{auth}\r\n".encode())
            status = await asyncio.wait_for(self.http.reader.readline(), 15)
            while (h := await asyncio.wait_for(self.http.reader.readline(), 15)) not in (b"\r\n", b""):
                if h.lower().startswith(b"transfer-encoding:") and b"chunked" in h.lower():
                    self._chunked = True
        except (ConnectionError, OSError, asyncio.TimeoutError, asyncio.IncompleteReadError):
            self.load.window.failed("stream open")
            self.http.close()
            return False
        if status[9:12] != b"200":
            self.load.window.failed(f"stream HTTP {status[9:12].decode()}")
            self.http.close()
            return False
        return True

    async def next(self) -> Optional[list]:
        """The next events; [] after a quiet spell (a keep-alive, a long-poll's wait
        running out); None once the stream is closed."""
        try:
            events = await (self._poll() if self.long_poll else self._sse())
        except (ConnectionError, OSError, asyncio.IncompleteReadError, ValueError):
            self.load.window.failed("stream cut")
            self.close()
            return None
        if events is None:
            return None
        self._arrived(events)
        return events

    def _arrived(self, events: list) -> None:
        w = self.load.window
        now = time.time() * 1000
        logged = [e for e in events if "seq" in e]  # (a turn frame is no event of the log)
        # a long-poll that waits for its seat's turn holds the events before it on purpose:
        # its delivery is that of the events that gave the turn (the last append's)
        newest = at_ms(logged[-1]["at"]) if logged and self.long_poll and self.token and self.load.frames else None
        for e in logged:
            self._paced(e, w)
            self.after = max(self.after, e["seq"])
            if w.open:
                w.events += 1
                at = at_ms(e["at"])
                if at >= self.opened_ms and (newest is None or at == newest):  # a stream's backlog: no delivery
                    w.delivery.append(now - at)

    def _paced(self, e: dict, w: Window) -> None:
        """A bot's move, the first event of its append, is timed from the append before it
        (the bots of these tables wait their default delay, 1 s); each game once (a table's
        first seat's stream, or a spectator's)."""
        t, seat = e["type"], e.get("seat")
        if t == "bot_joined" or t == "player_left" or (t == "autopilot_changed" and e["data"].get("on")):
            self.bots.add(seat)
        elif t == "autopilot_changed":
            self.bots.discard(seat)
        at = at_ms(e["at"])
        if at == self.last_ms:
            return
        if w.open and t in BOT_MOVES and seat in self.bots and self.last_ms is not None and at >= self.opened_ms \
                and self.load.pacer.setdefault(self.game_id, self) is self:
            w.bot_pace.append((at - self.last_ms) / 1000)
        self.last_ms = at

    async def _sse(self) -> Optional[list]:
        reader = self.http.reader
        if reader is None:
            return None
        while True:
            if self._chunked:
                size_line = await reader.readline()
                if not size_line:
                    return None
                size = int(size_line.strip() or b"0", 16)
                if size == 0:
                    return None
                chunk = await reader.readexactly(size + 2)
            else:
                chunk = await reader.readuntil(b"\n\n")
            events = [orjson.loads(line[6:]) for line in chunk.split(b"\n") if line.startswith(b"data: ")]
            if events or chunk.startswith(b": keep-alive"):
                return events

    async def _poll(self) -> Optional[list]:
        # a player waits for his turn (its frame), a spectator for the next events
        until = "&until=turn" if self.token and self.load.frames else ""
        got = await self.load.call(self.http, "GET",
                                   f"/v1/games/{self.game_id}/events?after={self.after}&wait=25{until}",
                                   token=self.token, kind="poll", timeout=40.0)
        if got is None or got[0] != 200:
            return None
        page = orjson.loads(got[1])
        return page["events"] + ([page["turn"]] if page.get("turn") else [])

    def close(self) -> None:
        self.http.close()


# ---------------------------------------------------------------------------- people
class Person:
    """One simulated player, for ever: arrive, take a seat, play the game (or leave it
    early), and make room for the next person."""

    def __init__(self, load: Load):
        self.load = load
        self.http = Http(load.port)
        self.retired = False  # the step going down: leave at the next game's end
        self.next_frame: Optional[dict] = None  # a turn frame that came while he was acting on the one before

    async def live(self) -> None:
        load = self.load
        while not self.retired:
            seat = await self.take_seat()
            if seat is None:
                await asyncio.sleep(1.0 + load.rng.random())
                continue
            game_id, token, me = seat
            await self.play(game_id, token, me)
        self.http.close()

    async def take_seat(self):
        load, rng = self.load, self.load.rng
        variant, seats = rng.choice(VARIANTS), rng.randint(2, 4)
        if rng.random() < load.args.own_table:
            bots = [{"level": rng.choice(("easy", "normal"))} for _ in range(rng.randint(1, seats - 1))]
            got = await load.call(self.http, "POST", "/v1/games", {
                "variant": variant, "seats": len(bots) + 1, "players": [{"name": load.name()}], "bots": bots},
                kind="join")
            if got is None or got[0] != 201:
                return None
            answer = orjson.loads(got[1])
            return answer["game_id"], answer["players"][0]["token"], answer["players"][0]["seat"]
        got = await load.call(self.http, "POST", "/v1/quickplay", {
            "variant": variant, "seats": seats, "name": load.name(),
            "fill_with_bots_after_s": load.args.fill_after}, kind="join")
        if got is None or got[0] != 201:
            return None
        answer = orjson.loads(got[1])
        return answer["game_id"], answer["token"], answer["seat"]

    async def play(self, game_id: str, token: str, me: int) -> None:
        load, rng = self.load, self.load.rng
        self.next_frame = None
        stream = Stream(load, game_id, token, rng.random() < load.args.long_poll)
        if not await stream.open():
            return
        leave_after = load.think_s() * rng.randint(2, 30) if rng.random() < load.args.leave else None
        joined = last = time.monotonic()
        acting: Optional[asyncio.Task] = None
        try:
            while True:
                events = await stream.next()
                if events is None:
                    return
                now = time.monotonic()
                if any(e["type"] in ("game_ended", "table_expired") for e in events):
                    return
                if leave_after is not None and now - joined > leave_after:
                    if acting is not None:
                        acting.cancel()
                        await asyncio.gather(acting, return_exceptions=True)
                    await load.call(self.http, "POST", f"/v1/games/{game_id}/leave", token=token, kind="leave")
                    return
                quiet = not events and now - last > QUIET_S  # nothing for long: look again
                if events:
                    last = now
                frame = next((e for e in reversed(events) if e["type"] == "your_turn"), None)
                # without turn frames (an earlier version): the events that give him something
                # to do, then a read of his view
                mine = frame is not None or quiet or not load.frames and (
                    any(e["type"] in ACTING and e.get("seat") == me for e in events)
                    or any(e["type"] == "pass_cards_requested" for e in events))
                if mine and (acting is None or acting.done()):
                    acting = asyncio.create_task(self.act(game_id, token, me, frame))
                elif frame is not None:  # his turn again while he still acts (a last-card call after his play)
                    self.next_frame = frame
        finally:
            if acting is not None and not acting.done():
                acting.cancel()
            stream.close()

    async def act(self, game_id: str, token: str, me: int, frame: Optional[dict] = None, again: bool = True) -> None:
        """Play a move of ``frame``'s (the seat's turn frame, from its stream), or of the view
        read now when there is none (a quiet spell, a refused move)."""
        load, rng = self.load, self.load.rng
        if frame is None:
            got = await load.call(self.http, "GET", f"/v1/games/{game_id}", token=token, kind="view")
            if got is None or got[0] != 200:
                return
            view = orjson.loads(got[1])
            if view["status"] != "playing":
                return
            frame = view.get("you") or {}
        moves = [m for m in frame.get("legal_moves", ()) if m["action"] != "catch"]
        if not moves:
            return
        await asyncio.sleep(load.think_s())
        calls = [m for m in moves if m["action"] == "announce"]
        plays = [m for m in moves if m["action"] == "play"]
        m = calls[0] if calls else rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(moves)
        body = {k: v for k, v in m.items() if k != "wish_options"}
        if m.get("wish_options"):
            body["wish"] = rng.choice(m["wish_options"])
        got = await load.call(self.http, "POST", f"/v1/games/{game_id}/moves", body, token, kind="move")
        if got is None:
            return
        if got[0] == 200:
            if load.window.open:
                load.window.moves_done += 1
        else:
            load.window.refused += 1
            # the game moved meanwhile: look again, once (with turn frames the next one says
            # what is left to do, if anything)
            if again and got[0] in (409, 422) and not load.frames:
                await self.act(game_id, token, me, again=False)
                return
        following, self.next_frame = self.next_frame, None
        if following is not None and following.get("version", 0) > frame.get("version", 0):
            await self.act(game_id, token, me, following)


class Spectator:
    """Watches a random game being played for a while, then another."""

    def __init__(self, load: Load):
        self.load = load
        self.http = Http(load.port)
        self.retired = False

    async def live(self) -> None:
        load, rng = self.load, self.load.rng
        while not self.retired:
            got = await load.call(self.http, "GET", f"/v1/games?status=playing&variant={rng.choice(VARIANTS)}&limit=50",
                                 kind="lobby")
            games = orjson.loads(got[1])["games"] if got is not None and got[0] == 200 else []
            if not games:
                await asyncio.sleep(2.0 + rng.random())
                continue
            stream = Stream(load, rng.choice(games)["game_id"], None, False)
            if not await stream.open():
                await asyncio.sleep(1.0)
                continue
            until = time.monotonic() + rng.uniform(20, 90)
            try:
                while time.monotonic() < until and not self.retired:
                    events = await stream.next()
                    if events is None or any(e["type"] == "game_ended" for e in events):
                        break
            finally:
                stream.close()
        self.http.close()


# ---------------------------------------------------------------------------- the service
class Service:
    """Redis, the API (gunicorn, production settings) and the bot workers, from ``root``."""

    def __init__(self, root: str, api_workers: int, bot_workers: int, max_conns: int):
        self.root, self.api_workers, self.bot_workers, self.max_conns = root, api_workers, bot_workers, max_conns
        self.procs: list[subprocess.Popen] = []
        self.server = None
        self.port = 0

    def start(self) -> "Service":
        from service.embedded_redis import free_port, start_server

        self.server = start_server()
        self.port = free_port()
        streams = self.max_conns - 200
        env = dict(os.environ, **NO_TABLE_LIMITS, REDIS_URL=self.server.url, PYTHONPATH=self.root,
                   MACAU_RATE_LIMIT_PER_S="0", MACAU_LOG_LEVEL="WARNING", GUNICORN_WORKERS=str(self.api_workers),
                   GUNICORN_BIND=f"{HOST}:{self.port}", GUNICORN_WORKER_CONNECTIONS=str(self.max_conns),
                   MACAU_MAX_STREAMS=str(streams), MACAU_MAX_STREAMS_PER_CLIENT=str(streams),
                   MACAU_MAX_CONNECTIONS_PER_CLIENT=str(streams), MACAU_MAX_HEADER_READS_PER_CLIENT="100000")
        conf = os.path.join(self.root, "service", "gunicorn_conf.py")
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": self.root, "env": env}
        api_out = open(os.environ["CAP_ACCESS_LOG"], "w") if os.environ.get("CAP_ACCESS_LOG") else subprocess.DEVNULL
        self.procs.append(subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", conf, "service.wsgi:app"],
                                           **{**quiet, "stdout": api_out}))
        workers_out = open(os.environ["CAP_WORKER_LOG"], "w") if os.environ.get("CAP_WORKER_LOG") else subprocess.DEVNULL
        for i in range(self.bot_workers):
            self.procs.append(subprocess.Popen([sys.executable, "-m", "service.cli", "worker"]
                                               + ([] if i == 0 else ["--no-sweeper"]), **{**quiet, "stderr": workers_out}))
        deadline = time.monotonic() + 60
        while True:
            if any(p.poll() is not None for p in self.procs) or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the service did not start")
            try:
                with socket.create_connection((HOST, self.port), timeout=2) as s:
                    s.sendall(b"GET /readyz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    if s.recv(64)[9:12] == b"200":
                        break
            except OSError:
                pass
            time.sleep(0.3)
        time.sleep(1.5)  # the workers register with the queue
        return self

    def groups(self) -> dict[str, list[psutil.Process]]:
        """Processes by role (the API's master and workers; the bot workers with RQ's
        scheduler; Redis)."""
        api = psutil.Process(self.procs[0].pid)
        out = {"api": [api] + api.children(recursive=True), "workers": [], "redis": [psutil.Process(self.server.pid)]}
        for p in self.procs[1:]:
            w = psutil.Process(p.pid)
            out["workers"] += [w] + w.children(recursive=True)
        return out

    def redis_info(self) -> dict:
        import redis

        c = redis.Redis.from_url(self.server.url)
        try:
            info = c.info()
            stats = c.info("commandstats")
            return {"commands": info["total_commands_processed"], "used_memory": info["used_memory"],
                    "by_command": {k.removeprefix("cmdstat_"): v["calls"] for k, v in stats.items()}}
        finally:
            c.close()

    def jobs_run(self) -> int:
        """RQ jobs the workers have run (finished or failed), as RQ counts them per worker."""
        import redis

        c = redis.Redis.from_url(self.server.url)
        try:
            pipe = c.pipeline(transaction=False)
            for key in c.smembers("rq:workers"):
                pipe.hmget(key, "successful_job_count", "failed_job_count")
            return sum(int(v or 0) for fields in pipe.execute() for v in fields)
        finally:
            c.close()

    def stop(self) -> None:
        for p in self.procs:
            if p.poll() is None:
                p.terminate()
        for p in self.procs:
            try:
                p.wait(15)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        if self.server is not None:
            self.server.close()


def cpu_of(processes) -> float:
    total = 0.0
    for p in processes:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return total


def rss_mib(processes) -> float:
    total = 0
    for p in processes:
        try:
            total += p.memory_info().rss
        except psutil.NoSuchProcess:
            pass
    return round(total / 2**20, 1)


# ---------------------------------------------------------------------------- steps
def steps_of(a, near) -> Iterator[int]:
    """People per step: ``--steps`` as given, else from ``--start`` up by ``--factor``, and by
    ``--fine-factor`` once ``near()`` says a step came within reach of a limit (a finer
    ``players_held`` where it is decided, without a long run of small steps below)."""
    if a.steps:
        yield from (int(s) for s in a.steps.split(","))
        return
    n, fine = float(a.start), False
    while n <= a.max_players:
        yield int(round(n / 10) * 10)
        fine = fine or near()
        n *= a.fine_factor if fine else a.factor


async def run(a, service: Service) -> dict:
    load = Load(service.port, a)
    fixed = bool(a.steps) and "," not in a.steps
    probe = Http(service.port)
    status, document = await probe.request("GET", "/openapi.yaml")
    probe.close()
    load.frames = status == 200 and b"TurnFrame:" in document
    people: list[tuple[Person, asyncio.Task]] = []
    spectators: list[tuple[Spectator, asyncio.Task]] = []
    me = psutil.Process()
    results, held, broke = [], 0, None
    gc.freeze()

    def near() -> bool:
        last = results[-1] if results else {}
        return (last.get("move_p99_ms") or 0) > NEAR * MOVE_P99_MS or \
            (last.get("delivery_p99_ms") or 0) > NEAR * DELIVERY_P99_MS
    for players in steps_of(a, near):
        load.window = w = Window()
        if fixed:  # one step: the whole step measured, in steady state (see FIXED_*)
            ramp_s, settle_s, measure_s = FIXED_RAMP_S, FIXED_SETTLE_S, a.step_seconds
        else:
            ramp_s = a.step_seconds * 0.3
            settle_s = a.step_seconds * 0.15
            measure_s = a.step_seconds - ramp_s - settle_s
        want_spectators = int(players * a.spectators)
        adding = players - len(people)
        adding_spectators = want_spectators - len(spectators)
        for i in range(max(adding, adding_spectators, 0)):
            if i < adding:
                p = Person(load)
                people.append((p, asyncio.create_task(p.live())))
            if i < adding_spectators:
                s = Spectator(load)
                spectators.append((s, asyncio.create_task(s.live())))
            await asyncio.sleep(ramp_s / max(adding, adding_spectators, 1))
        await asyncio.sleep(settle_s)
        groups = service.groups()
        cpu0 = {name: cpu_of(ps) for name, ps in groups.items()}
        gen0 = sum(me.cpu_times()[:2])
        info0 = service.redis_info()
        jobs0 = service.jobs_run()
        t0 = time.monotonic()
        w.open = True
        await asyncio.sleep(measure_s)
        w.open = False
        dt = time.monotonic() - t0
        info1 = service.redis_info()
        jobs = service.jobs_run() - jobs0
        groups = service.groups()
        used = {name: cpu_of(ps) - cpu0[name] for name, ps in groups.items()}
        generated = sum(me.cpu_times()[:2]) - gen0
        cpu = {name: round(100 * used[name] / dt, 1) for name, ps in groups.items()}
        step = {
            "players": players, "spectators": len(spectators), "seconds": round(dt, 1),
            "moves_per_s": round(w.moves_done / dt, 1), "events_delivered_per_s": round(w.events / dt, 1),
            "move_p50_ms": _r(pct(w.moves, 50)), "move_p99_ms": _r(pct(w.moves, 99)),
            "view_p99_ms": _r(pct(w.views, 99)), "join_p99_ms": _r(pct(w.joins, 99)),
            "delivery_p50_ms": _r(pct(w.delivery, 50)), "delivery_p99_ms": _r(pct(w.delivery, 99)),
            "bot_pace_p50_s": _r3(pct(w.bot_pace, 50)), "bot_pace_p99_s": _r3(pct(w.bot_pace, 99)),
            "bot_moves_timed": len(w.bot_pace),
            "errors": w.errors, "error_kinds": w.error_kinds, "refused_moves": w.refused,
            "cpu_pct": {**cpu, "load_generator": round(100 * generated / dt, 1)},
            "rss_mib": {name: rss_mib(ps) for name, ps in groups.items()},
            "redis_used_mib": round(info1["used_memory"] / 2**20, 1),
            "redis_ops_per_s": round((info1["commands"] - info0["commands"]) / dt),
        }
        step["rss_mib"]["load_generator"] = rss_mib([me])
        step.update(per_move(w, used, generated, info1["commands"] - info0["commands"], jobs))
        if w.moves_done:
            by = {k: (v - info0["by_command"].get(k, 0)) / w.moves_done for k, v in info1["by_command"].items()}
            step["redis_commands_per_move_by_command"] = {k: round(v, 2) for k, v in sorted(
                by.items(), key=lambda kv: -kv[1]) if v >= 0.05}
        fails = []
        if not w.moves or step["move_p99_ms"] > MOVE_P99_MS:
            fails.append(f"move p99 {step['move_p99_ms']} ms > {MOVE_P99_MS:g}" if w.moves else "no move answered")
        if w.delivery and step["delivery_p99_ms"] > DELIVERY_P99_MS:
            fails.append(f"delivery p99 {step['delivery_p99_ms']} ms > {DELIVERY_P99_MS:g}")
        if w.errors:
            fails.append(f"{w.errors} errors {w.error_kinds}")
        step["held"] = not fails
        results.append(step)
        print(f"{players} people + {len(spectators)} spectators: {step['moves_per_s']} moves/s, move p50/p99 "
              f"{step['move_p50_ms']}/{step['move_p99_ms']} ms, delivery p50/p99 {step['delivery_p50_ms']}/"
              f"{step['delivery_p99_ms']} ms, bot pace p50/p99 {step['bot_pace_p50_s']}/{step['bot_pace_p99_s']} s, "
              f"errors {w.errors}, CPU % {step['cpu_pct']}, RSS MiB {step['rss_mib']}, "
              f"Redis {step['redis_ops_per_s']} ops/s; per move: {step['service_cpu_ms_per_move']} ms CPU "
              f"{step.get('cpu_ms_per_move')}, {step['rq_jobs_per_move']} jobs, {step['redis_commands_per_move']} "
              f"commands, {step['requests_per_move']} requests" + (f" -- broke: {'; '.join(fails)}" if fails else ""),
              file=sys.stderr, flush=True)
        if fails:
            broke = "; ".join(fails)
            break
        held = players
    for who, _ in people + spectators:
        who.retired = True
    pending = {task for _, task in people + spectators}
    while pending:  # again and again: asyncio.wait_for (Python < 3.12) may swallow a cancel
        for task in pending:
            task.cancel()
        _, pending = await asyncio.wait(pending, timeout=1.0)
    out = {"players_held": held, "limit": broke, "steps": results}
    if results:  # the last step's cost per move (a fixed run's one step: --steps 500)
        out.update({k: results[-1][k] for k in PER_MOVE + ("cpu_ms_per_move",) if k in results[-1]})
    return out


PER_MOVE = ("service_cpu_ms_per_move", "generator_cpu_ms_per_move", "rq_jobs_per_move", "redis_commands_per_move",
            "requests_per_move")


def per_move(w: Window, used: dict, generated: float, commands: int, jobs: int) -> dict:
    """What one person's move cost over the window: the service's CPU (API, workers with
    RQ's scheduler, Redis) and each part of it, the load generator's, RQ jobs run, Redis
    commands and requests sent, each divided by the people's moves."""
    n = w.moves_done
    if not n:
        return {k: None for k in PER_MOVE}
    ms = {name: round(1000 * seconds / n, 2) for name, seconds in used.items()}
    return {"service_cpu_ms_per_move": round(sum(ms.values()), 2), "cpu_ms_per_move": ms,
            "generator_cpu_ms_per_move": round(1000 * generated / n, 2), "rq_jobs_per_move": round(jobs / n, 3),
            "redis_commands_per_move": round(commands / n, 1),
            "requests_per_move": round(sum(w.requests.values()) / n, 3),
            "requests_per_move_by_kind": {k: round(v / n, 3) for k, v in sorted(w.requests.items())}}


def _r3(x: float) -> Optional[float]:
    return None if x != x else round(x, 3)


def _r(x: float) -> Optional[float]:
    return None if x != x else round(x, 1)


def plot(result: dict, path: str, title: Optional[str] = None) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    title = title or f"bench.capacity, {result['commit']}: {result['players_held']} people held"
    steps = result["steps"]
    xs = [s["players"] for s in steps]
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(8, 7), sharex=True)
    top.plot(xs, [s["move_p99_ms"] for s in steps], "o-", label="move answer p99")
    top.plot(xs, [s["delivery_p99_ms"] for s in steps], "s-", label="event delivery p99")
    top.plot(xs, [s["move_p50_ms"] for s in steps], "o:", color="C0", alpha=0.6, label="move answer p50")
    top.axhline(MOVE_P99_MS, color="C0", ls="--", lw=0.8)
    top.axhline(DELIVERY_P99_MS, color="C1", ls="--", lw=0.8)
    top.set_yscale("log")
    top.set_ylabel("ms")
    top.legend(loc="upper left", fontsize=8)
    top.set_title(title, fontsize=10)
    for key, label in (("api", "API processes"), ("workers", "bot workers"), ("redis", "Redis"),
                       ("load_generator", "load generator")):
        bottom.plot(xs, [s["cpu_pct"][key] for s in steps], "o-", label=label)
    bottom.axhline(200, color="grey", ls="--", lw=0.8)
    bottom.set_ylabel("CPU, % of one core (2 cores)")
    bottom.set_xlabel("people playing at once (plus spectators)")
    bottom.legend(loc="upper left", fontsize=8)
    if result["players_held"]:
        for ax in (top, bottom):
            ax.axvline(result["players_held"], color="green", lw=0.8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--start", type=int, default=100, help="people in the first step")
    ap.add_argument("--factor", type=float, default=1.4, help="each step holds this many times the last")
    ap.add_argument("--fine-factor", type=float, default=1.15,
                    help="the factor once a step's p99 passed 40%% of a limit")
    ap.add_argument("--max-players", type=int, default=20000)
    ap.add_argument("--steps", default=None, help="people per step, comma-separated (instead of --start/--factor)")
    ap.add_argument("--step-seconds", type=float, default=25.0, help="a step: 30%% ramp, 15%% settle, the rest measured")
    ap.add_argument("--think", type=float, default=4.0, help="median thinking time, s (log-normal, sigma 0.6)")
    ap.add_argument("--long-poll", type=float, default=0.1, help="share of people who long-poll instead of SSE")
    ap.add_argument("--spectators", type=float, default=0.2, help="spectators, as a share of the people playing")
    ap.add_argument("--own-table", type=float, default=0.25, help="share of people who open a table with bots")
    ap.add_argument("--fill-after", type=float, default=10.0, help="quick play tables fill with bots after (s)")
    ap.add_argument("--leave", type=float, default=0.1, help="share of people who leave a game before its end")
    ap.add_argument("--api-workers", type=int, default=2)
    ap.add_argument("--bot-workers", type=int, default=2)
    ap.add_argument("--max-conns", type=int, default=16000, help="gunicorn worker_connections (per API process)")
    ap.add_argument("--root", default=ROOT, help="the checkout whose service is measured")
    ap.add_argument("--plot", default=None, help="write a PNG of latency and CPU against people here")
    ap.add_argument("--label", default=None, help="the plot's title")
    ap.add_argument("--save", default=None, help="also write the JSON result to this file")
    ap.add_argument("--plot-from", default=None, help="only draw --plot from a JSON result saved before")
    a = ap.parse_args(argv)
    if a.plot_from:
        with open(a.plot_from) as f:
            result = json.loads(f.read())
        plot(result, a.plot, a.label)
        return result
    service = Service(os.path.abspath(a.root), a.api_workers, a.bot_workers, a.max_conns).start()
    try:
        result = asyncio.run(run(a, service))
    finally:
        service.stop()
    commit = subprocess.run(["git", "-C", a.root, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    result.update({"commit": commit, "api_workers": a.api_workers, "bot_workers": a.bot_workers,
                   "think_median_s": a.think, "cores": os.cpu_count(),
                   "load_average_1m": round(os.getloadavg()[0], 2),
                   "limits": {"move_p99_ms": MOVE_P99_MS, "delivery_p99_ms": DELIVERY_P99_MS, "errors": 0}})
    result_line = json.dumps(result)
    if a.save:
        with open(a.save, "w") as f:
            f.write(result_line + "\n")
    if a.plot:  # after the figures are safe: a plot that fails loses nothing
        plot(result, a.plot, a.label)
    print(result_line)
    return result


if __name__ == "__main__":
    main()
