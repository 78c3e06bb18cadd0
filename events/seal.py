"""Seals: what a finished game's archived log is, signed by the server (docs/archive-seals.md).

When a game's log is archived, the archiver makes its seal: the game id, the number of
events, the hash chain's head and the log file's checksum, signed with the server's
Ed25519 key. The seal is kept twice: in the hot store (``game:{id}:seal``, which outlives
the game's other keys and the file: the number of events and the signature, 77 bytes;
the head and checksum it signs are the file's to show) and as the file's last line, whole
(so that a file carries its own proof, offline: ``macau verify FILE --public-key K``).
Whoever replaces the file, swaps in another game's, or edits it and fixes its chain and
checksum cannot make a seal for it without the key; the seal kept in the hot store tells
a missing file from a game that never was.

What a seal does not prove: the operator holds the key, and can seal anything."""

from __future__ import annotations

import base64
import hashlib
import logging
import os
import stat
import struct
import time
import uuid
from dataclasses import dataclass
from typing import Optional

import orjson
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from .files import fsync_dir, write_new

log = logging.getLogger("macau.seal")

VERSION = 1
CONTEXT = b"macau-archive-seal/1\n"  # what a signature is over starts so: it signs nothing else
ALGORITHM = "Ed25519"
_KEPT = struct.Struct(">BI8s64s")  # version, events, key id, signature: 77 bytes


class SealKeyError(RuntimeError):
    """The key file cannot be read or created, or holds no Ed25519 private key."""


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


@dataclass(frozen=True)
class Seal:
    game_id: str
    events: int
    head: str  # the hash chain's head (hex)
    checksum: str  # the log file's sha256 (hex, events.logfile)
    key_id: str  # the signing key's id (16 hex digits)
    signature: bytes  # Ed25519, over ``signed(...)``

    def message(self) -> bytes:
        return signed(self.game_id, self.events, self.head, self.checksum)

    def kept(self) -> bytes:
        """The form the hot store keeps (77 bytes): the game id is its key's, and the head
        and checksum the signature covers are the archived file's."""
        return _KEPT.pack(VERSION, self.events, bytes.fromhex(self.key_id), self.signature)

    def line(self) -> dict:
        """The form a log file carries on its last line."""
        return {"seal": {"v": VERSION, "game_id": self.game_id, "events": self.events, "head": self.head,
                         "sha256": self.checksum, "alg": ALGORITHM, "key": self.key_id,
                         "sig": _b64(self.signature)}}

    @classmethod
    def from_line(cls, value: dict) -> "Seal":
        try:
            s = value["seal"]
            if s["v"] != VERSION or s["alg"] != ALGORITHM:
                raise ValueError(f"a seal of version {s['v']!r} ({s['alg']!r}) is not one this verifier reads")
            seal = cls(str(s["game_id"]), int(s["events"]), str(s["head"]), str(s["sha256"]), str(s["key"]),
                       base64.b64decode(s["sig"], validate=True))
            bytes.fromhex(seal.head), bytes.fromhex(seal.checksum), bytes.fromhex(seal.key_id)
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"the seal line is malformed ({e})") from None
        return seal

    def describe(self) -> str:
        return f"{self.events} events, head {self.head[:16]}…, checksum {self.checksum[:16]}…"


def signed(game_id: str, events: int, head: str, checksum: str) -> bytes:
    return CONTEXT + f"{game_id}\n{events}\n{head}\n{checksum}".encode()


@dataclass(frozen=True)
class KeptSeal:
    """A seal as the hot store keeps it: what it signed but the head and checksum."""

    events: int
    key_id: str
    signature: bytes

    @classmethod
    def unpack(cls, data: bytes) -> "KeptSeal":
        try:
            version, events, key_id, signature = _KEPT.unpack(data)
        except struct.error:
            raise ValueError("not a seal") from None
        if version != VERSION:
            raise ValueError(f"seal version {version} is not one this server reads")
        return cls(events, key_id.hex(), signature)

    def over(self, game_id: str, log) -> Seal:
        """The seal this would be if it sealed ``log`` (its head and checksum)."""
        return Seal(game_id, self.events, log.head, log.checksum, self.key_id, self.signature)


# ---------------------------------------------------------------------- keys
@dataclass(frozen=True)
class PublicKey:
    key: Ed25519PublicKey

    @property
    def raw(self) -> bytes:
        return self.key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)

    @property
    def key_id(self) -> str:
        return hashlib.sha256(self.raw).hexdigest()[:16]

    def text(self) -> str:
        """The key as one line: ``ed25519:<base64 of its 32 bytes>`` (what ``macau verify
        --public-key`` and the service's public-key URL give)."""
        return "ed25519:" + _b64(self.raw)

    def pem(self) -> str:
        return self.key.public_bytes(serialization.Encoding.PEM,
                                     serialization.PublicFormat.SubjectPublicKeyInfo).decode()

    def verifies(self, seal: Seal) -> bool:
        if seal.key_id != self.key_id:
            return False
        try:
            self.key.verify(seal.signature, seal.message())
        except InvalidSignature:
            return False
        return True

    @classmethod
    def parse(cls, text: str) -> "PublicKey":
        """``ed25519:<base64>``, the bare base64, or a PEM public key."""
        text = text.strip()
        try:
            if text.startswith("-----BEGIN"):
                key = serialization.load_pem_public_key(text.encode())
                if not isinstance(key, Ed25519PublicKey):
                    raise ValueError("not an Ed25519 key")
                return cls(key)
            raw = base64.b64decode(text.removeprefix("ed25519:"), validate=True)
            return cls(Ed25519PublicKey.from_public_bytes(raw))
        except ValueError as e:
            raise ValueError(f"not an Ed25519 public key (ed25519:<base64>, base64 or PEM): {e}") from None


@dataclass(frozen=True)
class SealKey:
    """The server's signing key."""

    private: Ed25519PrivateKey
    path: str = ""

    @property
    def public(self) -> PublicKey:
        return PublicKey(self.private.public_key())

    def seal(self, game_id: str, events: int, head: str, checksum: str) -> Seal:
        signature = self.private.sign(signed(game_id, events, head, checksum))
        return Seal(game_id, events, head, checksum, self.public.key_id, signature)

    @classmethod
    def generate(cls) -> "SealKey":
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def load(cls, path: str) -> "SealKey":
        with open(path, "rb") as f:
            data = f.read()
        try:
            key = serialization.load_pem_private_key(data, password=None)
        except (ValueError, TypeError) as e:
            raise SealKeyError(f"{path} holds no unencrypted PEM private key ({e})") from None
        if not isinstance(key, Ed25519PrivateKey):
            raise SealKeyError(f"{path} holds a {type(key).__name__}, not an Ed25519 private key")
        return cls(key, path)

    @classmethod
    def load_or_create(cls, path: str, wait_s: float = 5.0) -> "SealKey":
        """The key in ``path``, created (mode 0600) if there is none. Several processes
        starting at once agree on one key: each writes a key of its own to a temporary
        file and links it into place, which only the first link does; the others read
        that one."""
        deadline = time.monotonic() + wait_s
        while True:
            try:
                key = cls.load(path)
            except FileNotFoundError:
                _create(path)
                continue
            except SealKeyError:
                # a process without hard links writes the file in place: it may be half
                # written for a moment
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
                continue
            except OSError as e:
                raise SealKeyError(f"cannot read the seal key {path}: {e.strerror}") from None
            _warn_if_readable_by_others(path)
            return key


def _create(path: str) -> None:
    pem = Ed25519PrivateKey.generate().private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                     serialization.NoEncryption())
    folder = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        temp = f"{path}.{uuid.uuid4().hex[:12]}.tmp"
        write_new(temp, pem, 0o600)
        try:
            os.link(temp, path)  # atomic, and refused if another process linked first
            log.info("created the archive seal key %s", path)
        except FileExistsError:
            pass
        except OSError:  # a file system without hard links: create the file itself, exclusively
            try:
                write_new(path, pem, 0o600)
            except FileExistsError:
                pass
        finally:
            os.unlink(temp)
        fsync_dir(folder)
    except OSError as e:
        raise SealKeyError(f"cannot create the seal key {path}: {e.strerror} (set MACAU_SEAL_KEY_FILE to a "
                           f"file the service may write, shared by every API and worker process)") from None


def _warn_if_readable_by_others(path: str) -> None:
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        log.warning("the archive seal key %s is readable by others (mode %o): chmod 600 it", path, mode & 0o777)


# ---------------------------------------------------------------------- checking a log against its seals
@dataclass(frozen=True)
class Verdict:
    """What the seals say of an archived log. ``usable``: the log may be served (it
    matches every seal there is, or there is none); ``ok``: it is sealed and matches."""

    ok: bool
    usable: bool
    detail: str

    def check(self) -> dict:
        return {"name": "seal", "ok": self.ok, "detail": self.detail}


def _differs(seal: Seal, log) -> list[str]:
    wrong = []
    if seal.events != log.version:
        wrong.append(f"{log.version} events, not {seal.events}")
    if seal.head != log.head:
        wrong.append(f"head {log.head[:16]}…, not {seal.head[:16]}…")
    if seal.checksum != log.checksum:
        wrong.append(f"checksum {log.checksum[:16]}…, not {seal.checksum[:16]}…")
    return wrong


def judge(game_id: str, log, kept: Optional[bytes], public: Optional[PublicKey]) -> Optional[Verdict]:
    """The archived ``log`` of ``game_id`` (an ``events.logfile.GameLog``, or None for no
    file) against the seal the hot store ``kept`` (``Seal.kept``, or None) and the one the
    file carries, signatures checked with ``public`` (None: not checked, and the kept seal
    compared by its number of events only). None when there is neither a file nor a seal:
    no archived game."""
    if log is None and kept is None:
        return None
    try:
        held = KeptSeal.unpack(kept) if kept is not None else None
    except ValueError as e:
        return Verdict(False, False, f"the seal kept for this game is unreadable ({e})")
    if held is not None and public is not None and held.key_id != public.key_id:
        return Verdict(False, False, f"the seal kept for this game was made with another key ({held.key_id}; "
                                     f"this server's is {public.key_id})")
    if log is None:
        return Verdict(False, False, f"the archived log file is missing (its seal: {held.events} events, signed "
                                     f"by key {held.key_id})")
    if log.game_id != game_id:
        return Verdict(False, False, f"the archive file in this game's place holds another game "
                                     f"({log.game_id[:64]!r}): it was swapped")
    carried = log.seal
    if carried is not None:
        if carried.game_id != game_id:
            return Verdict(False, False, f"the archive file's seal is another game's ({carried.game_id[:64]!r})")
        if public is not None and not public.verifies(carried):
            return Verdict(False, False, f"the archive file's seal is not signed by this server's key (key "
                                         f"{carried.key_id}, this server's is {public.key_id}): it was re-signed")
        wrong = _differs(carried, log)
        if wrong:
            return Verdict(False, False, "the archive file does not match its own seal: it holds "
                                         + ", ".join(wrong) + " (edited after it was sealed)")
    if held is not None:
        wrong = [f"{log.version} events, not {held.events}"] if held.events != log.version else \
            ["a head or checksum other than the one sealed"] if public is not None and \
            not public.verifies(held.over(game_id, log)) else []
        if wrong:
            return Verdict(False, False, "the archive file does not match the seal made when the game was "
                                         "archived: it holds " + ", ".join(wrong) + " (replaced or edited)")
    if held is None and carried is None:
        return Verdict(False, True, "the archive file carries no seal and none was kept for it (archived "
                                    "before seals were made, or its seals were removed)")
    where = " and ".join(w for w, s in (("kept by the store", held), ("carried by the file", carried)) if s)
    signed_by = (f"signed by this server's key {public.key_id}" if public is not None
                 else "signature not checked: no public key given")
    return Verdict(True, True, f"sealed when archived ({where}): {(carried or held.over(game_id, log)).describe()}, "
                               f"{signed_by}")


def read_line(line: bytes) -> Optional[Seal]:
    """The seal on a log file's last line, or None if that line is no seal."""
    try:
        value = orjson.loads(line)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(value, dict) or "seal" not in value:
        return None
    return Seal.from_line(value)


__all__ = ["KeptSeal", "PublicKey", "Seal", "SealKey", "SealKeyError", "Verdict", "judge", "read_line", "signed"]
