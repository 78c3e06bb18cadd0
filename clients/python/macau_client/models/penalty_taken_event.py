from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.penalty_taken_event_type import PenaltyTakenEventType, check_penalty_taken_event_type

if TYPE_CHECKING:
    from ..models.penalty_taken_data import PenaltyTakenData


T = TypeVar("T", bound="PenaltyTakenEvent")


@_attrs_define
class PenaltyTakenEvent:
    """`penalty_taken`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (PenaltyTakenEventType):
        at (datetime.datetime):
        seat (int):
        data (PenaltyTakenData):
    """

    seq: int
    type_: PenaltyTakenEventType
    at: datetime.datetime
    seat: int
    data: PenaltyTakenData

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
        from ..models.penalty_taken_data import PenaltyTakenData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_penalty_taken_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = PenaltyTakenData.from_dict(d.pop("data"))

        penalty_taken_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return penalty_taken_event
