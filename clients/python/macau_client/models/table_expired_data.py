from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TableExpiredData")


@_attrs_define
class TableExpiredData:
    """
    Attributes:
        waited_s (float): how long the table waited for players
    """

    waited_s: float

    def to_dict(self) -> dict[str, Any]:
        waited_s = self.waited_s

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "waited_s": waited_s,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        waited_s = d.pop("waited_s")

        table_expired_data = cls(
            waited_s=waited_s,
        )

        return table_expired_data
