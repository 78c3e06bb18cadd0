"""Schemathesis, with the shipped schemathesis.toml, against a running service, the
operations on a game aimed at a live game and one of its seat tokens (so that moves reach
the rules, not only the 404 and 401 paths):

    MACAU_RATE_LIMIT_PER_S=0 macau up --port 8000 &
    python tools/schemathesis_live.py http://127.0.0.1:8000 [more `schemathesis run` options]

It creates a two-seat game, writes schemathesis.toml with that game's id and a seat's token
in front of it to a temporary file, and runs `schemathesis run <base>/openapi.json --checks
all` with it. Without this, the shipped file works as it is:
`schemathesis run <base>/openapi.json --checks all`."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import tempfile
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]


def live_game(base: str) -> tuple[str, str]:
    body = json.dumps({"variant": "macau", "seats": 2, "seed": 5, "turn_timeout_s": None,
                       "players": [{"name": "schemathesis"}, {"name": "other"}]}).encode()
    request = urllib.request.Request(f"{base}/v1/games", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as r:
        created = json.loads(r.read())
    return created["game_id"], created["players"][0]["token"]


def main(base: str, *options: str) -> int:
    game_id, token = live_game(base.rstrip("/"))
    shipped = (ROOT / "schemathesis.toml").read_text()
    live = (f'parameters = {{ game_id = "{game_id}" }}\n'
            f'headers = {{ Authorization = "Bearer {token}" }}\n\n')
    with tempfile.TemporaryDirectory() as folder:
        config = pathlib.Path(folder) / "schemathesis.toml"
        config.write_text(live + shipped)
        exe = pathlib.Path(sys.executable).parent / "schemathesis"
        return subprocess.call([str(exe), "--config-file", str(config), "run", f"{base.rstrip('/')}/openapi.json",
                                "--checks", "all", *options], cwd=ROOT, env=os.environ)


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
