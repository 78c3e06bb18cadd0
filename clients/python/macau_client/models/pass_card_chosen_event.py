from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.pass_card_chosen_event_type import PassCardChosenEventType, check_pass_card_chosen_event_type

if TYPE_CHECKING:
    from ..models.pass_card_chosen_data import PassCardChosenData


T = TypeVar("T", bound="PassCardChosenEvent")


@_attrs_define
class PassCardChosenEvent:
    """`pass_card_chosen`

    Attributes:
        seq (int): 1-based, gap-free per game
        type_ (PassCardChosenEventType):
        at (datetime.datetime):
        seat (int):
        data (PassCardChosenData):
    """

    seq: int
    type_: PassCardChosenEventType
    at: datetime.datetime
    seat: int
    data: PassCardChosenData

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
        from ..models.pass_card_chosen_data import PassCardChosenData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = check_pass_card_chosen_event_type(d.pop("type"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seat = d.pop("seat")

        data = PassCardChosenData.from_dict(d.pop("data"))

        pass_card_chosen_event = cls(
            seq=seq,
            type_=type_,
            at=at,
            seat=seat,
            data=data,
        )

        return pass_card_chosen_event
