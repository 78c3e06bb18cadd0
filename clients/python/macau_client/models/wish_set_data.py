from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.suit import Suit, check_suit
from ..models.wish_set_data_kind import WishSetDataKind, check_wish_set_data_kind
from ..models.wish_value import WishValue, check_wish_value

T = TypeVar("T", bound="WishSetData")


@_attrs_define
class WishSetData:
    """
    Attributes:
        kind (WishSetDataKind):
        value (None | WishValue): the suit or rank wished; null for the free kinds
        excluded_suit (None | Suit):
    """

    kind: WishSetDataKind
    value: None | WishValue
    excluded_suit: None | Suit

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        value: None | str
        if isinstance(self.value, str):
            value = self.value
        else:
            value = self.value

        excluded_suit: None | str
        if isinstance(self.excluded_suit, str):
            excluded_suit = self.excluded_suit
        else:
            excluded_suit = self.excluded_suit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "value": value,
                "excluded_suit": excluded_suit,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = check_wish_set_data_kind(d.pop("kind"))

        def _parse_value(data: object) -> None | WishValue:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                value_type_0 = check_wish_value(data)

                return value_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WishValue, data)

        value = _parse_value(d.pop("value"))

        def _parse_excluded_suit(data: object) -> None | Suit:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                excluded_suit_type_0 = check_suit(data)

                return excluded_suit_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Suit, data)

        excluded_suit = _parse_excluded_suit(d.pop("excluded_suit"))

        wish_set_data = cls(
            kind=kind,
            value=value,
            excluded_suit=excluded_suit,
        )

        return wish_set_data
