"""The example bots of docs/clients.md (examples/) play a whole game against one of the
service's bots, each on its generated client."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from .conftest import ROOT, node_project, run


def _finished(stdout: str) -> dict:
    result = json.loads(stdout.strip().splitlines()[-1])
    assert result["status"] == "finished" and result["winners"], result
    return result


def test_the_python_example_bot_plays_a_game(service):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "clients" / "python")}
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "python" / "bot.py"), service["base"], "makao"],
                          capture_output=True, text=True, timeout=300, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    _finished(done.stdout)


def test_the_typescript_example_bot_plays_a_game(service):
    folder = node_project("clients/typescript")
    built = run(["./node_modules/.bin/tsc", "-p", "."], folder, 300)
    assert built.returncode == 0, built.stdout + built.stderr
    done = run(["node", "dist/examples/typescript/bot.js", service["base"], "macau"], folder, 300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    _finished(done.stdout)
