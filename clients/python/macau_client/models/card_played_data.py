from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CardPlayedData")


@_attrs_define
class CardPlayedData:
    """
    Attributes:
        cards (list[str]):
        joker_as (None | str):
    """

    cards: list[str]
    joker_as: None | str

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        joker_as: None | str
        joker_as = self.joker_as

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "joker_as": joker_as,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))

        def _parse_joker_as(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        joker_as = _parse_joker_as(d.pop("joker_as"))

        card_played_data = cls(
            cards=cards,
            joker_as=joker_as,
        )

        return card_played_data
