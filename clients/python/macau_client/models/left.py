from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.game_status import GameStatus, check_game_status

T = TypeVar("T", bound="Left")


@_attrs_define
class Left:
    """
    Attributes:
        seat (int):
        version (int):
        status (GameStatus):
    """

    seat: int
    version: int
    status: GameStatus

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        version = self.version

        status: str = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "version": version,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        version = d.pop("version")

        status = check_game_status(d.pop("status"))

        left = cls(
            seat=seat,
            version=version,
            status=status,
        )

        return left
