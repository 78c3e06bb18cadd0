from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RatingChange")


@_attrs_define
class RatingChange:
    """
    Attributes:
        before (int):
        after (int):
    """

    before: int
    after: int

    def to_dict(self) -> dict[str, Any]:
        before = self.before

        after = self.after

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "before": before,
                "after": after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        before = d.pop("before")

        after = d.pop("after")

        rating_change = cls(
            before=before,
            after=after,
        )

        return rating_change
