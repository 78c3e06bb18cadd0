from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.skip_robin_joined_event_type import SkipRobinJoinedEventType, check_skip_robin_joined_event_type

if TYPE_CHECKING:
    from ..models.skip_robin_joined_data import SkipRobinJoinedData


T = TypeVar("T", bound="SkipRobinJoinedEvent")


@_attrs_define
class SkipRobinJoinedEvent:
    """`skip_robin_joined`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (SkipRobinJoinedEventType):
        at (datetime.datetime):
        seat (int):
        data (SkipRobinJoinedData):
    """

    seq: int
    type_: SkipRobinJoinedEventType
    at: datetime.datetime
    seat: int
    data: SkipRobinJoinedData

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
        from ..models.skip_robin_joined_data import SkipRobinJoinedData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_skip_robin_joined_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = SkipRobinJoinedData.from_dict(d.pop("data"))

        skip_robin_joined_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return skip_robin_joined_event
