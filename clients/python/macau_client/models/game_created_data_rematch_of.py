from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GameCreatedDataRematchOf")


@_attrs_define
class GameCreatedDataRematchOf:
    """this table plays that finished game again: the seats held for its players

    Attributes:
        game_id (str): a game's id
        seats (list[int]):
    """

    game_id: str
    seats: list[int]

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        seats = self.seats

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "seats": seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        seats = cast(list[int], d.pop("seats"))

        game_created_data_rematch_of = cls(
            game_id=game_id,
            seats=seats,
        )

        return game_created_data_rematch_of
