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
        seats (int | Unset):  Default: 4.
        name (str | Unset): 1-40 characters, stored NFC-normalised and trimmed; showing something (not only spaces,
            combining marks or U+2800); no control, format or private-use characters, noncharacters or Hangul fillers. The
            pattern says so for the Basic Multilingual Plane; beyond it (private use in planes 15 and 16, tags, astral
            combining marks) the same rules are a 400 naming the character; with a player key (`Authorization: Player
            <key>`) the seat takes the player's name and this one is not used (it may be left out)
        fill_with_bots_after_s (float | None | Unset):
        rated (bool | Unset): a seat at a rated table, chosen by rating (docs/ratings.md): the default with a player
            key; `true` without one is a 401
    """

    variant: QuickplayBodyVariant
    seats: int | Unset = 4
    name: str | Unset = UNSET
    fill_with_bots_after_s: float | None | Unset = UNSET
    rated: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        variant: str = self.variant

        seats = self.seats

        name = self.name

        fill_with_bots_after_s: float | None | Unset
        if isinstance(self.fill_with_bots_after_s, Unset):
            fill_with_bots_after_s = UNSET
        else:
            fill_with_bots_after_s = self.fill_with_bots_after_s

        rated = self.rated

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "variant": variant,
            }
        )
        if seats is not UNSET:
            field_dict["seats"] = seats
        if name is not UNSET:
            field_dict["name"] = name
        if fill_with_bots_after_s is not UNSET:
            field_dict["fill_with_bots_after_s"] = fill_with_bots_after_s
        if rated is not UNSET:
            field_dict["rated"] = rated

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        variant = check_quickplay_body_variant(d.pop("variant"))

        seats = d.pop("seats", UNSET)

        name = d.pop("name", UNSET)

        def _parse_fill_with_bots_after_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        fill_with_bots_after_s = _parse_fill_with_bots_after_s(d.pop("fill_with_bots_after_s", UNSET))

        rated = d.pop("rated", UNSET)

        quickplay_body = cls(
            variant=variant,
            seats=seats,
            name=name,
            fill_with_bots_after_s=fill_with_bots_after_s,
            rated=rated,
        )

        return quickplay_body
