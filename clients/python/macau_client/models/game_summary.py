from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.closed_reason import ClosedReason, check_closed_reason
from ..models.game_status import GameStatus, check_game_status
from ..models.variant_id import VariantId, check_variant_id
from ..types import UNSET, Unset

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
        seats (int):
        seats_taken (int):
        players (list[ListedPlayer]):
        version (int):
        created_at (datetime.datetime):
        closed_reason (ClosedReason | None | Unset):
        seats_open (int | Unset): free seats anyone may take (a rematch holds its old players' seats for them)
        fill_with_bots_after_s (float | None | Unset):
        public (bool | Unset): false for a private table (listed to the auditor only)
        attended (bool | Unset): whether a person plays at the table: false when every seat is a bot's (or a human's on
            autopilot)
        seeded (bool | Unset): created with a `seed`: its creator may know every card, so such a table is never public
        fixed_deal (bool | Unset): created with a fixed `deal`: its creator knows the cards, so such a table is never
            public
        rated (bool | Unset): whether the game counts for its players' ratings
        turn_timeout_s (float | None | Unset): the table's turn clock in seconds (null: none); a day or more: a
            correspondence table
    """

    game_id: str
    variant: VariantId
    status: GameStatus
    seats: int
    seats_taken: int
    players: list[ListedPlayer]
    version: int
    created_at: datetime.datetime
    closed_reason: ClosedReason | None | Unset = UNSET
    seats_open: int | Unset = UNSET
    fill_with_bots_after_s: float | None | Unset = UNSET
    public: bool | Unset = UNSET
    attended: bool | Unset = UNSET
    seeded: bool | Unset = UNSET
    fixed_deal: bool | Unset = UNSET
    rated: bool | Unset = UNSET
    turn_timeout_s: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        variant: str = self.variant

        status: str = self.status

        seats = self.seats

        seats_taken = self.seats_taken

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        version = self.version

        created_at = self.created_at.isoformat()

        closed_reason: None | str | Unset
        if isinstance(self.closed_reason, Unset):
            closed_reason = UNSET
        elif isinstance(self.closed_reason, str):
            closed_reason = self.closed_reason
        else:
            closed_reason = self.closed_reason

        seats_open = self.seats_open

        fill_with_bots_after_s: float | None | Unset
        if isinstance(self.fill_with_bots_after_s, Unset):
            fill_with_bots_after_s = UNSET
        else:
            fill_with_bots_after_s = self.fill_with_bots_after_s

        public = self.public

        attended = self.attended

        seeded = self.seeded

        fixed_deal = self.fixed_deal

        rated = self.rated

        turn_timeout_s: float | None | Unset
        if isinstance(self.turn_timeout_s, Unset):
            turn_timeout_s = UNSET
        else:
            turn_timeout_s = self.turn_timeout_s

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "variant": variant,
                "status": status,
                "seats": seats,
                "seats_taken": seats_taken,
                "players": players,
                "version": version,
                "created_at": created_at,
            }
        )
        if closed_reason is not UNSET:
            field_dict["closed_reason"] = closed_reason
        if seats_open is not UNSET:
            field_dict["seats_open"] = seats_open
        if fill_with_bots_after_s is not UNSET:
            field_dict["fill_with_bots_after_s"] = fill_with_bots_after_s
        if public is not UNSET:
            field_dict["public"] = public
        if attended is not UNSET:
            field_dict["attended"] = attended
        if seeded is not UNSET:
            field_dict["seeded"] = seeded
        if fixed_deal is not UNSET:
            field_dict["fixed_deal"] = fixed_deal
        if rated is not UNSET:
            field_dict["rated"] = rated
        if turn_timeout_s is not UNSET:
            field_dict["turn_timeout_s"] = turn_timeout_s

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.listed_player import ListedPlayer  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        variant = check_variant_id(d.pop("variant"))

        status = check_game_status(d.pop("status"))

        seats = d.pop("seats")

        seats_taken = d.pop("seats_taken")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = ListedPlayer.from_dict(players_item_data)

            players.append(players_item)

        version = d.pop("version")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_closed_reason(data: object) -> ClosedReason | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                closed_reason_type_0 = check_closed_reason(data)

                return closed_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClosedReason | None | Unset, data)

        closed_reason = _parse_closed_reason(d.pop("closed_reason", UNSET))

        seats_open = d.pop("seats_open", UNSET)

        def _parse_fill_with_bots_after_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        fill_with_bots_after_s = _parse_fill_with_bots_after_s(d.pop("fill_with_bots_after_s", UNSET))

        public = d.pop("public", UNSET)

        attended = d.pop("attended", UNSET)

        seeded = d.pop("seeded", UNSET)

        fixed_deal = d.pop("fixed_deal", UNSET)

        rated = d.pop("rated", UNSET)

        def _parse_turn_timeout_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        turn_timeout_s = _parse_turn_timeout_s(d.pop("turn_timeout_s", UNSET))

        game_summary = cls(
            game_id=game_id,
            variant=variant,
            status=status,
            seats=seats,
            seats_taken=seats_taken,
            players=players,
            version=version,
            created_at=created_at,
            closed_reason=closed_reason,
            seats_open=seats_open,
            fill_with_bots_after_s=fill_with_bots_after_s,
            public=public,
            attended=attended,
            seeded=seeded,
            fixed_deal=fixed_deal,
            rated=rated,
            turn_timeout_s=turn_timeout_s,
        )

        return game_summary
