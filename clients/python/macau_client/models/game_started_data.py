from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GameStartedData")


@_attrs_define
class GameStartedData:
    """
    Attributes:
        seats (int):
        rules_version (str):
    """

    seats: int
    rules_version: str

    def to_dict(self) -> dict[str, Any]:
        seats = self.seats

        rules_version = self.rules_version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seats": seats,
                "rules_version": rules_version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seats = d.pop("seats")

        rules_version = d.pop("rules_version")

        game_started_data = cls(
            seats=seats,
            rules_version=rules_version,
        )

        return game_started_data
