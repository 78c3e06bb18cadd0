from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.add_bot_body_level import AddBotBodyLevel, check_add_bot_body_level
from ..types import UNSET, Unset

T = TypeVar("T", bound="AddBotBody")


@_attrs_define
class AddBotBody:
    """
    Attributes:
        level (AddBotBodyLevel | Unset):  Default: 'normal'.
    """

    level: AddBotBodyLevel | Unset = "normal"

    def to_dict(self) -> dict[str, Any]:
        level: str | Unset = UNSET
        if not isinstance(self.level, Unset):
            level = self.level

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if level is not UNSET:
            field_dict["level"] = level

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _level = d.pop("level", UNSET)
        level: AddBotBodyLevel | Unset
        if isinstance(_level, Unset):
            level = UNSET
        else:
            level = check_add_bot_body_level(_level)

        add_bot_body = cls(
            level=level,
        )

        return add_bot_body
