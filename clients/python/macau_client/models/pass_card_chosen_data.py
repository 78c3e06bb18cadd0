from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PassCardChosenData")


@_attrs_define
class PassCardChosenData:
    """
    Attributes:
        card (str | Unset): A card code: rank + suit (`10H`, `QS`, `AC`) or `JKB`/`JKR` Example: 7H.
    """

    card: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if card is not UNSET:
            field_dict["card"] = card

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card", UNSET)

        pass_card_chosen_data = cls(
            card=card,
        )

        return pass_card_chosen_data
