from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.game_started_event_type import GameStartedEventType, check_game_started_event_type

if TYPE_CHECKING:
    from ..models.game_started_data import GameStartedData


T = TypeVar("T", bound="GameStartedEvent")


@_attrs_define
class GameStartedEvent:
    """`game_started`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (GameStartedEventType):
        at (datetime.datetime):
        seat (None):  Default: None.
        data (GameStartedData):
    """

    seq: int
    type_: GameStartedEventType
    at: datetime.datetime
    data: GameStartedData
    seat: None = None

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        type_: str = self.type_

        at = self.at.isoformat()

        seat = self.seat

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seq": seq,
                "type": type_,
                "at": at,
                "seat": seat,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_started_data import GameStartedData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_game_started_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = GameStartedData.from_dict(d.pop("data"))

        game_started_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return game_started_event
