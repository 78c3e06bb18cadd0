"""Parts of the OpenAPI document written by hand, where marshmallow cannot say it."""

from __future__ import annotations

from domain.bots import LEVELS
from domain.cards import MAX_CARDS, RANKS, SUITS
from domain.commands import MOVES
from domain.errors import REASONS
from domain.rules import PRESET_IDS
from events.mapping import DIRECTION_VALUES

from ..problem_types import CODES

from .requests import CARD_RE


CARD_CODE = {"type": "string", "pattern": CARD_RE.pattern, "example": "7H"}


def _card_code():
    return dict(CARD_CODE)


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def nullable(target: dict, kind: str) -> dict:
    """``target`` (a ``$ref`` to a component of JSON type ``kind``) or null: OpenAPI 3.0
    ignores ``nullable`` beside a ``$ref``, and a ``nullable`` around an ``allOf`` still
    checks null against the component; ``anyOf`` a typed null says it to every tool."""
    return {"anyOf": [target, {"type": kind, "nullable": True, "enum": [None]}]}


def _param_schema(param, listed: bool = False) -> dict:
    """The JSON Schema of one move param (``domain.commands.MOVES``); ``listed``: of one
    of the choices ``legal_moves`` lists for it."""
    schema = {
        "cards": lambda: {"type": "array", "minItems": 1, "maxItems": MAX_CARDS, "items": ref("Card")},
        "card": lambda: {**_card_code()},
        "wish": lambda: ref("WishChoice"),
        "flag": lambda: {"type": "boolean"},
        "seat": lambda: {"type": "integer", "minimum": 0, "maximum": 9},
    }[param.kind]()
    if listed:
        return schema
    if "$ref" in schema:  # OpenAPI 3.0 reads no siblings beside a $ref
        schema = nullable(schema, "object") if param.nullable else {"type": "object", "allOf": [schema]}
    elif param.nullable:
        schema["nullable"] = True
    schema["description"] = param.doc
    return schema


def _camel(action: str) -> str:
    return "".join(part.title() for part in action.split("_"))


def _move_body(move, listed: bool = False) -> dict:
    """The body of ``move`` (``listed``: as ``legal_moves`` lists it, a param the seat
    picks from choices given as its list of choices)."""
    props, required = {"action": {"type": "string", "enum": [move.action]}}, ["action"]
    for p in move.params:
        if listed and p.choices:
            props[p.choices] = {"type": "array", "minItems": 1, "items": _param_schema(p, listed=True),
                                "description": f"the values `{p.name}` may take: send the move with one of "
                                               f"them as `{p.name}` (and without `{p.choices}`)"}
            continue
        props[p.name] = _param_schema(p)
        if p.required:
            required.append(p.name)
    return {"type": "object", "description": move.doc, "required": required, "additionalProperties": False,
            "properties": props}


def _union(names: dict[str, str], description: str) -> dict:
    return {"oneOf": [ref(n) for n in names.values()], "description": description,
            "discriminator": {"propertyName": "action",
                              "mapping": {action: f"#/components/schemas/{n}" for action, n in names.items()}}}


def _move_components() -> dict:
    """The request body of POST /moves, one shape per action, and the legal moves a view
    lists: the same shapes, but a play whose last card makes a wish lists the choices
    (``wish_options``) instead of the wish. Made from ``domain.commands.MOVES``."""
    out = {
        "Card": {**_card_code(), "description": "A card code: rank + suit (`10H`, `QS`, `AC`) or `JKB`/`JKR`"},
        "WishChoice": {"type": "object", "oneOf": [
            {"type": "object", "required": ["suit"], "additionalProperties": False,
             "properties": {"suit": {"type": "string", "enum": list(SUITS)}}},
            {"type": "object", "required": ["rank"], "additionalProperties": False,
             "properties": {"rank": {"type": "string", "enum": list(RANKS)}}},
            {"type": "object", "required": ["free"], "additionalProperties": False,
             "properties": {"free": {"type": "boolean", "enum": [True]}}}],
            "description": 'exactly one of {"suit": S}, {"rank": R}, {"free": true}'},
    }
    bodies, listed = {}, {}
    for move in MOVES:
        name = bodies[move.action] = f"{_camel(move.action)}Move"
        out[name] = _move_body(move)
        if any(p.choices for p in move.params):
            name = f"Listed{_camel(move.action)}Move"
            out[name] = _move_body(move, listed=True)
        listed[move.action] = name
    out["MoveRequest"] = _union(bodies, "A move: one of the bodies below, by `action`.")
    out["LegalMove"] = _union(listed, (
        "A move the seat may send now, in the body form of a `MoveRequest`: send it as it is; a play whose last "
        "card makes a wish lists `wish_options` instead of `wish`: send it with one of them as `wish`."))
    return out


MOVE_COMPONENTS = _move_components()


def _described(values: dict[str, str], intro: str) -> str:
    return intro + "\n\n" + "\n".join(f"- `{v}`: {meaning}" for v, meaning in values.items())


# The closed sets of values, each a named component: a generated client gets one type each.
VALUE_COMPONENTS = {
    "GameId": {"type": "string", "minLength": 1, "description": "a game's id"},
    "PlayerId": {"type": "string", "pattern": r"^[pb]_[0-9a-f]{16}$",
                 "description": "a seated player's id: `p_…` a human, `b_…` a bot"},
    "VariantId": {"type": "string", "enum": [*PRESET_IDS, "custom"],
                  "description": "a preset, or `custom` (a preset's rules with overrides)"},
    "GameStatus": {"type": "string", "enum": ["waiting", "playing", "finished"]},
    "ClosedReason": {"type": "string", "enum": ["expired"], "description": (
        "why a finished game has no result: `expired`, a table that waited MACAU_WAITING_TTL_S for players "
        "without filling (event `table_expired`)")},
    "SeatKind": {"type": "string", "enum": ["human", "bot"]},
    "BotLevel": {"type": "string", "enum": list(LEVELS)},
    "Suit": {"type": "string", "enum": list(SUITS), "description": "clubs, diamonds, hearts, spades"},
    "Rank": {"type": "string", "enum": list(RANKS)},
    "WishValue": {"type": "string", "enum": [*SUITS, *RANKS], "description": "a suit or a rank"},
    "Direction": {"type": "string", "enum": list(DIRECTION_VALUES), "description": "clockwise or counter-clockwise"},
    "ProblemCode": {"type": "string", "enum": list(CODES),
                    "description": _described(CODES, "What went wrong, for programs: switch on it.")},
    "RejectionReason": {"type": "string", "enum": [*REASONS, "idempotency_key_reused"], "description": _described(
        {**REASONS, "idempotency_key_reused": "this Idempotency-Key came with another body"},
        "Why a well-formed move was rejected (422 `move_rejected`), or an Idempotency-Key refused.")},
}


def strict_nullable_refs(self, field, ret, **kwargs):
    """apispec renders a nullable nested schema (OpenAPI 3.0) as "any object or null";
    narrow the second branch to null only, so the document refuses what we refuse."""
    any_of = ret.get("anyOf")
    if any_of and any(a == {"type": "object", "nullable": True} for a in any_of):
        ret["anyOf"] = [{"type": "object", "nullable": True, "enum": [None]}
                        if a == {"type": "object", "nullable": True} else a for a in any_of]
    return {}


COMPONENT = "x-component"  # a field's metadata naming a component above: the field is documented as its $ref


def component_refs(self, field, ret, **kwargs):
    """A field whose metadata names a component (``{"x-component": "WishChoice"}``) is
    documented as a reference to it, not as the free-form value marshmallow would make
    of it; a field that allows null as ``component | null`` (``nullable``)."""
    name = field.metadata.get(COMPONENT)
    if name is not None:
        description = field.metadata.get("description")
        ret.clear()
        target = {"$ref": f"#/components/schemas/{name}"}
        if field.allow_none:
            kind = {**MOVE_COMPONENTS, **VALUE_COMPONENTS}.get(name, {}).get("type", "object")
            ret.update(nullable(target, kind))
        elif description:  # OpenAPI 3.0 ignores siblings of $ref: keep the description where tools read it
            ret["allOf"] = [target]
        else:
            ret.update(target)
        if description:
            ret["description"] = description
    return {}
