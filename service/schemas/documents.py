"""Parts of the OpenAPI document written by hand, where marshmallow cannot say it."""

from __future__ import annotations

from domain.cards import RANKS, SUITS

from .requests import CARD_RE


def _card_code():
    return {"type": "string", "pattern": CARD_RE.pattern, "example": "7H"}


def _only(action: str, required=(), **props) -> dict:
    return {"type": "object", "required": ["action", *required], "additionalProperties": False,
            "properties": {"action": {"type": "string", "enum": [action]}, **props}}


# The request body of POST /moves, one shape per action (marshmallow cannot say "these
# fields only with that action", so this part of the document is written by hand).
MOVE_COMPONENTS = {
    "WishChoice": {"oneOf": [
        {"type": "object", "required": ["suit"], "additionalProperties": False,
         "properties": {"suit": {"type": "string", "enum": list(SUITS)}}},
        {"type": "object", "required": ["rank"], "additionalProperties": False,
         "properties": {"rank": {"type": "string", "enum": list(RANKS)}}},
        {"type": "object", "required": ["free"], "additionalProperties": False,
         "properties": {"free": {"type": "boolean", "enum": [True]}}}],
        "description": 'exactly one of {"suit": S}, {"rank": R}, {"free": true}'},
    "PlayMove": _only("play", ["cards"],
                      cards={"type": "array", "minItems": 1, "maxItems": 20, "items": _card_code(),
                             "description": "in the order played; the last one ends on top"},
                      wish={"nullable": True, "allOf": [{"$ref": "#/components/schemas/WishChoice"}]},
                      announce={"type": "boolean", "description": "the last-card call, made with the play"},
                      joker_as={**_card_code(), "nullable": True, "description": "Pławno: the card a joker stands for"}),
    "DrawMove": _only("draw"),
    "PassMove": _only("pass"),
    "AnnounceMove": _only("announce"),
    "CatchMove": _only("catch", ["target_seat"], target_seat={"type": "integer", "minimum": 0, "maximum": 9}),
    "ChoosePassCardMove": _only("choose_pass_card", ["card"], card=_card_code()),
    "MoveRequest": {"oneOf": [{"$ref": f"#/components/schemas/{n}"} for n in
                              ("PlayMove", "DrawMove", "PassMove", "AnnounceMove", "CatchMove", "ChoosePassCardMove")],
                    "discriminator": {"propertyName": "action", "mapping": {
                        "play": "#/components/schemas/PlayMove", "draw": "#/components/schemas/DrawMove",
                        "pass": "#/components/schemas/PassMove", "announce": "#/components/schemas/AnnounceMove",
                        "catch": "#/components/schemas/CatchMove",
                        "choose_pass_card": "#/components/schemas/ChoosePassCardMove"}}},
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
    """A field whose metadata names a hand-written component (``{"x-component":
    "WishChoice"}``) is documented as a reference to it, not as the free-form object
    marshmallow would make of it."""
    name = field.metadata.get(COMPONENT)
    if name is not None:
        description = ret.get("description")
        ret.clear()
        ret["$ref"] = f"#/components/schemas/{name}"
        if description:  # OpenAPI 3.0 ignores siblings of $ref: keep the description where tools read it
            ret["allOf"] = [{"$ref": ret.pop("$ref")}]
            ret["description"] = description
    return {}
