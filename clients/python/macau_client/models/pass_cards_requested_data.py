from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PassCardsRequestedData")


@_attrs_define
class PassCardsRequestedData:
    """
    Attributes:
        seats (list[int]):
        resume_seat (int):
        resume_regular (int):
    """

    seats: list[int]
    resume_seat: int
    resume_regular: int

    def to_dict(self) -> dict[str, Any]:
        seats = self.seats

        resume_seat = self.resume_seat

        resume_regular = self.resume_regular

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seats": seats,
                "resume_seat": resume_seat,
                "resume_regular": resume_regular,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seats = cast(list[int], d.pop("seats"))

        resume_seat = d.pop("resume_seat")

        resume_regular = d.pop("resume_regular")

        pass_cards_requested_data = cls(
            seats=seats,
            resume_seat=resume_seat,
            resume_regular=resume_regular,
        )

        return pass_cards_requested_data
