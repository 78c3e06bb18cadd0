from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.round_started_event_type import RoundStartedEventType, check_round_started_event_type

if TYPE_CHECKING:
    from ..models.round_started_data import RoundStartedData


T = TypeVar("T", bound="RoundStartedEvent")


@_attrs_define
class RoundStartedEvent:
    """`round_started`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (RoundStartedEventType):
        at (datetime.datetime):
        seat (None):  Default: None.
        data (RoundStartedData):
    """

    seq: int
    type_: RoundStartedEventType
    at: datetime.datetime
    data: RoundStartedData
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
        from ..models.round_started_data import RoundStartedData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_round_started_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = RoundStartedData.from_dict(d.pop("data"))

        round_started_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return round_started_event
