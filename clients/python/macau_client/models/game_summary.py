from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.closed_reason import ClosedReason, check_closed_reason
from ..models.game_status import GameStatus, check_game_status
from ..models.variant_id import VariantId, check_variant_id

if TYPE_CHECKING:
    from ..models.listed_player import ListedPlayer


T = TypeVar("T", bound="GameSummary")


@_attrs_define
class GameSummary:
    """
    Attributes:
        game_id (str): a game's id
        variant (VariantId): a preset, or `custom` (a preset's rules with overrides)
        status (GameStatus):
        closed_reason (ClosedReason | None):
        seats (int):
        seats_taken (int):
        players (list[ListedPlayer]):
        version (int):
        created_at (datetime.datetime):
        fill_with_bots_after_s (float | None):
        public (bool): false for a private table (listed to the auditor only)
    """

    game_id: str
    variant: VariantId
    status: GameStatus
    closed_reason: ClosedReason | None
    seats: int
    seats_taken: int
    players: list[ListedPlayer]
    version: int
    created_at: datetime.datetime
    fill_with_bots_after_s: float | None
    public: bool

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        variant: str = self.variant

        status: str = self.status

        closed_reason: None | str
        if isinstance(self.closed_reason, str):
            closed_reason = self.closed_reason
        else:
            closed_reason = self.closed_reason

        seats = self.seats

        seats_taken = self.seats_taken

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        version = self.version

        created_at = self.created_at.isoformat()

        fill_with_bots_after_s: float | None
        fill_with_bots_after_s = self.fill_with_bots_after_s

        public = self.public

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "variant": variant,
                "status": status,
                "closed_reason": closed_reason,
                "seats": seats,
                "seats_taken": seats_taken,
                "players": players,
                "version": version,
                "created_at": created_at,
                "fill_with_bots_after_s": fill_with_bots_after_s,
                "public": public,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.listed_player import ListedPlayer  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        variant = check_variant_id(d.pop("variant"))

        status = check_game_status(d.pop("status"))

        def _parse_closed_reason(data: object) -> ClosedReason | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                closed_reason_type_0 = check_closed_reason(data)

                return closed_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClosedReason | None, data)

        closed_reason = _parse_closed_reason(d.pop("closed_reason"))

        seats = d.pop("seats")

        seats_taken = d.pop("seats_taken")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = ListedPlayer.from_dict(players_item_data)

            players.append(players_item)

        version = d.pop("version")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_fill_with_bots_after_s(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        fill_with_bots_after_s = _parse_fill_with_bots_after_s(d.pop("fill_with_bots_after_s"))

        public = d.pop("public")

        game_summary = cls(
            game_id=game_id,
            variant=variant,
            status=status,
            closed_reason=closed_reason,
            seats=seats,
            seats_taken=seats_taken,
            players=players,
            version=version,
            created_at=created_at,
            fill_with_bots_after_s=fill_with_bots_after_s,
            public=public,
        )

        return game_summary
