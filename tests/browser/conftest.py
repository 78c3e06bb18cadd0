"""The browser layer: the real service (``macau up``: Redis, gunicorn, RQ workers) on a
free port, driven by Debian's Chromium through Playwright for Python.

Playwright's own browser download cannot be reached here, so the tests launch the
system's Chromium (``MACAU_CHROMIUM``, else ``/usr/bin/chromium``, else ``chromium`` on
PATH). ``./dev test`` installs it with apt-get when it is missing and it can. Without a
browser these tests are skipped with the reason, except under ``CI=true``, where a
missing browser is a failure."""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

import psutil
import pytest

from service.embedded_redis import free_port

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHOTS = ROOT / "var" / "screenshots"
AUDITOR = "browser-auditor-token"
# Without the background-networking flags Chromium's connections are refused on a closed network.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_path() -> str | None:
    for candidate in (os.environ.get("MACAU_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def _unavailable(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true and the browser tests cannot run: {reason}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason}")


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright for Python is not installed (pip install -e '.[dev]')")
    path = chromium_path()
    if path is None:
        _unavailable("no Chromium found (apt-get install -y chromium, or set MACAU_CHROMIUM)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield b
        b.close()


class Http:
    """JSON over HTTP to the service under test (the tests' own client, not the page's)."""

    def __init__(self, base: str):
        self.base = base

    def __call__(self, method, path, body=None, token=None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        req = urllib.request.Request(self.base + path, method=method, headers=headers,
                                     data=json.dumps(body).encode() if body is not None else None)
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return r.status, json.loads(r.read() or b"null")
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"null")


@pytest.fixture(scope="session")
def service(tmp_path_factory):
    """``macau up`` on a free port; stopped with its whole process tree at the end."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT), MACAU_DATA_DIR=str(tmp_path_factory.mktemp("redis")),
               MACAU_AUDITOR_TOKEN=AUDITOR, MACAU_LOG_LEVEL="WARNING")
    env.pop("REDIS_URL", None)
    proc = subprocess.Popen([sys.executable, "-m", "service.cli", "up", "--port", str(port)], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    banner = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        banner.append(line)
        if "Ctrl-C stops everything" in line:
            break
    if not any(line.startswith("Play: ") for line in banner):
        proc.kill()
        pytest.fail("macau up did not start:\n" + "".join(banner))
    base = f"http://127.0.0.1:{port}"
    info = {"proc": proc, "base": base, "http": Http(base), "port": port, "banner": banner}
    yield info
    family = psutil.Process(proc.pid).children(recursive=True)
    # gunicorn's graceful stop waits up to 10 s for open event streams to end (tests/e2e
    # covers Ctrl-C): ask it for its quick stop first, then stop the rest with Ctrl-C
    for p in psutil.Process(proc.pid).children():
        if "gunicorn" in " ".join(p.cmdline()):
            p.send_signal(signal.SIGQUIT)
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    gone, alive = psutil.wait_procs([p for p in family if p.is_running()], timeout=10)
    for p in alive:
        p.kill()


@pytest.fixture
def open_page(service, browser):  # service first: it stops last, once the browser has closed its connections
    """``open_page(path, viewport=(w, h))`` -> a page in a fresh browser context (its own
    storage: another person, or another device). Script errors on the page fail the test."""
    contexts, errors = [], []

    def make(path="/", viewport=(1280, 900), init_script=None):
        ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, base_url=service["base"])
        ctx.set_default_timeout(15_000)
        if init_script:
            ctx.add_init_script(init_script)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: m.type == "error" and "Failed to load resource" not in m.text
                and errors.append(m.text))
        page.goto(path)
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"script errors on the page: {errors}"


def screenshot(page, name: str) -> pathlib.Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
