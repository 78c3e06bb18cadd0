from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.seat_kind import SeatKind, check_seat_kind
from ..types import UNSET, Unset

T = TypeVar("T", bound="ListedPlayer")


@_attrs_define
class ListedPlayer:
    """
    Attributes:
        seat (int):
        name (str):
        kind (SeatKind):
        autopilot (bool | Unset): a bot plays for this human now (repeated timeouts)
    """

    seat: int
    name: str
    kind: SeatKind
    autopilot: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name = self.name

        kind: str = self.kind

        autopilot = self.autopilot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "name": name,
                "kind": kind,
            }
        )
        if autopilot is not UNSET:
            field_dict["autopilot"] = autopilot

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        name = d.pop("name")

        kind = check_seat_kind(d.pop("kind"))

        autopilot = d.pop("autopilot", UNSET)

        listed_player = cls(
            seat=seat,
            name=name,
            kind=kind,
            autopilot=autopilot,
        )

        return listed_player
