from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.game_status import GameStatus, check_game_status
from ..models.variant_id import VariantId, check_variant_id

if TYPE_CHECKING:
    from ..models.game_links import GameLinks
    from ..models.listed_player import ListedPlayer
    from ..models.rating_change import RatingChange


T = TypeVar("T", bound="MyGame")


@_attrs_define
class MyGame:
    """
    Attributes:
        game_id (str): a game's id
        variant (VariantId): a preset, or `custom` (a preset's rules with overrides)
        status (GameStatus):
        rated (bool):
        seat (int | None):
        place (int | None):
        left (bool): the player left the game (a bot took the seat)
        players (list[ListedPlayer]): every seat taken
        rating_change (None | RatingChange): the player's rating before and after the game, once the ratings have it
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        links (GameLinks):
    """

    game_id: str
    variant: VariantId
    status: GameStatus
    rated: bool
    seat: int | None
    place: int | None
    left: bool
    players: list[ListedPlayer]
    rating_change: None | RatingChange
    created_at: datetime.datetime
    updated_at: datetime.datetime
    links: GameLinks

    def to_dict(self) -> dict[str, Any]:
        from ..models.rating_change import RatingChange  # noqa: PLC0415

        game_id = self.game_id

        variant: str = self.variant

        status: str = self.status

        rated = self.rated

        seat: int | None
        seat = self.seat

        place: int | None
        place = self.place

        left = self.left

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        rating_change: dict[str, Any] | None
        if isinstance(self.rating_change, RatingChange):
            rating_change = self.rating_change.to_dict()
        else:
            rating_change = self.rating_change

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        links = self.links.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "variant": variant,
                "status": status,
                "rated": rated,
                "seat": seat,
                "place": place,
                "left": left,
                "players": players,
                "rating_change": rating_change,
                "created_at": created_at,
                "updated_at": updated_at,
                "links": links,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_links import GameLinks  # noqa: PLC0415
        from ..models.listed_player import ListedPlayer  # noqa: PLC0415
        from ..models.rating_change import RatingChange  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        variant = check_variant_id(d.pop("variant"))

        status = check_game_status(d.pop("status"))

        rated = d.pop("rated")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        def _parse_place(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        place = _parse_place(d.pop("place"))

        left = d.pop("left")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = ListedPlayer.from_dict(players_item_data)

            players.append(players_item)

        def _parse_rating_change(data: object) -> None | RatingChange:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rating_change_type_0 = RatingChange.from_dict(data)

                return rating_change_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RatingChange, data)

        rating_change = _parse_rating_change(d.pop("rating_change"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        links = GameLinks.from_dict(d.pop("links"))

        my_game = cls(
            game_id=game_id,
            variant=variant,
            status=status,
            rated=rated,
            seat=seat,
            place=place,
            left=left,
            players=players,
            rating_change=rating_change,
            created_at=created_at,
            updated_at=updated_at,
            links=links,
        )

        return my_game
