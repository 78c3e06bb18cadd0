from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlayerKey")


@_attrs_define
class PlayerKey:
    """
    Attributes:
        player_id (str):
        player_key (str): the new key, shown once; the old one no longer works
    """

    player_id: str
    player_key: str

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        player_key = self.player_key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player_id": player_id,
                "player_key": player_key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player_id = d.pop("player_id")

        player_key = d.pop("player_key")

        player_key = cls(
            player_id=player_id,
            player_key=player_key,
        )

        return player_key
