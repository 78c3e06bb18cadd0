from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.game_status import GameStatus, check_game_status

T = TypeVar("T", bound="BotAdded")


@_attrs_define
class BotAdded:
    """
    Attributes:
        player_id (str): a seated player's id: `p_…` a human, `b_…` a bot
        seat (int):
        status (GameStatus):
        version (int):
    """

    player_id: str
    seat: int
    status: GameStatus
    version: int

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        seat = self.seat

        status: str = self.status

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player_id": player_id,
                "seat": seat,
                "status": status,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player_id = d.pop("player_id")

        seat = d.pop("seat")

        status = check_game_status(d.pop("status"))

        version = d.pop("version")

        bot_added = cls(
            player_id=player_id,
            seat=seat,
            status=status,
            version=version,
        )

        return bot_added
