from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="WishChoiceType2")


@_attrs_define
class WishChoiceType2:
    """
    Attributes:
        free (bool):
    """

    free: bool

    def to_dict(self) -> dict[str, Any]:
        free = self.free

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "free": free,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        free = d.pop("free")

        wish_choice_type_2 = cls(
            free=free,
        )

        return wish_choice_type_2
