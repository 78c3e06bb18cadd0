from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.player_left_data_level import PlayerLeftDataLevel, check_player_left_data_level
from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayerLeftData")


@_attrs_define
class PlayerLeftData:
    """
    Attributes:
        player_id (str):
        level (PlayerLeftDataLevel | Unset): the level of the bot that takes the seat
    """

    player_id: str
    level: PlayerLeftDataLevel | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        level: str | Unset = UNSET
        if not isinstance(self.level, Unset):
            level = self.level

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player_id": player_id,
            }
        )
        if level is not UNSET:
            field_dict["level"] = level

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player_id = d.pop("player_id")

        _level = d.pop("level", UNSET)
        level: PlayerLeftDataLevel | Unset
        if isinstance(_level, Unset):
            level = UNSET
        else:
            level = check_player_left_data_level(_level)

        player_left_data = cls(
            player_id=player_id,
            level=level,
        )

        return player_left_data
