from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.direction import Direction, check_direction

T = TypeVar("T", bound="DirectionChangedData")


@_attrs_define
class DirectionChangedData:
    """
    Attributes:
        direction (Direction): clockwise or counter-clockwise
    """

    direction: Direction

    def to_dict(self) -> dict[str, Any]:
        direction: str = self.direction

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "direction": direction,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        direction = check_direction(d.pop("direction"))

        direction_changed_data = cls(
            direction=direction,
        )

        return direction_changed_data
