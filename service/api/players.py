"""Players who come back: identities without passwords, profiles, "my games", erasure,
and the leaderboards (docs/players.md, docs/ratings.md)."""

from __future__ import annotations

import logging
import time

import redis
from flask import Response
from flask_smorest import Blueprint

from domain.bots import LEVELS as BOT_LEVELS
from domain.rules import PRESET_IDS
from events.envelope import rfc3339
from games.identity import Player, Sitter, player_tag
from games.ratings import BOT, bot_rating, ladder
from games.service import NotFound

from ..errors import ApiError, quoted
from ..http import caller, json_response, services
from ..schemas.requests import CreatePlayerSchema, LeaderboardQuery, PageQuery
from ..schemas.responses import (
    LeaderboardSchema,
    MyGamesSchema,
    PlayerCreatedSchema,
    PlayerKeySchema,
    ProfileSchema,
)
from . import GAME_STORE, PLAYER, PLAYER_ONLY, problems, responds

log = logging.getLogger("macau.players")

blp = Blueprint("players", __name__, url_prefix="/v1", description=(
    "Players who come back: an identity without a password (a player key), profiles with ratings per variant, "
    "the games a player has sat at, erasure, and the leaderboards"))


def me() -> Player:
    """The player whose key the request carries; 401 without one."""
    c = caller()
    if c.player is None:
        raise ApiError(401, "missing_player_key", "send your player key as Authorization: Player <key> "
                                                  "(POST /v1/players gives one)")
    return c.player


def sitter() -> Sitter | None:
    """The seat a request's player key asks for (None: no key, an anonymous seat)."""
    player = caller().player
    if player is None:
        return None
    try:
        return services().identities.sitter(player)
    except LookupError:  # erased between the key's check and now
        raise ApiError(401, "unknown_player_key", "this player key belongs to no player") from None


@blp.route("/players", methods=["POST"])
@blp.arguments(CreatePlayerSchema(), error_status_code=400)
@responds(blp, 201, PlayerCreatedSchema)
@problems(blp, 400, 415, *GAME_STORE)
def create_player(body):
    """Create a player.

    A new player: an id and a key, shown once (keep it: it is the only way back in, and
    it is all another device needs). No password, no e-mail. A few per address and
    minute (MACAU_PLAYERS_PER_MIN)."""
    player, key = services().identities.create(body["name"], int(time.time() * 1000))
    return json_response({"player_id": player.player_id, "player_key": key, "name": player.name,
                          "tag": player_tag(player.player_id), "created_at": rfc3339(player.created_ms)}, 201,
                         {"Location": f"/v1/players/{player.player_id}", "Cache-Control": "no-store"})


@blp.route("/players/me", methods=["GET"])
@responds(blp, 200, ProfileSchema)
@blp.doc(security=PLAYER_ONLY)
@problems(blp, 401, *GAME_STORE)
def get_me():
    """The caller's profile.

    The same as `GET /v1/players/{id}` shows everyone, read with the player key."""
    return json_response(profile(me()), headers={"Cache-Control": "no-store", "Vary": "Authorization"})


@blp.route("/players/me", methods=["PATCH"])
@blp.arguments(CreatePlayerSchema(), error_status_code=400)
@responds(blp, 200, ProfileSchema)
@blp.doc(security=PLAYER_ONLY)
@problems(blp, 400, 401, 415, *GAME_STORE)
def rename_me(body):
    """Rename the caller.

    His profile, the leaderboards and the seats he takes from now on show the new name (a
    seat taken before keeps the name it was taken with)."""
    player = services().identities.rename(me(), body["name"])
    return json_response(profile(player), headers={"Cache-Control": "no-store", "Vary": "Authorization"})


@blp.route("/players/me/key", methods=["POST"])
@responds(blp, 200, PlayerKeySchema)
@blp.doc(security=PLAYER_ONLY)
@problems(blp, 401, *GAME_STORE)
def rotate_key():
    """Renew the caller's player key.

    The old key stops working at once (on every device: give them the new one). Seat
    tokens already given keep working."""
    player = me()
    key = services().identities.rotate(player)
    return json_response({"player_id": player.player_id, "player_key": key}, headers={"Cache-Control": "no-store"})


@blp.route("/players/me", methods=["DELETE"])
@blp.doc(security=PLAYER_ONLY, responses={"204": {"description": "Erased: the name and the identity are gone"}})
@problems(blp, 401, *GAME_STORE)
def erase_me():
    """Erase the caller.

    His name is gone from every view, listing, event and exported
    log, and his identity (profile, key, list of games, leaderboard places) with it. The
    games stay as they were played, and every audit still verifies: the name was stored
    sealed with a key of the player's own, and that key is what is deleted (docs/players.md).
    Seats show `Erased player`. Seat tokens given before keep their seats."""
    player = me()
    s = services()
    if s.rewrites is not None:
        s.rewrites.want()  # before the deletes: the store's files are rewritten after them (docs/players.md)
    s.identities.erase(player)
    s.names.forget(player.subject)
    s.ratings.store.unboard(PRESET_IDS, player.subject)
    quota = s.games.quota
    if quota is not None:
        client = f"player:{player.player_id}"
        quota.owners.drop(client, quota.owners.of(client))
    if s.rewrites is not None:
        try:
            s.rewrites.run_due()
        except redis.RedisError:  # the erasure is done; the sweeper starts the rewrite
            log.warning("could not start the store's rewrite after an erasure; the sweeper will")
    return Response(status=204, headers={"Cache-Control": "no-store"})


@blp.route("/players/me/games", methods=["GET"])
@blp.arguments(PageQuery(), location="query", error_status_code=400)
@responds(blp, 200, MyGamesSchema)
@blp.doc(security=PLAYER_ONLY)
@problems(blp, 400, 401, *GAME_STORE)
def my_games(query):
    """The caller's games.

    The games the caller has sat at with his key, newest first, each with its place, its
    rating change (once the ratings have it) and links to the game, its replay and audit."""
    player = me()
    s = services()
    total, ids = s.identities.games(player.subject, query["offset"], query["limit"])
    records = []
    for game_id in ids:
        try:
            records.append(s.names.named(s.games.get(game_id)))
        except NotFound:  # gone from the store (never archived): nothing to show
            continue
    deltas: dict[str, dict] = {}
    for variant in {r.variant for r in records if r.rated}:
        deltas.update(s.ratings.store.deltas(variant, [r.game_id for r in records if r.variant == variant]))
    return json_response({"total": total, "offset": query["offset"],
                          "games": [_my_game(r, player.subject, deltas.get(r.game_id, {})) for r in records]},
                         headers={"Cache-Control": "no-store", "Vary": "Authorization"})


def _my_game(record, subject: str, delta: dict) -> dict:
    seat = next((s for s in record.seats if s is not None and s.subject == subject), None)
    result = record.state.result
    change = delta.get(subject)
    gid = record.game_id
    return {
        "game_id": gid, "variant": record.variant, "status": record.status, "rated": record.rated,
        "seat": seat.seat if seat else None,
        "place": result.standings[seat.seat] if seat is not None and result is not None else None,
        "left": bool(seat and seat.left),
        "players": [{"seat": s.seat, "name": s.name, "kind": s.kind, "profile_id": s.profile}
                    for s in record.seats if s is not None],
        "rating_change": {"before": change[0], "after": change[1]} if change else None,
        "created_at": record.created_at, "updated_at": record.updated_at,
        "links": {"game": f"/v1/games/{gid}", "events": f"/v1/games/{gid}/events",
                  "replay": f"/v1/games/{gid}/replay", "audit": f"/v1/games/{gid}/audit",
                  "export": f"/v1/games/{gid}/export"},
    }


@blp.route("/players/<player_id>", methods=["GET"])
@responds(blp, 200, ProfileSchema)
@problems(blp, 404, *GAME_STORE)
def get_player(player_id):
    """A player's public profile.

    Name, ratings per variant (with the bots passed), counts. 404 for an id that names no
    player, or an erased one."""
    player = services().identities.get(player_id)
    if player is None:
        raise ApiError(404, "player_not_found", f"no player {quoted(player_id, 40)}")
    return json_response(profile(player))


def profile(player: Player) -> dict:
    s = services()
    book = s.ratings
    ratings = []
    for variant in PRESET_IDS:
        r = book.rating(variant, player.subject)
        if r is None:
            continue
        rank = book.store.rank(variant, player.subject)
        passed, above = _bots_around(variant, r.display)
        ratings.append({"variant": variant, "rating": r.display, "mu": r.mu, "sigma": r.sigma, "games": r.games,
                        "rank": rank + 1 if rank is not None else None, "bots_passed": passed,
                        "next_bot": above[0] if above else None})
    total, _ = s.identities.games(player.subject, 0, 0)
    return {"player_id": player.player_id, "name": player.name, "tag": player_tag(player.player_id),
            "created_at": rfc3339(player.created_ms),
            "games": total, "rated_games": sum(r["games"] for r in ratings), "ratings": ratings}


def _bots_around(variant: str, rating: int) -> tuple[list, list]:
    steps = sorted(({"level": lv, "rating": bot_rating(variant, lv).display} for lv in ladder().get(variant, {})),
                   key=lambda b: b["rating"])
    return [b for b in steps if b["rating"] < rating], [b for b in steps if b["rating"] >= rating]


@blp.route("/leaderboards/<variant>", methods=["GET"])
@blp.arguments(LeaderboardQuery(), location="query", error_status_code=400)
@responds(blp, 200, LeaderboardSchema)
@blp.doc(security=PLAYER)
@problems(blp, 400, 401, 404, *GAME_STORE)
def leaderboard(query, variant):
    """A variant's leaderboard.

    The players of a variant by rating, the bot levels among them (their ratings measured
    by bot-only play: docs/ratings.md); `offset` and `limit` page it, or `around=me` (with
    a player key) gives the page around the caller."""
    if variant not in PRESET_IDS:
        raise ApiError(404, "variant_not_found", f"no rated variant {quoted(variant, 40)}; rated: {list(PRESET_IDS)}")
    s = services()
    store = s.ratings.store
    player = caller().player
    rank = store.rank(variant, player.subject) if player is not None else None
    limit, offset = query["limit"], query["offset"]
    if query["around"] == "me":
        me()
        offset = max(0, (rank or 0) - limit // 2)
    rows = store.board(variant, offset, limit)
    entries = _entries(variant, rows, offset, player.subject if player else None)
    mine = None
    if rank is not None:
        mine = next((e for e in entries if e.get("me")), None) or \
            (_entries(variant, store.board(variant, rank, 1), rank, player.subject) or [None])[0]
    return json_response({"variant": variant, "total": store.board_size(variant), "offset": offset,
                          "entries": entries, "me": mine}, headers={"Vary": "Authorization"})


def _entries(variant: str, rows: list[tuple[str, int]], offset: int, mine) -> list[dict]:
    """Board rows as shown: players by name (an erased one, still on the board for a
    moment, is left out), bots by level."""
    s = services()
    subjects = [m for m, _ in rows if not m.startswith(BOT)]
    profiles = s.identities.profiles(subjects)
    counts = s.ratings.store.current(variant, subjects)
    out = []
    for i, (member, rating) in enumerate(rows):
        entry = {"rank": offset + i + 1, "rating": rating}
        if member.startswith(BOT):
            level = member[len(BOT):]
            if level not in BOT_LEVELS:
                continue
            entry.update(kind="bot", player_id=None, name=f"{level.title()} bot", tag=None, bot_level=level,
                         games=bot_rating(variant, level).games)
        elif member in profiles:
            player_id, name = profiles[member]
            entry.update(kind="human", player_id=player_id, name=name, tag=player_tag(player_id), bot_level=None,
                         games=counts[member].games if member in counts else 0)
            if member == mine:
                entry["me"] = True
        else:
            continue
        out.append(entry)
    return out
