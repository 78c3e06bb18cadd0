"""Archive seals (events.seal) and the log file's seal line (events.logfile), on their own."""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import replace
from types import SimpleNamespace

import orjson
import pytest

from events import logfile
from events.seal import KeptSeal, PublicKey, Seal, SealKey, judge

RAWS = [b'{"seq":1}', b'{"seq":2}', b'{"seq":3}']


@pytest.fixture(scope="module")
def key():
    return SealKey.generate()


def test_a_seal_is_kept_in_77_bytes_and_carried_whole(key):
    seal = key.seal("g1", 212, "ab" * 32, "cd" * 32)
    kept = seal.kept()
    log = SimpleNamespace(head="ab" * 32, checksum="cd" * 32)
    assert len(kept) == 77 and KeptSeal.unpack(kept).over("g1", log) == seal
    assert Seal.from_line(orjson.loads(orjson.dumps(seal.line()))) == seal
    with pytest.raises(ValueError):
        KeptSeal.unpack(kept[:-1])
    with pytest.raises(ValueError):
        KeptSeal.unpack(b"\x02" + kept[1:])  # a version this server does not read


def test_a_signature_covers_every_field_and_only_this_key_verifies_it(key):
    seal = key.seal("g1", 212, "ab" * 32, "cd" * 32)
    public = key.public
    assert public.verifies(seal)
    for changed in (replace(seal, game_id="g2"), replace(seal, events=213), replace(seal, head="ac" * 32),
                    replace(seal, checksum="ce" * 32), replace(seal, signature=bytes(64))):
        assert not public.verifies(changed)
    other = SealKey.generate()
    assert not other.public.verifies(seal)
    assert not other.public.verifies(replace(seal, key_id=other.public.key_id))  # naming the key buys nothing


def test_a_public_key_reads_in_each_form_it_is_given(key):
    public = key.public
    raw = public.text()
    assert raw.startswith("ed25519:") and len(raw) == 8 + 44
    for text in (raw, raw.removeprefix("ed25519:"), public.pem(), f"  {raw}\n"):
        assert PublicKey.parse(text).key_id == public.key_id
    for bad in ("ed25519:abc", "not a key", "-----BEGIN PUBLIC KEY-----\nxx\n-----END PUBLIC KEY-----"):
        with pytest.raises(ValueError):
            PublicKey.parse(bad)


def test_a_log_file_carries_its_seal_on_its_last_line(key):
    data = logfile.build("g1", RAWS, "ab" * 32, {"game_id": "g1"}, key)
    log = logfile.parse(data)
    assert log.seal is not None and log.seal.events == 3 and log.seal.checksum == log.checksum
    assert key.public.verifies(log.seal)
    assert logfile.build("g1", RAWS, "ab" * 32, {"game_id": "g1"}, key) == data  # deterministic
    unsealed = logfile.parse(logfile.build("g1", RAWS, "ab" * 32, {"game_id": "g1"}))
    assert unsealed.seal is None and unsealed.checksum == log.checksum


def test_a_version_1_file_reads_and_a_malformed_seal_line_is_a_log_file_error(key):
    body = b"\n".join([orjson.dumps({"format": "macau-game-log", "version": 1, "game_id": "g1", "events": 3,
                                     "head": "ab" * 32, "summary": {}}), *RAWS]) + b"\n"
    v1 = body + orjson.dumps({"sha256": hashlib.sha256(body).hexdigest()}) + b"\n"
    assert logfile.parse(gzip.compress(v1)).version == 3
    seal_line = orjson.dumps(key.seal("g1", 3, "ab" * 32, hashlib.sha256(body).hexdigest()).line()) + b"\n"
    with pytest.raises(logfile.LogFileError, match="version 1"):
        logfile.parse(v1 + seal_line)  # version 1 files never carried a seal
    with pytest.raises(logfile.LogFileError, match="seal line is malformed"):
        logfile.parse(v1 + b'{"seal": {"v": 1}}\n')


def test_judging_a_log_against_its_seals(key):
    data = logfile.build("g1", RAWS, "ab" * 32, {}, key)
    log = logfile.parse(data)
    kept = log.seal.kept()
    public = key.public
    assert judge("g1", None, None, public) is None  # no file, no seal: no archived game
    ok = judge("g1", log, kept, public)
    assert ok.ok and ok.usable and "kept by the store and carried by the file" in ok.detail
    missing = judge("g1", None, kept, public)
    assert not missing.usable and "missing" in missing.detail
    swapped = judge("g2", log, None, public)
    assert not swapped.usable and "holds another game" in swapped.detail
    other = logfile.parse(logfile.build("g1", RAWS[:2], "cd" * 32, {}, key))
    replaced = judge("g1", other, kept, public)
    assert not replaced.usable and "2 events, not 3" in replaced.detail
    edited = logfile.parse(logfile.build("g1", RAWS, "cd" * 32, {}, key))  # as many events, another head
    assert "a head or checksum other than the one sealed" in judge("g1", edited, kept, public).detail
    resigned = logfile.parse(logfile.build("g1", RAWS, "ab" * 32, {}, SealKey.generate()))
    assert "re-signed" in judge("g1", resigned, None, public).detail
    bare = logfile.parse(logfile.build("g1", RAWS, "ab" * 32, {}))
    unsealed = judge("g1", bare, None, public)
    assert unsealed.usable and not unsealed.ok and "no seal" in unsealed.detail
    unchecked = judge("g1", log, kept, None)
    assert unchecked.ok and "not checked" in unchecked.detail
    assert not judge("g1", log, kept[:50], public).usable  # an unreadable kept seal
