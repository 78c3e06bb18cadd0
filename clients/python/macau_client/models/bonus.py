from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Bonus")


@_attrs_define
class Bonus:
    """
    Attributes:
        seat (int):
        left (int):
    """

    seat: int
    left: int

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        left = self.left

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "left": left,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        left = d.pop("left")

        bonus = cls(
            seat=seat,
            left=left,
        )

        return bonus
