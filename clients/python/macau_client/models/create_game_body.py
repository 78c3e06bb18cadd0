from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_game_body_variant import CreateGameBodyVariant, check_create_game_body_variant
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_game_body_bots_item import CreateGameBodyBotsItem
    from ..models.create_game_body_deal_type_0 import CreateGameBodyDealType0
    from ..models.create_game_body_players_item import CreateGameBodyPlayersItem
    from ..models.create_game_body_rules_type_0 import CreateGameBodyRulesType0


T = TypeVar("T", bound="CreateGameBody")


@_attrs_define
class CreateGameBody:
    """
    Attributes:
        variant (CreateGameBodyVariant):
        rules (CreateGameBodyRulesType0 | None | Unset): Overrides of the preset's parameters, in the shape of a
            variant's `rules` (option flags under `options`); for `custom`, `base` names the preset to start from.
        seats (int | Unset):  Default: 4.
        players (list[CreateGameBodyPlayersItem] | Unset):
        bots (list[CreateGameBodyBotsItem] | Unset):
        bot_delay_s (float | Unset):  Default: 1.0.
        turn_timeout_s (float | None | Unset): seconds a seat has for its turn (null: no clock): live clocks of seconds
            or minutes, or correspondence clocks of days, up to 14 days (1209600) Default: 60.0.
        announce_window_s (float | Unset):  Default: 5.0.
        fill_with_bots_after_s (float | None | Unset):
        seed (int | None | Unset):
        deal (CreateGameBodyDealType0 | None | Unset):
        public (bool | Unset): listed in GET /v1/games and offered by quick play. Default: true, but false for a table
            with a `seed` or a `deal`, which can never be public (its creator may know every card): `true` with either is a
            400
        rated (bool | Unset): whether the game counts for its players' ratings (docs/ratings.md). Default: true when the
            request carries a player key (`Authorization: Player <key>`) and the table can be rated: a preset (not
            `custom`), no `rules`, `seed` or `deal`, a turn clock (`turn_timeout_s`), and no human seated but the key's
            player; `true` for a table that cannot be rated is a 400 saying why. A rated table seats only players with a
            player key (and bots)
    """

    variant: CreateGameBodyVariant
    rules: CreateGameBodyRulesType0 | None | Unset = UNSET
    seats: int | Unset = 4
    players: list[CreateGameBodyPlayersItem] | Unset = UNSET
    bots: list[CreateGameBodyBotsItem] | Unset = UNSET
    bot_delay_s: float | Unset = 1.0
    turn_timeout_s: float | None | Unset = 60.0
    announce_window_s: float | Unset = 5.0
    fill_with_bots_after_s: float | None | Unset = UNSET
    seed: int | None | Unset = UNSET
    deal: CreateGameBodyDealType0 | None | Unset = UNSET
    public: bool | Unset = UNSET
    rated: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.create_game_body_deal_type_0 import CreateGameBodyDealType0  # noqa: PLC0415
        from ..models.create_game_body_rules_type_0 import CreateGameBodyRulesType0  # noqa: PLC0415

        variant: str = self.variant

        rules: dict[str, Any] | None | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, CreateGameBodyRulesType0):
            rules = self.rules.to_dict()
        else:
            rules = self.rules

        seats = self.seats

        players: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.players, Unset):
            players = []
            for players_item_data in self.players:
                players_item = players_item_data.to_dict()
                players.append(players_item)

        bots: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.bots, Unset):
            bots = []
            for bots_item_data in self.bots:
                bots_item = bots_item_data.to_dict()
                bots.append(bots_item)

        bot_delay_s = self.bot_delay_s

        turn_timeout_s: float | None | Unset
        if isinstance(self.turn_timeout_s, Unset):
            turn_timeout_s = UNSET
        else:
            turn_timeout_s = self.turn_timeout_s

        announce_window_s = self.announce_window_s

        fill_with_bots_after_s: float | None | Unset
        if isinstance(self.fill_with_bots_after_s, Unset):
            fill_with_bots_after_s = UNSET
        else:
            fill_with_bots_after_s = self.fill_with_bots_after_s

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        deal: dict[str, Any] | None | Unset
        if isinstance(self.deal, Unset):
            deal = UNSET
        elif isinstance(self.deal, CreateGameBodyDealType0):
            deal = self.deal.to_dict()
        else:
            deal = self.deal

        public = self.public

        rated = self.rated

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "variant": variant,
            }
        )
        if rules is not UNSET:
            field_dict["rules"] = rules
        if seats is not UNSET:
            field_dict["seats"] = seats
        if players is not UNSET:
            field_dict["players"] = players
        if bots is not UNSET:
            field_dict["bots"] = bots
        if bot_delay_s is not UNSET:
            field_dict["bot_delay_s"] = bot_delay_s
        if turn_timeout_s is not UNSET:
            field_dict["turn_timeout_s"] = turn_timeout_s
        if announce_window_s is not UNSET:
            field_dict["announce_window_s"] = announce_window_s
        if fill_with_bots_after_s is not UNSET:
            field_dict["fill_with_bots_after_s"] = fill_with_bots_after_s
        if seed is not UNSET:
            field_dict["seed"] = seed
        if deal is not UNSET:
            field_dict["deal"] = deal
        if public is not UNSET:
            field_dict["public"] = public
        if rated is not UNSET:
            field_dict["rated"] = rated

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_game_body_bots_item import CreateGameBodyBotsItem  # noqa: PLC0415
        from ..models.create_game_body_deal_type_0 import CreateGameBodyDealType0  # noqa: PLC0415
        from ..models.create_game_body_players_item import CreateGameBodyPlayersItem  # noqa: PLC0415
        from ..models.create_game_body_rules_type_0 import CreateGameBodyRulesType0  # noqa: PLC0415

        d = dict(src_dict)
        variant = check_create_game_body_variant(d.pop("variant"))

        def _parse_rules(data: object) -> CreateGameBodyRulesType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rules_type_0 = CreateGameBodyRulesType0.from_dict(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateGameBodyRulesType0 | None | Unset, data)

        rules = _parse_rules(d.pop("rules", UNSET))

        seats = d.pop("seats", UNSET)

        _players = d.pop("players", UNSET)
        players: list[CreateGameBodyPlayersItem] | Unset = UNSET
        if _players is not UNSET:
            players = []
            for players_item_data in _players:
                players_item = CreateGameBodyPlayersItem.from_dict(players_item_data)

                players.append(players_item)

        _bots = d.pop("bots", UNSET)
        bots: list[CreateGameBodyBotsItem] | Unset = UNSET
        if _bots is not UNSET:
            bots = []
            for bots_item_data in _bots:
                bots_item = CreateGameBodyBotsItem.from_dict(bots_item_data)

                bots.append(bots_item)

        bot_delay_s = d.pop("bot_delay_s", UNSET)

        def _parse_turn_timeout_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        turn_timeout_s = _parse_turn_timeout_s(d.pop("turn_timeout_s", UNSET))

        announce_window_s = d.pop("announce_window_s", UNSET)

        def _parse_fill_with_bots_after_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        fill_with_bots_after_s = _parse_fill_with_bots_after_s(d.pop("fill_with_bots_after_s", UNSET))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        def _parse_deal(data: object) -> CreateGameBodyDealType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = CreateGameBodyDealType0.from_dict(data)

                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateGameBodyDealType0 | None | Unset, data)

        deal = _parse_deal(d.pop("deal", UNSET))

        public = d.pop("public", UNSET)

        rated = d.pop("rated", UNSET)

        create_game_body = cls(
            variant=variant,
            rules=rules,
            seats=seats,
            players=players,
            bots=bots,
            bot_delay_s=bot_delay_s,
            turn_timeout_s=turn_timeout_s,
            announce_window_s=announce_window_s,
            fill_with_bots_after_s=fill_with_bots_after_s,
            seed=seed,
            deal=deal,
            public=public,
            rated=rated,
        )

        return create_game_body
