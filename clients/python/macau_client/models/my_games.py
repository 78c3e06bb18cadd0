from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.my_game import MyGame


T = TypeVar("T", bound="MyGames")


@_attrs_define
class MyGames:
    """
    Attributes:
        total (int):
        offset (int):
        games (list[MyGame]):
    """

    total: int
    offset: int
    games: list[MyGame]

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        offset = self.offset

        games = []
        for games_item_data in self.games:
            games_item = games_item_data.to_dict()
            games.append(games_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "total": total,
                "offset": offset,
                "games": games,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.my_game import MyGame  # noqa: PLC0415

        d = dict(src_dict)
        total = d.pop("total")

        offset = d.pop("offset")

        games = []
        _games = d.pop("games")
        for games_item_data in _games:
            games_item = MyGame.from_dict(games_item_data)

            games.append(games_item)

        my_games = cls(
            total=total,
            offset=offset,
            games=games,
        )

        return my_games
