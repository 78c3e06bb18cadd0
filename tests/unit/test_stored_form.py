"""Stored form 2 (events.codec): compact, and lossless for any event, not only the usual ones.

The form leaves out what reads can put back (the type's name, trailing default fields, the
seq, the hashes); these tests pin that it always puts back exactly what was appended, key
order included (the events endpoint must serve the same bytes as before), and that its
frozen tables follow the domain's events."""

from __future__ import annotations

from dataclasses import MISSING, fields

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import events as dev
from events import codec
from events.chain import verify_chain
from events.envelope import NewEvent
from events.mapping import to_new_event
from games.records import LOBBY_EVENTS

AT = "2026-11-21T12:00:00.123Z"
AT_MS = 1795262400123


def sealed(*events: NewEvent):
    return codec.seal(list(events), 0, "", AT_MS)


def round_trip(event: NewEvent):
    [s] = sealed(event)
    [back] = codec.decode_many([s.raw], 1)
    return s, back


def test_every_event_type_the_service_writes_has_a_code_for_ever():
    assert len(set(codec.TYPE_NAMES)) == len(codec.TYPE_NAMES)
    written = {cls.type for cls in dev.ALL_EVENTS} | set(LOBBY_EVENTS)
    assert written <= set(codec.TYPE_CODES), f"give these a code: {sorted(written - set(codec.TYPE_CODES))}"
    # the first codes are the commonest events, one digit each
    assert codec.TYPE_NAMES[:3] == ("turn_started", "card_played", "cards_drawn")


def trailing_defaults(cls) -> tuple:
    """The fields at the end of ``cls``'s data (seat is the envelope's) with a None/False
    default."""
    out = []
    for f in reversed([f for f in fields(cls) if f.name != "seat"]):
        if f.default is MISSING or f.default not in (None, False):
            break
        out.append((f.name, f.default))
    return tuple(reversed(out))


@pytest.mark.parametrize("cls", dev.ALL_EVENTS, ids=lambda c: c.type)
def test_the_trailing_defaults_table_follows_the_domain_events(cls):
    """A domain event that gains or changes a field bumps its version (codec) and gets a
    new entry here; old entries stay for the events stored with them."""
    expected = trailing_defaults(cls)
    entry = codec.TRAILING_DEFAULTS.get((cls.type, codec.current_version(cls.type)))
    assert (entry or ()) == expected


def test_usual_events_leave_out_their_defaults_and_read_back_whole():
    new = to_new_event(dev.CardPlayed(0, ("KS",)))
    s, back = round_trip(new)
    assert s.raw == b'[1,%d,0,{"cards":["KS"]}]' % AT_MS
    assert back == s and list(back.data) == ["cards", "joker_as"] and back.data["joker_as"] is None
    started = to_new_event(dev.TurnStarted(2, 0, deadline=1_795_262_430.5))
    s, back = round_trip(started)
    assert orjson.loads(s.raw)[3] == {"next_regular": 0, "deadline": "2026-11-21T12:00:30.500Z"}
    assert back.data == started.data and list(back.data) == ["next_regular", "deadline", "bonus"]
    joker = to_new_event(dev.CardPlayed(1, ("JKR",), joker_as="5H"))
    assert orjson.loads(round_trip(joker)[0].raw)[3] == {"cards": ["JKR"], "joker_as": "5H"}


@pytest.mark.parametrize("data, by_name", [
    ({"cards": ["KS"]}, True),                            # the default field missing: a read must not add it
    ({"joker_as": None, "cards": ["KS"]}, True),          # another key order
    ({"cards": ["KS"], "joker_as": None, "x": 1}, True),  # a key after the trailing ones
    ({}, True),
    ({"cards": ["KS"], "joker_as": 0}, False),            # 0 is not the default None: kept
    ({"cards": ["KS"], "joker_as": False}, False),        # nor is False
], ids=["missing", "reordered", "extra", "empty", "zero", "false"])
def test_unusual_data_of_a_known_type_reads_back_exactly(data, by_name):
    """Data not in its type's usual shape is stored whole, under the type's name."""
    s, back = round_trip(NewEvent("card_played", 3, data))
    assert orjson.loads(s.raw)[0] == ("card_played" if by_name else codec.TYPE_CODES["card_played"])
    assert back.data == data and list(back.data) == list(data) and orjson.dumps(back.data) == orjson.dumps(data)


def test_versions_other_than_1_are_stored_and_unknown_types_go_by_name():
    s, back = round_trip(NewEvent("direction_changed", None, {"direction": "ccw"}))
    assert orjson.loads(s.raw) == [codec.TYPE_CODES["direction_changed"], AT_MS, None, {"direction": "ccw"}, 2]
    assert back.v == 2
    s, back = round_trip(NewEvent("something_new", 1, {"a": [1, 2]}))
    assert orjson.loads(s.raw) == ["something_new", AT_MS, 1, {"a": [1, 2]}]
    assert (back.type, back.v, back.data) == ("something_new", 1, {"a": [1, 2]})


@pytest.mark.parametrize("ms,at", [(1_795_262_400_123, "2026-11-21T12:00:00.123Z"), (0, "1970-01-01T00:00:00.000Z"),
                                   (-1, "1969-12-31T23:59:59.999Z"), (253_402_300_799_999, "9999-12-31T23:59:59.999Z")])
def test_times_are_stored_and_read_back_as_milliseconds(ms, at):
    """One representation from the store's clock to the stored bytes and back; the RFC 3339
    string only for clients."""
    s, back = round_trip(NewEvent("player_passed", 0, {}, at_ms=ms))
    assert back.at_ms == ms == s.at_ms and orjson.loads(s.raw)[1] == ms
    assert back.at == at == back.public()["at"]


def test_the_hash_covers_the_stored_bytes():
    events = sealed(NewEvent("player_passed", 0, {}), NewEvent("player_passed", 1, {}))
    assert events[0].hash == codec.link("", events[0].raw)
    assert events[1].hash == codec.link(events[0].hash, events[1].raw)
    assert verify_chain(events, events[1].hash)[0]
    assert events[0].raw.endswith(b",0,{}]")
    tampered = codec.decode_many([events[0].raw.replace(b",0,{}]", b",1,{}]"), events[1].raw], 1)  # another seat
    assert tampered[0].seat == 1 and not verify_chain(tampered, events[1].hash)[0]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**53, 2**53) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8)


@settings(max_examples=150, deadline=None)
@given(type=st.sampled_from(codec.TYPE_NAMES + ("custom_type",)),
       data=st.dictionaries(st.sampled_from(["cards", "joker_as", "deadline", "bonus", "next_regular", "multiple",
                                             "free_play", "excluded_suit", "fixed_deal", "x"]), json_values,
                            max_size=5),
       seat=st.none() | st.integers(0, 9))
def test_any_event_reads_back_exactly_as_appended(type, data, seat):
    s, back = round_trip(NewEvent(type, seat, data))
    assert (back.type, back.seat, back.at) == (type, seat, AT)
    if back.v == codec.current_version(type) and type not in codec.CURRENT_VERSION:
        assert orjson.dumps(back.data) == orjson.dumps(data)  # same keys, same order, same values
