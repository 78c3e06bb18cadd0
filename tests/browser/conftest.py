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
import urllib.error
import urllib.request

import pytest

from service.embedded_redis import free_port
from tests.support import macau_up

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHOTS = ROOT / "var" / "screenshots"
AUDITOR = "browser-auditor-token"
# Without the background-networking flags Chromium's connections are refused on a closed network.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_path() -> str | None:
    if os.environ.get("MACAU_CHROMIUM"):  # named: that one or none
        return os.environ["MACAU_CHROMIUM"] if os.access(os.environ["MACAU_CHROMIUM"], os.X_OK) else None
    for candidate in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def _unavailable(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true and the browser tests cannot run: {reason}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason}")


@pytest.fixture(scope="session")
def chromium() -> str:
    """The browser's executable; no browser: skipped with the reason (under CI=true: failed)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _unavailable("Playwright for Python is not installed (pip install -e '.[dev]')")
    path = chromium_path()
    if path is None:
        _unavailable(f"no Chromium at {os.environ.get('MACAU_CHROMIUM') or '/usr/bin/chromium or on PATH'} "
                     "(apt-get install -y chromium, or set MACAU_CHROMIUM)")
    return path


@pytest.fixture(scope="session")
def browser(chromium):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
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

    def raw(self, url: str) -> bytes:
        """The bytes of a GET, as sent without compression."""
        with urllib.request.urlopen(urllib.request.Request(url if "://" in url else self.base + url), timeout=30) as r:
            return r.read()


@pytest.fixture(scope="session")
def service(tmp_path_factory):
    """``macau up`` on a free port; stopped with its whole process tree at the end."""
    port = free_port()
    proc, banner = macau_up.start(port, MACAU_DATA_DIR=str(tmp_path_factory.mktemp("redis")),
                                  MACAU_AUDITOR_TOKEN=AUDITOR, MACAU_LOG_LEVEL="WARNING")
    if not any(line.startswith("Play: ") for line in banner):
        macau_up.stop(proc)
        pytest.fail("macau up did not start:\n" + "".join(banner))
    base = f"http://127.0.0.1:{port}"
    info = {"proc": proc, "base": base, "http": Http(base), "port": port, "banner": banner}
    yield info
    macau_up.stop(proc, quick=True)  # tests/e2e covers the graceful Ctrl-C


@pytest.fixture
def open_page(chromium, service, browser):  # the service stops after the browser has closed its connections
    """``open_page(path, viewport=(w, h))`` -> a page in a fresh browser context (its own
    storage: another person, or another device). Script errors on the page fail the test.
    ``pace``: the others' moves shown one at a time, as a player sees them by default (off:
    at once, so that games against bots run at the bots' speed). ``locale``: the browser's
    language (the page's, unless one was chosen in it)."""
    contexts, errors = [], []

    def make(path="/", viewport=(1280, 900), init_script=None, pace=False, reduced_motion="no-preference", locale="en-US"):
        ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, base_url=service["base"],
                                  reduced_motion=reduced_motion, locale=locale)
        ctx.set_default_timeout(15_000)
        if not pace:  # the others' moves at once, not one per second (the pacing tests ask for it)
            ctx.add_init_script("try { localStorage.setItem('macau:pref:pace', 'off'); } catch (e) {}")
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
