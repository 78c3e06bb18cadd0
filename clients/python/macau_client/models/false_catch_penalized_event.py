from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.false_catch_penalized_event_type import (
    FalseCatchPenalizedEventType,
    check_false_catch_penalized_event_type,
)

if TYPE_CHECKING:
    from ..models.false_catch_penalized_data import FalseCatchPenalizedData


T = TypeVar("T", bound="FalseCatchPenalizedEvent")


@_attrs_define
class FalseCatchPenalizedEvent:
    """`false_catch_penalized`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (FalseCatchPenalizedEventType):
        at (datetime.datetime):
        seat (int):
        data (FalseCatchPenalizedData):
    """

    seq: int
    type_: FalseCatchPenalizedEventType
    at: datetime.datetime
    seat: int
    data: FalseCatchPenalizedData

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
        from ..models.false_catch_penalized_data import FalseCatchPenalizedData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_false_catch_penalized_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = FalseCatchPenalizedData.from_dict(d.pop("data"))

        false_catch_penalized_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return false_catch_penalized_event
