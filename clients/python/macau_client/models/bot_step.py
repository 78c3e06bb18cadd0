from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel, check_bot_level

T = TypeVar("T", bound="BotStep")


@_attrs_define
class BotStep:
    """
    Attributes:
        level (BotLevel):
        rating (int):
    """

    level: BotLevel
    rating: int

    def to_dict(self) -> dict[str, Any]:
        level: str = self.level

        rating = self.rating

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "level": level,
                "rating": rating,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        level = check_bot_level(d.pop("level"))

        rating = d.pop("rating")

        bot_step = cls(
            level=level,
            rating=rating,
        )

        return bot_step
