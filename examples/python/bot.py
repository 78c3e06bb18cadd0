"""A bot on the generated Python client (docs/clients.md): it creates a table against one
of the service's bots, follows the game's stream, and whenever the stream gives it its turn
(a ``your_turn`` frame: its legal moves and the version) sends one of those moves. It never
reads the game while it plays.

    PYTHONPATH=clients/python python examples/python/bot.py http://127.0.0.1:8000 macau

Needs the client's dependencies (httpx, attrs) and httpx-sse for the stream."""

from __future__ import annotations

import json
import sys
import time

import httpx
from httpx_sse import connect_sse

from macau_client import AuthenticatedClient, Client
from macau_client.api.games import create_game, get_game
from macau_client.api.moves import post_move
from macau_client.models import (CreateGameBody, CreateGameBodyBotsItem, CreateGameBodyPlayersItem, ListedPlayMove,
                                 PlayMove, TurnFrame)
from macau_client.types import UNSET


def retrying(call, attempts: int = 8):
    """``call()`` again while it answers 429 or 503, after each answer's Retry-After."""
    for _ in range(attempts - 1):
        response = call()
        if response.status_code not in (429, 503):
            return response
        time.sleep(int(response.headers.get("Retry-After", "1")))
    return call()


def to_move(listed):
    """A listed move as the body to send: as it is, or a wish play with its first wish."""
    if not isinstance(listed, ListedPlayMove):
        return listed
    wish = listed.wish_options[0] if listed.wish_options else UNSET
    return PlayMove(action="play", cards=listed.cards, wish=wish, announce=listed.announce, joker_as=listed.joker_as)


def act(me: AuthenticatedClient, game_id: str, frame: TurnFrame) -> None:
    """Send one of the moves ``frame`` lists (409, 412, 422: the game moved on meanwhile, and
    the next frame says what is left to do)."""
    moves = frame.legal_moves
    listed = next((m for m in moves if m.action == "play"), None) or \
        next((m for m in moves if m.action == "announce"), moves[0])
    sent = retrying(lambda: post_move.sync_detailed(game_id, client=me, body=to_move(listed),
                                                    if_match=f'"{frame.version}"'))
    if sent.status_code not in (200, 409, 412, 422):
        raise RuntimeError(f"postMove: {sent.status_code} {sent.content!r}")


def main(base: str = "http://127.0.0.1:8000", variant: str = "macau") -> None:
    created = retrying(lambda: create_game.sync_detailed(client=Client(base_url=base), body=CreateGameBody(
        variant=variant, seats=2, players=[CreateGameBodyPlayersItem(name="example bot")],
        bots=[CreateGameBodyBotsItem(level="normal")], bot_delay_s=0)))
    if created.status_code != 201:
        raise RuntimeError(f"createGame: {created.content!r}")
    game_id, token = created.parsed.game_id, created.parsed.players[0].token
    me = AuthenticatedClient(base_url=base, token=token)
    headers = {"Authorization": f"Bearer {token}"}
    with httpx.Client(timeout=httpx.Timeout(10, read=60)) as http:
        with connect_sse(http, "GET", f"{base}/v1/games/{game_id}/stream", headers=headers) as stream:
            for sse in stream.iter_sse():
                if sse.event == "your_turn":  # the stream gives us our turn (at its start too)
                    act(me, game_id, TurnFrame.from_dict(json.loads(sse.data)))
                elif sse.event == "game_ended":
                    break
    game = retrying(lambda: get_game.sync_detailed(game_id, client=me)).parsed
    print(json.dumps({"game_id": game_id, "status": game.status, "winners": game.result.winner_seats}))


if __name__ == "__main__":
    main(*sys.argv[1:])
