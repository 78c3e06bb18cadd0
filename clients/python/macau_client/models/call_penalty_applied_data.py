from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CallPenaltyAppliedData")


@_attrs_define
class CallPenaltyAppliedData:
    """
    Attributes:
        amount (int):
        caught_by (int | None):
    """

    amount: int
    caught_by: int | None

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        caught_by: int | None
        caught_by = self.caught_by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "caught_by": caught_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        def _parse_caught_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        caught_by = _parse_caught_by(d.pop("caught_by"))

        call_penalty_applied_data = cls(
            amount=amount,
            caught_by=caught_by,
        )

        return call_penalty_applied_data
