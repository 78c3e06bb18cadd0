from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.add_bot_body_level import AddBotBodyLevel, check_add_bot_body_level
from ..types import UNSET, Unset

T = TypeVar("T", bound="AddBotBody")


@_attrs_define
class AddBotBody:
    """
    Attributes:
        level (AddBotBodyLevel | Unset):  Default: 'normal'.
        seat (int | None | Unset): the free seat to give the bot (default: the lowest open seat, then a seat a rematch
            holds)
    """

    level: AddBotBodyLevel | Unset = "normal"
    seat: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        level: str | Unset = UNSET
        if not isinstance(self.level, Unset):
            level = self.level

        seat: int | None | Unset
        if isinstance(self.seat, Unset):
            seat = UNSET
        else:
            seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if level is not UNSET:
            field_dict["level"] = level
        if seat is not UNSET:
            field_dict["seat"] = seat

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

        def _parse_seat(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seat = _parse_seat(d.pop("seat", UNSET))

        add_bot_body = cls(
            level=level,
            seat=seat,
        )

        return add_bot_body
