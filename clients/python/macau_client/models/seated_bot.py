from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SeatedBot")


@_attrs_define
class SeatedBot:
    """
    Attributes:
        player_id (str): a seated player's id: `p_…` a human, `b_…` a bot
        seat (int):
    """

    player_id: str
    seat: int

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player_id": player_id,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player_id = d.pop("player_id")

        seat = d.pop("seat")

        seated_bot = cls(
            player_id=player_id,
            seat=seat,
        )

        return seated_bot
