"""A process's archive seal key (events.seal, docs/archive-seals.md).

Every process of a deployment (API and workers) must seal and check with one key: the
key file (``Config.seal_key_path``) is created by whichever starts first. Its public key
is registered in the event store's Redis (``macau:seal:public-key``) by the first process,
and a process whose key file holds another key refuses to start, naming both: seals made
with two keys would make each other's archives unreadable. ``macau status`` prints the
registered key."""

from __future__ import annotations

import logging
import os
from typing import Optional

from events.seal import PublicKey, SealKey, SealKeyError
from events.store.redis_nodes import UNAVAILABLE

from .config import Config, ConfigError

log = logging.getLogger("macau.seal")

REGISTRY = "macau:seal:public-key"


def signing_key(config: Config, client=None) -> Optional[SealKey]:
    """The key this process seals archived logs with (created on first start); None
    without an archive. ``client``: the event store's Redis, where the key is registered."""
    path = config.seal_key_path
    if path is None:
        return None
    try:
        key = SealKey.load_or_create(path)
    except SealKeyError as e:
        raise ConfigError(f"MACAU_SEAL_KEY_FILE: {e}") from None
    if client is not None:
        _register(client, key.public, path)
    return key


def _register(client, public: PublicKey, path: str) -> None:
    try:
        client.set(REGISTRY, public.text(), nx=True)
        registered = client.get(REGISTRY)
    except UNAVAILABLE as e:  # Redis is down as this process starts: it serves what it can meanwhile
        log.warning("could not compare the archive seal key with the one registered in Redis (%s)",
                    type(e).__name__)
        return
    registered = registered.decode() if isinstance(registered, bytes) else registered
    if registered is not None and registered != public.text():
        raise ConfigError(
            f"the archive seal key {path} ({public.text()}) is not the one this service seals with "
            f"({registered}, registered in Redis as {REGISTRY}): give every API and worker process the same "
            f"MACAU_SEAL_KEY_FILE (docs/archive-seals.md)")


def registered_key(client) -> Optional[PublicKey]:
    """The public key registered in Redis, or None."""
    value = client.get(REGISTRY)
    if value is None:
        return None
    try:
        return PublicKey.parse(value.decode() if isinstance(value, bytes) else value)
    except ValueError:
        return None


def verifying_key(config: Config, client=None) -> Optional[PublicKey]:
    """For the offline tools (``macau audit``, ``macau replay``): the key file's public key
    if it is readable here, else the one registered in Redis; they create no key."""
    path = config.seal_key_path
    if path is not None and os.path.exists(path):
        try:
            return SealKey.load(path).public
        except (SealKeyError, OSError):
            pass
    if client is None:
        return None
    try:
        return registered_key(client)
    except UNAVAILABLE:
        return None
