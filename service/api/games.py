"""Lobby and reading: create, join, bots, list, quickplay, leave, and the game view."""

from __future__ import annotations

from flask import Response
from flask_smorest import Blueprint

from games.redaction import SPECTATOR
from games.service import TableSpec
from games.views import game_view, time_is_up

from ..clients import table_client
from ..errors import ApiError
from ..http import (
    caller,
    etag,
    if_none_match,
    json_response,
    raw_json_response,
    seat_for_action,
    services,
    viewer_for,
)
from .players import sitter
from ..schemas.requests import AddBotSchema, CreateGameSchema, JoinSchema, ListGamesQuery, QuickplaySchema
from ..schemas.responses import (
    BotAddedSchema,
    CreatedGameSchema,
    GameListSchema,
    GameViewSchema,
    JoinedSchema,
    LeftSchema,
    QuickplayResultSchema,
    RematchSchema,
)
from . import BEARER, GAME_STORE, PLAYER, problems, responds
from .webhooks import attach, check_requested

blp = Blueprint("games", __name__, url_prefix="/v1", description="Create, join and read games")


def _spec(body: dict) -> TableSpec:
    return TableSpec(
        variant=body["variant"], rules=body["rules"], seats=body["seats"],
        players=[_name(p, i == 0, f"players.[{i}].name") for i, p in enumerate(body["players"])],
        bots=[b["level"] for b in body["bots"]],
        bot_delay_s=body["bot_delay_s"], turn_timeout_s=body["turn_timeout_s"],
        announce_window_s=body["announce_window_s"], fill_with_bots_after_s=body["fill_with_bots_after_s"],
        seed=body["seed"], deal=body["deal"], public=body.get("public"), rated=body.get("rated"), sitter=sitter())


@blp.route("/games", methods=["POST"])
@blp.arguments(CreateGameSchema(), error_status_code=400)
@responds(blp, 201, CreatedGameSchema)
@blp.doc(security=PLAYER)
@problems(blp, 400, 401, 415, *GAME_STORE)
def create_game(body):
    """Create a table.

    Humans in `players` take seats 0, 1, … then `bots`; the game starts by itself when
    every seat is taken. Tokens are returned once. A body this document accepts can
    still be refused with a 400 naming the parameter, because JSON Schema cannot say it:
    `rules` the rules engine rejects (`rules` is free-form), more `players` and `bots`
    than `seats`, or a `deal` that does not fit the seats or the variant's deck (one
    hand per seat, cards of the deck, no card more often than the deck holds it).
    A player's `webhook` is registered with his seat (POST /v1/games/{id}/webhooks)."""
    hooks = [p.get("webhook") for p in body["players"]]
    check_requested(hooks)
    record, seated = services().games.create(_spec(body), table_client())
    view = game_view(services().names.named(record), SPECTATOR)
    started = record.status == "playing"
    humans = [{"player_id": s.player_id, "seat": s.seat, "token": s.token,
               **attach(record, s.seat, hooks[s.seat], started)} for s in seated if s.token]
    bots = [{"player_id": s.player_id, "seat": s.seat} for s in seated if not s.token]
    return json_response({"game_id": record.game_id, "version": record.version, "status": record.status,
                          "variant": record.variant, "seats": view["seats"], "players": humans, "bots": bots},
                         201, {"Location": f"/v1/games/{record.game_id}"})


@blp.route("/games", methods=["GET"])
@blp.arguments(ListGamesQuery(), location="query", error_status_code=400)
@responds(blp, 200, GameListSchema)
@blp.doc(security=BEARER)
@problems(blp, 400, 401, *GAME_STORE)
def list_games(query):
    """Public tables, newest first (waiting tables: oldest first).

    With the auditor token, private tables too (`public: false`); any other token
    changes nothing."""
    private = caller().auditor
    s = services()
    return json_response({"games": s.names.summaries(s.lobby.list(query["status"], query["variant"],
                                                                  query["limit"], private=private))})


@blp.route("/games/<game_id>/players", methods=["POST"])
@blp.arguments(JoinSchema(), error_status_code=400)
@responds(blp, 201, JoinedSchema)
@blp.doc(security=PLAYER)
@problems(blp, 400, 401, 404, 409, 415, *GAME_STORE)
def join_game(body, game_id):
    """Join a table.

    The player takes the lowest free seat; the answer holds the seat's token, returned
    this once. 409 if the table is full or the game has started; the game starts by
    itself when the last seat is taken. A `webhook` is registered with the seat (as
    POST /v1/games/{id}/webhooks would): a URL the service will not call is a 400
    before the seat is taken.

    With a player key (`Authorization: Player <key>`) the seat is the player's: it takes
    his name, and the game goes on his list (`GET /v1/players/me/games`). A rated table
    seats only players with a key (401 `player_key_required`), each once (409
    `already_seated`)."""
    name = _name(body)
    check_requested([body.get("webhook")])
    record, seated = services().games.join(game_id, name, sitter=sitter())
    return json_response({**_seated(record, seated),
                          **attach(record, seated.seat, body.get("webhook"), record.status == "playing")}, 201)


def _name(body: dict, keyed: bool = True, where: str = "name"):
    """The name a seat takes: the body's, required unless the seat is the player key's
    (``keyed``, and the request carries one: the player's name is used)."""
    if body.get("name") is None and not (keyed and caller().player is not None):
        raise ApiError(400, "invalid_request", f"{where}: Missing data for required field" + (
            " (or send a player key: Authorization: Player <key>)" if keyed else ""))
    return body.get("name")


def _seated(record, seated) -> dict:
    """A seat taken: its token, and whether the table's creator may know the cards."""
    return {"game_id": record.game_id, "player_id": seated.player_id, "seat": seated.seat, "token": seated.token,
            "status": record.status, "version": record.version, "seeded": bool(record.config.get("seeded")),
            "fixed_deal": record.fixed_deal}


@blp.route("/games/<game_id>/bots", methods=["POST"])
@blp.arguments(AddBotSchema(), error_status_code=400)
@responds(blp, 201, BotAddedSchema)
@blp.doc(security=BEARER)
@problems(blp, 400, 401, 403, 404, 409, 415, *GAME_STORE)
def add_bot(body, game_id):
    """Seat a bot.

    The bot takes `seat`, else the lowest open seat, else a seat a rematch holds for a
    player of the last game. Only a player seated at the table may add one (send the
    seat's token); 409 if that seat is taken or the game has started."""
    svc = services().games
    seat = seat_for_action(game_id)
    record, seated = svc.add_bot(game_id, body["level"], by_seat=seat, seat=body["seat"])
    return json_response({"player_id": seated.player_id, "seat": seated.seat, "status": record.status,
                          "version": record.version}, 201)


@blp.route("/games/<game_id>/rematch", methods=["POST"])
@responds(blp, 201, RematchSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 409, *GAME_STORE)
def rematch(game_id):
    """Play a finished game again: the caller (a seat's token of the finished game) takes
    the same seat in its rematch and gets a new token for it.

    One rematch per finished game: the first call creates it (same variant, rules, seats,
    bots and settings; a new shuffle) and appends `rematch_offered` (data: the new
    `game_id`) to the finished game's events, so every seat and spectator hears of it;
    two calls at once get the same new game. Each human of the old table who has not
    left has his seat held in the new game and takes it with this call; the seat of a
    human who left is open to anyone. Old tokens act only in the old game. 409:
    `game_not_finished`, `no_rematch` (a table that expired unplayed), `rematch_closed`
    (the game has been archived), `rematch_seat_taken` (taken already, or given to a
    bot); 403 `seat_left` for a player who left the game."""
    svc = services().games
    seat = seat_for_action(game_id)
    record, seated = svc.rematch(game_id, seat)
    return json_response({**_seated(record, seated), "rematch_of": game_id}, 201,
                         {"Location": f"/v1/games/{record.game_id}"})


@blp.route("/quickplay", methods=["POST"])
@blp.arguments(QuickplaySchema(), error_status_code=400)
@responds(blp, 201, QuickplayResultSchema)
@blp.doc(security=PLAYER)
@problems(blp, 400, 401, 415, *GAME_STORE)
def quickplay(body):
    """Play now: a seat at a waiting table.

    The oldest public waiting table of that variant, size and turn clock that nobody can
    know the cards of (no seed, no fixed deal), or a new one (the "Play now" button of a
    mobile client). The answer holds the seat's token, returned this once. A `webhook`
    is registered with the seat (as POST /v1/games/{id}/webhooks would).

    With a player key the seat is at a rated table by default (`rated`; a table with a
    turn clock only): the waiting one nearest the player's rating whose band holds him
    (the band widens as a table waits), else a new one, later filled with bots of the
    level nearest its players' rating (docs/ratings.md). Without a key, or with
    `rated: false`, an unrated table."""
    name = _name(body)
    check_requested([body.get("webhook")])
    record, me = services().games.quickplay(body["variant"], body["seats"], name, body["fill_with_bots_after_s"],
                                            table_client(), body["turn_timeout_s"], sitter=sitter(),
                                            rated=body.get("rated"))
    return json_response({"game_id": record.game_id, "player_id": me.player_id, "seat": me.seat,
                          "token": me.token, "status": record.status,
                          **attach(record, me.seat, body.get("webhook"), record.status == "playing")}, 201)


@blp.route("/games/<game_id>/leave", methods=["POST"])
@responds(blp, 200, LeftSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 409, *GAME_STORE)
def leave_game(game_id):
    """Leave the game.

    A `normal` bot takes the seat for the rest of the game and the token can no longer
    act (it still reads the game, as a spectator)."""
    svc = services().games
    seat = seat_for_action(game_id)
    record = svc.leave(game_id, seat, table_client())
    return json_response({"seat": seat, "version": record.version, "status": record.status})


IF_NONE_MATCH = [{"in": "header", "name": "If-None-Match", "required": False, "schema": {"type": "string"},
                  "description": 'the ETag of the view the client holds, e.g. "12": a 304 without a body if the '
                                 'game is still at that version and the view has not changed'}]


@blp.route("/games/<game_id>", methods=["GET"])
@responds(blp, 200, GameViewSchema, headers={
    "ETag": {"description": "the game's version", "schema": {"type": "string"}}})
@blp.doc(security=BEARER, parameters=IF_NONE_MATCH,
         responses={"304": {"description": "Not modified: the view the client holds (its If-None-Match) is current",
                            "headers": {"ETag": {"description": "the game's version", "schema": {"type": "string"}}}}})
@problems(blp, 401, 403, 404, *GAME_STORE)
def get_game(game_id):
    """Read a game.

    The game as the caller may see it; with a seat token, `you` holds the hand and the
    legal moves. ETag is the version; with `If-None-Match` naming it, the answer is a 304
    without a body while the view is unchanged (a last-card window whose time runs out
    changes the legal moves without a new version: then the full view is sent)."""
    s = services()
    record = s.games.get(game_id)
    viewer = viewer_for(record)
    at = s.games.now()
    headers = {"ETag": etag(record.version), "Cache-Control": "no-store", "Vary": "Authorization"}
    if if_none_match(record.version) and not time_is_up(record, at):
        return Response(status=304, headers=headers)
    return raw_json_response(s.views.view_json(s.names.named(record), viewer, at), 200, headers)


__all__ = ["blp", "ApiError"]
