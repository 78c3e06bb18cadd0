"""Request bodies and query strings: loaded, and refused with a 400 naming the field."""

from __future__ import annotations

import re
import unicodedata

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from domain.bots import LEVELS as BOT_LEVELS
from domain.cards import RANKS, SUITS
from domain.rules import PRESET_IDS
from games.notifications import EVENT_TYPES
from games.webhooks import MAX_URL

CARD_RE = re.compile(r"^(?:(?:10|[2-9JQKA])[CDHS]|JK[BR])$")
VARIANTS = list(PRESET_IDS) + ["custom"]
ACTIONS = ["play", "draw", "pass", "announce", "catch", "choose_pass_card"]
LEVELS = list(BOT_LEVELS)


MAX_WAIT_S = 30  # the longest long-poll (API.md)
MAX_TURN_TIMEOUT_S = 14 * 86_400  # correspondence tables: a turn clock of up to 14 days

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


class QueryInt(fields.Integer):
    """An integer in a query string: ASCII digits only (``int`` would also take "١٢" or
    " 12"), at most 16 of them."""

    DIGITS = re.compile(r"[0-9]{1,16}")

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, str) or not self.DIGITS.fullmatch(value):
            raise ValidationError("Not a valid integer: 1 to 16 ASCII digits.")
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


def _refused_class(categories: set[str]) -> str:
    """A regex character class body of every BMP code point in ``categories`` (the class
    goes into the OpenAPI document, whose ECMA-262 patterns have no astral escapes; the
    code check below covers every plane)."""
    ranges, start = [], None
    for cp in range(0x10001):
        bad = cp <= 0xFFFF and unicodedata.category(chr(cp)) in categories
        if bad and start is None:
            start = cp
        elif not bad and start is not None:
            ranges.append((start, cp - 1))
            start = None
    return "".join(f"\\u{a:04x}" if a == b else f"\\u{a:04x}-\\u{b:04x}" for a, b in ranges)


class Name(Text):
    """A player's name: 1-40 characters, NFC-normalised and trimmed, not blank, with no
    control or format character (C0/C1 controls, bidi overrides and isolates, zero-width
    and other invisible marks, line and paragraph separators): a name is shown to other
    players."""

    REFUSED = {"Cc", "Cf", "Cs", "Zl", "Zp"}
    _CLASS = _refused_class(REFUSED - {"Cs"})  # lone surrogates: Text refuses them already
    PATTERN = f"^[^{_CLASS}]*[^{_CLASS}\\s][^{_CLASS}]*$"

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if not 1 <= len(value) <= 40:
            raise ValidationError("Length must be between 1 and 40.")
        bad = next((c for c in value if unicodedata.category(c) in self.REFUSED), None)
        if bad is not None:
            raise ValidationError(f"a name may not contain U+{ord(bad):04X} (a control or format character)")
        value = unicodedata.normalize("NFC", value).strip()
        if not value:
            raise ValidationError("a name cannot be blank")
        return value


def name_field(**kw):
    return Name(metadata={"description": "1-40 characters, stored NFC-normalised and trimmed; not blank; no "
                                         "control or format characters", "minLength": 1, "maxLength": 40,
                          "pattern": Name.PATTERN}, **kw)


class WebhookSpec(Strict):
    url = Text(required=True, validate=validate.Length(1, MAX_URL), metadata={
        "description": "the receiver: https only, no user name or password, and a host that resolves to public "
                       "addresses only (the operator may allow private ones, and http, for development); any "
                       "other is a 400 whose code says why (webhook_url_not_https, webhook_url_private, "
                       "webhook_url_unresolvable, invalid_webhook_url), before anything is changed",
        "pattern": "^https?://", "format": "uri"})
    events = fields.List(fields.String(validate=validate.OneOf(EVENT_TYPES)), load_default=None,
                         validate=validate.Length(1, len(EVENT_TYPES)), metadata={
                             "description": "the notices to deliver (default: all of them)"})


def webhook_field(**kw):
    return fields.Nested(WebhookSpec, load_default=None, metadata={
        "description": "a webhook for this seat, registered with it (as POST /v1/games/{id}/webhooks would): the "
                       "response's `webhook` holds its id and secret"}, **kw)


class PlayerSpec(Strict):
    name = name_field(required=True)
    webhook = webhook_field()


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
    turn_timeout_s = StrictFloat(load_default=60.0, allow_none=True, validate=validate.Range(1, MAX_TURN_TIMEOUT_S),
                                 metadata={"description": "seconds a seat has for its turn (null: no clock): live "
                                                          "clocks of seconds or minutes, or correspondence clocks "
                                                          "of days, up to 14 days (1209600)"})
    announce_window_s = StrictFloat(load_default=5.0, validate=validate.Range(0.5, 600))
    fill_with_bots_after_s = StrictFloat(load_default=None, allow_none=True, validate=validate.Range(0, 86_400))
    seed = fields.Integer(strict=True, load_default=None, allow_none=True,
                          validate=validate.Range(-(2**63), 2**63 - 1))
    deal = fields.Nested(DealSchema, load_default=None, allow_none=True)
    public = StrictBool(metadata={"description": (
        "listed in GET /v1/games and offered by quick play. Default: true, but false for a table with a `seed` "
        "or a `deal`, which can never be public (its creator may know every card): `true` with either is a 400")})


class JoinSchema(Strict):
    name = name_field(required=True)
    webhook = webhook_field()


class AddBotSchema(Strict):
    level = fields.String(load_default="normal", validate=validate.OneOf(LEVELS))


class QuickplaySchema(Strict):
    variant = fields.String(required=True, validate=validate.OneOf(VARIANTS[:-1]))
    seats = fields.Integer(strict=True, load_default=4, validate=validate.Range(2, 10))
    name = name_field(required=True)
    fill_with_bots_after_s = StrictFloat(load_default=None, allow_none=True, validate=validate.Range(0, 86_400))
    turn_timeout_s = StrictFloat(load_default=60.0, allow_none=True, validate=validate.Range(1, MAX_TURN_TIMEOUT_S),
                                 metadata={"description": "the turn clock of the table to join or open (null: "
                                                          "none): only a waiting table with this clock is joined"})
    webhook = webhook_field()


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
    limit = QueryInt(load_default=50, validate=validate.Range(1, 200))


class EventsQuery(Strict):
    after = QueryInt(load_default=0, validate=validate.Range(0, 2**53))
    limit = QueryInt(load_default=500, validate=validate.Range(1, 1000))
    wait = fields.Float(load_default=0.0, validate=validate.Range(0, MAX_WAIT_S))


class StreamQuery(Strict):
    after = QueryInt(load_default=None, validate=validate.Range(0, 2**53),
                           metadata={"description": "resume after this seq (Last-Event-ID wins when both are sent)"})


class ReplayQuery(Strict):
    # event 1 (game_created) is the first state there is; beyond the last event is a 404
    at = QueryInt(load_default=None, validate=validate.Range(1, 2**53))
