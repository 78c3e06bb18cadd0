from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PassCards")


@_attrs_define
class PassCards:
    """
    Attributes:
        waiting_seats (list[int]):
    """

    waiting_seats: list[int]

    def to_dict(self) -> dict[str, Any]:
        waiting_seats = self.waiting_seats

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "waiting_seats": waiting_seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        waiting_seats = cast(list[int], d.pop("waiting_seats"))

        pass_cards = cls(
            waiting_seats=waiting_seats,
        )

        return pass_cards
