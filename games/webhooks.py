"""Webhook subscriptions: a seat's receiver URLs for its own game, what may be a receiver,
and the secrets deliveries are signed with.

A subscription belongs to one seat of one game (its token registered it) and asks for
some of the notice types (``games.notifications``). A game holds at most
``per_game`` of them and a seat ``per_seat``; the check and the write are one atomic step.

Receivers: ``https`` only, no credentials in the URL, and no address that is not global
(private, loopback, link-local such as the cloud metadata address 169.254.169.254,
carrier-grade NAT, multicast, reserved, or an IPv6 address that embeds one of these),
unless the operator allows private receivers (``MACAU_WEBHOOK_ALLOW_PRIVATE=1``, which
also allows plain ``http``), on port 443 unless the operator allows others. The form is
checked for anyone; the host is resolved (``Lookups``: within a time budget, a few
lookups at once per client) only for a caller who holds a seat of the game, and a refusal
says "not a public address" or "does not resolve", never the address found. It is
checked again, on the address actually connected to, at every delivery
(``workers.sender``): a name that resolves elsewhere later (DNS rebinding) is caught.
Each subscription records who registered it (opaque digests of the client's address and
player): deliveries take turns by registrant (``workers.lane``), not by receiver.

Secrets are Standard Webhooks ``whsec_`` secrets (base64 of 32 random-looking bytes). With
a service key (``MACAU_WEBHOOK_KEY``) each is derived from the key and the webhook's id,
so Redis holds no secret: a copy of Redis cannot sign a delivery. Without one, a random
secret is stored with the subscription.

In Redis, a game's subscriptions are the hash ``game:{<id>}:webhooks`` (field
``<seat>:<webhook id>``, value the subscription's JSON) and what their deliveries did the
hash ``game:{<id>}:webhooks:state``; both under the game's hash tag, both expiring
``KEEP_S`` after the last registration or delivery (a correspondence game that goes on
delivering keeps them)."""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import ipaddress
import re
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Callable, Iterable, Optional
from urllib.parse import urlsplit

import orjson

from .notifications import EVENT_TYPES

MAX_URL = 2000  # characters
KEEP_S = 45 * 86_400  # a game's webhook keys outlive its last write by this long
OPERATOR = "operator"  # the webhook id of the service-wide webhook (configuration)
_WEBHOOK_ID = re.compile(r"wh_[0-9a-f]{24}")
_HOST = re.compile(r"[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?")
_LOCAL_NAMES = ("localhost", "localhost.localdomain", "metadata.google.internal", "metadata")
_LOCAL_SUFFIXES = (".localhost", ".local", ".internal", ".home.arpa")
_NAT64 = ipaddress.ip_network("64:ff9b::/96")


class RefusedUrl(ValueError):
    """A receiver URL the service will not call; ``code`` says why (a problem's code)."""

    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code, self.detail = code, detail


class TooManyWebhooks(Exception):
    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


class KeyMismatch(RuntimeError):
    """This process's webhook key is not the one the subscription's secret came from."""


@dataclass(frozen=True)
class Target:
    """A receiver URL, taken apart."""

    url: str
    scheme: str
    host: str  # lower case; an IPv6 literal without brackets
    port: int
    path: str  # path and query, as sent in the request line

    @property
    def origin(self) -> str:
        """Who receives: deliveries to one origin share its concurrency limit."""
        return f"{self.scheme}://{self.host}:{self.port}"

    @property
    def host_header(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        default = 443 if self.scheme == "https" else 80
        return host if self.port == default else f"{host}:{self.port}"


@functools.lru_cache(maxsize=4096)
def parse_url(url: str, allow_private: bool = False, ports: Optional[tuple[int, ...]] = None) -> Target:
    """``url`` as a receiver, or RefusedUrl naming what is wrong. Names are not resolved
    here (``check_addresses`` does that). ``ports``: those a receiver may listen on (None:
    any). Pure: each delivery asks again, from a cache."""
    if not isinstance(url, str) or not url:
        raise RefusedUrl("invalid_webhook_url", "url must be a non-empty string")
    if len(url) > MAX_URL:
        raise RefusedUrl("invalid_webhook_url", f"url is {len(url)} characters; at most {MAX_URL}")
    if not url.isascii() or any(c <= " " or c == "\x7f" for c in url):
        raise RefusedUrl("invalid_webhook_url", "url must be ASCII without spaces or control characters "
                                                "(write an international name in its xn-- form)")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as e:
        raise RefusedUrl("invalid_webhook_url", f"url is not a valid URL: {e}") from None
    schemes = ("https", "http") if allow_private else ("https",)
    if parts.scheme not in schemes:
        raise RefusedUrl("webhook_url_not_https", "a receiver's url must start with https://")
    if parts.username is not None or parts.password is not None:
        raise RefusedUrl("invalid_webhook_url", "url may not carry a user name or password: authenticate "
                                                "deliveries by their signature")
    if parts.fragment:
        raise RefusedUrl("invalid_webhook_url", "url may not have a #fragment")
    host = (parts.hostname or "").lower()
    if not host:
        raise RefusedUrl("invalid_webhook_url", "url has no host")
    address = _literal(host)
    if address is None and not _HOST.fullmatch(host):
        raise RefusedUrl("invalid_webhook_url", f"{host!r} is not a host name")
    if not allow_private:
        if address is not None and not address_allowed(address):
            raise RefusedUrl("webhook_url_private", f"{host} is not a public address")
        if address is None and (host.rstrip(".") in _LOCAL_NAMES or host.rstrip(".").endswith(_LOCAL_SUFFIXES)):
            raise RefusedUrl("webhook_url_private", f"{host} names a local or internal host")
    port = port or (443 if parts.scheme == "https" else 80)
    if ports is not None and port not in ports:
        raise RefusedUrl("webhook_url_port", f"port {port} is not one receivers may listen on here "
                                             f"({', '.join(map(str, ports))})")
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return Target(url, parts.scheme, host, port, path)


def _literal(host: str):
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return None


def address_allowed(address) -> bool:
    """Whether a delivery may go to ``address`` (an ``ipaddress`` address) when private
    receivers are not allowed: a global unicast address, and for IPv6 none that embeds a
    refused IPv4 address (mapped, 6to4, NAT64; Teredo is not global)."""
    if address.version == 6:
        embedded = address.ipv4_mapped or address.sixtofour
        if embedded is None and address in _NAT64:
            embedded = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
        if embedded is not None and not address_allowed(embedded):
            return False
        if address.is_site_local:
            return False
    return address.is_global and not address.is_multicast and not address.is_reserved \
        and not address.is_unspecified and not address.is_loopback and not address.is_link_local


def check_addresses(target: Target, addresses: Iterable[str], allow_private: bool = False) -> list[str]:
    """The addresses ``target``'s host resolved to, if every one of them may be called (a
    name that resolves to a mix of public and private addresses is refused whole)."""
    found = list(dict.fromkeys(addresses))
    if not found:
        raise unresolvable(target.host)
    if not allow_private:
        if any(not address_allowed(ipaddress.ip_address(a.split("%")[0])) for a in found):
            # never the address itself: the answer would map the service's own network
            raise RefusedUrl("webhook_url_private", f"{target.host} is not a public address")
    return found


def unresolvable(host: str) -> RefusedUrl:
    return RefusedUrl("webhook_url_unresolvable", f"{host} does not resolve")


class LookupTimedOut(RefusedUrl):
    """The host's lookup did not finish within its budget, or found no room: a passing
    trouble (an attempt is retried), though a registration is refused for it."""


def resolve(host: str, port: int) -> list[str]:
    """The addresses ``host`` resolves to (the system's resolver); RefusedUrl if none."""
    import socket

    literal = _literal(host)
    if literal is not None:
        return [str(literal)]
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise unresolvable(host) from None
    return [info[4][0] for info in infos]


class Lookups:
    """Host names resolved within a time budget, a few at once per client.

    The system's resolver waits as long as the DNS does (tens of seconds for a server
    that never answers) and holds a thread meanwhile. So a lookup runs on a thread of its
    own and is waited for only within the caller's budget; and since that thread goes on
    until the resolver gives up, each client (``key``) has at most ``per_key`` lookups
    running, and the process ``total``: a client naming hosts whose DNS hangs holds its own
    few threads, never everyone's. A lookup that does not finish within its budget, or
    finds no room, is an unresolvable host."""

    def __init__(self, resolver: Callable[[str, int], list[str]] = resolve, per_key: int = 2, total: int = 8):
        self.resolver, self.per_key, self.total = resolver, per_key, total
        self._running: dict[str, int] = {}
        self._lock = threading.Lock()

    def within(self, host: str, port: int, timeout_s: float, key: str = "") -> list[str]:
        literal = _literal(host)
        if literal is not None:
            return [str(literal)]
        with self._lock:
            if self._running.get(key, 0) >= self.per_key or sum(self._running.values()) >= self.total:
                raise LookupTimedOut("webhook_url_unresolvable", f"{host} does not resolve (in time)")
            self._running[key] = self._running.get(key, 0) + 1
        box: dict = {}
        done = threading.Event()

        def run():
            try:
                box["found"] = self.resolver(host, port)
            except BaseException as e:  # noqa: BLE001 - handed to the waiting caller
                box["error"] = e
            finally:
                with self._lock:
                    left = self._running[key] - 1
                    if left:
                        self._running[key] = left
                    else:
                        del self._running[key]
                done.set()

        threading.Thread(target=run, name="webhook-lookup", daemon=True).start()
        if not done.wait(max(0.0, timeout_s)):
            raise LookupTimedOut("webhook_url_unresolvable", f"{host} does not resolve (in time)")
        if "error" in box:
            if isinstance(box["error"], RefusedUrl):
                raise box["error"]
            raise unresolvable(host)
        return box["found"]


# ---------------------------------------------------------------------- secrets
class Secrets:
    """Issue and recover the signing secret of a subscription."""

    def __init__(self, key: Optional[str] = None):
        self.key = key.encode() if key else None
        self.key_id = hmac.new(self.key, b"macau webhook key id", hashlib.sha256).hexdigest()[:16] \
            if self.key else None

    def issue(self, webhook_id: str) -> tuple[str, dict]:
        """The new subscription's secret, and what to store so it can be recovered: the
        key's id (derived), or the secret itself (no key configured)."""
        if self.key is not None:
            return self._derive(webhook_id), {"key_id": self.key_id}
        secret = "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()
        return secret, {"secret": secret}

    def secret_of(self, sub: "Subscription") -> str:
        if sub.secret is not None:
            return sub.secret
        if self.key is None or sub.key_id != self.key_id:
            raise KeyMismatch(f"the secret of {sub.webhook_id} comes from webhook key {sub.key_id}, and this "
                              f"process has {self.key_id or 'none'}: give every process the same "
                              "MACAU_WEBHOOK_KEY")
        return self._derive(sub.webhook_id)

    def _derive(self, webhook_id: str) -> str:
        raw = hmac.new(self.key, b"macau webhook secret\x00" + webhook_id.encode(), hashlib.sha256).digest()
        return "whsec_" + base64.b64encode(raw).decode()


# ---------------------------------------------------------------------- subscriptions
@dataclass(frozen=True)
class Subscription:
    webhook_id: str
    game_id: str
    seat: Optional[int]  # None: the operator's (every game)
    url: str
    events: tuple[str, ...]
    created_at: float
    secret: Optional[str] = None  # stored only when the service has no webhook key
    key_id: Optional[str] = None
    client: str = ""  # who registered it: an opaque digest of the client's address (deliveries' fairness)
    player: str = ""  # and of the player key's player, if any

    def wants(self, event: str, seats: Iterable[int]) -> bool:
        return event in self.events and (self.seat is None or self.seat in seats)

    @property
    def fairness(self) -> tuple[str, str]:
        """(client, group): whose turn an attempt of this subscription's takes in the lane
        (``workers.lane``). One registered before clients were recorded is its game's."""
        if self.seat is None:
            return "operator", ""
        return self.client or "game:" + self.game_id, f"{self.player}|{self.game_id}"

    def to_json(self) -> bytes:
        d = {"id": self.webhook_id, "seat": self.seat, "url": self.url, "events": list(self.events),
             "created_at": self.created_at}
        if self.secret is not None:
            d["secret"] = self.secret
        if self.key_id is not None:
            d["key_id"] = self.key_id
        if self.client:
            d["client"] = self.client
        if self.player:
            d["player"] = self.player
        return orjson.dumps(d)

    @classmethod
    def from_json(cls, game_id: str, raw) -> "Subscription":
        d = orjson.loads(raw)
        return cls(d["id"], game_id, d["seat"], d["url"], tuple(d["events"]), d["created_at"], d.get("secret"),
                   d.get("key_id"), d.get("client", ""), d.get("player", ""))


def registrant(address: str, player_id: Optional[str]) -> tuple[str, str]:
    """The opaque (client, player) a subscription records of who registered it: enough to
    tell clients apart in the lane, not an address or a player id anyone could read back."""
    def digest(kind: str, value: str) -> str:
        return hashlib.sha256(f"macau webhook {kind}\x00{value}".encode()).hexdigest()[:16]
    return digest("client", address), digest("player", player_id) if player_id else ""


def new_webhook_id() -> str:
    return "wh_" + secrets.token_hex(12)


def plausible_webhook_id(webhook_id: str) -> bool:
    return isinstance(webhook_id, str) and _WEBHOOK_ID.fullmatch(webhook_id) is not None


def events_of(wanted: Optional[Iterable[str]]) -> tuple[str, ...]:
    """The notice types asked for, in the canonical order (None: all of them)."""
    if wanted is None:
        return EVENT_TYPES
    wanted = set(wanted)
    return tuple(e for e in EVENT_TYPES if e in wanted)


class WebhookStore:
    """A game's subscriptions and what their deliveries did."""

    def add(self, sub: Subscription, per_seat: int, per_game: int) -> None:
        """Store ``sub``, or TooManyWebhooks if its seat or its game holds the most it may."""
        raise NotImplementedError

    def list(self, game_id: str) -> list[Subscription]:
        raise NotImplementedError

    def list_many(self, game_ids: list[str]) -> dict[str, list[Subscription]]:
        """``list`` of each game (in one round trip to Redis)."""
        return {g: self.list(g) for g in game_ids}

    def get(self, game_id: str, webhook_id: str) -> Optional[Subscription]:
        return next((s for s in self.list(game_id) if s.webhook_id == webhook_id), None)

    def remove(self, game_id: str, seat: Optional[int], webhook_id: str) -> bool:
        """Remove the subscription (of ``seat``; None: whichever seat holds it)."""
        raise NotImplementedError

    def note(self, game_id: str, webhook_id: str, outcome: dict, counter: Optional[str], pipe=None) -> None:
        """What the latest delivery to ``webhook_id`` did (``outcome``), and one more of
        ``counter`` (``delivered``, ``failed``; None: none). ``pipe``: a Redis pipeline to
        add the writes to (the caller executes it)."""
        raise NotImplementedError

    def states(self, game_id: str) -> dict[str, dict]:
        """By webhook id: ``last_delivery`` (an outcome or None), ``delivered``, ``failed``."""
        raise NotImplementedError


def _state_view(fields: dict) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for name, value in fields.items():
        wid, _, counter = name.partition(":")
        entry = out.setdefault(wid, {"last_delivery": None, "delivered": 0, "failed": 0})
        if counter:
            entry[counter] = int(value)
        else:
            entry["last_delivery"] = orjson.loads(value)
    return out


class MemoryWebhooks(WebhookStore):
    def __init__(self):
        self._subs: dict[str, dict[str, Subscription]] = {}
        self._state: dict[str, dict[str, object]] = {}
        self._lock = threading.Lock()

    def add(self, sub, per_seat, per_game):
        with self._lock:
            subs = self._subs.setdefault(sub.game_id, {})
            _check_room(len(subs), sum(1 for s in subs.values() if s.seat == sub.seat), per_seat, per_game)
            subs[sub.webhook_id] = sub

    def list(self, game_id):
        with self._lock:
            return sorted(self._subs.get(game_id, {}).values(), key=lambda s: (s.created_at, s.webhook_id))

    def remove(self, game_id, seat, webhook_id):
        with self._lock:
            subs = self._subs.get(game_id, {})
            sub = subs.get(webhook_id)
            if sub is None or (seat is not None and sub.seat != seat):
                return False
            del subs[webhook_id]
            return True

    def note(self, game_id, webhook_id, outcome, counter, pipe=None):
        with self._lock:
            state = self._state.setdefault(game_id, {})
            state[webhook_id] = orjson.dumps(outcome)
            if counter:
                name = f"{webhook_id}:{counter}"
                state[name] = int(state.get(name, 0)) + 1

    def states(self, game_id):
        with self._lock:
            return _state_view(dict(self._state.get(game_id, {})))


def _check_room(in_game: int, of_seat: int, per_seat: int, per_game: int) -> None:
    if of_seat >= per_seat:
        raise TooManyWebhooks(f"this seat has {of_seat} webhooks, the most a seat may have; remove one first")
    if in_game >= per_game:
        raise TooManyWebhooks(f"this game has {in_game} webhooks, the most a game may have")


# KEYS: subscriptions; ARGV: field, value, seat prefix ("3:"), per seat, per game, keep seconds
_ADD_LUA = """
local fields = redis.call('HKEYS', KEYS[1])
local mine = 0
for _, f in ipairs(fields) do
  if string.sub(f, 1, #ARGV[3]) == ARGV[3] then mine = mine + 1 end
end
if mine >= tonumber(ARGV[4]) then return {-1, mine} end
if #fields >= tonumber(ARGV[5]) then return {-2, #fields} end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[6])
return {1, 0}
"""


def subscriptions_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:webhooks"


def state_key(game_id: str) -> str:
    return f"game:{{{game_id}}}:webhooks:state"


class RedisWebhooks(WebhookStore):
    def __init__(self, client):
        self.r = client
        self._add = client.register_script(_ADD_LUA) if client is not None else None

    def add(self, sub, per_seat, per_game):
        seat = "op" if sub.seat is None else str(sub.seat)
        status, n = self._add(keys=[subscriptions_key(sub.game_id)],
                              args=[f"{seat}:{sub.webhook_id}", sub.to_json(), f"{seat}:", per_seat, per_game,
                                    KEEP_S])
        if status == -1:
            _check_room(0, int(n), per_seat, per_game)
        elif status == -2:
            _check_room(int(n), 0, per_seat, per_game)

    def list(self, game_id):
        return self.list_many([game_id])[game_id]

    def list_many(self, game_ids):
        pipe = self.r.pipeline(transaction=False)
        for game_id in game_ids:
            pipe.hvals(subscriptions_key(game_id))
        return {game_id: sorted((Subscription.from_json(game_id, v) for v in raw),
                                key=lambda s: (s.created_at, s.webhook_id))
                for game_id, raw in zip(game_ids, pipe.execute())}

    def remove(self, game_id, seat, webhook_id):
        key = subscriptions_key(game_id)
        if seat is not None:
            return bool(self.r.hdel(key, f"{seat}:{webhook_id}"))
        fields = [f for f in self.r.hkeys(key) if _text(f).endswith(":" + webhook_id)]
        return bool(fields) and bool(self.r.hdel(key, *fields))

    def note(self, game_id, webhook_id, outcome, counter, pipe=None):
        key = state_key(game_id)
        own = pipe is None
        pipe = self.r.pipeline(transaction=False) if own else pipe
        pipe.hset(key, webhook_id, orjson.dumps(outcome))
        if counter:
            pipe.hincrby(key, f"{webhook_id}:{counter}", 1)
        pipe.expire(key, KEEP_S)
        pipe.expire(subscriptions_key(game_id), KEEP_S)  # a game still delivering keeps its webhooks
        if own:
            pipe.execute()

    def states(self, game_id):
        return _state_view({_text(k): v for k, v in self.r.hgetall(state_key(game_id)).items()})


def _text(v) -> str:
    return v.decode() if isinstance(v, bytes) else v


def subscription(game_id: str, seat: Optional[int], url: str, events: tuple[str, ...], secrets_: Secrets,
                 clock: Callable[[], float] = time.time, who: tuple[str, str] = ("", "")) -> tuple[Subscription, str]:
    """A new subscription and its secret (returned once, to whoever registered it);
    ``who``: ``registrant`` of the client that registers it."""
    webhook_id = new_webhook_id()
    secret, stored = secrets_.issue(webhook_id)
    return Subscription(webhook_id, game_id, seat, url, events, round(clock(), 3), **stored, client=who[0],
                        player=who[1]), secret
