from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.cards_passed_event_type import CardsPassedEventType, check_cards_passed_event_type

if TYPE_CHECKING:
    from ..models.cards_passed_data import CardsPassedData


T = TypeVar("T", bound="CardsPassedEvent")


@_attrs_define
class CardsPassedEvent:
    """`cards_passed`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (CardsPassedEventType):
        at (datetime.datetime):
        seat (None):  Default: None.
        data (CardsPassedData):
    """

    seq: int
    type_: CardsPassedEventType
    at: datetime.datetime
    data: CardsPassedData
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
        from ..models.cards_passed_data import CardsPassedData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_cards_passed_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = CardsPassedData.from_dict(d.pop("data"))

        cards_passed_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return cards_passed_event
