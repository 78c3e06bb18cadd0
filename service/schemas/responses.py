"""Response shapes, for the OpenAPI document: views build plain dicts and serialize them
with orjson; the API tests validate every response against the generated document.

A field documented as a named component (``ref``: a card, a variant id, an event) says
so in its metadata; ``documents.component_refs`` writes it as a reference."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from domain.rules.validate import FAMILY
from games.notifications import ANNOUNCE, CATCH, EVENT_TYPES, PASS_CARD, PENDING_DRAW, PENDING_SKIP, TURN
from games.views import YOUR_TURN

from .documents import COMPONENT


def ref(component: str, *, many: bool = False, **kw):
    """A field documented as ``#/components/schemas/<component>`` (a list of them with
    ``many``); ``allow_none`` makes it ``component | null``."""
    if many:
        description = kw.pop("metadata", {}).get("description")
        meta = {"description": description} if description else {}
        return fields.List(fields.Raw(metadata={COMPONENT: component}), metadata=meta, **kw)
    metadata = {COMPONENT: component, **kw.pop("metadata", {})}
    return fields.Raw(metadata=metadata, **kw)


SEAT = {"validate": validate.Range(0, 9)}


class ProblemSchema(Schema):
    type = fields.String(required=True, metadata={"format": "uri", "description": "the problem type: "
                                                  "https://macau.dev/problems/ followed by `code`"})
    title = fields.String(required=True)
    status = fields.Integer(required=True, validate=validate.Range(400, 599))
    detail = fields.String(required=True, metadata={"description": "what went wrong, for people"})
    code = ref("ProblemCode", required=True)
    reason = ref("RejectionReason")


class PlayersRange(Schema):
    min = fields.Integer(required=True)
    max = fields.Integer(required=True)


class VariantSchema(Schema):
    id = ref("VariantId", required=True)
    name = fields.String(required=True)
    players = fields.Nested(PlayersRange, required=True)
    rules = fields.Dict(required=True, allow_none=True, metadata={
        "description": "the preset's full rule set; null for `custom`"})
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
    events = fields.List(fields.String(validate=validate.OneOf(EVENT_TYPES)), required=True)
    seat = fields.Integer(required=True, **SEAT)
    created_at = fields.String(required=True, metadata={"format": "date-time"})


class WebhookResult(Schema):
    """The webhook a seat-taking request registered (`webhook` in its body), if any."""

    webhook = fields.Nested(WebhookCreatedSchema, allow_none=True, metadata={
        "description": "the webhook registered with this seat (its `webhook` in the request); null if the seat was "
                       "taken but the webhook could not be stored (`webhook_error` says why)"})
    webhook_error = fields.String(metadata={"description": "why the requested webhook was not registered"})


class SeatedPlayerSchema(WebhookResult):
    player_id = ref("PlayerId", required=True)
    seat = fields.Integer(required=True, **SEAT)
    token = fields.String(required=True, metadata={"description": "returned once; send as Authorization: Bearer"})


PROFILE_ID = ("the public id of the player who took the seat with his player key (`GET /v1/players/{id}`); null "
              "for a seat taken without one, a bot's, or an erased player's (named `Erased player`)")


class SeatedBotSchema(Schema):
    player_id = ref("PlayerId", required=True)
    seat = fields.Integer(required=True, **SEAT)


class SeatSchema(Schema):
    seat = fields.Integer(required=True, **SEAT)
    player_id = ref("PlayerId", required=True, allow_none=True)
    name = fields.String(required=True, allow_none=True)
    profile_id = fields.String(allow_none=True, metadata={"description": PROFILE_ID})
    kind = ref("SeatKind", required=True, allow_none=True, metadata={"description": "null for a free seat"})
    bot_level = ref("BotLevel", required=True, allow_none=True)
    autopilot = fields.Boolean(required=True)
    hand_size = fields.Integer(required=True)
    score = fields.Integer(required=True)
    out = fields.Boolean(required=True)
    place = fields.Integer(required=True, allow_none=True)
    reserved = fields.Boolean(metadata={"description": "a free seat of a rematch held for the player who sat there "
                                                       "in the last game (only he takes it, with "
                                                       "`POST /v1/games/{old id}/rematch`; a seated player may give "
                                                       "it to a bot)"})


class PendingDrawSchema(Schema):
    amount = fields.Integer(required=True)
    target_seat = fields.Integer(required=True, **SEAT)
    family = fields.String(metadata={"pattern": FAMILY.pattern, "description": "the draw cards' family (which "
                                     "cards answer the penalty)"})


class PendingSkipSchema(Schema):
    turns = fields.Integer(required=True)
    target_seat = fields.Integer(required=True, **SEAT)


class WishViewSchema(Schema):
    kind = fields.String(required=True, validate=validate.OneOf(["suit", "rank", "free_suit", "free_plain"]))
    value = ref("WishValue", required=True, allow_none=True, metadata={
        "description": "the suit or rank wished; null for the free kinds"})
    by_seat = fields.Integer(required=True, **SEAT)
    excluded_suit = ref("Suit", allow_none=True)


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


class YouSchema(Schema):
    seat = fields.Integer(required=True, **SEAT)
    player_id = ref("PlayerId", required=True, allow_none=True)
    hand = ref("Card", many=True, required=True)
    legal_moves = ref("LegalMove", many=True, required=True)
    legal_moves_truncated = fields.Boolean(required=True)


class ConfigSchema(Schema):
    bot_delay_s = fields.Float(required=True)
    turn_timeout_s = fields.Float(required=True, allow_none=True)
    announce_window_s = fields.Float(required=True, allow_none=True)
    fill_with_bots_after_s = fields.Float(required=True, allow_none=True)
    public = fields.Boolean(required=True)
    seeded = fields.Boolean(required=True)
    rated = fields.Boolean(metadata={"description": "present (true) on a rated table"})


class GameViewSchema(Schema):
    game_id = ref("GameId", required=True)
    variant = ref("VariantId", required=True)
    status = ref("GameStatus", required=True)
    closed_reason = ref("ClosedReason", allow_none=True)
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
    direction = ref("Direction", required=True)
    top_card = ref("Card", required=True, allow_none=True)
    top_card_as = ref("Card", allow_none=True, metadata={"description": "Pławno: the card a top joker stands for"})
    discard_size = fields.Integer(required=True)
    stock_size = fields.Integer(required=True)
    effective_suit = ref("Suit", required=True, allow_none=True)
    effective_rank = ref("Rank", required=True, allow_none=True)
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
    rematch_game_id = fields.String(allow_none=True, metadata={
        "description": "a finished game played again: the new game's id (event `rematch_offered`); null otherwise"})
    rematch_of = fields.String(allow_none=True, metadata={
        "description": "the game this one plays again (a rematch); null otherwise"})
    rated = fields.Boolean(metadata={"description": "whether the game counts for its players' ratings"})
    you = fields.Nested(YouSchema, metadata={"description": "present with a seat token"})
    hands = fields.List(fields.List(fields.Raw(metadata={COMPONENT: "Card"})), metadata={"description": "auditor only"})
    stock = ref("Card", many=True, metadata={"description": "auditor only; top first"})


class ReplaySchema(GameViewSchema):
    at = fields.Integer(required=True)
    discard = ref("Card", many=True, required=True, metadata={"description": "the discard pile, bottom first"})
    rules = fields.Dict(required=True)
    seed = fields.String(required=True)


class TurnFrameSchema(Schema):
    """What gives a seat its turn, on its own stream (the SSE event `your_turn`, which has
    no `id`: it is not an event of the log) and in its long-polls: what the seat must or
    may do now, its legal moves, its hand and the version to send a move with (`If-Match`),
    and its whole view then (`game`), so a client needs no read of the game per turn. Only
    that seat is ever given it."""

    type = fields.String(required=True, validate=validate.OneOf([YOUR_TURN]))
    game_id = ref("GameId", required=True)
    seat = fields.Integer(required=True, **SEAT)
    version = fields.Integer(required=True, metadata={"description": "the game's version these moves are for"})
    reasons = fields.List(fields.String(validate=validate.OneOf([TURN, PENDING_DRAW, PENDING_SKIP, PASS_CARD,
                                                                 ANNOUNCE, CATCH])), required=True,
                          metadata={"description": "why the seat may act: its turn (with a pending draw or skip "
                                                   "aimed at it), a pass card to choose, its own last-card call, "
                                                   "an opponent's missed call to catch"})
    legal_moves = ref("LegalMove", many=True, required=True)
    legal_moves_truncated = fields.Boolean(required=True)
    hand = ref("Card", many=True, required=True)
    turn_deadline = fields.String(required=True, allow_none=True, metadata={"format": "date-time"})
    window_deadline = fields.String(required=True, allow_none=True, metadata={"format": "date-time"})
    game = fields.Nested(GameViewSchema, required=True,
                         metadata={"description": "the seat's view of the game at `version`: what a read of the "
                                                  "game would answer (a table drawn from it needs no read)"})


class EventPageSchema(Schema):
    """A page of a game's events, as the caller may see them, and the version they reach."""

    version = fields.Integer(required=True)
    events = ref("Event", many=True, required=True)
    turn = fields.Nested(TurnFrameSchema, required=True, allow_none=True,
                         metadata={"description": "with a seat token: the seat's turn frame at `version` when it "
                                                  "has something to do then, else null"})


class MoveResultSchema(Schema):
    version = fields.Integer(required=True)
    events = ref("Event", many=True, required=True, metadata={"description": "the events the move made, as the "
                                                               "mover may see them"})
    game = fields.Nested(GameViewSchema, required=True)


class CreatedGameSchema(Schema):
    game_id = ref("GameId", required=True)
    version = fields.Integer(required=True)
    status = ref("GameStatus", required=True)
    seats = fields.List(fields.Nested(SeatSchema), required=True)
    players = fields.List(fields.Nested(SeatedPlayerSchema), required=True)
    bots = fields.List(fields.Nested(SeatedBotSchema), required=True)
    variant = ref("VariantId", required=True)


class JoinedSchema(WebhookResult):
    game_id = ref("GameId", required=True)
    player_id = ref("PlayerId", required=True)
    seat = fields.Integer(required=True, **SEAT)
    token = fields.String(required=True, metadata={"description": "returned once; send as Authorization: Bearer"})
    status = ref("GameStatus", required=True)
    version = fields.Integer(required=True)
    seeded = fields.Boolean(required=True, metadata={"description": (
        "created with a `seed`: its creator may know every card, so such a table is never public")})
    fixed_deal = fields.Boolean(required=True, metadata={"description": (
        "created with a fixed `deal`: its creator knows the cards, so such a table is never public")})


class RematchSchema(JoinedSchema):
    rematch_of = ref("GameId", required=True, metadata={"description": "the finished game this one plays again"})


class BotAddedSchema(Schema):
    player_id = ref("PlayerId", required=True)
    seat = fields.Integer(required=True, **SEAT)
    status = ref("GameStatus", required=True)
    version = fields.Integer(required=True)


class QuickplayResultSchema(WebhookResult):
    game_id = ref("GameId", required=True)
    player_id = ref("PlayerId", required=True)
    seat = fields.Integer(required=True, **SEAT)
    token = fields.String(required=True, metadata={"description": "returned once; send as Authorization: Bearer"})
    status = ref("GameStatus", required=True)


class ListedPlayerSchema(Schema):
    seat = fields.Integer(required=True, **SEAT)
    name = fields.String(required=True)
    kind = ref("SeatKind", required=True)
    profile_id = fields.String(allow_none=True, metadata={"description": PROFILE_ID})
    autopilot = fields.Boolean(metadata={"description": "a bot plays for this human now (repeated timeouts)"})


class GameSummarySchema(Schema):
    game_id = ref("GameId", required=True)
    variant = ref("VariantId", required=True)
    status = ref("GameStatus", required=True)
    # not required: a finished game's summary may come from an archive written before these fields
    closed_reason = ref("ClosedReason", allow_none=True)
    seats = fields.Integer(required=True)
    seats_taken = fields.Integer(required=True)
    seats_open = fields.Integer(metadata={"description": "free seats anyone may take (a rematch holds its old "
                                                         "players' seats for them)"})
    players = fields.List(fields.Nested(ListedPlayerSchema), required=True)
    version = fields.Integer(required=True)
    created_at = fields.String(required=True, metadata={"format": "date-time"})
    fill_with_bots_after_s = fields.Float(allow_none=True)
    public = fields.Boolean(metadata={"description": "false for a private table (listed to the auditor only)"})
    attended = fields.Boolean(metadata={"description": (
        "whether a person plays at the table: false when every seat is a bot's (or a human's on autopilot)")})
    seeded = fields.Boolean(metadata={"description": (
        "created with a `seed`: its creator may know every card, so such a table is never public")})
    fixed_deal = fields.Boolean(metadata={"description": (
        "created with a fixed `deal`: its creator knows the cards, so such a table is never public")})
    rated = fields.Boolean(metadata={"description": "whether the game counts for its players' ratings"})
    turn_timeout_s = fields.Float(allow_none=True, metadata={"description": (
        "the table's turn clock in seconds (null: none); a day or more: a correspondence table")})


class GameListSchema(Schema):
    games = fields.List(fields.Nested(GameSummarySchema), required=True)


class LeftSchema(Schema):
    seat = fields.Integer(required=True, **SEAT)
    version = fields.Integer(required=True)
    status = ref("GameStatus", required=True)


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


class SealKeySchema(Schema):
    algorithm = fields.String(required=True, validate=validate.OneOf(["Ed25519"]))
    key_id = fields.String(required=True, metadata={"description": "the first 16 hex digits of the key's SHA-256; "
                                                                   "each seal names the key that made it"})
    public_key = fields.String(required=True, metadata={
        "description": "`ed25519:` and the key's 32 bytes in base64: what `macau verify FILE --public-key` takes"})
    pem = fields.String(required=True, metadata={"description": "the same key as a PEM SubjectPublicKeyInfo"})


# ------------------------------------------------------------------ players, ratings, leaderboards
class PlayerCreatedSchema(Schema):
    player_id = fields.String(required=True, metadata={"description": "the player's public id"})
    player_key = fields.String(required=True, metadata={
        "description": "the player's secret, shown once: send it as `Authorization: Player <key>` at create, "
                       "join and quick play to sit as this player, and to read `/v1/players/me`"})
    name = fields.String(required=True)
    tag = fields.String(required=True, metadata={
        "description": "four characters shown after the name (`Ana #K7QX`) that tell apart players of the same "
                       "name: derived from the public `player_id` alone (SHA-256), so they reveal nothing of the key",
        "pattern": "^[0-9A-HJKMNP-TV-Z]{4}$"})
    created_at = fields.String(required=True, metadata={"format": "date-time"})


class BotStepSchema(Schema):
    level = ref("BotLevel", required=True)
    rating = fields.Integer(required=True)


class VariantRatingSchema(Schema):
    variant = ref("VariantId", required=True)
    rating = fields.Integer(required=True, metadata={"description": "the rating shown: 1000 + 40 (mu - 3 sigma)"})
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)
    games = fields.Integer(required=True, metadata={"description": "rated games played in this variant"})
    rank = fields.Integer(required=True, allow_none=True, metadata={"description": "place on the leaderboard, from 1"})
    bots_passed = fields.List(fields.Nested(BotStepSchema), required=True, metadata={
        "description": "the bot levels whose rating in this variant is below the player's"})
    next_bot = fields.Nested(BotStepSchema, required=True, allow_none=True, metadata={
        "description": "the lowest-rated bot level still above the player (null: he has passed them all)"})


class ProfileSchema(Schema):
    player_id = fields.String(required=True)
    name = fields.String(required=True)
    tag = fields.String(required=True, metadata={
        "description": "four characters shown after the name (`Ana #K7QX`) that tell apart players of the same "
                       "name: derived from the public `player_id` alone (SHA-256), so they reveal nothing of the key",
        "pattern": "^[0-9A-HJKMNP-TV-Z]{4}$"})
    created_at = fields.String(required=True, metadata={"format": "date-time"})
    games = fields.Integer(required=True, metadata={"description": "games the player has taken a seat at"})
    rated_games = fields.Integer(required=True)
    ratings = fields.List(fields.Nested(VariantRatingSchema), required=True, metadata={
        "description": "one per variant the player has a rated game in"})


class PlayerKeySchema(Schema):
    player_id = fields.String(required=True)
    player_key = fields.String(required=True, metadata={"description": "the new key, shown once; the old one no "
                                                                       "longer works"})


class GameLinksSchema(Schema):
    game = fields.String(required=True)
    events = fields.String(required=True)
    replay = fields.String(required=True)
    audit = fields.String(required=True)
    export = fields.String(required=True)


class RatingChangeSchema(Schema):
    before = fields.Integer(required=True)
    after = fields.Integer(required=True)


class MyGameSchema(Schema):
    game_id = ref("GameId", required=True)
    variant = ref("VariantId", required=True)
    status = ref("GameStatus", required=True)
    rated = fields.Boolean(required=True)
    seat = fields.Integer(required=True, allow_none=True)
    place = fields.Integer(required=True, allow_none=True)
    left = fields.Boolean(required=True, metadata={"description": "the player left the game (a bot took the seat)"})
    players = fields.List(fields.Nested(ListedPlayerSchema), required=True,
                          metadata={"description": "every seat taken"})
    rating_change = fields.Nested(RatingChangeSchema, required=True, allow_none=True, metadata={
        "description": "the player's rating before and after the game, once the ratings have it"})
    created_at = fields.String(required=True, metadata={"format": "date-time"})
    updated_at = fields.String(required=True, metadata={"format": "date-time"})
    links = fields.Nested(GameLinksSchema, required=True)


class MyGamesSchema(Schema):
    total = fields.Integer(required=True)
    offset = fields.Integer(required=True)
    games = fields.List(fields.Nested(MyGameSchema), required=True)


class LeaderboardEntrySchema(Schema):
    rank = fields.Integer(required=True)
    kind = ref("SeatKind", required=True)
    player_id = fields.String(required=True, allow_none=True, metadata={"description": "a player's public id "
                                                                                      "(`GET /v1/players/{id}`)"})
    name = fields.String(required=True)
    tag = fields.String(required=True, allow_none=True, metadata={
        "description": "a player's tag (as his profile shows it); null for a bot level", "pattern": "^[0-9A-HJKMNP-TV-Z]{4}$"})
    bot_level = ref("BotLevel", required=True, allow_none=True)
    rating = fields.Integer(required=True)
    games = fields.Integer(required=True)
    me = fields.Boolean(metadata={"description": "the caller (with a player key)"})


class LeaderboardSchema(Schema):
    variant = ref("VariantId", required=True)
    total = fields.Integer(required=True, metadata={"description": "entries on the board, bots included"})
    offset = fields.Integer(required=True)
    entries = fields.List(fields.Nested(LeaderboardEntrySchema), required=True)
    me = fields.Nested(LeaderboardEntrySchema, required=True, allow_none=True, metadata={
        "description": "the caller's entry, with a player key and a rated game in this variant"})
class LastDeliverySchema(Schema):
    message_id = fields.String(required=True, metadata={"description": "its webhook-id header"})
    event = fields.String(required=True, validate=validate.OneOf(EVENT_TYPES))
    status = fields.String(required=True, validate=validate.OneOf(["delivered", "retrying", "failed"]))
    at = fields.String(required=True, metadata={"format": "date-time", "description": "its latest attempt"})
    attempts = fields.Integer(required=True)
    http_status = fields.Integer(required=True, allow_none=True, metadata={
        "description": "the receiver's status code; null when there was no answer"})
    error = fields.String(required=True, allow_none=True, validate=validate.OneOf(
        ["timeout", "connection", "tls", "refused", "key", "overflow"]), metadata={
        "description": "why there was no answer: connection (no connection, or no HTTP answer in time: one error "
                       "whatever the cause, so deliveries tell nothing of a host's ports; `timeout` in records "
                       "made before), tls, refused (an address the service does not call), key (a service "
                       "misconfiguration), overflow (the webhook held too many deliveries not done: the oldest "
                       "failed)"})
    detail = fields.String(required=True)
    next_attempt_at = fields.String(metadata={"format": "date-time", "description": "while retrying"})


class WebhookSchema(Schema):
    webhook_id = fields.String(required=True)
    url = fields.String(required=True)
    events = fields.List(fields.String(validate=validate.OneOf(EVENT_TYPES)), required=True)
    seat = fields.Integer(required=True, **SEAT)
    created_at = fields.String(required=True, metadata={"format": "date-time"})
    status = fields.String(required=True, validate=validate.OneOf(["ok", "retrying", "failed"]), metadata={
        "description": "ok (nothing sent yet, or the latest delivery arrived), retrying (the latest delivery "
                       "failed and is retried), failed (the latest delivery was retried for 24 hours in vain, or "
                       "dropped as the oldest of too many waiting)"})
    last_delivery = fields.Nested(LastDeliverySchema, required=True, allow_none=True)
    delivered = fields.Integer(required=True, metadata={"description": "deliveries that arrived"})
    failed = fields.Integer(required=True, metadata={"description": "deliveries that failed for good"})


class WebhookListSchema(Schema):
    webhooks = fields.List(fields.Nested(WebhookSchema), required=True)
