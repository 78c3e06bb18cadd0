from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.quickplay_body_variant import QuickplayBodyVariant, check_quickplay_body_variant
from ..types import UNSET, Unset

T = TypeVar("T", bound="QuickplayBody")


@_attrs_define
class QuickplayBody:
    """
    Attributes:
        variant (QuickplayBodyVariant):
        name (str): 1-40 characters, stored NFC-normalised and trimmed; showing something (not only spaces, combining
            marks or U+2800); no control, format or private-use characters, noncharacters or Hangul fillers. The pattern
            says so for the Basic Multilingual Plane; beyond it (private use in planes 15 and 16, tags, astral combining
            marks) the same rules are a 400 naming the character
        seats (int | Unset):  Default: 4.
        fill_with_bots_after_s (float | None | Unset):
    """

    variant: QuickplayBodyVariant
    name: str
    seats: int | Unset = 4
    fill_with_bots_after_s: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        variant: str = self.variant

        name = self.name

        seats = self.seats

        fill_with_bots_after_s: float | None | Unset
        if isinstance(self.fill_with_bots_after_s, Unset):
            fill_with_bots_after_s = UNSET
        else:
            fill_with_bots_after_s = self.fill_with_bots_after_s

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "variant": variant,
                "name": name,
            }
        )
        if seats is not UNSET:
            field_dict["seats"] = seats
        if fill_with_bots_after_s is not UNSET:
            field_dict["fill_with_bots_after_s"] = fill_with_bots_after_s

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        variant = check_quickplay_body_variant(d.pop("variant"))

        name = d.pop("name")

        seats = d.pop("seats", UNSET)

        def _parse_fill_with_bots_after_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        fill_with_bots_after_s = _parse_fill_with_bots_after_s(d.pop("fill_with_bots_after_s", UNSET))

        quickplay_body = cls(
            variant=variant,
            name=name,
            seats=seats,
            fill_with_bots_after_s=fill_with_bots_after_s,
        )

        return quickplay_body
