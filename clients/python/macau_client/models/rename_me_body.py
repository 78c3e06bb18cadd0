from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RenameMeBody")


@_attrs_define
class RenameMeBody:
    """
    Attributes:
        name (str): 1-40 characters, stored NFC-normalised and trimmed; showing something (not only spaces, combining
            marks or U+2800); no control, format or private-use characters, noncharacters or Hangul fillers. The pattern
            says so for the Basic Multilingual Plane; beyond it (private use in planes 15 and 16, tags, astral combining
            marks) the same rules are a 400 naming the character
    """

    name: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        rename_me_body = cls(
            name=name,
        )

        return rename_me_body
