from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.turn_skipped_event_type import TurnSkippedEventType, check_turn_skipped_event_type

if TYPE_CHECKING:
    from ..models.turn_skipped_data import TurnSkippedData


T = TypeVar("T", bound="TurnSkippedEvent")


@_attrs_define
class TurnSkippedEvent:
    """`turn_skipped`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (TurnSkippedEventType):
        at (datetime.datetime):
        seat (int):
        data (TurnSkippedData):
    """

    seq: int
    type_: TurnSkippedEventType
    at: datetime.datetime
    seat: int
    data: TurnSkippedData

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
        from ..models.turn_skipped_data import TurnSkippedData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_turn_skipped_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = TurnSkippedData.from_dict(d.pop("data"))

        turn_skipped_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return turn_skipped_event
