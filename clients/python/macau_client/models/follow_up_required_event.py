from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.follow_up_required_event_type import FollowUpRequiredEventType, check_follow_up_required_event_type

if TYPE_CHECKING:
    from ..models.follow_up_required_data import FollowUpRequiredData


T = TypeVar("T", bound="FollowUpRequiredEvent")


@_attrs_define
class FollowUpRequiredEvent:
    """`follow_up_required`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (FollowUpRequiredEventType):
        at (datetime.datetime):
        seat (int):
        data (FollowUpRequiredData):
    """

    seq: int
    type_: FollowUpRequiredEventType
    at: datetime.datetime
    seat: int
    data: FollowUpRequiredData

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
        from ..models.follow_up_required_data import FollowUpRequiredData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_follow_up_required_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = FollowUpRequiredData.from_dict(d.pop("data"))

        follow_up_required_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return follow_up_required_event
