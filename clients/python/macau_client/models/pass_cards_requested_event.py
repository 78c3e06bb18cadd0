from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.pass_cards_requested_event_type import PassCardsRequestedEventType, check_pass_cards_requested_event_type

if TYPE_CHECKING:
    from ..models.pass_cards_requested_data import PassCardsRequestedData


T = TypeVar("T", bound="PassCardsRequestedEvent")


@_attrs_define
class PassCardsRequestedEvent:
    """`pass_cards_requested`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (PassCardsRequestedEventType):
        at (datetime.datetime):
        seat (int):
        data (PassCardsRequestedData):
    """

    seq: int
    type_: PassCardsRequestedEventType
    at: datetime.datetime
    seat: int
    data: PassCardsRequestedData

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
        from ..models.pass_cards_requested_data import PassCardsRequestedData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_pass_cards_requested_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = PassCardsRequestedData.from_dict(d.pop("data"))

        pass_cards_requested_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return pass_cards_requested_event
