from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.chain_cancelled_event_type import ChainCancelledEventType, check_chain_cancelled_event_type

if TYPE_CHECKING:
    from ..models.chain_cancelled_data import ChainCancelledData


T = TypeVar("T", bound="ChainCancelledEvent")


@_attrs_define
class ChainCancelledEvent:
    """`chain_cancelled`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (ChainCancelledEventType):
        at (datetime.datetime):
        seat (int):
        data (ChainCancelledData):
    """

    seq: int
    type_: ChainCancelledEventType
    at: datetime.datetime
    seat: int
    data: ChainCancelledData

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
        from ..models.chain_cancelled_data import ChainCancelledData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_chain_cancelled_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = ChainCancelledData.from_dict(d.pop("data"))

        chain_cancelled_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return chain_cancelled_event
