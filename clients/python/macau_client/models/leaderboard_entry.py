from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel, check_bot_level
from ..models.seat_kind import SeatKind, check_seat_kind
from ..types import UNSET, Unset

T = TypeVar("T", bound="LeaderboardEntry")


@_attrs_define
class LeaderboardEntry:
    """
    Attributes:
        rank (int):
        kind (SeatKind):
        player_id (None | str): a player's public id (`GET /v1/players/{id}`)
        name (str):
        tag (None | str): a player's tag (as his profile shows it); null for a bot level
        bot_level (BotLevel | None):
        rating (int):
        games (int):
        me (bool | Unset): the caller (with a player key)
    """

    rank: int
    kind: SeatKind
    player_id: None | str
    name: str
    tag: None | str
    bot_level: BotLevel | None
    rating: int
    games: int
    me: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        kind: str = self.kind

        player_id: None | str
        player_id = self.player_id

        name = self.name

        tag: None | str
        tag = self.tag

        bot_level: None | str
        if isinstance(self.bot_level, str):
            bot_level = self.bot_level
        else:
            bot_level = self.bot_level

        rating = self.rating

        games = self.games

        me = self.me

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rank": rank,
                "kind": kind,
                "player_id": player_id,
                "name": name,
                "tag": tag,
                "bot_level": bot_level,
                "rating": rating,
                "games": games,
            }
        )
        if me is not UNSET:
            field_dict["me"] = me

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rank = d.pop("rank")

        kind = check_seat_kind(d.pop("kind"))

        def _parse_player_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        player_id = _parse_player_id(d.pop("player_id"))

        name = d.pop("name")

        def _parse_tag(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tag = _parse_tag(d.pop("tag"))

        def _parse_bot_level(data: object) -> BotLevel | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bot_level_type_0 = check_bot_level(data)

                return bot_level_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotLevel | None, data)

        bot_level = _parse_bot_level(d.pop("bot_level"))

        rating = d.pop("rating")

        games = d.pop("games")

        me = d.pop("me", UNSET)

        leaderboard_entry = cls(
            rank=rank,
            kind=kind,
            player_id=player_id,
            name=name,
            tag=tag,
            bot_level=bot_level,
            rating=rating,
            games=games,
            me=me,
        )

        return leaderboard_entry
