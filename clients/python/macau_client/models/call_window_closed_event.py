from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.call_window_closed_event_type import CallWindowClosedEventType, check_call_window_closed_event_type

if TYPE_CHECKING:
    from ..models.call_window_closed_data import CallWindowClosedData


T = TypeVar("T", bound="CallWindowClosedEvent")


@_attrs_define
class CallWindowClosedEvent:
    """`call_window_closed`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (CallWindowClosedEventType):
        at (datetime.datetime):
        seat (int):
        data (CallWindowClosedData):
    """

    seq: int
    type_: CallWindowClosedEventType
    at: datetime.datetime
    seat: int
    data: CallWindowClosedData

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
        from ..models.call_window_closed_data import CallWindowClosedData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_call_window_closed_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = CallWindowClosedData.from_dict(d.pop("data"))

        call_window_closed_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return call_window_closed_event
