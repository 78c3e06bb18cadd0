"""Players who come back: an identity without a password, and names that can be shredded.

A player is ``u_<hex>`` with a name and a long-lived secret, the player key
``<player id>.<secret>`` (shown once, kept only as its SHA-256, rotatable). Like a seat
token, a key names where to look, so no global index of keys exists.

Each player also has a subject, ``s_<hex>``: the id of the player's own encryption key
(AES-256-GCM), never shown. A seat taken with a player key stores, in its
``player_joined`` event, the subject and the player's name and id sealed with that key
(``sealed``), never the name in plain text. Stored events are never rewritten (the hash
chain and the archive's seals cover their bytes), so erasure deletes the key instead:
every sealed name of the player becomes noise at once, in the hot store, the archive and
every exported file alike, while every audit still verifies the same bytes.

Names are read at the edge (views, listings, events) through ``Names``: subject -> key in
one round trip for a page, kept for ``ttl_s`` in the process (an erasure made in another
process is seen after at most that long; in this one at once)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Optional

import orjson
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from .records import GameRecord, SeatInfo
from .tokens import hash_token

ERASED_NAME = "Erased player"  # what a seat of an erased player shows
SEALED_PREFIX = "v1."
NAMES_TTL_S = 5.0


@dataclass(frozen=True, slots=True)
class Player:
    player_id: str
    name: str
    subject: str
    created_ms: int
    key_hash: str = ""


@dataclass(frozen=True, slots=True)
class Sitter:
    """What a seat taken with a player key stores: the subject and the sealed name."""

    subject: str
    sealed: str


@dataclass(frozen=True, slots=True)
class Identity:
    """A sealed seat, read: the player's name and public id."""

    name: str
    player_id: str


def new_player_id() -> str:
    return "u_" + secrets.token_hex(8)


_TAG_LETTERS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O, U


def player_tag(player_id: str) -> str:
    """Four characters shown after a player's name ("Ana #K7QX") on boards and profiles, so
    that two players of one name can be told apart: 20 bits of the SHA-256 of his public
    id. Made from the public id alone, it says nothing of his key."""
    bits = int.from_bytes(hashlib.sha256(b"macau-player-tag:" + player_id.encode()).digest()[:3], "big") >> 4
    return "".join(_TAG_LETTERS[(bits >> shift) & 31] for shift in (15, 10, 5, 0))


def new_key(player_id: str) -> tuple[str, str]:
    key = f"{player_id}.{secrets.token_urlsafe(32)}"  # 256 secret bits
    return key, hash_key(key)


hash_key = hash_token  # a player key is kept as a seat token is: its SHA-256


def key_player(key: str) -> Optional[str]:
    """The player a key names (None: not a key's shape)."""
    player_id, dot, secret = key.partition(".")
    return player_id if dot and player_id.startswith("u_") and secret else None


def seal(key: bytes, subject: str, name: str, player_id: str) -> str:
    nonce = os.urandom(12)
    body = AESGCM(key).encrypt(nonce, orjson.dumps({"n": name, "p": player_id}), subject.encode())
    return SEALED_PREFIX + base64.urlsafe_b64encode(nonce + body).decode()


def unseal(key: bytes, subject: str, sealed: str) -> Optional[Identity]:
    """The name and player id ``sealed`` holds; None if it is not this subject's."""
    if not sealed.startswith(SEALED_PREFIX):
        return None
    try:
        raw = base64.urlsafe_b64decode(sealed[len(SEALED_PREFIX):])
        data = orjson.loads(AESGCM(key).decrypt(raw[:12], raw[12:], subject.encode()))
        return Identity(data["n"], data["p"])
    except (InvalidTag, ValueError, KeyError, TypeError):
        return None


class Identities:
    """The players and their subjects' keys (the port; Redis and memory below)."""

    def create(self, name: str, now_ms: int) -> tuple[Player, str]:
        """A new player and its key (shown once)."""
        player = Player(new_player_id(), name, "s_" + secrets.token_hex(8), now_ms)
        key, digest = new_key(player.player_id)
        player = replace(player, key_hash=digest)
        self._save(player, secrets.token_bytes(32))
        return player, key

    def by_key(self, key: str) -> Optional[Player]:
        player_id = key_player(key)
        player = self.get(player_id) if player_id else None
        if player is None or not hmac.compare_digest(player.key_hash, hash_key(key)):
            return None
        return player

    def rotate(self, player: Player) -> str:
        """A new key for ``player``; the old one stops working."""
        key, digest = new_key(player.player_id)
        self._set_key_hash(player.player_id, digest)
        return key

    def rename(self, player: Player, name: str) -> Player:
        """The player's name from now on: his profile, the leaderboards and the seats he
        takes next (a seat taken before keeps the name sealed then)."""
        self._set_name(player, name)
        return replace(player, name=name)

    def sitter(self, player: Player) -> Sitter:
        """What a seat of ``player`` stores: the name sealed with the player's key."""
        key = self.keys([player.subject]).get(player.subject)
        if key is None:
            raise LookupError(f"player {player.player_id} has no key (erased)")
        return Sitter(player.subject, seal(key[0], player.subject, player.name, player.player_id))

    # ------------------------------------------------------------------ storage
    def get(self, player_id: str) -> Optional[Player]:
        raise NotImplementedError

    def keys(self, subjects: Iterable[str]) -> dict[str, tuple[bytes, str]]:
        """The key and player id of each subject that still has them."""
        raise NotImplementedError

    def profiles(self, subjects: Iterable[str]) -> dict[str, tuple[str, str]]:
        """The player id and name of each subject whose player is not erased (leaderboards)."""
        raise NotImplementedError

    def erase(self, player: Player) -> None:
        """Shred the subject's key and the player's list of games first (every sealed name
        is noise from then on), then the player's record."""
        raise NotImplementedError

    def add_game(self, subject: str, game_id: str, at_ms: int) -> None:
        """The player took a seat at ``game_id`` ("my games")."""
        raise NotImplementedError

    def games(self, subject: str, offset: int, limit: int) -> tuple[int, list[str]]:
        """How many games the player has sat at, and a page of them, newest first."""
        raise NotImplementedError

    def _save(self, player: Player, key: bytes) -> None:
        raise NotImplementedError

    def _set_key_hash(self, player_id: str, digest: str) -> None:
        raise NotImplementedError

    def _set_name(self, player: Player, name: str) -> None:
        raise NotImplementedError


class MemoryIdentities(Identities):
    def __init__(self):
        self._players: dict[str, Player] = {}
        self._keys: dict[str, tuple[bytes, str]] = {}
        self._games: dict[str, dict[str, int]] = {}
        self._lock = threading.Lock()

    def get(self, player_id):
        with self._lock:
            return self._players.get(player_id)

    def keys(self, subjects):
        with self._lock:
            return {s: self._keys[s] for s in subjects if s in self._keys}

    def profiles(self, subjects):
        with self._lock:
            found = {s: self._players.get(self._keys[s][1]) for s in subjects if s in self._keys}
        return {s: (p.player_id, p.name) for s, p in found.items() if p is not None}

    def erase(self, player):
        with self._lock:
            self._keys.pop(player.subject, None)
            self._games.pop(player.subject, None)
            self._players.pop(player.player_id, None)

    def add_game(self, subject, game_id, at_ms):
        with self._lock:
            self._games.setdefault(subject, {}).setdefault(game_id, at_ms)

    def games(self, subject, offset, limit):
        with self._lock:
            mine = sorted(self._games.get(subject, {}).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
        return len(mine), [g for g, _ in mine[offset:offset + limit]]

    def _save(self, player, key):
        with self._lock:
            self._players[player.player_id] = player
            self._keys[player.subject] = (key, player.player_id)

    def _set_key_hash(self, player_id, digest):
        with self._lock:
            if player_id in self._players:
                self._players[player_id] = replace(self._players[player_id], key_hash=digest)

    def _set_name(self, player, name):
        with self._lock:
            if player.player_id in self._players:
                self._players[player.player_id] = replace(self._players[player.player_id], name=name)


class RedisIdentities(Identities):
    """``player:{<player id>}`` (a hash: name, key_hash, subject, created_ms),
    ``subject:{<subject>}`` (a hash: key, player, name) and ``subject:{<subject>}:games`` (a
    sorted set: game id by when the seat was taken): a player's and a subject's keys each
    under a hash tag of their own, so no command spans two slots."""

    def __init__(self, client):
        self.r = client
        self._set_if = client.register_script(_SET_IF)

    @staticmethod
    def player_key(player_id: str) -> str:
        return f"player:{{{player_id}}}"

    @staticmethod
    def subject_key(subject: str) -> str:
        return f"subject:{{{subject}}}"

    def get(self, player_id):
        if not _plausible(player_id):
            return None
        h = self.r.hgetall(self.player_key(player_id))
        if not h:
            return None
        h = {_text(k): _text(v) for k, v in h.items()}
        if not {"name", "subject", "created_ms", "key_hash"} <= set(h):
            return None  # what an erasure racing a write left: no player
        return Player(player_id, h["name"], h["subject"], int(h["created_ms"]), h["key_hash"])

    def keys(self, subjects):
        subjects = [s for s in dict.fromkeys(subjects) if _plausible(s)]
        if not subjects:
            return {}
        pipe = self.r.pipeline(transaction=False)
        for s in subjects:
            pipe.hmget(self.subject_key(s), "key", "player")
        out = {}
        for s, (key, player) in zip(subjects, pipe.execute()):
            if key is not None and player is not None:
                out[s] = (bytes(key), _text(player))
        return out

    def profiles(self, subjects):
        subjects = [s for s in dict.fromkeys(subjects) if _plausible(s)]
        if not subjects:
            return {}
        pipe = self.r.pipeline(transaction=False)
        for s in subjects:
            pipe.hmget(self.subject_key(s), "player", "name")
        return {s: (_text(p), _text(n)) for s, (p, n) in zip(subjects, pipe.execute()) if p is not None and n is not None}

    def erase(self, player):
        self.r.delete(self.subject_key(player.subject), self.subject_key(player.subject) + ":games")
        self.r.delete(self.player_key(player.player_id))

    def add_game(self, subject, game_id, at_ms):
        self.r.zadd(self.subject_key(subject) + ":games", {game_id: at_ms}, nx=True)

    def games(self, subject, offset, limit):
        key = self.subject_key(subject) + ":games"
        if limit <= 0:
            return self.r.zcard(key), []
        pipe = self.r.pipeline(transaction=False)
        pipe.zcard(key)
        pipe.zrange(key, offset, offset + limit - 1, desc=True)
        total, ids = pipe.execute()
        return total, [_text(g) for g in ids]

    def _save(self, player, key):
        self.r.hset(self.subject_key(player.subject), mapping={"key": key, "player": player.player_id,
                                                                "name": player.name})
        self.r.hset(self.player_key(player.player_id), mapping={
            "name": player.name, "subject": player.subject, "created_ms": player.created_ms,
            "key_hash": player.key_hash})

    def _set_key_hash(self, player_id, digest):
        self._set_if(keys=[self.player_key(player_id)], args=["name", "key_hash", digest])

    def _set_name(self, player, name):
        # only where the record still exists: an erasure in between must leave no name behind
        self._set_if(keys=[self.subject_key(player.subject)], args=["key", "name", name])
        self._set_if(keys=[self.player_key(player.player_id)], args=["key_hash", "name", name])


_SET_IF = "if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then redis.call('HSET', KEYS[1], ARGV[2], ARGV[3]) end"


class Names:
    """Reads sealed seats: subject -> (key, player id) from ``identities``, kept for
    ``ttl_s`` (a subject found erased too), at most ``size`` subjects."""

    def __init__(self, identities: Identities, ttl_s: float = NAMES_TTL_S, size: int = 20_000,
                 clock: Callable[[], float] = time.monotonic):
        self.identities, self.ttl_s, self.size, self.clock = identities, ttl_s, size, clock
        self._keys: OrderedDict[str, tuple[float, Optional[tuple[bytes, str]]]] = OrderedDict()
        self._lock = threading.Lock()

    def forget(self, subject: str) -> None:
        """This process learns at once of an erasure."""
        with self._lock:
            self._keys[subject] = (self.clock() + self.ttl_s, None)

    def read(self, pairs: Iterable[tuple[str, str]]) -> dict[tuple[str, str], Optional[Identity]]:
        """Each (subject, sealed) as the identity it holds, or None (erased)."""
        pairs = list(dict.fromkeys(pairs))
        keys = self._lookup([s for s, _ in pairs])
        out = {}
        for subject, sealed in pairs:
            found = keys.get(subject)
            ident = unseal(found[0], subject, sealed) if found is not None else None
            out[(subject, sealed)] = ident if ident is not None and ident.player_id == found[1] else None
        return out

    def named(self, record: GameRecord) -> GameRecord:
        """``record`` with its sealed seats' names (or ``ERASED_NAME``) and profiles filled."""
        pairs = [(s.subject, s.sealed) for s in record.seats if s is not None and s.subject]
        if not pairs:
            return record
        found = self.read(pairs)
        return replace(record, seats=tuple(
            s if s is None or not s.subject else _named(s, found[(s.subject, s.sealed)]) for s in record.seats))

    def summaries(self, rows: list[dict]) -> list[dict]:
        """Lobby summaries (``projections.summary``) as shown: each sealed player's name and
        profile read, the subject and the sealed name left out."""
        pairs = [(p["subject"], p["sealed"]) for row in rows for p in row["players"] if p.get("subject")]
        found = self.read(pairs) if pairs else {}
        out = []
        for row in rows:
            players = []
            for p in row["players"]:
                p = dict(p)
                subject, sealed = p.pop("subject", None), p.pop("sealed", None)
                ident = found.get((subject, sealed)) if subject else None
                if subject:
                    p["name"] = ident.name if ident is not None else ERASED_NAME
                p["profile_id"] = ident.player_id if ident is not None else None
                players.append(p)
            out.append({**row, "players": players})
        return out

    def one(self, subject: str, sealed: str) -> Optional[Identity]:
        return self.read([(subject, sealed)])[(subject, sealed)]

    def known(self, subjects: Iterable[str]) -> set[str]:
        """Those of ``subjects`` whose player has not been erased."""
        keys = self._lookup(list(subjects))
        return {s for s, k in keys.items() if k is not None}

    def _lookup(self, subjects: list[str]) -> dict[str, Optional[tuple[bytes, str]]]:
        now = self.clock()
        out, missing = {}, []
        with self._lock:
            for s in dict.fromkeys(subjects):
                hit = self._keys.get(s)
                if hit is not None and hit[0] > now:
                    out[s] = hit[1]
                else:
                    missing.append(s)
        if missing:
            found = self.identities.keys(missing)
            with self._lock:
                for s in missing:
                    out[s] = found.get(s)
                    self._keys[s] = (now + self.ttl_s, out[s])
                    self._keys.move_to_end(s)
                while len(self._keys) > self.size:
                    self._keys.popitem(last=False)
        return out


class Placeholders(Names):
    """Names for a text that is kept (an idempotent move's answer, replayed for a day):
    each sealed seat reads as a placeholder, and ``fill`` puts the names in as they are
    when the text is served, an erased player's as ``ERASED_NAME``. What is kept holds the
    subject and the sealed name, never the name: an erasure leaves nothing in it to read.

    A placeholder is a JSON string of this instance's random tag, which no name, and no
    other text in an answer, can hold."""

    def __init__(self):
        self.tag = secrets.token_hex(12)
        self.pairs: list[tuple[str, str]] = []
        self._index: dict[tuple[str, str], int] = {}

    def read(self, pairs):
        out = {}
        for pair in dict.fromkeys(pairs):
            i = self._index.get(pair)
            if i is None:
                i = self._index[pair] = len(self.pairs)
                self.pairs.append(pair)
            out[pair] = Identity(f"{self.tag}:n{i}", f"{self.tag}:p{i}")
        return out

    @staticmethod
    def fill(text: bytes, tag: str, pairs: list, names: Names) -> bytes:
        """``text`` (JSON made with ``Placeholders`` of ``tag`` over ``pairs``) with each
        placeholder replaced by the name and public id ``names`` reads now."""
        if not pairs:
            return text
        found = names.read([tuple(p) for p in pairs])
        for i, pair in enumerate(pairs):
            ident = found[tuple(pair)]
            text = text.replace(b'"%s:n%d"' % (tag.encode(), i),
                                orjson.dumps(ident.name if ident is not None else ERASED_NAME))
            text = text.replace(b'"%s:p%d"' % (tag.encode(), i),
                                orjson.dumps(ident.player_id if ident is not None else None))
        return text


def _named(seat: SeatInfo, ident: Optional[Identity]) -> SeatInfo:
    if ident is None:
        return replace(seat, name=ERASED_NAME, profile=None)
    return replace(seat, name=ident.name, profile=ident.player_id)


def _plausible(value) -> bool:
    return isinstance(value, str) and 3 <= len(value) <= 40 and value[:2] in ("u_", "s_") \
        and value[2:].isalnum() and value.isascii()


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else value
