from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.draw_pending_event_type import DrawPendingEventType, check_draw_pending_event_type

if TYPE_CHECKING:
    from ..models.draw_pending_data import DrawPendingData


T = TypeVar("T", bound="DrawPendingEvent")


@_attrs_define
class DrawPendingEvent:
    """`draw_pending`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (DrawPendingEventType):
        at (datetime.datetime):
        seat (None):  Default: None.
        data (DrawPendingData):
    """

    seq: int
    type_: DrawPendingEventType
    at: datetime.datetime
    data: DrawPendingData
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
        from ..models.draw_pending_data import DrawPendingData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_draw_pending_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = DrawPendingData.from_dict(d.pop("data"))

        draw_pending_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return draw_pending_event
