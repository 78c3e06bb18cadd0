from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateGameBodyDealType0")


@_attrs_define
class CreateGameBodyDealType0:
    """
    Attributes:
        hands (list[list[str]]):
        starter (str): A card code: rank + suit (`10H`, `QS`, `AC`) or `JKB`/`JKR` Example: 7H.
        dealer (int | None | Unset):
        stock (list[str] | Unset):
    """

    hands: list[list[str]]
    starter: str
    dealer: int | None | Unset = UNSET
    stock: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data

            hands.append(hands_item)

        starter = self.starter

        dealer: int | None | Unset
        if isinstance(self.dealer, Unset):
            dealer = UNSET
        else:
            dealer = self.dealer

        stock: list[str] | Unset = UNSET
        if not isinstance(self.stock, Unset):
            stock = self.stock

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hands": hands,
                "starter": starter,
            }
        )
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if stock is not UNSET:
            field_dict["stock"] = stock

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = cast(list[str], hands_item_data)

            hands.append(hands_item)

        starter = d.pop("starter")

        def _parse_dealer(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        dealer = _parse_dealer(d.pop("dealer", UNSET))

        stock = cast(list[str], d.pop("stock", UNSET))

        create_game_body_deal_type_0 = cls(
            hands=hands,
            starter=starter,
            dealer=dealer,
            stock=stock,
        )

        return create_game_body_deal_type_0
