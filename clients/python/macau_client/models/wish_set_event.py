from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.wish_set_event_type import WishSetEventType, check_wish_set_event_type

if TYPE_CHECKING:
    from ..models.wish_set_data import WishSetData


T = TypeVar("T", bound="WishSetEvent")


@_attrs_define
class WishSetEvent:
    """`wish_set`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (WishSetEventType):
        at (datetime.datetime):
        seat (int):
        data (WishSetData):
    """

    seq: int
    type_: WishSetEventType
    at: datetime.datetime
    seat: int
    data: WishSetData

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
        from ..models.wish_set_data import WishSetData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_wish_set_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = WishSetData.from_dict(d.pop("data"))

        wish_set_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return wish_set_event
