from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SkipAcceptedData")


@_attrs_define
class SkipAcceptedData:
    """
    Attributes:
        turns (int):
    """

    turns: int

    def to_dict(self) -> dict[str, Any]:
        turns = self.turns

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "turns": turns,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        turns = d.pop("turns")

        skip_accepted_data = cls(
            turns=turns,
        )

        return skip_accepted_data
