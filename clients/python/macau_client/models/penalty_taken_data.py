from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PenaltyTakenData")


@_attrs_define
class PenaltyTakenData:
    """
    Attributes:
        amount (int):
        drawn (int):
        free_play (bool):
    """

    amount: int
    drawn: int
    free_play: bool

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        drawn = self.drawn

        free_play = self.free_play

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "drawn": drawn,
                "free_play": free_play,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        drawn = d.pop("drawn")

        free_play = d.pop("free_play")

        penalty_taken_data = cls(
            amount=amount,
            drawn=drawn,
            free_play=free_play,
        )

        return penalty_taken_data
