from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.variant_id import VariantId, check_variant_id
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.players_range import PlayersRange
    from ..models.variant_parameters import VariantParameters
    from ..models.variant_rules_type_0 import VariantRulesType0


T = TypeVar("T", bound="Variant")


@_attrs_define
class Variant:
    """
    Attributes:
        id (VariantId): a preset, or `custom` (a preset's rules with overrides)
        name (str):
        players (PlayersRange):
        rules (None | VariantRulesType0): the preset's full rule set; null for `custom`
        description (str | Unset):
        parameters (VariantParameters | Unset): custom only: every rule-set parameter by dotted path, with its type and
            allowed values (enum), as the service checks them; e.g. score.scheme, stock.blocked_round
    """

    id: VariantId
    name: str
    players: PlayersRange
    rules: None | VariantRulesType0
    description: str | Unset = UNSET
    parameters: VariantParameters | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.variant_rules_type_0 import VariantRulesType0  # noqa: PLC0415

        id: str = self.id

        name = self.name

        players = self.players.to_dict()

        rules: dict[str, Any] | None
        if isinstance(self.rules, VariantRulesType0):
            rules = self.rules.to_dict()
        else:
            rules = self.rules

        description = self.description

        parameters: dict[str, Any] | Unset = UNSET
        if not isinstance(self.parameters, Unset):
            parameters = self.parameters.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "players": players,
                "rules": rules,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if parameters is not UNSET:
            field_dict["parameters"] = parameters

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.players_range import PlayersRange  # noqa: PLC0415
        from ..models.variant_parameters import VariantParameters  # noqa: PLC0415
        from ..models.variant_rules_type_0 import VariantRulesType0  # noqa: PLC0415

        d = dict(src_dict)
        id = check_variant_id(d.pop("id"))

        name = d.pop("name")

        players = PlayersRange.from_dict(d.pop("players"))

        def _parse_rules(data: object) -> None | VariantRulesType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rules_type_0 = VariantRulesType0.from_dict(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | VariantRulesType0, data)

        rules = _parse_rules(d.pop("rules"))

        description = d.pop("description", UNSET)

        _parameters = d.pop("parameters", UNSET)
        parameters: VariantParameters | Unset
        if isinstance(_parameters, Unset):
            parameters = UNSET
        else:
            parameters = VariantParameters.from_dict(_parameters)

        variant = cls(
            id=id,
            name=name,
            players=players,
            rules=rules,
            description=description,
            parameters=parameters,
        )

        return variant
