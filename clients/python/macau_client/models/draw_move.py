from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.draw_move_action import DrawMoveAction, check_draw_move_action

T = TypeVar("T", bound="DrawMove")


@_attrs_define
class DrawMove:
    """draw a card, or take the pending draw penalty

    Attributes:
        action (DrawMoveAction):
    """

    action: DrawMoveAction

    def to_dict(self) -> dict[str, Any]:
        action: str = self.action

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = check_draw_move_action(d.pop("action"))

        draw_move = cls(
            action=action,
        )

        return draw_move
