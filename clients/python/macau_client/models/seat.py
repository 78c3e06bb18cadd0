from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel, check_bot_level
from ..models.seat_kind import SeatKind, check_seat_kind
from ..types import UNSET, Unset

T = TypeVar("T", bound="Seat")


@_attrs_define
class Seat:
    """
    Attributes:
        seat (int):
        player_id (None | str):
        name (None | str):
        kind (None | SeatKind): null for a free seat
        bot_level (BotLevel | None):
        autopilot (bool):
        hand_size (int):
        score (int):
        out (bool):
        place (int | None):
        profile_id (None | str | Unset): the public id of the player who took the seat with his player key (`GET
            /v1/players/{id}`); null for a seat taken without one, a bot's, or an erased player's (named `Erased player`)
        reserved (bool | Unset): a free seat of a rematch held for the player who sat there in the last game (only he
            takes it, with `POST /v1/games/{old id}/rematch`; a seated player may give it to a bot)
    """

    seat: int
    player_id: None | str
    name: None | str
    kind: None | SeatKind
    bot_level: BotLevel | None
    autopilot: bool
    hand_size: int
    score: int
    out: bool
    place: int | None
    profile_id: None | str | Unset = UNSET
    reserved: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        player_id: None | str
        player_id = self.player_id

        name: None | str
        name = self.name

        kind: None | str
        if isinstance(self.kind, str):
            kind = self.kind
        else:
            kind = self.kind

        bot_level: None | str
        if isinstance(self.bot_level, str):
            bot_level = self.bot_level
        else:
            bot_level = self.bot_level

        autopilot = self.autopilot

        hand_size = self.hand_size

        score = self.score

        out = self.out

        place: int | None
        place = self.place

        profile_id: None | str | Unset
        if isinstance(self.profile_id, Unset):
            profile_id = UNSET
        else:
            profile_id = self.profile_id

        reserved = self.reserved

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "player_id": player_id,
                "name": name,
                "kind": kind,
                "bot_level": bot_level,
                "autopilot": autopilot,
                "hand_size": hand_size,
                "score": score,
                "out": out,
                "place": place,
            }
        )
        if profile_id is not UNSET:
            field_dict["profile_id"] = profile_id
        if reserved is not UNSET:
            field_dict["reserved"] = reserved

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        def _parse_player_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        player_id = _parse_player_id(d.pop("player_id"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        def _parse_kind(data: object) -> None | SeatKind:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                kind_type_0 = check_seat_kind(data)

                return kind_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatKind, data)

        kind = _parse_kind(d.pop("kind"))

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

        autopilot = d.pop("autopilot")

        hand_size = d.pop("hand_size")

        score = d.pop("score")

        out = d.pop("out")

        def _parse_place(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        place = _parse_place(d.pop("place"))

        def _parse_profile_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        profile_id = _parse_profile_id(d.pop("profile_id", UNSET))

        reserved = d.pop("reserved", UNSET)

        seat = cls(
            seat=seat,
            player_id=player_id,
            name=name,
            kind=kind,
            bot_level=bot_level,
            autopilot=autopilot,
            hand_size=hand_size,
            score=score,
            out=out,
            place=place,
            profile_id=profile_id,
            reserved=reserved,
        )

        return seat
