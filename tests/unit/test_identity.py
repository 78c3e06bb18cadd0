"""Player identities and sealed names (games.identity)."""

from __future__ import annotations

import secrets

from games.identity import ERASED_NAME, MemoryIdentities, Names, key_player, seal, unseal
from games.projections import summary
from tests.support.service_games import new_service
from games.service import TableSpec


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


def test_a_sealed_name_opens_only_with_its_subjects_key():
    key = secrets.token_bytes(32)
    sealed = seal(key, "s_1", "Zebulon", "u_1")
    assert "Zebulon" not in sealed
    assert unseal(key, "s_1", sealed).name == "Zebulon"
    assert unseal(key, "s_2", sealed) is None, "bound to its subject"
    assert unseal(secrets.token_bytes(32), "s_1", sealed) is None
    assert unseal(key, "s_1", sealed[:-4] + "AAAA") is None, "altered: refused"


def test_a_key_names_its_player_and_only_the_right_secret_opens_it():
    ids = MemoryIdentities()
    player, key = ids.create("Ann", 1)
    assert key_player(key) == player.player_id
    assert ids.by_key(key) == player
    assert ids.by_key(key[:-1] + ("A" if key[-1] != "A" else "B")) is None
    new = ids.rotate(player)
    assert ids.by_key(key) is None and ids.by_key(new).player_id == player.player_id
    assert key_player("not-a-key") is None and ids.by_key("u_x.y") is None


def test_erasure_makes_every_sealed_name_unreadable_here_at_once_elsewhere_after_the_ttl():
    ids = MemoryIdentities()
    player, _ = ids.create("Zebulon", 1)
    sitter = ids.sitter(player)
    clock = Clock()
    here, elsewhere = Names(ids, ttl_s=5, clock=clock), Names(ids, ttl_s=5, clock=clock)
    assert here.one(sitter.subject, sitter.sealed).name == "Zebulon"
    assert elsewhere.one(sitter.subject, sitter.sealed).player_id == player.player_id
    ids.erase(player)
    here.forget(player.subject)
    assert here.one(sitter.subject, sitter.sealed) is None
    assert elsewhere.one(sitter.subject, sitter.sealed) is not None, "cached for the ttl"
    clock.t = 5.1
    assert elsewhere.one(sitter.subject, sitter.sealed) is None
    assert ids.get(player.player_id) is None and ids.games(player.subject, 0, 10) == (0, [])


def test_a_seat_taken_with_a_key_stores_no_name_and_reads_it_at_the_edge():
    ids = MemoryIdentities()
    player, _ = ids.create("Zebulon", 1)
    svc = new_service()
    record, _ = svc.create(TableSpec(variant="macau", seats=2, players=["ignored"], sitter=ids.sitter(player)))
    joined = [e for e in svc.repo.store.read(record.game_id) if e.type == "player_joined"][0]
    assert "name" not in joined.data and b"Zebulon" not in joined.raw.encode() if isinstance(joined.raw, str) \
        else b"Zebulon" not in joined.raw
    assert record.seats[0].name is None
    assert "Zebulon" not in str(summary(record))
    names = Names(ids)
    named = names.named(record)
    assert (named.seats[0].name, named.seats[0].profile) == ("Zebulon", player.player_id)
    shown = names.summaries([summary(record)])[0]["players"][0]
    assert shown == {"seat": 0, "name": "Zebulon", "kind": "human", "autopilot": False,
                     "profile_id": player.player_id}
    ids.erase(player)
    names.forget(player.subject)
    assert names.named(record).seats[0].name == ERASED_NAME
    assert names.summaries([summary(record)])[0]["players"][0]["profile_id"] is None
