from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.wish_choice_type_1_rank import WishChoiceType1Rank, check_wish_choice_type_1_rank

T = TypeVar("T", bound="WishChoiceType1")


@_attrs_define
class WishChoiceType1:
    """
    Attributes:
        rank (WishChoiceType1Rank):
    """

    rank: WishChoiceType1Rank

    def to_dict(self) -> dict[str, Any]:
        rank: str = self.rank

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rank": rank,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rank = check_wish_choice_type_1_rank(d.pop("rank"))

        wish_choice_type_1 = cls(
            rank=rank,
        )

        return wish_choice_type_1
