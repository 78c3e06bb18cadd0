"""Response shapes, for the OpenAPI document: views build plain dicts and serialize them
with orjson; the API tests validate every response against the generated document."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from .documents import COMPONENT
from .requests import ACTIONS


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
    parameters = fields.Dict(metadata={"description": "custom only: every rule-set parameter by dotted path, with "
                                                      "its type and allowed values (enum), as the service checks "
                                                      "them; e.g. score.scheme, stock.blocked_round"})


class VariantListSchema(Schema):
    variants = fields.List(fields.Nested(VariantSchema), required=True)


class WebhookCreatedSchema(Schema):
    webhook_id = fields.String(required=True)
    secret = fields.String(required=True, metadata={
        "description": "the Standard Webhooks signing secret (whsec_…), returned once: verify each delivery's "
                       "webhook-signature with it"})
    url = fields.String(required=True)
    events = fields.List(fields.String(), required=True)
    seat = fields.Integer(required=True)
    created_at = fields.String(required=True, metadata={"format": "date-time"})


class WebhookResult(Schema):
    """The webhook a seat-taking request registered (`webhook` in its body), if any."""

    webhook = fields.Nested(WebhookCreatedSchema, allow_none=True, metadata={
        "description": "the webhook registered with this seat (its `webhook` in the request); null if the seat was "
                       "taken but the webhook could not be stored (`webhook_error` says why)"})
    webhook_error = fields.String(metadata={"description": "why the requested webhook was not registered"})


class SeatedPlayerSchema(WebhookResult):
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
    wish_options = fields.List(fields.Dict(metadata={COMPONENT: "WishChoice"}),
                               metadata={"description": "the wishes this play may make, each a valid `wish`"})
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
    closed_reason = fields.String(allow_none=True, validate=validate.OneOf(["expired"]), metadata={
        "description": "why a finished game has no result: `expired`, a table that waited MACAU_WAITING_TTL_S for "
                       "players without filling (event `table_expired`); null otherwise"})
    version = fields.Integer(required=True)
    round = fields.Integer(required=True, metadata={
        "description": "the round being played or last played, numbered from 1; 0 before the first deal"})
    seeded = fields.Boolean(required=True, metadata={"description": (
        "created with a `seed`: its creator may know every card, so such a table is never public")})
    fixed_deal = fields.Boolean(required=True, metadata={"description": (
        "created with a fixed `deal`: its creator knows the cards, so such a table is never public")})
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
    type = fields.String(required=True, metadata={
        "description": "snake_case: the game events of RULES.md §7.3 and the service's own: `game_created`, "
                       "`player_joined`, `bot_joined`, `player_left`, `autopilot_changed`, `turn_timed_out`, "
                       "`call_penalty_applied`, and `table_expired` (a waiting table closed after "
                       "MACAU_WAITING_TTL_S without filling; data `{waited_s}`; the game is then finished with "
                       "no result)"})
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


class JoinedSchema(WebhookResult):
    game_id = fields.String()
    player_id = fields.String(required=True)
    seat = fields.Integer(required=True)
    token = fields.String(required=True)
    status = fields.String()
    version = fields.Integer()
    seeded = fields.Boolean(required=True, metadata={"description": (
        "created with a `seed`: its creator may know every card, so such a table is never public")})
    fixed_deal = fields.Boolean(required=True, metadata={"description": (
        "created with a fixed `deal`: its creator knows the cards, so such a table is never public")})


class BotAddedSchema(Schema):
    player_id = fields.String(required=True)
    seat = fields.Integer(required=True)
    status = fields.String()
    version = fields.Integer()


class QuickplayResultSchema(WebhookResult):
    game_id = fields.String(required=True)
    player_id = fields.String(required=True)
    seat = fields.Integer(required=True)
    token = fields.String(required=True)
    status = fields.String()


class GameSummarySchema(Schema):
    game_id = fields.String(required=True)
    variant = fields.String(required=True)
    status = fields.String(required=True)
    closed_reason = fields.String(allow_none=True, validate=validate.OneOf(["expired"]), metadata={
        "description": "why a finished game has no result: `expired`, a table that waited MACAU_WAITING_TTL_S for "
                       "players without filling (event `table_expired`); null otherwise"})
    seats = fields.Integer(required=True)
    seats_taken = fields.Integer(required=True)
    players = fields.List(fields.Dict(), required=True)
    version = fields.Integer(required=True)
    created_at = fields.String(required=True)
    fill_with_bots_after_s = fields.Float(allow_none=True)
    public = fields.Boolean(metadata={"description": "false for a private table (listed to the auditor only)"})
    attended = fields.Boolean(metadata={"description": (
        "whether a person plays at the table: false when every seat is a bot's (or a human's on autopilot)")})
    seeded = fields.Boolean(metadata={"description": (
        "created with a `seed`: its creator may know every card, so such a table is never public")})
    fixed_deal = fields.Boolean(metadata={"description": (
        "created with a fixed `deal`: its creator knows the cards, so such a table is never public")})
    turn_timeout_s = fields.Float(allow_none=True, metadata={"description": (
        "the table's turn clock in seconds (null: none); a day or more: a correspondence table")})


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


class LastDeliverySchema(Schema):
    message_id = fields.String(required=True, metadata={"description": "its webhook-id header"})
    event = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(["delivered", "retrying", "failed"]))
    at = fields.String(required=True, metadata={"format": "date-time", "description": "its latest attempt"})
    attempts = fields.Integer(required=True)
    http_status = fields.Integer(required=True, allow_none=True, metadata={
        "description": "the receiver's status code; null when there was no answer"})
    error = fields.String(required=True, allow_none=True, validate=validate.OneOf(
        ["timeout", "connection", "tls", "refused", "key"]), metadata={
        "description": "why there was no answer: timeout, connection, tls, refused (an address the service does "
                       "not call), key (a service misconfiguration)"})
    detail = fields.String(required=True)
    next_attempt_at = fields.String(metadata={"format": "date-time", "description": "while retrying"})


class WebhookSchema(Schema):
    webhook_id = fields.String(required=True)
    url = fields.String(required=True)
    events = fields.List(fields.String(), required=True)
    seat = fields.Integer(required=True)
    created_at = fields.String(required=True, metadata={"format": "date-time"})
    status = fields.String(required=True, validate=validate.OneOf(["ok", "retrying", "failed"]), metadata={
        "description": "ok (nothing sent yet, or the latest delivery arrived), retrying (the latest delivery "
                       "failed and is retried), failed (the latest delivery was retried for 24 hours in vain)"})
    last_delivery = fields.Nested(LastDeliverySchema, required=True, allow_none=True)
    delivered = fields.Integer(required=True, metadata={"description": "deliveries that arrived"})
    failed = fields.Integer(required=True, metadata={"description": "deliveries that failed for good"})


class WebhookListSchema(Schema):
    webhooks = fields.List(fields.Nested(WebhookSchema), required=True)
