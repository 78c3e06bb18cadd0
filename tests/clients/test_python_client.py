"""The Python client (clients/python, made by openapi-python-client) against the real
service: a whole game of every preset with both seats played through the generated
functions and models, the stream read with an off-the-shelf SSE client (httpx-sse) and
resumed with Last-Event-ID, and 409, 412 and 429 handled as the document says. Every
streamed event is also checked against the document's Event schema."""

from __future__ import annotations

import json
import random
import sys
import threading
import time

import httpx
from httpx_sse import connect_sse

from tests.support.document import validator

from .conftest import AUDITOR, ROOT

sys.path.insert(0, str(ROOT / "clients" / "python"))
from macau_client import AuthenticatedClient, Client  # noqa: E402
from macau_client.api.games import create_game, get_game, join_game, list_games  # noqa: E402
from macau_client.api.log import get_audit, get_events  # noqa: E402
from macau_client.api.moves import post_move  # noqa: E402
from macau_client.api.variants import list_variants  # noqa: E402
from macau_client.models import (CreateGameBody, CreateGameBodyPlayersItem, EventPage, GameView, TurnFrame,  # noqa: E402
                                 JoinGameBody, ListedPlayMove, MoveResult, PlayMove, Problem)
from macau_client.types import UNSET  # noqa: E402

PRESETS = ["macau", "switch", "mau_mau", "makao", "romanian", "tel_aviv", "plawno"]


def with_retries(call, attempts: int = 8):
    """``call()`` again while it answers 429 or 503, after each answer's Retry-After."""
    for i in range(1, attempts + 1):
        response = call()
        if response.status_code not in (429, 503) or i == attempts:
            return response
        time.sleep(int(response.headers.get("Retry-After", "1")))


def to_move(listed, rng: random.Random):
    """A listed move as the body to send: as it is, or a wish play with one of its
    ``wish_options`` as ``wish``."""
    if not isinstance(listed, ListedPlayMove):
        return listed
    wish = rng.choice(listed.wish_options) if listed.wish_options else UNSET
    return PlayMove(action="play", cards=listed.cards, wish=wish, announce=listed.announce, joker_as=listed.joker_as)


class Follower(threading.Thread):
    """Seat 0's stream, read with httpx-sse: ``first`` events, then a new connection that
    resumes with Last-Event-ID, until ``game_ended``."""

    def __init__(self, base: str, game_id: str, token: str, first: int = 3):
        super().__init__(daemon=True)
        self.url, self.token, self.first = f"{base}/v1/games/{game_id}/stream", token, first
        self.events: list[dict] = []
        self.frames: list[dict] = []  # the seat's turn frames (``your_turn``: no event of the log)
        self.names: list[str] = []
        self.resumed = False
        self.error = None

    def _read(self, last_id, until) -> None:
        headers = {"Authorization": f"Bearer {self.token}"}
        if last_id is not None:
            headers["Last-Event-ID"] = str(last_id)
        with httpx.Client(timeout=httpx.Timeout(10, read=60)) as http:
            with connect_sse(http, "GET", self.url, headers=headers) as source:
                for sse in source.iter_sse():
                    if not sse.data:  # `retry:` alone: no event (an EventSource dispatches none)
                        continue
                    event = json.loads(sse.data)
                    if sse.event == "your_turn":
                        self.frames.append(event)
                        continue
                    self.names.append(sse.event)
                    self.events.append(event)
                    if until(event):
                        return

    def run(self):
        try:
            self._read(None, lambda e: len(self.events) >= self.first)
            self.resumed = True
            self._read(self.events[-1]["seq"], lambda e: e["type"] == "game_ended")
        except Exception as e:  # reported by the test
            self.error = e


def play(base: str, variant: str, rng: random.Random, tally: dict) -> tuple[GameView, Follower]:
    lobby = Client(base_url=base)
    created = with_retries(lambda: create_game.sync_detailed(client=lobby, body=CreateGameBody(
        variant=variant, seats=2, players=[CreateGameBodyPlayersItem(name="py-0")], seed=11, turn_timeout_s=None,
        bot_delay_s=0)))
    assert created.status_code == 201, created.content
    game_id, token0 = created.parsed.game_id, created.parsed.players[0].token
    joined = with_retries(lambda: join_game.sync_detailed(game_id, client=lobby, body=JoinGameBody(name="py-1")))
    assert joined.status_code == 201, joined.content
    seats = [AuthenticatedClient(base_url=base, token=t) for t in (token0, joined.parsed.token)]

    late = with_retries(lambda: join_game.sync_detailed(game_id, client=lobby, body=JoinGameBody(name="late")))
    assert late.status_code == 409 and isinstance(late.parsed, Problem)
    assert late.parsed.code in ("game_started", "game_full")
    tally["conflicts"] += 1

    follower = Follower(base, game_id, token0)
    follower.start()
    game = with_retries(lambda: get_game.sync_detailed(game_id, client=seats[0])).parsed
    stale_sent = False
    for step in range(3000):
        if game.status == "finished":
            break
        acted = False
        for seat, client in enumerate(seats):
            mine = with_retries(lambda: get_game.sync_detailed(game_id, client=client)).parsed
            assert isinstance(mine, GameView)
            moves = mine.you.legal_moves if mine.you else []
            if not moves:
                continue
            plays = [m for m in moves if isinstance(m, ListedPlayMove)]
            body = to_move(rng.choice(plays if plays and rng.random() < 0.85 else moves), rng)
            version = mine.version if stale_sent else mine.version - 1  # once: a stale If-Match
            sent = with_retries(lambda: post_move.sync_detailed(
                game_id, client=client, body=body, if_match=f'"{version}"',
                idempotency_key=f"py-{game_id}-{seat}-{step}"))
            if sent.status_code == 412:  # the game moved on: read it again, decide again
                assert sent.parsed.code == "stale_version"
                tally["stale"] += 1
                stale_sent = acted = True
                break
            if sent.status_code in (409, 422):  # a clock acted between the read and the move
                continue
            assert sent.status_code == 200 and isinstance(sent.parsed, MoveResult), (body.to_dict(), sent.content)
            tally["moves"] += 1
            game, acted = sent.parsed.game, True
            break
        if not acted:  # a timer runs: wait for the next event
            with_retries(lambda: get_events.sync_detailed(game_id, client=seats[0], after=game.version, wait=2))
            game = with_retries(lambda: get_game.sync_detailed(game_id, client=seats[0])).parsed
    assert game.status == "finished" and game.result is not None, variant
    assert stale_sent
    audit = with_retries(lambda: get_audit.sync_detailed(game_id, client=lobby))
    assert audit.status_code == 200 and audit.parsed.verified, audit.content
    return game, follower


def test_the_python_client_plays_every_preset(service):
    event_validator, frame_validator = validator("Event"), validator("TurnFrame")
    base = service["base"]
    variants = with_retries(lambda: list_variants.sync_detailed(client=Client(base_url=base)))
    assert [v.id for v in variants.parsed.variants if v.id != "custom"] == PRESETS
    rng = random.Random(20240607)
    tally = {"moves": 0, "stale": 0, "conflicts": 0}
    for variant in PRESETS:
        game, follower = play(base, variant, rng, tally)
        follower.join(timeout=60)
        assert not follower.is_alive() and follower.error is None, follower.error
        seqs = [e["seq"] for e in follower.events]
        assert follower.resumed and seqs == list(range(1, game.version + 1)), (variant, seqs[:40])
        for name, event in zip(follower.names, follower.events):
            assert name == event["type"]  # the SSE event name an EventSource listens for
            event_validator.validate(event)
        # the generated models read every one of them, each as the class of its type
        parsed = EventPage.from_dict({"version": game.version, "events": follower.events, "turn": None}).events
        assert [type(e).__name__ for e in parsed] == \
            ["".join(w.title() for w in e["type"].split("_")) + "Event" for e in follower.events]
        # and its turn frames: its own, each as the model reads it
        assert follower.frames and all(TurnFrame.from_dict(f).seat == 0 for f in follower.frames)
        for frame in follower.frames:
            frame_validator.validate(frame)
    assert tally["stale"] == len(PRESETS) and tally["conflicts"] == len(PRESETS) and tally["moves"] > 0

    # 429: a client that bursts is told when to come back, and is served then
    lobby = Client(base_url=base)
    for _ in range(1000):
        r = list_variants.sync_detailed(client=lobby)
        if r.status_code == 429:
            break
    assert r.status_code == 429 and r.parsed.code == "rate_limited" and int(r.headers["Retry-After"]) >= 1
    # the server ends a refused client's connection, and says so: the pooled connection is not reused
    assert r.headers.get("Connection") == "close"
    assert with_retries(lambda: list_variants.sync_detailed(client=lobby)).status_code == 200
    listed = list_games.sync_detailed(client=AuthenticatedClient(base_url=base, token=AUDITOR), status="finished")
    assert listed.status_code == 200 and len(listed.parsed.games) >= len(PRESETS)
