"""Seat tokens: minted when a seat is taken, shown once, kept only as their hash.

A token reads ``<game id>.<secret>``: a token shown to another game is known as a real
token there (403, not 401) without any global index. ``Holder`` is what one token holds,
resolved once per request (the hash is computed once)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Optional

from .records import GameRecord


@dataclass(frozen=True, slots=True)
class Holder:
    """The seat a token holds."""

    game_id: str
    seat: int


def mint(game_id: str) -> tuple[str, str]:
    """A new seat token for ``game_id`` and the hash the log keeps of it."""
    token = f"{game_id}.{secrets.token_urlsafe(24)}"  # 192 secret bits
    return token, hash_token(token)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_game(token: str) -> Optional[str]:
    """The game a seat token was issued for."""
    game_id, dot, _ = token.partition(".")
    return game_id if dot else None


def seat_of_hash(record: GameRecord, digest: str) -> Optional[int]:
    """The seat of ``record`` whose token hashes to ``digest``, or None."""
    for info in record.seats:
        if info is not None and info.token_hash and hmac.compare_digest(digest, info.token_hash):
            return info.seat
    return None


def same_secret(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())
