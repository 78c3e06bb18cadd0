from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.create_game_body_bots_item_level import (
    CreateGameBodyBotsItemLevel,
    check_create_game_body_bots_item_level,
)

T = TypeVar("T", bound="CreateGameBodyBotsItem")


@_attrs_define
class CreateGameBodyBotsItem:
    """
    Attributes:
        level (CreateGameBodyBotsItemLevel):
    """

    level: CreateGameBodyBotsItemLevel

    def to_dict(self) -> dict[str, Any]:
        level: str = self.level

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "level": level,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        level = check_create_game_body_bots_item_level(d.pop("level"))

        create_game_body_bots_item = cls(
            level=level,
        )

        return create_game_body_bots_item
