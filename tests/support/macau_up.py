"""``macau up`` as a user runs it, for the tests that need the whole service (e2e, browser):
started on a free port, read up to its banner, stopped with its whole process tree."""

from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import sys
import tempfile
import time

import psutil

from bench.stack import NO_TABLE_LIMITS

ROOT = pathlib.Path(__file__).resolve().parents[2]


def start(port: int, *args: str, **env) -> tuple[subprocess.Popen, list[str]]:
    """The process and the lines it printed up to "Ctrl-C stops everything" (REDIS_URL and
    the cluster settings are unset: it starts its own server; the console settings are its
    defaults unless given). It leads a process group of its own, as a command a terminal
    runs. ``args``: more options of ``macau up`` (``--cluster``)."""
    full = dict(os.environ)
    for name in ("REDIS_URL", "MACAU_REDIS_CLUSTER", "MACAU_QUEUE_REDIS_URL", "MACAU_LOG_LEVEL", "MACAU_LOG_FORMAT",
                 "MACAU_ACCESS_LOG", "PROMETHEUS_MULTIPROC_DIR"):
        full.pop(name, None)
    full.update(NO_TABLE_LIMITS)
    full.setdefault("MACAU_VAR_DIR", tempfile.mkdtemp(prefix="macau-up-var-"))  # not the checkout's var/
    full.update(PYTHONPATH=str(ROOT), **env)
    proc = subprocess.Popen([sys.executable, "-m", "service.cli", "up", "--port", str(port), *args], env=full,
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    banner = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        banner.append(line)
        if "Ctrl-C stops everything" in line:
            break
    return proc, banner


def stop(proc: subprocess.Popen, quick: bool = False) -> None:
    """Ctrl-C, then whatever of the tree is left is killed. ``quick``: gunicorn's quick stop
    first (its graceful stop waits up to 10 s for open event streams to end)."""
    if proc.poll() is not None:
        return
    family = psutil.Process(proc.pid).children(recursive=True)
    if quick:
        for p in psutil.Process(proc.pid).children():
            if "gunicorn" in " ".join(p.cmdline()):
                p.send_signal(signal.SIGQUIT)
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    _, alive = psutil.wait_procs([p for p in family if p.is_running()], timeout=10)
    for p in alive:
        p.kill()
