from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Robin")


@_attrs_define
class Robin:
    """
    Attributes:
        count (int):
        last_seat (int):
    """

    count: int
    last_seat: int

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        last_seat = self.last_seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "count": count,
                "last_seat": last_seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        count = d.pop("count")

        last_seat = d.pop("last_seat")

        robin = cls(
            count=count,
            last_seat=last_seat,
        )

        return robin
