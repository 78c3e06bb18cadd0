from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CallMadeData")


@_attrs_define
class CallMadeData:
    """
    Attributes:
        multiple (bool):
    """

    multiple: bool

    def to_dict(self) -> dict[str, Any]:
        multiple = self.multiple

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "multiple": multiple,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        multiple = d.pop("multiple")

        call_made_data = cls(
            multiple=multiple,
        )

        return call_made_data
