"""The minimal receivers of docs/webhooks.md and of the README, run as written (a process
of their own on loopback), against deliveries the service's own sender signs: a real one is
verified and answered 204 (and pushed once even when it comes twice, by the docs' one); a
forged, stale or unknown one is a 400."""

from __future__ import annotations

import json
import pathlib
import re
import socket
import subprocess
import sys
import time

import pytest

from games.webhooks import Secrets, subscription
from workers.sender import Sender, headers_for

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOCS = (ROOT / "docs" / "webhooks.md", "## A minimal receiver in Python")
README = (ROOT / "README.md", "## Turn-based play on mobile")


def receiver_code(where) -> str:
    path, heading = where
    text = path.read_text()
    section = text[text.index(heading):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_receiver(tmp_path, where):
    sub, secret = subscription("9f2c41a07b3e5d18", 2, "https://example.com/", ("your_turn",), Secrets(None))
    script = tmp_path / "receiver.py"
    script.write_text(receiver_code(where))
    port = free_port()
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={"PORT": str(port), "MACAU_SECRETS": json.dumps({sub.webhook_id: secret}),
                                 "PATH": "/usr/bin:/bin"})
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.05)
    return f"http://127.0.0.1:{port}/macau-hooks", sub, secret, proc


@pytest.fixture
def docs_receiver(tmp_path):
    started = start_receiver(tmp_path, DOCS)
    yield started
    started[3].kill()
    started[3].wait(5)


@pytest.fixture
def readme_receiver(tmp_path):
    started = start_receiver(tmp_path, README)
    yield started
    started[3].kill()
    started[3].wait(5)


def test_the_documented_receiver_verifies_real_deliveries_and_refuses_forged_ones(docs_receiver):
    url, sub, secret, proc = docs_receiver
    sender = Sender(allow_private=True)
    body = json.dumps({"type": "your_turn", "timestamp": "2026-01-01T00:00:00.000Z",
                       "data": {"game_id": "9f2c41a07b3e5d18", "version": 41, "seat": 2,
                                "webhook_id": sub.webhook_id, "reasons": ["turn"]}})
    first = sender.post(url, body, headers_for(secret, "msg_1", body))
    again = sender.post(url, body, headers_for(secret, "msg_1", body))  # at least once: the same message
    assert first.status == 204 and again.status == 204
    forged = body.replace('"version": 41', '"version": 42')
    assert sender.post(url, forged, headers_for(secret, "msg_2", body)).status == 400  # signature of another body
    other = subscription("g", 0, "https://example.com/", ("your_turn",), Secrets(None))[1]
    assert sender.post(url, body, headers_for(other, "msg_3", body)).status == 400  # another secret
    stale = headers_for(secret, "msg_4", body, now=time.time() - 3600)
    assert sender.post(url, body, stale).status == 400  # replayed an hour later
    unknown = body.replace(sub.webhook_id, "wh_000000000000000000000000")
    assert sender.post(url, unknown, headers_for(secret, "msg_5", unknown)).status == 400
    proc.kill()
    out = proc.communicate(timeout=5)[0]
    assert out.splitlines() == ["your_turn game=9f2c41a07b3e5d18 seat=2 version=41"]  # pushed once


def test_the_readme_receiver_verifies_real_deliveries_and_refuses_forged_ones(readme_receiver):
    url, sub, secret, proc = readme_receiver
    sender = Sender(allow_private=True)
    body = json.dumps({"type": "game_started", "timestamp": "2026-01-01T00:00:00.000Z",
                       "data": {"game_id": "9f2c41a07b3e5d18", "version": 4, "seat": 2,
                                "webhook_id": sub.webhook_id}})
    assert sender.post(url, body, headers_for(secret, "msg_1", body)).status == 204
    forged = body.replace('"version": 4', '"version": 5')
    assert sender.post(url, forged, headers_for(secret, "msg_2", body)).status == 400
    other = subscription("g", 0, "https://example.com/", ("your_turn",), Secrets(None))[1]
    assert sender.post(url, body, headers_for(other, "msg_3", body)).status == 400
    stale = headers_for(secret, "msg_4", body, now=time.time() - 3600)
    assert sender.post(url, body, stale).status == 400
    unknown = body.replace(sub.webhook_id, "wh_000000000000000000000000")
    assert sender.post(url, unknown, headers_for(secret, "msg_5", unknown)).status == 400
    proc.kill()
    out = proc.communicate(timeout=5)[0]
    assert out.splitlines() == ["game_started 9f2c41a07b3e5d18 2"]  # only the genuine delivery
