from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.pass_move_action import PassMoveAction, check_pass_move_action

T = TypeVar("T", bound="PassMove")


@_attrs_define
class PassMove:
    """accept a pending skip, decline a Pławno robin, or end the turn after a draw

    Attributes:
        action (PassMoveAction):
    """

    action: PassMoveAction

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
        action = check_pass_move_action(d.pop("action"))

        pass_move = cls(
            action=action,
        )

        return pass_move
