from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RematchOfferedData")


@_attrs_define
class RematchOfferedData:
    """
    Attributes:
        game_id (str): a game's id
    """

    game_id: str

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        rematch_offered_data = cls(
            game_id=game_id,
        )

        return rematch_offered_data
