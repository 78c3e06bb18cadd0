from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.skip_robin_ended_event_type import SkipRobinEndedEventType, check_skip_robin_ended_event_type

if TYPE_CHECKING:
    from ..models.skip_robin_ended_data import SkipRobinEndedData


T = TypeVar("T", bound="SkipRobinEndedEvent")


@_attrs_define
class SkipRobinEndedEvent:
    """`skip_robin_ended`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (SkipRobinEndedEventType):
        at (datetime.datetime):
        seat (int | None):
        data (SkipRobinEndedData):
    """

    seq: int
    type_: SkipRobinEndedEventType
    at: datetime.datetime
    seat: int | None
    data: SkipRobinEndedData

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        type_: str = self.type_

        at = self.at.isoformat()

        seat: int | None
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
        from ..models.skip_robin_ended_data import SkipRobinEndedData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_skip_robin_ended_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        data = SkipRobinEndedData.from_dict(d.pop("data"))

        skip_robin_ended_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return skip_robin_ended_event
