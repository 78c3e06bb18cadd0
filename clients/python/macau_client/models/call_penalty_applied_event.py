from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.call_penalty_applied_event_type import CallPenaltyAppliedEventType, check_call_penalty_applied_event_type

if TYPE_CHECKING:
    from ..models.call_penalty_applied_data import CallPenaltyAppliedData


T = TypeVar("T", bound="CallPenaltyAppliedEvent")


@_attrs_define
class CallPenaltyAppliedEvent:
    """`call_penalty_applied`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (CallPenaltyAppliedEventType):
        at (datetime.datetime):
        seat (int):
        data (CallPenaltyAppliedData):
    """

    seq: int
    type_: CallPenaltyAppliedEventType
    at: datetime.datetime
    seat: int
    data: CallPenaltyAppliedData

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
        from ..models.call_penalty_applied_data import CallPenaltyAppliedData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_call_penalty_applied_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = CallPenaltyAppliedData.from_dict(d.pop("data"))

        call_penalty_applied_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return call_penalty_applied_event
