"""Ratings per variant: a projection of finished rated games (docs/ratings.md).

The model is OpenSkill's Plackett-Luce (``openskill``, its defaults: mu 25, sigma 25/3),
free-for-all by finishing place: every seat is one team, ranked by its place in the
game's result. The rules:

- a player who left before the game ended counts last (tied with any other leaver),
  whatever the bot that took his seat made of it (Board Game Arena's rule for quitters);
- bots play at the fixed rating of their level measured for the variant (the bot ladder,
  ``bot_ladder.json``): they anchor the scale and are never updated, so beating an easy
  bot gains little and losing to it costs a lot;
- a human seated without a player key (only in games from before rated tables existed)
  plays at a new player's rating, never stored;
- only games that end are rated: a table that expired before its deal has no result.

A rating is shown conservatively, ``display = 1000 + 40 * (mu - 3 * sigma)``: a new
player shows 1000 and climbs as the model grows sure of him.

Ratings are a fold over the rated games of a variant in the order they ended (the
``game_ended`` event's time, then the game id): the same games always give the same
ratings, so ``macau ratings rebuild`` from the log and the archive gives what the live
projection gave. Live, a finished game is registered (``register``, once per game) and
applied by ``RatingBook.apply`` once ``settle_s`` has passed since it ended, so that games
ending at nearly the same time are applied in that order whichever worker saw them first.
A game registered after later ones were applied (its job was lost and the sweeper found
it late) makes the next ``apply`` fold the variant again from its first game."""

from __future__ import annotations

import json
import os
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Callable, Iterable, Optional

import orjson
from openskill.models import PlackettLuce
from redis.exceptions import WatchError

from .records import GameRecord, apply_events

MODEL = PlackettLuce()
MU, SIGMA = MODEL.mu, MODEL.sigma  # a new player's
DISPLAY_BASE, DISPLAY_SCALE = 1000, 40
SETTLE_S = 3.0
BATCH = 500
BOT = "bot:"  # a bot level's member in the projection: "bot:normal"
LADDER_PATH = os.path.join(os.path.dirname(__file__), "bot_ladder.json")


def display(mu: float, sigma: float) -> int:
    return round(DISPLAY_BASE + DISPLAY_SCALE * (mu - 3 * sigma))


NEW_PLAYER = display(MU, SIGMA)


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float
    games: int = 0

    @property
    def display(self) -> int:
        return display(self.mu, self.sigma)


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One rated game's result as the fold takes it: a (member, rank) per seat. A member is
    a player's subject, ``bot:<level>``, or None (a human without a key)."""

    game_id: str
    variant: str
    ended_ms: int
    seats: tuple[tuple[Optional[str], int], ...]

    @property
    def key(self) -> tuple[int, str]:
        return (self.ended_ms, self.game_id)

    def dumps(self) -> bytes:
        return orjson.dumps({"g": self.game_id, "v": self.variant, "t": self.ended_ms, "s": self.seats})

    @staticmethod
    def loads(raw) -> "RatedGame":
        d = orjson.loads(raw)
        return RatedGame(d["g"], d["v"], d["t"], tuple((m, r) for m, r in d["s"]))


def ended_ms(events) -> Optional[int]:
    """The time of the log's (last) ``game_ended``."""
    for e in reversed(events):
        if e.type == "game_ended":
            return e.at_ms
    return None


def rated_game(record: GameRecord, ended: int) -> Optional[RatedGame]:
    """The rated result of a finished rated game (None: not rated, or no result)."""
    result = record.state.result
    if not record.rated or record.closed is not None or result is None:
        return None
    last = len(record.seats) + 1
    seats = []
    for info, place in zip(record.seats, result.standings):
        if info.subject:
            seats.append((info.subject, last if info.left else place))
        elif info.kind == "bot" and not info.left:
            seats.append((BOT + (info.bot_level or "normal"), place))
        else:
            seats.append((None, last if info.left else place))
    return RatedGame(record.game_id, record.variant, ended, tuple(seats))


def collect(store, game_ids: Iterable[str]) -> dict[str, list[RatedGame]]:
    """The rated games among ``game_ids``, by variant, read from their logs (``store``: the
    event store, the archive behind it). A log whose first event says it is not rated is
    not read further."""
    out: dict[str, list[RatedGame]] = {}
    for game_id in game_ids:
        first = store.read(game_id, limit=1)
        if not first or first[0].type != "game_created" or not first[0].data["config"].get("rated"):
            continue
        events = store.read(game_id)
        game = rated_game(apply_events(None, game_id, events), ended_ms(events) or 0)
        if game is not None:
            out.setdefault(game.variant, []).append(game)
    return out


# ------------------------------------------------------------------ the bot ladder
_LADDER: dict = {}


def ladder() -> dict:
    """``{variant: {level: {"mu", "sigma", "games", "display"}}}``, measured by ``macau ladder``."""
    if not _LADDER:
        try:
            with open(LADDER_PATH, "rb") as f:
                _LADDER.update(json.load(f)["variants"])
        except FileNotFoundError:
            pass
    return _LADDER


def bot_rating(variant: str, level: str) -> Rating:
    found = ladder().get(variant, {}).get(level)
    return Rating(found["mu"], found["sigma"], found.get("games", 0)) if found else Rating(MU, SIGMA)


def nearest_level(variant: str, rating: float, levels: Iterable[str] = ("easy", "normal", "hard")) -> str:
    """The bot level whose rating in ``variant`` is nearest ``rating`` (a display value)."""
    return min(levels, key=lambda lv: (abs(bot_rating(variant, lv).display - rating), lv))


# ------------------------------------------------------------------ the fold
def rate(current: dict[str, Rating], game: RatedGame) -> dict[str, Rating]:
    """The new ratings of the players of ``game`` (subjects only), given ``current`` (a
    subject missing is a new player). A subject seated twice counts once (the first seat)."""
    teams, players = [], []
    for member, _ in game.seats:
        if member is not None and member.startswith(BOT):
            r = bot_rating(game.variant, member[len(BOT):])
        elif member is not None and member not in players:
            r = current.get(member) or Rating(MU, SIGMA)
            players.append(member)
            teams.append((member, r))
            continue
        else:
            r = Rating(MU, SIGMA)
        teams.append((None, r))
    ranks = [rank for _, rank in game.seats]
    rated = MODEL.rate([[MODEL.rating(mu=r.mu, sigma=r.sigma)] for _, r in teams], ranks=ranks)
    out = {}
    for (member, before), (after,) in zip(teams, rated):
        if member is not None:
            out[member] = Rating(after.mu, after.sigma, before.games + 1)
    return out


@dataclass
class Applied:
    applied: int = 0
    refolded: bool = False
    busy: bool = False
    next_at: Optional[float] = None  # when apply has work again (Unix seconds), None: nothing pending


class RatingStore:
    """Where the projection lives (Redis and memory below). Per variant: the registered
    games (entry and order), the watermark (the last applied game's key), the ratings,
    the leaderboard (players not erased, and the bot levels), each game's rating changes."""

    def register(self, game: RatedGame) -> str:
        """``"new"``, ``"late"`` (before the watermark: a refold is wanted) or ``"known"``."""
        raise NotImplementedError

    def registered(self, variant: str, game_id: str) -> bool:
        raise NotImplementedError

    def lock(self, variant: str, ttl_s: float) -> Optional[str]:
        raise NotImplementedError

    def unlock(self, variant: str, token: str) -> None:
        raise NotImplementedError

    def refold_wanted(self, variant: str) -> bool:
        raise NotImplementedError

    def watermark(self, variant: str) -> Optional[tuple[int, str]]:
        raise NotImplementedError

    def pending(self, variant: str, after: Optional[tuple[int, str]], limit: int) -> list[RatedGame]:
        """Registered games after ``after`` in order, at most ``limit``."""
        raise NotImplementedError

    def current(self, variant: str, members: list[str]) -> dict[str, Rating]:
        raise NotImplementedError

    def commit(self, variant: str, ratings: dict[str, Rating], board: dict[str, int], deltas: dict[str, dict],
               watermark: Optional[tuple[int, str]], restart: bool) -> bool:
        """Write a batch at once. ``restart``: wipe the variant's ratings, board and changes
        first and clear the refold wish; False (nothing written) if the wish was renewed
        meanwhile."""
        raise NotImplementedError

    def board(self, variant: str, offset: int, limit: int) -> list[tuple[str, int]]:
        raise NotImplementedError

    def board_size(self, variant: str) -> int:
        raise NotImplementedError

    def rank(self, variant: str, member: str) -> Optional[int]:
        """0-based, best first."""
        raise NotImplementedError

    def unboard(self, variants: Iterable[str], member: str) -> None:
        raise NotImplementedError

    def deltas(self, variant: str, game_ids: list[str]) -> dict[str, dict]:
        raise NotImplementedError

    def wipe(self, variant: str) -> None:
        """Everything of ``variant`` (a rebuild starts so)."""
        raise NotImplementedError


def _after(key: tuple[int, str], water: Optional[tuple[int, str]]) -> bool:
    return water is None or tuple(key) > tuple(water)


class RatingBook:
    """The projection's logic over a ``RatingStore``; ``known(subjects)`` says which
    players are not erased (only they are on the leaderboard)."""

    def __init__(self, store: RatingStore, known: Callable[[list[str]], set[str]],
                 settle_s: float = SETTLE_S, clock: Callable[[], float] = time.time):
        self.store, self.known, self.settle_s, self.clock = store, known, settle_s, clock

    def register(self, game: RatedGame) -> str:
        return self.store.register(game)

    def apply(self, variant: str, budget_s: float = 10.0, settle_s: Optional[float] = None) -> Applied:
        """Apply the registered games of ``variant`` that ended ``settle_s`` (default: the
        book's) ago or more, in order, batch by batch (each batch one atomic write), for
        ``budget_s`` at most."""
        token = self.store.lock(variant, ttl_s=budget_s + 30)
        if token is None:
            return Applied(busy=True, next_at=self.clock() + 1)
        try:
            return self._apply(variant, budget_s, self.settle_s if settle_s is None else settle_s)
        finally:
            self.store.unlock(variant, token)

    def _apply(self, variant: str, budget_s: float, settle_s: float) -> Applied:
        began = time.monotonic()
        done = Applied()
        restart = self.store.refold_wanted(variant)
        water = None if restart else self.store.watermark(variant)
        while True:
            until = int((self.clock() - settle_s) * 1000)
            batch = self.store.pending(variant, water, BATCH)
            settled = [g for g in batch if g.ended_ms <= until]
            if not settled and not restart:
                nxt = batch[0].ended_ms / 1000 + settle_s if batch else None
                done.next_at = nxt
                return done
            current = {} if restart else self.store.current(variant, _subjects(settled))
            ratings, deltas = self.fold(current, settled)
            known = self.known(list(ratings))
            board = {m: r.display for m, r in ratings.items() if m in known}
            board.update({BOT + lv: bot_rating(variant, lv).display for lv in ladder().get(variant, {})})
            mark = settled[-1].key if settled else None
            if not self.store.commit(variant, ratings, board, deltas, mark, restart):
                restart, water = True, None  # a late game came in during the refold: again from the start
                continue
            done.refolded |= restart
            restart, water = False, mark if mark is not None else water
            done.applied += len(settled)
            if time.monotonic() - began > budget_s:
                done.next_at = self.clock()
                return done

    def due(self, variant: str) -> Optional[float]:
        """When ``apply`` next has work for ``variant`` (Unix seconds), or None."""
        if self.store.refold_wanted(variant):
            return self.clock()
        batch = self.store.pending(variant, self.store.watermark(variant), 1)
        return batch[0].ended_ms / 1000 + self.settle_s if batch else None

    @staticmethod
    def fold(current: dict[str, Rating], games: list[RatedGame]) -> tuple[dict[str, Rating], dict[str, dict]]:
        """The ratings after ``games`` (only those that changed) and each game's changes."""
        ratings: dict[str, Rating] = {}
        deltas = {}
        for g in games:
            before = {m: ratings.get(m) or current.get(m) or Rating(MU, SIGMA) for m in _subjects([g])}
            after = rate(before, g)
            ratings.update(after)
            deltas[g.game_id] = {m: [before[m].display, r.display] for m, r in after.items()}
        return ratings, deltas

    def rebuild(self, variant: str, games: Iterable[RatedGame]) -> int:
        """The variant's projection from nothing but ``games`` (every rated game there is):
        wiped, registered again, folded in order at once (no settling)."""
        self.store.wipe(variant)
        n = sum(self.store.register(g) != "known" for g in games)
        self.apply(variant, budget_s=1e9, settle_s=-1e12)  # every game, whenever it ended
        return n

    # ------------------------------------------------------------------ reading
    def rating(self, variant: str, subject: str) -> Optional[Rating]:
        return self.store.current(variant, [subject]).get(subject)

    def displays(self, variant: str, subjects: list[str]) -> dict[str, int]:
        """Each subject's display rating (a new player's where there is none)."""
        found = self.store.current(variant, subjects) if subjects else {}
        return {s: found[s].display if s in found else NEW_PLAYER for s in subjects}


def _subjects(games: list[RatedGame]) -> list[str]:
    return list(dict.fromkeys(m for g in games for m, _ in g.seats if m is not None and not m.startswith(BOT)))


# ------------------------------------------------------------------ stores
class MemoryRatings(RatingStore):
    def __init__(self):
        self._v: dict[str, dict] = {}
        self._lock = threading.RLock()

    def _of(self, variant: str) -> dict:
        return self._v.setdefault(variant, {"games": {}, "water": None, "refold": False, "ratings": {},
                                            "board": {}, "deltas": {}, "lock": None})

    def register(self, game):
        with self._lock:
            v = self._of(game.variant)
            if game.game_id in v["games"]:
                return "known"
            v["games"][game.game_id] = game
            if v["water"] is not None and game.key <= tuple(v["water"]):
                v["refold"] = True
                return "late"
            return "new"

    def registered(self, variant, game_id):
        with self._lock:
            return game_id in self._of(variant)["games"]

    def lock(self, variant, ttl_s):
        with self._lock:
            v = self._of(variant)
            if v["lock"] is not None and v["lock"][1] > time.monotonic():
                return None
            token = secrets.token_hex(8)
            v["lock"] = (token, time.monotonic() + ttl_s)
            return token

    def unlock(self, variant, token):
        with self._lock:
            v = self._of(variant)
            if v["lock"] is not None and v["lock"][0] == token:
                v["lock"] = None

    def refold_wanted(self, variant):
        with self._lock:
            return self._of(variant)["refold"]

    def watermark(self, variant):
        with self._lock:
            return self._of(variant)["water"]

    def pending(self, variant, after, limit):
        with self._lock:
            games = sorted((g for g in self._of(variant)["games"].values() if _after(g.key, after)),
                           key=lambda g: g.key)
        return games[:limit]

    def current(self, variant, members):
        with self._lock:
            ratings = self._of(variant)["ratings"]
            return {m: ratings[m] for m in members if m in ratings}

    def commit(self, variant, ratings, board, deltas, watermark, restart):
        with self._lock:
            v = self._of(variant)
            if restart:
                v.update(ratings={}, board={}, deltas={}, refold=False, water=None)
            v["ratings"].update(ratings)
            v["board"].update(board)
            v["deltas"].update(deltas)
            if watermark is not None:
                v["water"] = watermark
            return True

    def _sorted(self, variant):
        # as Redis orders a sorted set read from the top: by score, then by member, both descending
        return sorted(self._of(variant)["board"].items(), key=lambda kv: (kv[1], kv[0]), reverse=True)

    def board(self, variant, offset, limit):
        with self._lock:
            return self._sorted(variant)[offset:offset + limit]

    def board_size(self, variant):
        with self._lock:
            return len(self._of(variant)["board"])

    def rank(self, variant, member):
        with self._lock:
            for i, (m, _) in enumerate(self._sorted(variant)):
                if m == member:
                    return i
        return None

    def unboard(self, variants, member):
        with self._lock:
            for variant in variants:
                self._of(variant)["board"].pop(member, None)

    def deltas(self, variant, game_ids):
        with self._lock:
            d = self._of(variant)["deltas"]
            return {g: d[g] for g in game_ids if g in d}

    def wipe(self, variant):
        with self._lock:
            self._v.pop(variant, None)


_REGISTER = """
if redis.call('ZSCORE', KEYS[2], ARGV[1]) then return 'known' end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
local w = redis.call('GET', KEYS[3])
if w then
  local sep = string.find(w, '|', 1, true)
  local ms, gid = tonumber(string.sub(w, 1, sep - 1)), string.sub(w, sep + 1)
  local t = tonumber(ARGV[3])
  if t < ms or (t == ms and ARGV[1] <= gid) then
    redis.call('SET', KEYS[4], '1')
    return 'late'
  end
end
return 'new'
"""
_UNLOCK = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0"


class RedisRatings(RatingStore):
    """Every key of a variant under one hash tag, ``rt:{R:<variant>}:<name>``: ``games``
    (hash: game id -> entry), ``order`` (sorted set: game id by the time it ended; equal
    times by id), ``applied`` (the watermark, ``<ms>|<game id>``), ``refold``, ``mu``,
    ``sigma``, ``n`` (hashes by member), ``board`` (sorted set: member by display rating),
    ``delta`` (hash: game id -> its rating changes), ``lock``."""

    def __init__(self, client):
        self.r = client
        self._register = client.register_script(_REGISTER)
        self._unlock = client.register_script(_UNLOCK)

    @staticmethod
    def key(variant: str, name: str) -> str:
        return f"rt:{{R:{variant}}}:{name}"

    def register(self, game):
        k = self.key
        v = game.variant
        got = self._register(keys=[k(v, "games"), k(v, "order"), k(v, "applied"), k(v, "refold")],
                             args=[game.game_id, game.dumps(), game.ended_ms])
        return _text(got)

    def registered(self, variant, game_id):
        return self.r.zscore(self.key(variant, "order"), game_id) is not None

    def lock(self, variant, ttl_s):
        token = secrets.token_hex(8)
        return token if self.r.set(self.key(variant, "lock"), token, nx=True, px=int(ttl_s * 1000)) else None

    def unlock(self, variant, token):
        self._unlock(keys=[self.key(variant, "lock")], args=[token])

    def refold_wanted(self, variant):
        return self.r.exists(self.key(variant, "refold")) > 0

    def watermark(self, variant):
        raw = self.r.get(self.key(variant, "applied"))
        if raw is None:
            return None
        ms, _, gid = _text(raw).partition("|")
        return (int(ms), gid)

    def pending(self, variant, after, limit):
        order = self.key(variant, "order")
        if after is None:
            start = 0
        else:
            rank = self.r.zrank(order, after[1])
            start = 0 if rank is None else rank + 1
        rows = self.r.zrange(order, start, start + limit - 1, withscores=True)
        ids = [_text(g) for g, score in rows if _after((int(score), _text(g)), after)]
        if not ids:
            return []
        raws = self.r.hmget(self.key(variant, "games"), ids)
        return [RatedGame.loads(raw) for raw in raws if raw is not None]

    def current(self, variant, members):
        if not members:
            return {}
        pipe = self.r.pipeline(transaction=False)
        for name in ("mu", "sigma", "n"):
            pipe.hmget(self.key(variant, name), members)
        mus, sigmas, ns = pipe.execute()
        return {m: Rating(float(mu), float(sg), int(n or 0)) for m, mu, sg, n in zip(members, mus, sigmas, ns)
                if mu is not None and sg is not None}

    def commit(self, variant, ratings, board, deltas, watermark, restart):
        k = self.key
        with self.r.pipeline(transaction=True) as pipe:
            try:
                if restart:
                    pipe.watch(k(variant, "refold"))
                    pipe.multi()
                    pipe.delete(*(k(variant, n) for n in ("mu", "sigma", "n", "board", "delta", "refold", "applied")))
                if ratings:
                    pipe.hset(k(variant, "mu"), mapping={m: repr(r.mu) for m, r in ratings.items()})
                    pipe.hset(k(variant, "sigma"), mapping={m: repr(r.sigma) for m, r in ratings.items()})
                    pipe.hset(k(variant, "n"), mapping={m: r.games for m, r in ratings.items()})
                if board:
                    pipe.zadd(k(variant, "board"), board)
                if deltas:
                    pipe.hset(k(variant, "delta"), mapping={g: orjson.dumps(d) for g, d in deltas.items()})
                if watermark is not None:
                    pipe.set(k(variant, "applied"), f"{watermark[0]}|{watermark[1]}")
                pipe.execute()
            except WatchError:
                return False
        return True

    def board(self, variant, offset, limit):
        rows = self.r.zrange(self.key(variant, "board"), offset, offset + limit - 1, desc=True, withscores=True)
        return [(_text(m), int(score)) for m, score in rows]

    def board_size(self, variant):
        return self.r.zcard(self.key(variant, "board"))

    def rank(self, variant, member):
        return self.r.zrevrank(self.key(variant, "board"), member)

    def unboard(self, variants, member):
        pipe = self.r.pipeline(transaction=False)
        for v in variants:
            pipe.zrem(self.key(v, "board"), member)
        pipe.execute()

    def deltas(self, variant, game_ids):
        if not game_ids:
            return {}
        raws = self.r.hmget(self.key(variant, "delta"), game_ids)
        return {g: orjson.loads(raw) for g, raw in zip(game_ids, raws) if raw is not None}

    def wipe(self, variant):
        self.r.delete(*(self.key(variant, n) for n in ("games", "order", "applied", "refold", "mu", "sigma", "n",
                                                         "board", "delta")))


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else value
