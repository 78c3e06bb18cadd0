from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SeatedPlayer")


@_attrs_define
class SeatedPlayer:
    """
    Attributes:
        player_id (str): a seated player's id: `p_…` a human, `b_…` a bot
        seat (int):
        token (str): returned once; send as Authorization: Bearer
    """

    player_id: str
    seat: int
    token: str

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        seat = self.seat

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player_id": player_id,
                "seat": seat,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player_id = d.pop("player_id")

        seat = d.pop("seat")

        token = d.pop("token")

        seated_player = cls(
            player_id=player_id,
            seat=seat,
            token=token,
        )

        return seated_player
