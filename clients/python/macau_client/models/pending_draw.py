from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PendingDraw")


@_attrs_define
class PendingDraw:
    """
    Attributes:
        amount (int):
        target_seat (int):
        family (str | Unset): the draw cards' family (which cards answer the penalty)
    """

    amount: int
    target_seat: int
    family: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        target_seat = self.target_seat

        family = self.family

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "target_seat": target_seat,
            }
        )
        if family is not UNSET:
            field_dict["family"] = family

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        target_seat = d.pop("target_seat")

        family = d.pop("family", UNSET)

        pending_draw = cls(
            amount=amount,
            target_seat=target_seat,
            family=family,
        )

        return pending_draw
