from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Standing")


@_attrs_define
class Standing:
    """
    Attributes:
        seat (int):
        place (int):
        score (int):
    """

    seat: int
    place: int
    score: int

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        place = self.place

        score = self.score

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "place": place,
                "score": score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        place = d.pop("place")

        score = d.pop("score")

        standing = cls(
            seat=seat,
            place=place,
            score=score,
        )

        return standing
