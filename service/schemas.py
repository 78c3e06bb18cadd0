"""Marshmallow schemas: request validation and the OpenAPI document (API.md shapes).

Requests are loaded (and rejected with a 400 naming the field). Responses are built as
plain dicts and serialized with orjson; their schemas here document them, and a test
validates every response against the generated ``openapi.yaml``."""

from __future__ import annotations

import re

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from domain.cards import RANK, RANKS, SUITS
from domain.rules import PRESET_IDS

CARD_RE = re.compile(r"^(?:(?:10|[2-9JQKA])[CDHS]|JK[BR])$")
VARIANTS = list(PRESET_IDS) + ["custom"]
ACTIONS = ["play", "draw", "pass", "announce", "catch", "choose_pass_card"]
LEVELS = ["easy", "normal", "hard"]


class Card(fields.String):
    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if not CARD_RE.match(value):
            raise ValidationError(f"{value!r} is not a card code (rank 2-10 J Q K A + suit C D H S, or JKB/JKR)")
        return value


def card(**kw):
    return Card(metadata={"description": "A card code: rank + suit (`10H`, `QS`, `AC`) or `JKB`/`JKR`",
                          "pattern": CARD_RE.pattern, "example": "7H"}, **kw)


class Strict(Schema):
    class Meta:
        unknown = RAISE


class StrictFloat(fields.Float):
    """A JSON number only: no "1.5" strings, no booleans."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValidationError("Not a valid number.")
        return super()._deserialize(value, attr, data, **kwargs)


class StrictBool(fields.Boolean):
    """A JSON true/false only: no "yes", no 1."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise ValidationError("Not a valid boolean.")
        return value


class Text(fields.String):
    """A string that is valid Unicode (no lone surrogates)."""

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ValidationError("Not valid Unicode text.") from None
        return value


# ---------------------------------------------------------------- requests
class PlayerSpec(Strict):
    name = Text(required=True, validate=validate.Length(1, 40))


class BotSpec(Strict):
    level = fields.String(required=True, validate=validate.OneOf(LEVELS))


class DealSchema(Strict):
    dealer = fields.Integer(strict=True, allow_none=True, validate=validate.Range(0, 9))
    hands = fields.List(fields.List(card(), validate=validate.Length(min=1)), required=True,
                        validate=validate.Length(2, 10))
    starter = card(required=True)
    stock = fields.List(card(), load_default=list)


class CreateGameSchema(Strict):
    variant = fields.String(required=True, validate=validate.OneOf(VARIANTS))
    rules = fields.Dict(load_default=None, allow_none=True, metadata={
        "description": "Overrides of the preset's parameters (RULES.md §1.1/§4.3 shape, option flags under "
                       "`options`); for `custom`, `base` names the preset to start from."})
    seats = fields.Integer(strict=True, load_default=4, validate=validate.Range(2, 10))
    players = fields.List(fields.Nested(PlayerSpec), load_default=list, validate=validate.Length(max=10))
    bots = fields.List(fields.Nested(BotSpec), load_default=list, validate=validate.Length(max=10))
    bot_delay_s = StrictFloat(load_default=1.0, validate=validate.Range(0, 60))
    turn_timeout_s = StrictFloat(load_default=60.0, allow_none=True, validate=validate.Range(1, 86_400))
    announce_window_s = StrictFloat(load_default=5.0, validate=validate.Range(0.5, 600))
    fill_with_bots_after_s = StrictFloat(load_default=None, allow_none=True, validate=validate.Range(0, 86_400))
    seed = fields.Integer(strict=True, load_default=None, allow_none=True,
                          validate=validate.Range(-(2**63), 2**63 - 1))
    deal = fields.Nested(DealSchema, load_default=None, allow_none=True)
    public = StrictBool(load_default=True, metadata={"description": "listed in GET /v1/games (default true)"})


class JoinSchema(Strict):
    name = Text(required=True, validate=validate.Length(1, 40))


class AddBotSchema(Strict):
    level = fields.String(load_default="normal", validate=validate.OneOf(LEVELS))


class QuickplaySchema(Strict):
    variant = fields.String(required=True, validate=validate.OneOf(VARIANTS[:-1]))
    seats = fields.Integer(strict=True, load_default=4, validate=validate.Range(2, 10))
    name = Text(required=True, validate=validate.Length(1, 40))
    fill_with_bots_after_s = StrictFloat(load_default=None, allow_none=True, validate=validate.Range(0, 86_400))


class WishSchema(Strict):
    suit = fields.String(validate=validate.OneOf(SUITS))
    rank = fields.String(validate=validate.OneOf([r for r in RANKS]))
    free = StrictBool(validate=validate.Equal(True))

    @validates_schema
    def exactly_one(self, data, **kwargs):
        if len(data) != 1:
            raise ValidationError('a wish is exactly one of {"suit": S}, {"rank": R}, {"free": true}')


class MoveSchema(Strict):
    action = fields.String(required=True, validate=validate.OneOf(ACTIONS))
    cards = fields.List(card(), validate=validate.Length(1, 20))
    wish = fields.Nested(WishSchema, allow_none=True)
    announce = StrictBool()
    joker_as = card(allow_none=True)
    target_seat = fields.Integer(strict=True, validate=validate.Range(0, 9))
    card = card()

    @validates_schema
    def shape(self, data, **kwargs):
        action = data.get("action")
        allowed = {"play": {"cards", "wish", "announce", "joker_as"}, "catch": {"target_seat"},
                   "choose_pass_card": {"card"}}.get(action, set())
        extra = set(data) - allowed - {"action"}
        if extra:
            raise ValidationError(f"{sorted(extra)} not allowed with action {action!r}")
        if action == "play" and not data.get("cards"):
            raise ValidationError("a play needs cards", "cards")
        if action == "catch" and "target_seat" not in data:
            raise ValidationError("a catch needs target_seat", "target_seat")
        if action == "choose_pass_card" and "card" not in data:
            raise ValidationError("choose_pass_card needs card", "card")


class ListGamesQuery(Strict):
    status = fields.String(load_default="waiting", validate=validate.OneOf(["waiting", "playing", "finished"]))
    variant = fields.String(load_default=None, validate=validate.OneOf(VARIANTS))
    limit = fields.Integer(load_default=50, validate=validate.Range(1, 200))


class EventsQuery(Strict):
    after = fields.Integer(load_default=0, validate=validate.Range(0, 2**53))
    limit = fields.Integer(load_default=500, validate=validate.Range(1, 1000))
    wait = fields.Float(load_default=0.0, validate=validate.Range(0, 30))


class StreamQuery(Strict):
    after = fields.Integer(load_default=None, validate=validate.Range(0, 2**53),
                           metadata={"description": "resume after this seq (Last-Event-ID wins when both are sent)"})


class ReplayQuery(Strict):
    # event 1 (game_created) is the first state there is; beyond the last event is a 404
    at = fields.Integer(load_default=None, validate=validate.Range(1, 2**53))


# ---------------------------------------------------------------- responses (documentation)
class ProblemSchema(Schema):
    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    code = fields.String(required=True)
    reason = fields.String(metadata={"description": "for rejected moves: a stable snake_case reason"})


class PlayersRange(Schema):
    min = fields.Integer(required=True)
    max = fields.Integer(required=True)


class VariantSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    players = fields.Nested(PlayersRange, required=True)
    rules = fields.Dict(required=True, allow_none=True)
    description = fields.String()


class VariantListSchema(Schema):
    variants = fields.List(fields.Nested(VariantSchema), required=True)


class SeatedPlayerSchema(Schema):
    player_id = fields.String(required=True)
    seat = fields.Integer(required=True)
    token = fields.String(required=True, metadata={"description": "returned once; send as Authorization: Bearer"})


class SeatSchema(Schema):
    seat = fields.Integer(required=True)
    player_id = fields.String(required=True, allow_none=True)
    name = fields.String(required=True, allow_none=True)
    kind = fields.String(required=True, allow_none=True, validate=validate.OneOf(["human", "bot"]))
    bot_level = fields.String(required=True, allow_none=True)
    autopilot = fields.Boolean(required=True)
    hand_size = fields.Integer(required=True)
    score = fields.Integer(required=True)
    out = fields.Boolean(required=True)
    place = fields.Integer(required=True, allow_none=True)


class PendingDrawSchema(Schema):
    amount = fields.Integer(required=True)
    target_seat = fields.Integer(required=True)
    family = fields.String()


class PendingSkipSchema(Schema):
    turns = fields.Integer(required=True)
    target_seat = fields.Integer(required=True)


class WishViewSchema(Schema):
    kind = fields.String(required=True, validate=validate.OneOf(["suit", "rank", "free_suit", "free_plain"]))
    value = fields.String(required=True, allow_none=True)
    by_seat = fields.Integer(required=True)
    excluded_suit = fields.String(allow_none=True)


class RobinSchema(Schema):
    count = fields.Integer(required=True)
    last_seat = fields.Integer(required=True)


class BonusSchema(Schema):
    seat = fields.Integer(required=True)
    left = fields.Integer(required=True)


class PassCardsSchema(Schema):
    waiting_seats = fields.List(fields.Integer(), required=True)


class PendingSchema(Schema):
    draw = fields.Nested(PendingDrawSchema, required=True, allow_none=True)
    skip = fields.Nested(PendingSkipSchema, required=True, allow_none=True)
    wish = fields.Nested(WishViewSchema, required=True, allow_none=True)
    follow_up_seat = fields.Integer(required=True, allow_none=True)
    skip_robin = fields.Nested(RobinSchema, allow_none=True)
    bonus_turns = fields.Nested(BonusSchema, allow_none=True)
    pass_cards = fields.Nested(PassCardsSchema, allow_none=True)
    turns_to_miss = fields.List(fields.Integer())


class AnnouncementSchema(Schema):
    seat = fields.Integer(required=True)
    deadline = fields.String(required=True, allow_none=True, metadata={"format": "date-time"})


class StandingSchema(Schema):
    seat = fields.Integer(required=True)
    place = fields.Integer(required=True)
    score = fields.Integer(required=True)


class ResultSchema(Schema):
    winner_seats = fields.List(fields.Integer(), required=True)
    loser_seats = fields.List(fields.Integer())
    standings = fields.List(fields.Nested(StandingSchema), required=True)
    scores = fields.List(fields.Integer())


class LegalMoveSchema(Schema):
    action = fields.String(required=True, validate=validate.OneOf(ACTIONS))
    cards = fields.List(fields.String())
    wish_options = fields.List(fields.Dict(), metadata={"description": "the wishes this play may make"})
    announce = fields.Boolean()
    joker_as = fields.String()
    target_seat = fields.Integer()
    card = fields.String()


class YouSchema(Schema):
    seat = fields.Integer(required=True)
    player_id = fields.String(required=True, allow_none=True)
    hand = fields.List(fields.String(), required=True)
    legal_moves = fields.List(fields.Nested(LegalMoveSchema), required=True)
    legal_moves_truncated = fields.Boolean(required=True)


class ConfigSchema(Schema):
    bot_delay_s = fields.Float(required=True)
    turn_timeout_s = fields.Float(required=True, allow_none=True)
    announce_window_s = fields.Float(required=True, allow_none=True)
    fill_with_bots_after_s = fields.Float(required=True, allow_none=True)
    public = fields.Boolean(required=True)
    seeded = fields.Boolean(required=True)


class GameViewSchema(Schema):
    game_id = fields.String(required=True)
    variant = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(["waiting", "playing", "finished"]))
    version = fields.Integer(required=True)
    round = fields.Integer(required=True)
    fixed_deal = fields.Boolean(required=True)
    seats = fields.List(fields.Nested(SeatSchema), required=True)
    dealer_seat = fields.Integer(required=True, allow_none=True)
    current_seat = fields.Integer(required=True, allow_none=True)
    direction = fields.String(required=True, validate=validate.OneOf(["cw", "ccw"]))
    top_card = fields.String(required=True, allow_none=True)
    top_card_as = fields.String(allow_none=True, metadata={"description": "Pławno: the card a top joker stands for"})
    discard_size = fields.Integer(required=True)
    stock_size = fields.Integer(required=True)
    effective_suit = fields.String(required=True, allow_none=True)
    effective_rank = fields.String(required=True, allow_none=True)
    free_play = fields.Boolean()
    pending = fields.Nested(PendingSchema, required=True)
    announcement = fields.Nested(AnnouncementSchema, required=True, allow_none=True)
    turn_deadline = fields.String(required=True, allow_none=True, metadata={"format": "date-time"})
    scores = fields.List(fields.Integer())
    result = fields.Nested(ResultSchema, required=True, allow_none=True)
    call_word = fields.String()
    config = fields.Nested(ConfigSchema)
    fill_with_bots_at = fields.String(allow_none=True, metadata={"format": "date-time"})
    created_at = fields.String(metadata={"format": "date-time"})
    updated_at = fields.String(metadata={"format": "date-time"})
    you = fields.Nested(YouSchema, metadata={"description": "present with a seat token"})
    hands = fields.List(fields.List(fields.String()), metadata={"description": "auditor only"})
    stock = fields.List(fields.String(), metadata={"description": "auditor only; top first"})


class ReplaySchema(GameViewSchema):
    at = fields.Integer(required=True)
    discard = fields.List(fields.String(), required=True)
    rules = fields.Dict(required=True)
    seed = fields.String(required=True)


class EventSchema(Schema):
    seq = fields.Integer(required=True)
    type = fields.String(required=True)
    at = fields.String(required=True, metadata={"format": "date-time"})
    seat = fields.Integer(required=True, allow_none=True)
    data = fields.Dict(required=True)


class EventsSchema(Schema):
    version = fields.Integer(required=True)
    events = fields.List(fields.Nested(EventSchema), required=True)


class MoveResultSchema(Schema):
    version = fields.Integer(required=True)
    events = fields.List(fields.Nested(EventSchema), required=True)
    game = fields.Nested(GameViewSchema, required=True)


class CreatedGameSchema(Schema):
    game_id = fields.String(required=True)
    version = fields.Integer(required=True)
    status = fields.String(required=True)
    seats = fields.List(fields.Nested(SeatSchema), required=True)
    players = fields.List(fields.Nested(SeatedPlayerSchema), required=True)
    bots = fields.List(fields.Dict())
    variant = fields.String()


class JoinedSchema(Schema):
    game_id = fields.String()
    player_id = fields.String(required=True)
    seat = fields.Integer(required=True)
    token = fields.String(required=True)
    status = fields.String()
    version = fields.Integer()


class BotAddedSchema(Schema):
    player_id = fields.String(required=True)
    seat = fields.Integer(required=True)
    status = fields.String()
    version = fields.Integer()


class QuickplayResultSchema(Schema):
    game_id = fields.String(required=True)
    player_id = fields.String(required=True)
    seat = fields.Integer(required=True)
    token = fields.String(required=True)
    status = fields.String()


class GameSummarySchema(Schema):
    game_id = fields.String(required=True)
    variant = fields.String(required=True)
    status = fields.String(required=True)
    seats = fields.Integer(required=True)
    seats_taken = fields.Integer(required=True)
    players = fields.List(fields.Dict(), required=True)
    version = fields.Integer(required=True)
    created_at = fields.String(required=True)
    fill_with_bots_after_s = fields.Float(allow_none=True)


class GameListSchema(Schema):
    games = fields.List(fields.Nested(GameSummarySchema), required=True)


class LeftSchema(Schema):
    seat = fields.Integer(required=True)
    version = fields.Integer(required=True)
    status = fields.String(required=True)


class AuditCheckSchema(Schema):
    name = fields.String(required=True)
    ok = fields.Boolean(required=True)
    detail = fields.String(required=True)


class AuditSchema(Schema):
    verified = fields.Boolean(required=True)
    events = fields.Integer(required=True)
    checks = fields.List(fields.Nested(AuditCheckSchema), required=True)


class HealthSchema(Schema):
    status = fields.String(required=True)
    redis = fields.String()


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


def parse_wish(body):
    if body is None:
        return None
    from domain import WishChoice

    return WishChoice.parse(body)


_ = RANK  # card codes are validated by CARD_RE; RANK documents the rank set
