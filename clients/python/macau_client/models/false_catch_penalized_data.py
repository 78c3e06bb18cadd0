from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="FalseCatchPenalizedData")


@_attrs_define
class FalseCatchPenalizedData:
    """
    Attributes:
        target (int):
        amount (int):
    """

    target: int
    amount: int

    def to_dict(self) -> dict[str, Any]:
        target = self.target

        amount = self.amount

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "target": target,
                "amount": amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        target = d.pop("target")

        amount = d.pop("amount")

        false_catch_penalized_data = cls(
            target=target,
            amount=amount,
        )

        return false_catch_penalized_data
