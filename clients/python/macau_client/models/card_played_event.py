from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.card_played_event_type import CardPlayedEventType, check_card_played_event_type

if TYPE_CHECKING:
    from ..models.card_played_data import CardPlayedData


T = TypeVar("T", bound="CardPlayedEvent")


@_attrs_define
class CardPlayedEvent:
    """`card_played`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (CardPlayedEventType):
        at (datetime.datetime):
        seat (int):
        data (CardPlayedData):
    """

    seq: int
    type_: CardPlayedEventType
    at: datetime.datetime
    seat: int
    data: CardPlayedData

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
        from ..models.card_played_data import CardPlayedData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_card_played_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = CardPlayedData.from_dict(d.pop("data"))

        card_played_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return card_played_event
