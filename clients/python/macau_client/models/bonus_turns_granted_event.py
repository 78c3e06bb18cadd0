from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.bonus_turns_granted_event_type import BonusTurnsGrantedEventType, check_bonus_turns_granted_event_type

if TYPE_CHECKING:
    from ..models.bonus_turns_granted_data import BonusTurnsGrantedData


T = TypeVar("T", bound="BonusTurnsGrantedEvent")


@_attrs_define
class BonusTurnsGrantedEvent:
    """`bonus_turns_granted`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (BonusTurnsGrantedEventType):
        at (datetime.datetime):
        seat (int):
        data (BonusTurnsGrantedData):
    """

    seq: int
    type_: BonusTurnsGrantedEventType
    at: datetime.datetime
    seat: int
    data: BonusTurnsGrantedData

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
        from ..models.bonus_turns_granted_data import BonusTurnsGrantedData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_bonus_turns_granted_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = BonusTurnsGrantedData.from_dict(d.pop("data"))

        bonus_turns_granted_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return bonus_turns_granted_event
