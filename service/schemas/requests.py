"""Request bodies and query strings: loaded, and refused with a 400 naming the field."""

from __future__ import annotations

import itertools
import re
import unicodedata

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from domain.bots import LEVELS as BOT_LEVELS
from domain.cards import MAX_CARDS, RANKS, SUITS
from domain.commands import ACTIONS, MOVES
from domain.rules import PRESET_IDS
from games.notifications import EVENT_TYPES
from games.webhooks import MAX_URL

CARD_RE = re.compile(r"^(?:(?:10|[2-9JQKA])[CDHS]|JK[BR])$")
VARIANTS = list(PRESET_IDS) + ["custom"]
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


FILLERS = frozenset((0x115F, 0x1160, 0x3164, 0xFFA0))  # Hangul fillers: letters that show nothing
BLANKS = frozenset((0x2800,))  # the braille pattern blank: a symbol that shows nothing
_INVISIBLE = FILLERS | BLANKS | frozenset(range(0xFDD0, 0xFDF0))  # neither category C, Z nor M


def _noncharacter(cp: int) -> bool:
    return 0xFDD0 <= cp <= 0xFDEF or cp & 0xFFFE == 0xFFFE


def _refused(c: str) -> str | None:
    """Why a name may not hold ``c`` at all, or None."""
    cp, category = ord(c), unicodedata.category(c)
    if category in ("Cc", "Cf", "Cs", "Zl", "Zp"):
        return "a control or format character"
    if category == "Co":
        return "a private-use character"
    if _noncharacter(cp):
        return "a noncharacter"
    if cp in FILLERS:
        return "a filler that shows nothing"
    return None


def _shows_nothing(c: str) -> bool:
    """A space, a combining mark (nothing without a letter to sit on) or a blank symbol."""
    return c.isspace() or unicodedata.category(c)[0] in "ZM" or ord(c) in BLANKS


def _name_classes() -> tuple[str, str]:
    """The two character classes of the OpenAPI pattern of a name: what a name may not hold
    at all, and what shows nothing. The BMP only: an ECMA-262 pattern read without the
    ``u`` flag has no escape for an astral code point, and the tools that read the
    document disagree on literal ones; the code check covers every plane."""
    refused: list[list[int]] = []
    nothing: list[list[int]] = []

    def add(ranges, cp):
        if ranges and ranges[-1][1] == cp - 1:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp])

    category = unicodedata.category
    for cp in itertools.chain(range(0xD800), range(0xE000, 0x10000)):  # lone surrogates: Text refuses them
        c = chr(cp)
        if category(c)[0] not in "CZM" and cp not in _INVISIBLE and cp & 0xFFFE != 0xFFFE:  # most: letters...
            continue
        if _refused(c) is not None:
            add(refused, cp)
        elif _shows_nothing(c):
            add(nothing, cp)

    def text(ranges) -> str:
        return "".join(f"\\u{a:04x}" if a == b else f"\\u{a:04x}-\\u{b:04x}" for a, b in ranges)
    return text(refused), text(nothing)


class Name(Text):
    """A player's name: 1-40 characters, NFC-normalised and trimmed, showing something, with
    no control or format character (C0/C1 controls, bidi overrides and isolates, zero-width
    and other invisible marks, line and paragraph separators), private-use character,
    noncharacter or Hangul filler: a name is shown to other players. Showing something:
    not only spaces, combining marks and blank symbols (U+2800)."""

    _REFUSED, _NOTHING = _name_classes()
    PATTERN = f"^[^{_REFUSED}]*[^{_REFUSED}{_NOTHING}\\s][^{_REFUSED}]*$"

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if not 1 <= len(value) <= 40:
            raise ValidationError("Length must be between 1 and 40.")
        for c in value:
            why = _refused(c)
            if why is not None:
                raise ValidationError(f"a name may not contain U+{ord(c):04X} ({why})")
        value = unicodedata.normalize("NFC", value).strip()
        if all(_shows_nothing(c) for c in value):
            raise ValidationError("a name cannot be blank: it must show something (not only spaces, combining "
                                  "marks or blank characters)")
        return value


def name_field(metadata_extra: str = "", **kw):
    return Name(metadata={"description": "1-40 characters, stored NFC-normalised and trimmed; showing something "
                                         "(not only spaces, combining marks or U+2800); no control, format or "
                                         "private-use characters, noncharacters or Hangul fillers. The pattern "
                                         "says so for the Basic Multilingual Plane; beyond it (private use in "
                                         "planes 15 and 16, tags, astral combining marks) the same rules are a "
                                         "400 naming the character" + metadata_extra,
                          "minLength": 1, "maxLength": 40,
                          "pattern": Name.PATTERN}, **kw)


class WebhookSpec(Strict):
    url = Text(required=True, validate=validate.Length(1, MAX_URL), metadata={
        "description": "the receiver: https only, on port 443 (the operator may allow others), no user name or "
                       "password, and a host that resolves to public addresses only (the operator may allow "
                       "private ones, and http, for development); any other is a 400 whose code says why "
                       "(webhook_url_not_https, webhook_url_private, webhook_url_unresolvable, webhook_url_port, "
                       "invalid_webhook_url), before anything is changed. With a seat-taking request the host is "
                       "resolved once the seat is taken: a host refused then is reported in webhook_error",
        "pattern": "^https?://", "format": "uri"})
    events = fields.List(fields.String(validate=validate.OneOf(EVENT_TYPES)), load_default=None,
                         validate=validate.Length(1, len(EVENT_TYPES)), metadata={
                             "description": "the notices to deliver (default: all of them)"})


def webhook_field(**kw):
    """Optional, and never null (read it with ``body.get("webhook")``): generated clients
    type a nullable object's enums badly."""
    return fields.Nested(WebhookSpec, metadata={
        "description": "a webhook for this seat, registered with it (as POST /v1/games/{id}/webhooks would): the "
                       "response's `webhook` holds its id and secret"}, **kw)


class PlayerSpec(Strict):
    name = name_field(metadata_extra="; required but for the first player when the request carries a player key "
                                     "(`Authorization: Player <key>`): that seat takes the player's name")
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
        "description": "Overrides of the preset's parameters, in the shape of a variant's `rules` (option flags under "
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
    rated = StrictBool(metadata={"description": (
        "whether the game counts for its players' ratings (docs/ratings.md). Default: true when the request "
        "carries a player key (`Authorization: Player <key>`) and the table can be rated: a preset (not "
        "`custom`), no `rules`, `seed` or `deal`, a turn clock (`turn_timeout_s`), and no human seated but the "
        "key's player; `true` for a table that cannot be rated is a 400 saying why. A rated table seats only "
        "players with a player key (and bots)")})


PLAYER_NAME = ("; with a player key (`Authorization: Player <key>`) the seat takes the player's name and this one "
               "is not used (it may be left out)")


class JoinSchema(Strict):
    name = name_field(metadata_extra=PLAYER_NAME)
    webhook = webhook_field()


class AddBotSchema(Strict):
    level = fields.String(load_default="normal", validate=validate.OneOf(LEVELS))
    seat = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(0, 9), metadata={
        "description": "the free seat to give the bot (default: the lowest open seat, then a seat a rematch holds)"})


class QuickplaySchema(Strict):
    variant = fields.String(required=True, validate=validate.OneOf(VARIANTS[:-1]))
    seats = fields.Integer(strict=True, load_default=4, validate=validate.Range(2, 10))
    name = name_field(metadata_extra=PLAYER_NAME)
    fill_with_bots_after_s = StrictFloat(load_default=None, allow_none=True, validate=validate.Range(0, 86_400))
    turn_timeout_s = StrictFloat(load_default=60.0, allow_none=True, validate=validate.Range(1, MAX_TURN_TIMEOUT_S),
                                 metadata={"description": "the turn clock of the table to join or open (null: "
                                                          "none): only a waiting table with this clock is joined"})
    webhook = webhook_field()
    rated = StrictBool(metadata={"description": (
        "a seat at a rated table, chosen by rating (docs/ratings.md): the default with a player key and a turn "
        "clock; `true` without a key is a 401, with a null `turn_timeout_s` a 400")})


class CreatePlayerSchema(Strict):
    name = name_field(required=True)


class PageQuery(Strict):
    offset = QueryInt(load_default=0, validate=validate.Range(0, 10**6))
    limit = QueryInt(load_default=20, validate=validate.Range(1, 100))


class LeaderboardQuery(PageQuery):
    limit = QueryInt(load_default=50, validate=validate.Range(1, 100))
    around = fields.String(load_default=None, validate=validate.OneOf(["me"]), metadata={
        "description": "`me`: the page around the caller's place (a player key is required), instead of `offset`"})


class WishSchema(Strict):
    suit = fields.String(validate=validate.OneOf(SUITS))
    rank = fields.String(validate=validate.OneOf([r for r in RANKS]))
    free = StrictBool(validate=validate.Equal(True))

    @validates_schema
    def exactly_one(self, data, **kwargs):
        if len(data) != 1:
            raise ValidationError('a wish is exactly one of {"suit": S}, {"rank": R}, {"free": true}')


def _move_field(param):
    """The marshmallow field of one move param (``domain.commands.MOVES``)."""
    make = {
        "cards": lambda: fields.List(card(), validate=validate.Length(1, MAX_CARDS)),
        "card": lambda: card(allow_none=param.nullable),
        "wish": lambda: fields.Nested(WishSchema, allow_none=param.nullable),
        "flag": lambda: StrictBool(allow_none=param.nullable),
        "seat": lambda: fields.Integer(strict=True, allow_none=param.nullable, validate=validate.Range(0, 9)),
    }[param.kind]
    return make()


def _move_schema() -> type[Schema]:
    """One schema for every move body, made from ``domain.commands.MOVES``: each action
    takes its own params only, and requires the ones it needs."""
    params = {}
    for move in MOVES:
        for p in move.params:
            if params.setdefault(p.name, p).kind != p.kind:
                raise TypeError(f"move param {p.name!r} has two kinds")
    allowed = {m.action: {p.name for p in m.params} for m in MOVES}
    required = {m.action: [p.name for p in m.params if p.required] for m in MOVES}
    listed = {p.choices: p.name for p in params.values() if p.choices}

    @validates_schema
    def shape(self, data, **kwargs):
        action = data.get("action")
        extra = set(data) - allowed.get(action, set()) - {"action"}
        if extra:
            raise ValidationError(f"{sorted(extra)} not allowed with action {action!r}")
        for name in required.get(action, ()):
            if name not in data:
                raise ValidationError(f"a {action} needs {name}", name)

    attrs = {"action": fields.String(required=True, validate=validate.OneOf(ACTIONS)), "shape": shape,
             **{name: _move_field(p) for name, p in params.items()}}
    schema = type("MoveSchema", (Strict,), attrs)
    schema.LISTED = listed
    return schema


MoveSchema = _move_schema()


class ListGamesQuery(Strict):
    status = fields.String(load_default="waiting", validate=validate.OneOf(["waiting", "playing", "finished"]))
    variant = fields.String(load_default=None, validate=validate.OneOf(VARIANTS))
    limit = QueryInt(load_default=50, validate=validate.Range(1, 200))


class EventsQuery(Strict):
    after = QueryInt(load_default=0, validate=validate.Range(0, 2**53))
    limit = QueryInt(load_default=500, validate=validate.Range(1, 1000))
    wait = fields.Float(load_default=0.0, validate=validate.Range(0, MAX_WAIT_S))
    until = fields.String(load_default="event", validate=validate.OneOf(["event", "turn"]),
                          metadata={"description": "what a long-poll (`wait`) waits for: any event after `after` "
                                                   "(`event`), or, with a seat token, events after `after` that "
                                                   "leave the seat something to do (its turn frame) or end the game "
                                                   "(`turn`: a client that only acts needs one request per turn); "
                                                   "the answer holds every event after `after` either way"})


class StreamQuery(Strict):
    after = QueryInt(load_default=None, validate=validate.Range(0, 2**53),
                           metadata={"description": "resume after this seq (Last-Event-ID wins when both are sent)"})


class ReplayQuery(Strict):
    # event 1 (game_created) is the first state there is; beyond the last event is a 404
    at = QueryInt(load_default=None, validate=validate.Range(1, 2**53))
