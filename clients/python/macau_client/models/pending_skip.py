from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PendingSkip")


@_attrs_define
class PendingSkip:
    """
    Attributes:
        turns (int):
        target_seat (int):
    """

    turns: int
    target_seat: int

    def to_dict(self) -> dict[str, Any]:
        turns = self.turns

        target_seat = self.target_seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "turns": turns,
                "target_seat": target_seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        turns = d.pop("turns")

        target_seat = d.pop("target_seat")

        pending_skip = cls(
            turns=turns,
            target_seat=target_seat,
        )

        return pending_skip
