from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.going_out_deferred_event_type import GoingOutDeferredEventType, check_going_out_deferred_event_type

if TYPE_CHECKING:
    from ..models.going_out_deferred_data import GoingOutDeferredData


T = TypeVar("T", bound="GoingOutDeferredEvent")


@_attrs_define
class GoingOutDeferredEvent:
    """`going_out_deferred`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (GoingOutDeferredEventType):
        at (datetime.datetime):
        seat (int):
        data (GoingOutDeferredData):
    """

    seq: int
    type_: GoingOutDeferredEventType
    at: datetime.datetime
    seat: int
    data: GoingOutDeferredData

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
        from ..models.going_out_deferred_data import GoingOutDeferredData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_going_out_deferred_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = GoingOutDeferredData.from_dict(d.pop("data"))

        going_out_deferred_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return going_out_deferred_event
