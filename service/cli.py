"""Run and operate the Macau game service.

    macau up [--port N]     the web table, API, workers and Redis (REDIS_URL, else embedded)
    macau up --cluster      the same on a local 3-master Redis Cluster + a queue server
    macau api               the API under gunicorn (production settings)
    macau worker            an RQ worker (bots, clocks, the sweeper)
    macau status [--json]   what the service is doing, read from Redis (that of a running
                            ``macau up`` when REDIS_URL is not set)
    macau simulate ...      bot-only games offline
    macau ladder ...        the bot levels' ratings per variant, by bot-only games
    macau ratings rebuild   the players' ratings folded again from the log and the archive
    macau replay GAME_ID    a game's log as a readable table (from Redis or the archive)
    macau audit GAME_ID     re-verify a finished game from its log (from Redis or the archive)
    macau verify FILE [--public-key K]   check an exported or archived game log file on its own
    macau openapi           print the OpenAPI document

Each command imports what it runs inside its own function: ``macau up`` only spawns
processes and ``macau simulate`` only runs bots, and neither should pay for loading
Flask, gevent or RQ (the function-level imports below keep heavy imports off start-up).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

from . import multiproc
from .config import Config, ConfigError
from .embedded_redis import bindable, free_port, start_server
from .logs import configure

EMBEDDED_PORT = 6380  # the embedded Redis's port when it is free (6379 is left to a Redis of one's own)
CURL = ("curl -s -X POST http://127.0.0.1:{port}/v1/games -H 'Content-Type: application/json' "
        "-d '{{\"variant\": \"macau\", \"seats\": 4, \"players\": [{{\"name\": \"you\"}}], "
        "\"bots\": [{{\"level\": \"normal\"}}, {{\"level\": \"normal\"}}, {{\"level\": \"hard\"}}]}}'")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["simulate"]:  # its own options: hand them over untouched
        from workers.simulate import main as simulate_main  # start-up: bots only

        return simulate_main(argv[1:]) or 0
    if argv[:1] == ["ladder"]:
        from workers.ladder import main as ladder_main  # start-up: bots only

        return ladder_main(argv[1:]) or 0
    parser = argparse.ArgumentParser(prog="macau", description=__doc__.splitlines()[0],
                                     epilog="Without REDIS_URL, status, replay and audit read the servers of the "
                                            "`macau up` running from this directory.")
    sub = parser.add_subparsers(dest="cmd", required=True)
    up = sub.add_parser("up", help="run everything on one machine: Redis (REDIS_URL, else embedded), the API "
                                   "and the web table, workers")
    up.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)), help="the API's port")
    up.add_argument("--workers", type=int, default=2, help="RQ worker processes")
    up.add_argument("--cluster", action="store_true",
                    help="the events on a local 3-master Redis Cluster, the queue on a server of its own")
    up.add_argument("--verbose", action="store_true",
                    help="every log line (DEBUG, RQ's included) and the access log, not only warnings")
    api = sub.add_parser("api", help="the API and the web table under gunicorn (production settings)")
    api.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
    api.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    worker = sub.add_parser("worker", help="an RQ worker: bot turns, turn clocks, last-card windows, archiving")
    worker.add_argument("--burst", action="store_true", help="exit when the queue is empty")
    worker.add_argument("--no-sweeper", action="store_true", help="leave the sweeper (the safety net that "
                                                                  "reschedules late games) to other workers")
    worker.add_argument("--metrics-port", type=int, default=None,
                        help="serve this worker's /metrics on this port (when it shares no metrics "
                             "directory with an API process)")
    status = sub.add_parser("status", help="games, queue, workers and late jobs, read from Redis")
    status.add_argument("--json", action="store_true", help="one JSON object, for scripts")
    sub.add_parser("simulate", help="bot-only games offline (macau simulate --help)")
    sub.add_parser("ladder", help="measure the bot levels' ratings per variant by bot-only games (macau ladder --help)")
    ratings = sub.add_parser("ratings", help="the players' ratings: rebuild them from the log and the archive")
    ratings.add_argument("action", choices=["rebuild"])
    ratings.add_argument("--json", action="store_true", help="one JSON object, for scripts")
    for name, what in (("replay", "a game's log as a table, from Redis or the archive"),
                       ("audit", "re-verify a game from its log: chain, replay, cards, results, shuffles")):
        p = sub.add_parser(name, help=what)
        p.add_argument("game_id")
        p.add_argument("--json", action="store_true", help="JSON instead of a table")
    verify = sub.add_parser("verify", help="check a game log file (GET /v1/games/{id}/export, or the archive's)")
    verify.add_argument("file")
    verify.add_argument("--public-key", metavar="KEY",
                        help="the service's archive seal key (GET /v1/archive/public-key, or `macau status`): "
                             "ed25519:<base64>, or a file holding it or its PEM; the file's seal must verify with it")
    verify.add_argument("--json", action="store_true", help="one JSON object instead of a table")
    sub.add_parser("openapi", help="print the OpenAPI document (YAML)")
    args = parser.parse_args(argv)
    return {"up": cmd_up, "api": cmd_api, "worker": cmd_worker, "status": cmd_status, "replay": cmd_replay,
            "audit": cmd_audit, "verify": cmd_verify, "openapi": cmd_openapi, "ratings": cmd_ratings}[args.cmd](args)


# ---------------------------------------------------------------- up / api / worker
def _checked_config(**check) -> Config:
    try:
        return Config.from_env().check(**check)
    except (ConfigError, ValueError) as e:
        raise SystemExit(f"macau: {e}") from None


def cmd_api(args) -> int:
    _checked_config()  # here, before gunicorn: a clear message instead of workers failing to boot
    conf = os.path.join(os.path.dirname(__file__), "gunicorn_conf.py")
    os.environ.setdefault("GUNICORN_BIND", f"{args.host}:{args.port}")
    os.execvp(sys.executable, [sys.executable, "-m", "gunicorn", "-c", conf, "service.wsgi:app"])
    return 0  # pragma: no cover


def cmd_worker(args) -> int:
    from workers.runner import run  # start-up: RQ and the whole service

    from .wiring import build  # start-up: the whole service

    config = _checked_config(needs_queue=True)
    if not config.redis_url:
        raise SystemExit("macau worker: set REDIS_URL to the service's Redis")
    configure(config.log_level)
    if args.metrics_port is not None:
        from prometheus_client import start_http_server

        from .metrics import process_registry

        start_http_server(args.metrics_port, registry=process_registry())
    return run(build(config, needs_queue=True), burst=args.burst, sweeper=not args.no_sweeper,
               log_level=config.log_level)


def cmd_up(args) -> int:
    """Redis first, then the API, then the workers; on Ctrl-C, SIGTERM or SIGHUP the API
    and the workers stop first and Redis last. A terminal's Ctrl-C signals its whole
    foreground process group: the children run in groups of their own (Redis in a
    session of its own), so only this process hears it and stops them in order."""
    env = _up_environment(args)
    servers = _start_stores(args, env)
    metrics_dir = None
    if not env.get(multiproc.ENV):
        metrics_dir = env[multiproc.ENV] = tempfile.mkdtemp(prefix="macau-metrics-")
    children: list[subprocess.Popen] = []
    stopping = False

    def stop(*_):
        nonlocal stopping
        stopping = True

    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, stop)
    failed = False
    try:
        conf = os.path.join(os.path.dirname(__file__), "gunicorn_conf.py")
        children.append(subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", conf, "service.wsgi:app"], env=env,
                                         process_group=0))
        _wait_ready(args.port, children, lambda: stopping)
        # after the API: gunicorn wipes the metrics directory as it starts
        for _ in range(max(1, args.workers)):
            children.append(subprocess.Popen([sys.executable, "-m", "service.cli", "worker"], env=env,
                                             process_group=0))
        if not stopping:
            _write_up_state(env)
            _banner(args.port, env)
        while not stopping:
            if any(c.poll() is not None for c in children):
                print("a service process exited; stopping", file=sys.stderr, flush=True)
                failed = True
                break
            time.sleep(0.2)
    finally:
        _remove_up_state(env)
        _stop_children(children)
        for server in servers:
            server.close()  # stops it; removes only a temporary directory
        if metrics_dir is not None:
            multiproc.remove(metrics_dir)
        print(STOPPED, flush=True)  # the console says that Ctrl-C was heard and all of it is down
    return 1 if failed else 0


STOPPED = "Stopped: the service is no longer running."


def _up_environment(args) -> dict:
    """The children's environment: a calm console unless --verbose (warnings and errors
    only, as text, no access log), metrics open (the API listens on loopback only)."""
    env = dict(os.environ)
    env["GUNICORN_BIND"] = f"127.0.0.1:{args.port}"
    env.setdefault("MACAU_LOG_FORMAT", "text")
    env.setdefault("MACAU_METRICS_OPEN", "1")
    env.setdefault("GUNICORN_GRACEFUL_TIMEOUT", "3")  # an open SSE stream holds Ctrl-C this long at most
    if args.verbose:
        env["MACAU_LOG_LEVEL"], env["MACAU_ACCESS_LOG"] = "DEBUG", "1"
    else:
        env.setdefault("MACAU_LOG_LEVEL", "WARNING")
        env.setdefault("MACAU_ACCESS_LOG", "0")
    return env


def _start_stores(args, env: dict) -> list:
    """The embedded servers ``macau up`` needs (none when REDIS_URL names one); sets the
    environment its children read."""
    if args.cluster:
        from .embedded_cluster import start_cluster  # start-up: only for --cluster

        if env.get("REDIS_URL"):
            raise SystemExit("macau up --cluster starts a cluster of its own: unset REDIS_URL")
        # a cluster to try things on: its data lives in temporary directories, gone on exit
        cluster = start_cluster(3)
        queue = start_server()
        env.update(REDIS_URL=cluster.url, MACAU_REDIS_CLUSTER="1", MACAU_QUEUE_REDIS_URL=queue.url)
        env.setdefault("MACAU_ARCHIVE_DIR", os.path.join(cluster.dir, "archive"))
        return [cluster, queue]
    if env.get("REDIS_URL"):
        return []
    data_dir = os.path.abspath(os.environ.get("MACAU_DATA_DIR", "var/redis"))
    # the same port at every start while it is free, so a URL written down keeps working
    port = int(os.environ.get("MACAU_REDIS_PORT", EMBEDDED_PORT))
    server = start_server(appendonly=True, dir=data_dir, pick_port=lambda: port if bindable(port) else free_port())
    env["REDIS_URL"] = server.url
    env.setdefault("MACAU_ARCHIVE_DIR", os.path.join(data_dir, "archive"))
    env.setdefault("MACAU_SEAL_KEY_FILE", os.path.join(data_dir, "seal-ed25519.pem"))  # beside the archive
    return [server]


def _banner(port: int, env: dict) -> None:
    redis_url = env["REDIS_URL"]
    where = f"Redis Cluster: {redis_url} and 2 more masters; queue: {env['MACAU_QUEUE_REDIS_URL']}" \
        if env.get("MACAU_REDIS_CLUSTER") == "1" else f"Redis: {redis_url}"
    print(f"Play: http://127.0.0.1:{port}/", flush=True)
    print(f"  API: http://127.0.0.1:{port}/v1  ({where})", flush=True)
    print(f"  interactive docs:  http://127.0.0.1:{port}/docs   metrics:  http://127.0.0.1:{port}/metrics",
          flush=True)
    print("  operate it from another terminal:  ./dev macau status   (also replay GAME_ID, audit GAME_ID)",
          flush=True)
    print(f"  a game against bots with curl (a 60 s turn clock runs by default):\n  {CURL.format(port=port)}",
          flush=True)
    print("Ctrl-C stops everything.", flush=True)


# what the CLI's own commands need to find a running `macau up`'s servers
UP_KEYS = ("REDIS_URL", "MACAU_REDIS_CLUSTER", "MACAU_QUEUE_REDIS_URL", "MACAU_ARCHIVE_DIR", "MACAU_SEAL_KEY_FILE",
           "GUNICORN_BIND")


def _up_state_path() -> str:
    return os.path.join(os.path.abspath(os.environ.get("MACAU_VAR_DIR", "var")), "macau-up.json")


def _write_up_state(env: dict) -> None:
    path = _up_state_path()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w") as f:
        json.dump({"pid": os.getpid(), **{k: env[k] for k in UP_KEYS if env.get(k)}}, f)
    os.replace(path + ".tmp", path)


def _remove_up_state(env: dict) -> None:
    try:
        with open(_up_state_path()) as f:
            if json.load(f).get("pid") == os.getpid():
                os.remove(_up_state_path())
    except (OSError, ValueError):
        pass


def _running_config(archive_alone: bool = False) -> Config:
    """The configuration from the environment; without REDIS_URL, the servers of the
    ``macau up`` running from this directory (it writes them to var/macau-up.json).
    ``archive_alone``: MACAU_ARCHIVE_DIR without a Redis will do (the offline tools)."""
    if os.environ.get("REDIS_URL") or (archive_alone and os.environ.get("MACAU_ARCHIVE_DIR")):
        return _checked_config()
    try:
        with open(_up_state_path()) as f:
            state = json.load(f)
        os.kill(state["pid"], 0)
    except (OSError, ValueError, KeyError):
        raise SystemExit("set REDIS_URL to the service's Redis (any node of a cluster, with MACAU_REDIS_CLUSTER=1), "
                         "or start the service here first: ./dev up") from None
    os.environ.update({k: v for k, v in state.items() if k in UP_KEYS})
    return _checked_config()


def _stop_children(children: list, timeout_s: float = 15.0) -> None:
    """SIGTERM each child (a graceful stop for gunicorn and RQ), wait, then SIGKILL what
    is left of its process group (gunicorn's workers, RQ's scheduler): nothing may
    still use Redis when it stops."""
    for c in children:
        if c.poll() is None:
            c.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + timeout_s
    for c in children:
        try:
            c.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(c.pid, signal.SIGKILL)  # each child leads its own group (process_group=0)
        except ProcessLookupError:
            pass
        c.wait()
        multiproc.mark_dead(c.pid)


def _wait_ready(port: int, children, stopping, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and not stopping():
        if any(c.poll() is not None for c in children):
            raise SystemExit("the API failed to start")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    if not stopping():
        raise SystemExit(f"the API did not become ready on port {port}")


def cmd_status(args) -> int:
    from .status import gather, render  # start-up: RQ and the rules engine
    from .wiring import build

    config = _running_config()
    if not config.queue_url:
        raise SystemExit("macau status: set MACAU_QUEUE_REDIS_URL to the queue's Redis")
    services = build(config, needs_queue=True, signs=False)
    try:
        report = gather(services)
    finally:
        services.close()
    print(json.dumps(report) if args.json else render(report))
    return 0


def cmd_ratings(args) -> int:
    """``macau ratings rebuild``: every variant's ratings folded again from nothing but the
    rated games' logs, hot and archived (docs/ratings.md)."""
    from domain.rules import PRESET_IDS  # start-up: the rules engine
    from games.ratings import collect  # start-up: the whole service

    from .wiring import build

    config = _running_config()
    services = build(config, signs=False)
    try:
        archive = getattr(services.store, "archive", None)
        ids = set(services.lobby.ids("finished")) | set(archive.game_ids() if archive is not None else ())
        began = time.monotonic()
        games = collect(services.store, sorted(ids))
        report = {"games_read": len(ids), "variants": {}}
        for variant in PRESET_IDS:
            rated = games.get(variant, [])
            services.ratings.rebuild(variant, rated)
            report["variants"][variant] = {"rated_games": len(rated),
                                           "players": len({m for g in rated for m, _ in g.seats
                                                           if m and not m.startswith("bot:")})}
        report["seconds"] = round(time.monotonic() - began, 3)
    finally:
        services.close()
    if args.json:
        print(json.dumps(report))
    else:
        for variant, r in report["variants"].items():
            print(f"{variant}: {r['rated_games']} rated games, {r['players']} players")
        print(f"{report['games_read']} finished games read in {report['seconds']} s")
    return 0


# ---------------------------------------------------------------- offline tools
def _store():
    from .wiring import event_store  # start-up: the composition root, only for the offline tools

    return event_store(_running_config(archive_alone=True))


def cmd_replay(args) -> int:
    events = _store().read(args.game_id)
    if not events:
        print(f"no game {args.game_id!r}", file=sys.stderr)
        return 1
    if args.json:
        for e in events:
            print(json.dumps(e.public()))
        return 0
    print(f"{'seq':>5}  {'at':24}  {'seat':>4}  {'type':22}  data")
    for e in events:
        data = json.dumps(e.data, separators=(",", ":"))
        if len(data) > 100:
            data = data[:97] + "..."
        seat = "" if e.seat is None else str(e.seat)
        print(f"{e.seq:>5}  {e.at:24}  {seat:>4}  {e.type:22}  {data}")
    return 0


def cmd_audit(args) -> int:
    from events import codec  # start-up: the rules engine
    from events.store.base import ArchiveDamaged
    from games.audit import audit, with_seal

    store = _store()
    try:
        tail = store.read_tail(args.game_id, 0)
    except ArchiveDamaged as e:
        return _report({"verified": False, "events": 0, "checks": [{"name": "seal", "ok": False, "detail": e.detail}]},
                       args.json)
    if not tail.version:
        print(f"no game {args.game_id!r}", file=sys.stderr)
        return 1
    verdict = store.seal_verdict(args.game_id) if hasattr(store, "seal_verdict") else None
    return _report(with_seal(audit(args.game_id, codec.decode_many(tail.raws, 1), tail.head), verdict), args.json)


def cmd_verify(args) -> int:
    from events.seal import PublicKey
    from games.audit import verify_file as verify  # start-up: the rules engine

    public = None
    if args.public_key:
        text = args.public_key
        try:
            if os.path.isfile(text):
                with open(text, encoding="utf-8") as f:
                    text = f.read()
            public = PublicKey.parse(text)
        except (OSError, UnicodeDecodeError, ValueError) as e:
            print(f"--public-key: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
            return 1
    try:
        with open(args.file, "rb") as f:
            data = f.read()
    except OSError as e:
        print(f"cannot read {args.file}: {e.strerror}", file=sys.stderr)
        return 1
    report = verify(data, public)
    if not args.json and report["game_id"]:
        print(f"game {report['game_id']}")
    return _report(report, args.json)


def _report(report: dict, as_json: bool) -> int:
    if as_json:
        print(json.dumps(report))
    else:
        for c in report["checks"]:
            print(f"{'ok  ' if c['ok'] else 'FAIL'}  {c['name']:16}  {c['detail']}")
        print(f"{'verified' if report['verified'] else 'NOT verified'}: {report['events']} events")
    return 0 if report["verified"] else 2


def cmd_openapi(args) -> int:
    from .openapi import spec_yaml  # start-up: builds the whole app

    sys.stdout.write(spec_yaml())
    return 0


if __name__ == "__main__":
    sys.exit(main())
