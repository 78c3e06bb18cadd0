from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.bot_joined_data_level import BotJoinedDataLevel, check_bot_joined_data_level
from ..types import UNSET, Unset

T = TypeVar("T", bound="BotJoinedData")


@_attrs_define
class BotJoinedData:
    """
    Attributes:
        player_id (str):
        level (BotJoinedDataLevel):
        name (str | Unset):
    """

    player_id: str
    level: BotJoinedDataLevel
    name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        level: str = self.level

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player_id": player_id,
                "level": level,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player_id = d.pop("player_id")

        level = check_bot_joined_data_level(d.pop("level"))

        name = d.pop("name", UNSET)

        bot_joined_data = cls(
            player_id=player_id,
            level=level,
            name=name,
        )

        return bot_joined_data
