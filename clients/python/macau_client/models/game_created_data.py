from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.variant_id import VariantId, check_variant_id
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.game_created_data_config import GameCreatedDataConfig
    from ..models.game_created_data_deal_type_0 import GameCreatedDataDealType0
    from ..models.game_created_data_rematch_of import GameCreatedDataRematchOf
    from ..models.game_created_data_rules import GameCreatedDataRules


T = TypeVar("T", bound="GameCreatedData")


@_attrs_define
class GameCreatedData:
    """
    Attributes:
        variant (VariantId): a preset, or `custom` (a preset's rules with overrides)
        rules (GameCreatedDataRules): the full rule set (as `GET /v1/variants/{variant_id}` shows a preset's)
        rules_version (str):
        seats (int):
        config (GameCreatedDataConfig):
        fixed_deal (bool | Unset): the game was dealt by hand (every viewer but the auditor, who receives `deal`)
        seed (str | Unset): auditor only: the shuffles' seed
        deal (GameCreatedDataDealType0 | None | Unset): auditor only: the fixed deal, as sent
        rematch_of (GameCreatedDataRematchOf | Unset): this table plays that finished game again: the seats held for its
            players
    """

    variant: VariantId
    rules: GameCreatedDataRules
    rules_version: str
    seats: int
    config: GameCreatedDataConfig
    fixed_deal: bool | Unset = UNSET
    seed: str | Unset = UNSET
    deal: GameCreatedDataDealType0 | None | Unset = UNSET
    rematch_of: GameCreatedDataRematchOf | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.game_created_data_deal_type_0 import GameCreatedDataDealType0  # noqa: PLC0415

        variant: str = self.variant

        rules = self.rules.to_dict()

        rules_version = self.rules_version

        seats = self.seats

        config = self.config.to_dict()

        fixed_deal = self.fixed_deal

        seed = self.seed

        deal: dict[str, Any] | None | Unset
        if isinstance(self.deal, Unset):
            deal = UNSET
        elif isinstance(self.deal, GameCreatedDataDealType0):
            deal = self.deal.to_dict()
        else:
            deal = self.deal

        rematch_of: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rematch_of, Unset):
            rematch_of = self.rematch_of.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "variant": variant,
                "rules": rules,
                "rules_version": rules_version,
                "seats": seats,
                "config": config,
            }
        )
        if fixed_deal is not UNSET:
            field_dict["fixed_deal"] = fixed_deal
        if seed is not UNSET:
            field_dict["seed"] = seed
        if deal is not UNSET:
            field_dict["deal"] = deal
        if rematch_of is not UNSET:
            field_dict["rematch_of"] = rematch_of

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_created_data_config import GameCreatedDataConfig  # noqa: PLC0415
        from ..models.game_created_data_deal_type_0 import GameCreatedDataDealType0  # noqa: PLC0415
        from ..models.game_created_data_rematch_of import GameCreatedDataRematchOf  # noqa: PLC0415
        from ..models.game_created_data_rules import GameCreatedDataRules  # noqa: PLC0415

        d = dict(src_dict)
        variant = check_variant_id(d.pop("variant"))

        rules = GameCreatedDataRules.from_dict(d.pop("rules"))

        rules_version = d.pop("rules_version")

        seats = d.pop("seats")

        config = GameCreatedDataConfig.from_dict(d.pop("config"))

        fixed_deal = d.pop("fixed_deal", UNSET)

        seed = d.pop("seed", UNSET)

        def _parse_deal(data: object) -> GameCreatedDataDealType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = GameCreatedDataDealType0.from_dict(data)

                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameCreatedDataDealType0 | None | Unset, data)

        deal = _parse_deal(d.pop("deal", UNSET))

        _rematch_of = d.pop("rematch_of", UNSET)
        rematch_of: GameCreatedDataRematchOf | Unset
        if isinstance(_rematch_of, Unset):
            rematch_of = UNSET
        else:
            rematch_of = GameCreatedDataRematchOf.from_dict(_rematch_of)

        game_created_data = cls(
            variant=variant,
            rules=rules,
            rules_version=rules_version,
            seats=seats,
            config=config,
            fixed_deal=fixed_deal,
            seed=seed,
            deal=deal,
            rematch_of=rematch_of,
        )

        return game_created_data
