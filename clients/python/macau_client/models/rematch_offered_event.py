from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.rematch_offered_event_type import RematchOfferedEventType, check_rematch_offered_event_type

if TYPE_CHECKING:
    from ..models.rematch_offered_data import RematchOfferedData


T = TypeVar("T", bound="RematchOfferedEvent")


@_attrs_define
class RematchOfferedEvent:
    """`rematch_offered`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (RematchOfferedEventType):
        at (datetime.datetime):
        seat (None):  Default: None.
        data (RematchOfferedData):
    """

    seq: int
    type_: RematchOfferedEventType
    at: datetime.datetime
    data: RematchOfferedData
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
        from ..models.rematch_offered_data import RematchOfferedData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_rematch_offered_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = RematchOfferedData.from_dict(d.pop("data"))

        rematch_offered_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return rematch_offered_event
