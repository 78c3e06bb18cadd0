"""The generated clients against the real service (``macau up``: Redis, gunicorn, RQ
workers) on a free port. Node and the npm packages come from ``./dev test`` (Debian's
nodejs, ``npm ci`` from each lockfile); without them the TypeScript and lint tests are
skipped with the reason, except under ``CI=true``, where that is a failure."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess

import pytest

from service.embedded_redis import free_port
from tests.support import macau_up

ROOT = pathlib.Path(__file__).resolve().parents[2]
AUDITOR = "clients-auditor-token"
RATE_LIMIT_BURST = 60  # a client that bursts meets a 429 within a few dozen requests


def unavailable(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true and this test cannot run: {reason}", pytrace=False)
    pytest.skip(reason)


def node_project(relative: str) -> pathlib.Path:
    """``relative``'s folder, with Node on PATH and its packages installed (``npm ci``)."""
    folder = ROOT / relative
    if shutil.which("node") is None or shutil.which("npm") is None:
        unavailable("Node is not installed (./dev test installs Debian's nodejs where it can)")
    if not (folder / "node_modules").is_dir():
        unavailable(f"{relative}/node_modules is missing (./dev test runs npm ci there)")
    return folder


def run(args: list, cwd: pathlib.Path, timeout: float) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="session")
def service(tmp_path_factory):
    """``macau up`` on a free port; stopped with its whole process tree at the end."""
    port = free_port()
    proc, banner = macau_up.start(port, MACAU_DATA_DIR=str(tmp_path_factory.mktemp("redis")),
                                  MACAU_AUDITOR_TOKEN=AUDITOR, MACAU_LOG_LEVEL="WARNING",
                                  MACAU_RATE_LIMIT_BURST=str(RATE_LIMIT_BURST))
    if not any(line.startswith("Play: ") for line in banner):
        macau_up.stop(proc)
        pytest.fail("macau up did not start:\n" + "".join(banner))
    yield {"base": f"http://127.0.0.1:{port}", "proc": proc}
    macau_up.stop(proc, quick=True)
