from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.cards_drawn_data_reason import CardsDrawnDataReason, check_cards_drawn_data_reason
from ..types import UNSET, Unset

T = TypeVar("T", bound="CardsDrawnData")


@_attrs_define
class CardsDrawnData:
    """
    Attributes:
        reason (CardsDrawnDataReason):
        cards (list[str] | Unset): only the seat that holds them and the auditor receive the cards
        count (int | Unset): the number of cards drawn (every viewer but the auditor, who receives the stored form)
    """

    reason: CardsDrawnDataReason
    cards: list[str] | Unset = UNSET
    count: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        reason: str = self.reason

        cards: list[str] | Unset = UNSET
        if not isinstance(self.cards, Unset):
            cards = self.cards

        count = self.count

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reason": reason,
            }
        )
        if cards is not UNSET:
            field_dict["cards"] = cards
        if count is not UNSET:
            field_dict["count"] = count

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reason = check_cards_drawn_data_reason(d.pop("reason"))

        cards = cast(list[str], d.pop("cards", UNSET))

        count = d.pop("count", UNSET)

        cards_drawn_data = cls(
            reason=reason,
            cards=cards,
            count=count,
        )

        return cards_drawn_data
