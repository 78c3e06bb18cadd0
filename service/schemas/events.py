"""The events clients receive, one schema per type, for the OpenAPI document.

The list of types is the codec's (``events.codec.TYPE_NAMES``: every type the service
stores, in the order they were added). A domain event's ``data`` is made from its
dataclass (``domain.events``): field types, ``Literal`` choices, ``Card`` codes, and the
wire forms ``events.mapping`` gives times and directions. What a viewer sees of the types
``games.redaction`` redacts, and the service's own lobby events, are written below. A type
with neither is an error when the document is built, so a new event type cannot ship
undocumented (tests/api/test_openapi.py also checks every event of played games against
these schemas, for every kind of viewer).

Fields that only some viewers receive (a card only its holder or the auditor sees) are
never required."""

from __future__ import annotations

import types
import typing
from dataclasses import fields

from domain import events as dev
from domain.bots import LEVELS
from domain.cards import Card, Suit
from domain.rules.validate import FAMILY
from events.codec import TYPE_NAMES
from events.mapping import DIRECTION_FIELDS, TIME_FIELDS

from .documents import CARD_CODE, nullable, ref

CARD = ref("Card")
SEAT = {"type": "integer", "minimum": 0, "maximum": 9}
TIME = {"type": "string", "format": "date-time"}
PLAYER_ID = {"type": "string", "pattern": r"^[pb]_[0-9a-f]{16}$"}
CARDS = {"type": "array", "items": CARD}
HAND_SIZES = {"type": "array", "items": {"type": "integer", "minimum": 0},
              "description": "every seat's number of cards"}
HIDDEN = "only the seat that holds them and the auditor receive the cards"


def _hands(what: str) -> dict:
    return {"type": "array", "description": f"{what}, by seat: a seat receives its own hand and null for the "
                                            "others; the auditor every hand",
            "items": {"type": "array", "nullable": True, "items": CARD}}


# ------------------------------------------------------------------ what a viewer sees
# Each redacted type (games.redaction.REDACT): the fields it loses for a player or a
# spectator (``hidden``; the auditor receives them) and the ones it gains (``shown``).
REDACTED: dict[str, dict] = {
    "round_started": {
        "hidden": {"stock": {**CARDS, "description": "auditor only: the stock, top first"}},
        "shown": {"hands": _hands("the hands dealt"), "hand_sizes": HAND_SIZES,
                  "stock_size": {"type": "integer", "minimum": 0}}},
    "round_ended": {
        "hidden": {},
        "shown": {"hands": _hands("the hands as the round ended"), "hand_sizes": HAND_SIZES}},
    "stock_reshuffled": {
        "hidden": {"stock": {**CARDS, "description": "auditor only: the new stock, top first"}},
        "shown": {"stock_size": {"type": "integer", "minimum": 0}}},
    "cards_drawn": {
        "hidden": {"cards": {**CARDS, "description": HIDDEN}},
        "shown": {"count": {"type": "integer", "minimum": 0, "description": "the number of cards drawn"}}},
    "hands_swapped": {
        "hidden": {"seat_hand": {**CARDS, "description": f"what `seat` holds now: {HIDDEN} (both swappers)"},
                   "with_hand": {**CARDS, "description": f"what `with_seat` holds now: {HIDDEN} (both swappers)"}},
        "shown": {"seat_hand_size": {"type": "integer", "minimum": 0},
                  "with_hand_size": {"type": "integer", "minimum": 0}}},
    "pass_card_chosen": {
        "hidden": {"card": {"allOf": [CARD], "description": HIDDEN}},
        "shown": {}},
    "cards_passed": {
        "hidden": {},
        "shown": {"transfers": {
            "type": "array", "description": "[from seat, to seat, card] each; the card is null for a seat that "
                                            "neither gave nor received it (the auditor receives every card)",
            "items": {"type": "array", "minItems": 3, "maxItems": 3,
                      "items": {"oneOf": [SEAT, {**CARD_CODE, "nullable": True}]}}}}},
}

# The service's own events (games.records.LOBBY_EVENTS), written by games.service.
_CONFIG = {
    "type": "object", "additionalProperties": False,
    "required": ["bot_delay_s", "turn_timeout_s", "announce_window_s", "fill_with_bots_after_s", "public", "seeded"],
    "properties": {"bot_delay_s": {"type": "number"}, "turn_timeout_s": {"type": "number", "nullable": True},
                   "announce_window_s": {"type": "number"},
                   "fill_with_bots_after_s": {"type": "number", "nullable": True},
                   "public": {"type": "boolean"}, "seeded": {"type": "boolean"},
                   "rated": {"type": "boolean", "description": "present (true) when the game counts for its "
                                                               "players' ratings"}}}
LOBBY: dict[str, dict] = {
    "game_created": {
        "seat": None,
        "required": {"variant": ref("VariantId"), "rules": {
                         "type": "object", "additionalProperties": True,
                         "description": "the full rule set (as `GET /v1/variants/{variant_id}` shows a preset's)"},
                     "rules_version": {"type": "string"}, "seats": {"type": "integer", "minimum": 2, "maximum": 10},
                     "config": _CONFIG},
        "optional": {"fixed_deal": {"type": "boolean", "description": "the game was dealt by hand (every viewer "
                                                                      "but the auditor, who receives `deal`)"},
                     "seed": {"type": "string", "description": "auditor only: the shuffles' seed"},
                     "deal": {"type": "object", "nullable": True, "additionalProperties": True,
                              "description": "auditor only: the fixed deal, as sent"},
                     "rematch_of": {"type": "object", "additionalProperties": False, "required": ["game_id", "seats"],
                                    "description": "this table plays that finished game again: the seats held for "
                                                   "its players",
                                    "properties": {"game_id": ref("GameId"),
                                                   "seats": {"type": "array", "items": SEAT}}}}},
    "player_joined": {
        "seat": SEAT,
        "required": {"player_id": PLAYER_ID},
        "optional": {"name": {"type": "string", "minLength": 1, "maxLength": 40,
                              "description": "every viewer but the auditor; for a seat taken with a player key, "
                                             "read from its sealed form (`Erased player` once he is erased)"},
                     "profile_id": {"type": "string", "nullable": True, "pattern": r"^u_[0-9a-f]{16}$",
                                    "description": "a seat taken with a player key: the player's public id "
                                                   "(`GET /v1/players/{id}`), null once he is erased; not sent "
                                                   "to the auditor"},
                     "subject": {"type": "string", "description": "auditor only, a seat taken with a player key: "
                                                                 "the id of the key its name is sealed with"},
                     "sealed": {"type": "string", "description": "auditor only, a seat taken with a player key: "
                                                                "the name and player id, sealed (erasure shreds "
                                                                "the key, never these stored bytes)"},
                     "token_hash": {"type": "string", "description": "auditor only: the hash of the seat's token"}}},
    "bot_joined": {
        "seat": SEAT,
        "required": {"player_id": PLAYER_ID, "level": {"type": "string", "enum": list(LEVELS)}},
        "optional": {"name": {"type": "string"}}},
    "player_left": {
        "seat": SEAT,
        "required": {"player_id": PLAYER_ID},
        "optional": {"level": {"type": "string", "enum": list(LEVELS),
                               "description": "the level of the bot that takes the seat"}}},
    "autopilot_changed": {
        "seat": SEAT,
        "required": {"on": {"type": "boolean", "description": "a bot plays for the seat's absent human from now "
                                                             "on (true) or no longer (false)"}},
        "optional": {}},
    "table_expired": {
        "seat": None,
        "required": {"waited_s": {"type": "number", "description": "how long the table waited for players"}},
        "optional": {}},
    "rematch_offered": {
        "seat": None,
        "required": {"game_id": ref("GameId")},  # the game that plays this one again (after game_ended; at most one)
        "optional": {}},
}

# Fields whose values the annotation alone does not say.
FIELD_SCHEMAS = {
    ("wish_set", "value"): {**nullable(ref("WishValue"), "string"),
                            "description": "the suit or rank wished; null for the free kinds"},
    ("draw_pending", "family"): {"type": "string", "pattern": FAMILY.pattern},
    ("game_started", "seats"): {"type": "integer", "minimum": 2, "maximum": 10},
    ("turn_started", "bonus"): {"type": "integer", "nullable": True, "minimum": 0,
                                "description": "Pławno: bonus turns left after this one"},
}


def _annotation(hint, name: str) -> dict:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        (inner,) = [a for a in args if a is not type(None)]
        schema = _annotation(inner, name)
        if "$ref" in schema:
            return nullable(schema, "string")
        if "enum" in schema:
            return {**schema, "nullable": True, "enum": [*schema["enum"], None]}
        return {**schema, "nullable": True}
    if name in TIME_FIELDS:
        return dict(TIME)
    if name in DIRECTION_FIELDS:
        return ref("Direction")
    if origin is typing.Literal:
        return {"type": "string", "enum": list(args)}
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _annotation(args[0], name)}
        raise TypeError(f"{name}: a fixed-length tuple needs a schema written in service.schemas.events")
    if hint is Card:
        return dict(CARD)
    if hint is Suit:
        return ref("Suit")
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return {"type": "integer"}
    if hint is float:
        return {"type": "number"}
    if hint is str:
        return {"type": "string"}
    raise TypeError(f"{name}: no schema for {hint!r}")


def _domain_data(cls) -> tuple[dict, dict, dict]:
    """(seat schema or None, required fields, optional fields) of a domain event."""
    hints = typing.get_type_hints(cls)
    redacted = REDACTED.get(cls.type, {"hidden": {}, "shown": {}})
    seat, required, optional = None, {}, {}
    for f in fields(cls):
        if f.name == "seat":  # the envelope's seat (events.mapping)
            nullable = typing.get_origin(hints["seat"]) in (typing.Union, types.UnionType)
            seat = {**SEAT, "nullable": True} if nullable else dict(SEAT)
        elif f.name in redacted["hidden"]:
            optional[f.name] = redacted["hidden"][f.name]
        elif f.name in redacted["shown"]:  # the same field, in another form for some viewers
            required[f.name] = redacted["shown"][f.name]
        else:
            required[f.name] = FIELD_SCHEMAS.get((cls.type, f.name)) or _annotation(hints[f.name], f.name)
    for name, schema in redacted["shown"].items():
        if name not in required:
            optional[name] = {**schema, "description": (schema.get("description", "") + " (every viewer but the "
                                                        "auditor, who receives the stored form)").strip()}
    return seat, required, optional


def _camel(type_: str) -> str:
    return "".join(part.title() for part in type_.split("_"))


def event_components() -> dict:
    """``Event`` (a union on ``type``), one ``<Type>Event`` and ``<Type>Data`` per type, and
    ``EventType``."""
    unknown = [t for t in TYPE_NAMES if t not in dev.BY_TYPE and t not in LOBBY]
    if unknown:
        raise LookupError(f"event types with no schema (service/schemas/events.py): {unknown}")
    out, mapping = {}, {}
    for type_ in TYPE_NAMES:
        if type_ in LOBBY:
            spec = LOBBY[type_]
            seat, required, optional = spec["seat"], spec["required"], spec["optional"]
        else:
            seat, required, optional = _domain_data(dev.BY_TYPE[type_])
        name = _camel(type_)
        data = {"type": "object", "additionalProperties": False, "properties": {**required, **optional}}
        if required:
            data["required"] = list(required)
        out[f"{name}Data"] = data
        out[f"{name}Event"] = {
            "type": "object", "additionalProperties": False, "required": ["seq", "type", "at", "seat", "data"],
            "description": f"`{type_}`",
            "properties": {
                "seq": {"type": "integer", "minimum": 1, "description": "1-based, gap-free per game"},
                "type": {"type": "string", "enum": [type_]},
                "at": dict(TIME),
                "seat": seat if seat is not None else {"type": "integer", "nullable": True, "enum": [None],
                                                       "description": "always null: this event has no seat"},
                "data": ref(f"{name}Data")}}
        mapping[type_] = f"#/components/schemas/{name}Event"
    out["EventType"] = {"type": "string", "enum": list(TYPE_NAMES),
                        "description": "every event type, in the order the service added them"}
    out["Event"] = {"oneOf": [ref(n.rsplit("/", 1)[1]) for n in mapping.values()],
                    "discriminator": {"propertyName": "type", "mapping": mapping},
                    "description": "A game event, as the caller may see it: `{seq, type, at, seat, data}`, one "
                                   "schema per `type`."}
    return out

