from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.player_out_event_type import PlayerOutEventType, check_player_out_event_type

if TYPE_CHECKING:
    from ..models.player_out_data import PlayerOutData


T = TypeVar("T", bound="PlayerOutEvent")


@_attrs_define
class PlayerOutEvent:
    """`player_out`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (PlayerOutEventType):
        at (datetime.datetime):
        seat (int):
        data (PlayerOutData):
    """

    seq: int
    type_: PlayerOutEventType
    at: datetime.datetime
    seat: int
    data: PlayerOutData

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
        from ..models.player_out_data import PlayerOutData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_player_out_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = PlayerOutData.from_dict(d.pop("data"))

        player_out_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return player_out_event
