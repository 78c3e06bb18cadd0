from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.wish_choice_type_0_suit import WishChoiceType0Suit, check_wish_choice_type_0_suit

T = TypeVar("T", bound="WishChoiceType0")


@_attrs_define
class WishChoiceType0:
    """
    Attributes:
        suit (WishChoiceType0Suit):
    """

    suit: WishChoiceType0Suit

    def to_dict(self) -> dict[str, Any]:
        suit: str = self.suit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "suit": suit,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        suit = check_wish_choice_type_0_suit(d.pop("suit"))

        wish_choice_type_0 = cls(
            suit=suit,
        )

        return wish_choice_type_0
