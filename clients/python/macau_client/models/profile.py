from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.variant_rating import VariantRating


T = TypeVar("T", bound="Profile")


@_attrs_define
class Profile:
    """
    Attributes:
        player_id (str):
        name (str):
        tag (str): four characters shown after the name (`Ana #K7QX`) that tell apart players of the same name: derived
            from the public `player_id` alone (SHA-256), so they reveal nothing of the key
        created_at (datetime.datetime):
        games (int): games the player has taken a seat at
        rated_games (int):
        ratings (list[VariantRating]): one per variant the player has a rated game in
    """

    player_id: str
    name: str
    tag: str
    created_at: datetime.datetime
    games: int
    rated_games: int
    ratings: list[VariantRating]

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        name = self.name

        tag = self.tag

        created_at = self.created_at.isoformat()

        games = self.games

        rated_games = self.rated_games

        ratings = []
        for ratings_item_data in self.ratings:
            ratings_item = ratings_item_data.to_dict()
            ratings.append(ratings_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player_id": player_id,
                "name": name,
                "tag": tag,
                "created_at": created_at,
                "games": games,
                "rated_games": rated_games,
                "ratings": ratings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.variant_rating import VariantRating  # noqa: PLC0415

        d = dict(src_dict)
        player_id = d.pop("player_id")

        name = d.pop("name")

        tag = d.pop("tag")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        games = d.pop("games")

        rated_games = d.pop("rated_games")

        ratings = []
        _ratings = d.pop("ratings")
        for ratings_item_data in _ratings:
            ratings_item = VariantRating.from_dict(ratings_item_data)

            ratings.append(ratings_item)

        profile = cls(
            player_id=player_id,
            name=name,
            tag=tag,
            created_at=created_at,
            games=games,
            rated_games=rated_games,
            ratings=ratings,
        )

        return profile
