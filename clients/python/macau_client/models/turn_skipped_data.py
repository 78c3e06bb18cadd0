from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TurnSkippedData")


@_attrs_define
class TurnSkippedData:
    """
    Attributes:
        turns_to_miss (int):
    """

    turns_to_miss: int

    def to_dict(self) -> dict[str, Any]:
        turns_to_miss = self.turns_to_miss

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "turns_to_miss": turns_to_miss,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        turns_to_miss = d.pop("turns_to_miss")

        turn_skipped_data = cls(
            turns_to_miss=turns_to_miss,
        )

        return turn_skipped_data
