from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.suit import Suit, check_suit
from ..models.wish_value import WishValue, check_wish_value
from ..models.wish_view_kind import WishViewKind, check_wish_view_kind
from ..types import UNSET, Unset

T = TypeVar("T", bound="WishView")


@_attrs_define
class WishView:
    """
    Attributes:
        kind (WishViewKind):
        value (None | WishValue): the suit or rank wished; null for the free kinds
        by_seat (int):
        excluded_suit (None | Suit | Unset):
    """

    kind: WishViewKind
    value: None | WishValue
    by_seat: int
    excluded_suit: None | Suit | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        value: None | str
        if isinstance(self.value, str):
            value = self.value
        else:
            value = self.value

        by_seat = self.by_seat

        excluded_suit: None | str | Unset
        if isinstance(self.excluded_suit, Unset):
            excluded_suit = UNSET
        elif isinstance(self.excluded_suit, str):
            excluded_suit = self.excluded_suit
        else:
            excluded_suit = self.excluded_suit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "value": value,
                "by_seat": by_seat,
            }
        )
        if excluded_suit is not UNSET:
            field_dict["excluded_suit"] = excluded_suit

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = check_wish_view_kind(d.pop("kind"))

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

        by_seat = d.pop("by_seat")

        def _parse_excluded_suit(data: object) -> None | Suit | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                excluded_suit_type_0 = check_suit(data)

                return excluded_suit_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Suit | Unset, data)

        excluded_suit = _parse_excluded_suit(d.pop("excluded_suit", UNSET))

        wish_view = cls(
            kind=kind,
            value=value,
            by_seat=by_seat,
            excluded_suit=excluded_suit,
        )

        return wish_view
