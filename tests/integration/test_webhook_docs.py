"""The minimal receiver of docs/webhooks.md, run as written (a process of its own on
loopback), against deliveries the service's own sender signs: a real one is verified,
answered 204 and pushed once even when it comes twice; a forged or unknown one is a 400."""

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

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "webhooks.md"


def receiver_code() -> str:
    text = DOC.read_text()
    section = text[text.index("## A minimal receiver in Python"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def docs_receiver(tmp_path):
    sub, secret = subscription("9f2c41a07b3e5d18", 2, "https://example.com/", ("your_turn",), Secrets(None))
    script = tmp_path / "receiver.py"
    script.write_text(receiver_code())
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
    yield f"http://127.0.0.1:{port}/macau-hooks", sub, secret, proc
    proc.kill()
    proc.wait(5)


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
