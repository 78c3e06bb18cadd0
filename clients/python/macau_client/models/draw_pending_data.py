from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DrawPendingData")


@_attrs_define
class DrawPendingData:
    """
    Attributes:
        amount (int):
        family (str):
        target (int):
        target_is_regular (bool):
    """

    amount: int
    family: str
    target: int
    target_is_regular: bool

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        family = self.family

        target = self.target

        target_is_regular = self.target_is_regular

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "family": family,
                "target": target,
                "target_is_regular": target_is_regular,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        family = d.pop("family")

        target = d.pop("target")

        target_is_regular = d.pop("target_is_regular")

        draw_pending_data = cls(
            amount=amount,
            family=family,
            target=target,
            target_is_regular=target_is_regular,
        )

        return draw_pending_data
