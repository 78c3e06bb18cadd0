from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlayerOutData")


@_attrs_define
class PlayerOutData:
    """
    Attributes:
        place (int):
    """

    place: int

    def to_dict(self) -> dict[str, Any]:
        place = self.place

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "place": place,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        place = d.pop("place")

        player_out_data = cls(
            place=place,
        )

        return player_out_data
