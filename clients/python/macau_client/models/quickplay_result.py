from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.game_status import GameStatus, check_game_status

T = TypeVar("T", bound="QuickplayResult")


@_attrs_define
class QuickplayResult:
    """
    Attributes:
        game_id (str): a game's id
        player_id (str): a seated player's id: `p_…` a human, `b_…` a bot
        seat (int):
        token (str): returned once; send as Authorization: Bearer
        status (GameStatus):
    """

    game_id: str
    player_id: str
    seat: int
    token: str
    status: GameStatus

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        player_id = self.player_id

        seat = self.seat

        token = self.token

        status: str = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "player_id": player_id,
                "seat": seat,
                "token": token,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        player_id = d.pop("player_id")

        seat = d.pop("seat")

        token = d.pop("token")

        status = check_game_status(d.pop("status"))

        quickplay_result = cls(
            game_id=game_id,
            player_id=player_id,
            seat=seat,
            token=token,
            status=status,
        )

        return quickplay_result
