"""Helpers shared by the API tests: creating tables, sending moves, playing legal moves
through HTTP, and scanning responses for card codes (the leak checks)."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any, Iterable, Optional

CARD_RE = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[CDHS](?![0-9A-Za-z])|(?<![0-9A-Za-z])JK[BR](?![0-9A-Za-z])")
PROBLEM_FIELDS = {"type", "title", "status", "detail", "code"}


def bearer(token: Optional[str]) -> dict:
    return {"Authorization": f"Bearer {token}"} if token else {}


def create(client, variant: str = "macau", seats: int = 2, players: Optional[int] = None, **body) -> dict:
    """POST /v1/games with ``players`` humans (default: every seat); returns the 201 body
    plus ``tokens`` (by seat)."""
    n = seats if players is None else players
    payload = {"variant": variant, "seats": seats, "players": [{"name": f"p{i}"} for i in range(n)], **body}
    r = client.post("/v1/games", json=payload)
    assert r.status_code == 201, r.get_json()
    out = r.get_json()
    out["tokens"] = {p["seat"]: p["token"] for p in out["players"]}
    return out


def fixed(client, variant: str, hands: list, starter: str, **kw) -> dict:
    """A table dealt ``hands`` and ``starter`` (API.md ``deal``; ``deal=`` adds stock or
    dealer), every seat a human, seed 17 unless given."""
    deal = {"hands": hands, "starter": starter, **kw.pop("deal", {})}
    return create(client, variant, seats=len(hands), deal=deal, seed=kw.pop("seed", 17), **kw)


def view(client, game_id: str, token: Optional[str] = None) -> dict:
    r = client.get(f"/v1/games/{game_id}", headers=bearer(token))
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def move(client, game_id: str, token: Optional[str], body: Any, headers: Optional[dict] = None):
    h = {**bearer(token), **(headers or {})}
    return client.post(f"/v1/games/{game_id}/moves", json=body, headers=h)


def events(client, game_id: str, token: Optional[str] = None, after: int = 0, **params) -> dict:
    q = "&".join(f"{k}={v}" for k, v in {"after": after, **params}.items())
    r = client.get(f"/v1/games/{game_id}/events?{q}", headers=bearer(token))
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def body_of(m: dict, rng: Optional[random.Random] = None) -> dict:
    """A legal move as listed (``wish_options`` → one ``wish``) in the body form of a move."""
    out = {k: v for k, v in m.items() if k != "wish_options"}
    if m.get("wish_options"):
        out["wish"] = (rng or random).choice(m["wish_options"]) if rng else m["wish_options"][0]
    return out


def acting_seats(game: dict) -> list[int]:
    pc = game["pending"].get("pass_cards")
    if pc:
        return list(pc["waiting_seats"])
    return [] if game["current_seat"] is None else [game["current_seat"]]


def assert_problem(r, status: Optional[int] = None, reason: Optional[str] = None) -> dict:
    """The response is RFC 9457 problem+json with every field API.md names."""
    if status is not None:
        assert r.status_code == status, (r.status_code, r.get_data(as_text=True)[:500])
    assert r.mimetype == "application/problem+json", (r.mimetype, r.get_data(as_text=True)[:300])
    body = r.get_json()
    assert PROBLEM_FIELDS <= set(body), body
    assert body["status"] == r.status_code
    assert isinstance(body["detail"], str) and body["detail"]
    if reason is not None:
        assert body.get("reason") == reason, body
    return body


def strings(obj: Any, skip_keys: Iterable[str] = ()) -> Iterable[tuple[str, str]]:
    """Every (path, string) in a JSON value, keys included, skipping subtrees under ``skip_keys``."""
    skip = set(skip_keys)

    def walk(o, path):
        if isinstance(o, dict):
            for k, v in o.items():
                yield path + "." + str(k), str(k)
                if k in skip:
                    continue
                yield from walk(v, f"{path}.{k}")
        elif isinstance(o, list):
            for i, v in enumerate(o):
                yield from walk(v, f"{path}[{i}]")
        elif isinstance(o, str):
            yield path, o

    yield from walk(obj, "$")


def card_codes(text: str) -> set[str]:
    return set(CARD_RE.findall(text))


class Stream:
    """An SSE response read incrementally: ``next()`` returns one parsed message (a dict
    of its fields, ``comment`` for a comment line)."""

    def __init__(self, client, game_id, token=None, headers=None, query=""):
        self.response = client.get(f"/v1/games/{game_id}/stream{query}",
                                   headers={**bearer(token), **(headers or {})}, buffered=False)
        self.chunks = iter(self.response.response)
        self.buffer = b""
        self.frames: list[dict] = []  # the turn frames seen (``your_turn``: no event of the log), parsed

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.response.close()

    def next(self, timeout=5.0) -> dict:
        deadline = time.monotonic() + timeout
        while b"\n\n" not in self.buffer:
            assert time.monotonic() < deadline, "no SSE message in time"
            self.buffer += next(self.chunks)
        block, self.buffer = self.buffer.split(b"\n\n", 1)
        msg: dict = {}
        for line in block.decode().split("\n"):
            if line.startswith(":"):
                msg.setdefault("comment", []).append(line[1:].strip())
                continue
            field, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            msg[field] = msg[field] + "\n" + value if field in msg else value
        if msg.get("event") == "your_turn":
            assert "id" not in msg, msg  # not an event of the log: Last-Event-ID stays the last seq
            self.frames.append(json.loads(msg["data"]))
        return msg

    def events(self, count, timeout=5.0) -> list[dict]:
        """The next ``count`` event messages (skipping comments and retry hints; turn frames
        are kept in ``frames``)."""
        out = []
        deadline = time.monotonic() + timeout
        while len(out) < count:
            msg = self.next(max(0.1, deadline - time.monotonic()))
            if msg.get("event") != "your_turn" and ("id" in msg or "data" in msg):
                out.append(msg)
        return out


def as_event(msg: dict) -> dict:
    data = json.loads(msg["data"])
    assert str(data["seq"]) == msg["id"] and data["type"] == msg["event"]
    return data
