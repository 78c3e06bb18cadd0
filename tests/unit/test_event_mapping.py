"""Domain events <-> stored envelopes (events/mapping.py).

Every domain event type, taken from real random games in every preset and in house
rules that produce the rare types (pass_left, false catches, expiring wishes, deferred
going out), survives ``to_new_event`` -> seal (stored form 2) -> decode -> ``to_domain_event``
unchanged. Times are RFC 3339 strings in stored data, never floats."""

from __future__ import annotations

import random
import re
from collections import defaultdict

import orjson
import pytest

from domain import (
    Catch,
    CloseCallWindow,
    DomainError,
    RuleSet,
    Setup,
    Start,
    Timeout,
    command_from_move,
    execute,
    legal_moves,
    new_game,
)
from domain import events as dev
from domain.rules import PRESET_IDS
from events import codec
from events.chain import verify_chain
from events.envelope import now_ms
from events.mapping import TIME_FIELDS, from_rfc3339, to_domain_event, to_new_event, to_rfc3339
from events.store import InMemoryEventStore
from tests.support.legacy import form1_values
from tests.unit.test_custom_rules import PASS_LEFT

RFC3339_MS = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\Z")
T0 = 1_700_000_000.0
SAMPLES_PER_TYPE = 300

HOUSE_RULES = {
    "pass_left": PASS_LEFT,
    "false_catch_full_round_wish": {"base": "makao", "announce": {"false_catch_penalty": 2},
                                    "wish": {"duration": "full_round"}},
    "bounce": {"base": "makao", "last_card": {"two_player_attack_finish": "bounce"}},
}


def random_game(rules: RuleSet, players: int, rng: random.Random) -> list[dev.Event]:
    """A random game's domain events, with timeouts, catches (true and false) and the
    clock closing last-card windows mixed in. Times are whole milliseconds, as the
    service's clock gives them."""
    now = T0
    state = new_game(Setup(rules, players, seed=rng.randrange(2**32), announce_window_s=5.0, turn_timeout_s=30.0))
    events, state = execute(state, Start(now))
    log = list(events)
    while state.status == "playing":
        now = round(now + rng.choice((0.0, 0.25, 1.0, 2.5, 6.0)), 3)
        seat = state.passing.waiting[0] if state.passing is not None else state.actor
        roll = rng.random()
        if roll < 0.03 and state.call_window is not None:
            cmd = CloseCallWindow(now)
        elif roll < 0.06:
            cmd = Timeout(seat, now + 31.0)
        elif roll < 0.15:
            target = state.call_window.seat if state.call_window is not None else rng.randrange(players)
            cmd = Catch(rng.randrange(players), target, now)
        else:
            moves = legal_moves(state, seat, now)
            plays = [m for m in moves if m["action"] == "play"]
            m = rng.choice(plays if plays and rng.random() < 0.9 else moves)
            opts = m.get("wish_options")
            cmd = command_from_move(seat, m, now, wish=rng.choice(opts) if opts else None)
        try:
            events, state = execute(state, cmd)
        except DomainError:
            continue
        log.extend(events)
    return log


@pytest.fixture(scope="module")
def samples() -> dict[str, list[dev.Event]]:
    """Up to SAMPLES_PER_TYPE events of each type, from games in every preset (2–6
    players) and the house rules (two-player bounce games until one defers)."""
    by_type: dict[str, list] = defaultdict(list)

    def collect(rules, players, seed):
        for e in random_game(rules, players, random.Random(seed)):
            if len(by_type[e.type]) < SAMPLES_PER_TYPE:
                by_type[e.type].append(e)

    for i, variant in enumerate(PRESET_IDS):
        for players in (2, 2 + i % 5, 6):
            collect(RuleSet.preset(variant), players, f"{variant}/{players}")
    for name, overrides in HOUSE_RULES.items():
        rules = RuleSet.build("custom", overrides)
        for players in (2, 3):
            collect(rules, players, f"{name}/{players}")
    bounce = RuleSet.build("custom", HOUSE_RULES["bounce"])
    for seed in range(200):
        if by_type["going_out_deferred"]:
            break
        collect(bounce, 2, f"bounce/{seed}")
    return by_type


def floats_in(value, path="data") -> list[str]:
    if isinstance(value, float):
        return [path]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in floats_in(v, f"{path}.{k}")]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in floats_in(v, f"{path}[{i}]")]
    return []


def test_the_games_produce_every_event_type(samples):
    missing = {cls.type for cls in dev.ALL_EVENTS} - {t for t, evs in samples.items() if evs}
    assert not missing, f"no random game produced {sorted(missing)}"


@pytest.mark.parametrize("event_type", sorted(cls.type for cls in dev.ALL_EVENTS))
def test_every_event_survives_the_round_trip(samples, event_type):
    events = samples[event_type]
    assert events, f"no sample of {event_type}"
    new = [to_new_event(e) for e in events]
    sealed = codec.seal(new, 0, "", now_ms())
    assert verify_chain(sealed, sealed[-1].hash)[0]
    for original, n, s in zip(events, new, sealed):
        assert n.type == original.type
        if "seat" in type(original).__dataclass_fields__:
            assert n.seat == original.seat and "seat" not in n.data
        else:
            assert n.seat is None
        code, _at, _seat, stored = orjson.loads(s.raw)[:4]
        assert code == codec.TYPE_CODES[event_type], "a domain event in its usual shape is stored by its code"
        assert not floats_in(stored), f"{event_type}: a float in stored data: {floats_in(stored)}"
        for name in TIME_FIELDS:
            if getattr(original, name, None) is not None:
                assert RFC3339_MS.match(stored[name]), stored[name]
        decoded = codec.decode(s.raw, s.seq)
        assert decoded == s and decoded.data == n.data and list(decoded.data) == list(n.data)
        back = to_domain_event(decoded)
        assert back == original and type(back) is type(original)


def test_events_survive_a_real_store(samples):
    """The same through an event store's append and read (one game id per type)."""
    store = InMemoryEventStore()
    for event_type, events in samples.items():
        store.append(event_type, [to_new_event(e) for e in events], 0)
        assert [to_domain_event(e) for e in store.read(event_type)] == events


def test_deadlines_are_rfc3339_utc_with_milliseconds():
    e = dev.TurnStarted(2, 3, deadline=T0 + 30.125)
    new = to_new_event(e)
    assert new.seat == 2 and new.data == {"next_regular": 3, "deadline": "2023-11-14T22:13:50.125Z", "bonus": None}
    assert to_new_event(dev.TurnStarted(0, 1)).data["deadline"] is None
    assert to_new_event(dev.CallWindowOpened(1, T0)).data == {"deadline": "2023-11-14T22:13:20.000Z"}
    assert from_rfc3339("2023-11-14T22:13:50.125Z") == T0 + 30.125
    assert to_rfc3339(None) is None and from_rfc3339(None) is None


@pytest.mark.parametrize("seconds", [0.0, 0.001, 0.5, 59.999, 1234.567])
def test_millisecond_deadlines_round_trip_exactly(seconds):
    t = round(T0 + 86_400 * 400 + seconds, 3)
    assert from_rfc3339(to_rfc3339(t)) == t



def test_directions_are_cw_or_ccw_in_stored_data():
    """API.md: "Directions are cw / ccw" — in events too, not the domain's 1 / -1."""
    assert to_new_event(dev.DirectionChanged(-1)).data == {"direction": "ccw"}
    assert to_new_event(dev.DirectionChanged(1)).data == {"direction": "cw"}
    store = InMemoryEventStore()
    store.append("g", [to_new_event(dev.DirectionChanged(-1))], 0)
    (e,) = store.read("g")
    assert (e.v, e.data) == (2, {"direction": "ccw"})
    assert to_domain_event(e) == dev.DirectionChanged(-1)


def test_a_v1_direction_is_read_as_cw_or_ccw_and_its_hash_still_verifies():
    """Logs written before the change keep their bytes (and hashes); reads lift them."""
    raws, head = form1_values([("direction_changed", "2026-11-21T12:00:00.000Z", None, {"direction": -1}, 1)])
    (e,) = codec.decode_many(raws, 1)
    assert (e.v, e.data, e.hash) == (2, {"direction": "ccw"}, head)
    assert orjson.loads(e.raw)["data"] == {"direction": -1}
    assert verify_chain([e], head)[0]
    assert to_domain_event(e) == dev.DirectionChanged(-1)

# ------------------------------------------------------------------ batch decoding (a replay's read path)
def stored_log(n=5) -> tuple[InMemoryEventStore, list]:
    store = InMemoryEventStore()
    events = [dev.TurnStarted(i % 3, (i + 1) % 3, deadline=T0 + i) for i in range(n)]
    store.append("g", [to_new_event(e) for e in events], 0)
    return store, store.read_raw("g")


def test_a_batch_decodes_as_each_value_alone():
    store, raws = stored_log()
    events = store.read("g")
    assert codec.decode_many(raws, 1) == [codec.decode(r, i) for i, r in enumerate(raws, 1)] == events
    assert codec.parse_many(raws) == [(e.type, orjson.loads(r)[1], e.seat, e.data, e.v) for e, r in zip(events, raws)]
    assert codec.decode_many([r.decode() for r in raws], 1) == events  # str values, as a decoding client gives
    assert codec.decode_many([], 1) == codec.parse_many([]) == []


@pytest.mark.parametrize("corrupt", [b'{"seq": 2', b'{"a": 1}, {"b": 2}', b"[1]", b" ", b"7", b'[1, 2, 3, {}, 1, 1]'])
def test_a_corrupt_value_in_a_batch_is_not_misaligned(corrupt):
    """One value that is not one stored event fails the batch, which is then parsed value
    by value, so the error concerns that value and never shifts the others."""
    _, raws = stored_log()
    raws[2] = corrupt
    with pytest.raises(codec.CorruptEvent, match="position 2"):
        codec.decode_many(raws, 1)
    with pytest.raises(codec.CorruptEvent, match="position 2"):
        codec.parse_many(raws)


def test_a_batch_is_upcast(monkeypatch):
    _, raws = stored_log(3)
    monkeypatch.setitem(codec.CURRENT_VERSION, "turn_started", 2)
    monkeypatch.setitem(codec._UPCASTERS, ("turn_started", 1), lambda d: {**d, "bonus": 7})
    decoded = codec.decode_many(raws, 1)
    assert [(e.v, e.data["bonus"], len(orjson.loads(e.raw))) for e in decoded] == [(2, 7, 4)] * 3  # stored at v1
    assert [(v, data["bonus"]) for _t, _at, _s, data, v in codec.parse_many(raws)] == [(2, 7)] * 3
    assert decoded == [codec.decode(r, i) for i, r in enumerate(raws, 1)]
