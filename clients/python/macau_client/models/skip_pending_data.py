from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SkipPendingData")


@_attrs_define
class SkipPendingData:
    """
    Attributes:
        turns (int):
        target (int):
    """

    turns: int
    target: int

    def to_dict(self) -> dict[str, Any]:
        turns = self.turns

        target = self.target

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "turns": turns,
                "target": target,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        turns = d.pop("turns")

        target = d.pop("target")

        skip_pending_data = cls(
            turns=turns,
            target=target,
        )

        return skip_pending_data
