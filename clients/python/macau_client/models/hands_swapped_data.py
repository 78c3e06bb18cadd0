from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="HandsSwappedData")


@_attrs_define
class HandsSwappedData:
    """
    Attributes:
        with_seat (int):
        seat_hand (list[str] | Unset): what `seat` holds now: only the seat that holds them and the auditor receive the
            cards (both swappers)
        with_hand (list[str] | Unset): what `with_seat` holds now: only the seat that holds them and the auditor receive
            the cards (both swappers)
        seat_hand_size (int | Unset): (every viewer but the auditor, who receives the stored form)
        with_hand_size (int | Unset): (every viewer but the auditor, who receives the stored form)
    """

    with_seat: int
    seat_hand: list[str] | Unset = UNSET
    with_hand: list[str] | Unset = UNSET
    seat_hand_size: int | Unset = UNSET
    with_hand_size: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        with_seat = self.with_seat

        seat_hand: list[str] | Unset = UNSET
        if not isinstance(self.seat_hand, Unset):
            seat_hand = self.seat_hand

        with_hand: list[str] | Unset = UNSET
        if not isinstance(self.with_hand, Unset):
            with_hand = self.with_hand

        seat_hand_size = self.seat_hand_size

        with_hand_size = self.with_hand_size

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "with_seat": with_seat,
            }
        )
        if seat_hand is not UNSET:
            field_dict["seat_hand"] = seat_hand
        if with_hand is not UNSET:
            field_dict["with_hand"] = with_hand
        if seat_hand_size is not UNSET:
            field_dict["seat_hand_size"] = seat_hand_size
        if with_hand_size is not UNSET:
            field_dict["with_hand_size"] = with_hand_size

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        with_seat = d.pop("with_seat")

        seat_hand = cast(list[str], d.pop("seat_hand", UNSET))

        with_hand = cast(list[str], d.pop("with_hand", UNSET))

        seat_hand_size = d.pop("seat_hand_size", UNSET)

        with_hand_size = d.pop("with_hand_size", UNSET)

        hands_swapped_data = cls(
            with_seat=with_seat,
            seat_hand=seat_hand,
            with_hand=with_hand,
            seat_hand_size=seat_hand_size,
            with_hand_size=with_hand_size,
        )

        return hands_swapped_data
