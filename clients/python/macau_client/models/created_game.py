from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.game_status import GameStatus, check_game_status
from ..models.variant_id import VariantId, check_variant_id

if TYPE_CHECKING:
    from ..models.seat import Seat
    from ..models.seated_bot import SeatedBot
    from ..models.seated_player import SeatedPlayer


T = TypeVar("T", bound="CreatedGame")


@_attrs_define
class CreatedGame:
    """
    Attributes:
        game_id (str): a game's id
        version (int):
        status (GameStatus):
        seats (list[Seat]):
        players (list[SeatedPlayer]):
        bots (list[SeatedBot]):
        variant (VariantId): a preset, or `custom` (a preset's rules with overrides)
    """

    game_id: str
    version: int
    status: GameStatus
    seats: list[Seat]
    players: list[SeatedPlayer]
    bots: list[SeatedBot]
    variant: VariantId

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        version = self.version

        status: str = self.status

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        bots = []
        for bots_item_data in self.bots:
            bots_item = bots_item_data.to_dict()
            bots.append(bots_item)

        variant: str = self.variant

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "version": version,
                "status": status,
                "seats": seats,
                "players": players,
                "bots": bots,
                "variant": variant,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat import Seat  # noqa: PLC0415
        from ..models.seated_bot import SeatedBot  # noqa: PLC0415
        from ..models.seated_player import SeatedPlayer  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        version = d.pop("version")

        status = check_game_status(d.pop("status"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = Seat.from_dict(seats_item_data)

            seats.append(seats_item)

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = SeatedPlayer.from_dict(players_item_data)

            players.append(players_item)

        bots = []
        _bots = d.pop("bots")
        for bots_item_data in _bots:
            bots_item = SeatedBot.from_dict(bots_item_data)

            bots.append(bots_item)

        variant = check_variant_id(d.pop("variant"))

        created_game = cls(
            game_id=game_id,
            version=version,
            status=status,
            seats=seats,
            players=players,
            bots=bots,
            variant=variant,
        )

        return created_game
