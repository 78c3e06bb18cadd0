from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.catch_move_action import CatchMoveAction, check_catch_move_action

T = TypeVar("T", bound="CatchMove")


@_attrs_define
class CatchMove:
    """catch an opponent who did not call (variants with catch enforcement)

    Attributes:
        action (CatchMoveAction):
        target_seat (int): the seat caught
    """

    action: CatchMoveAction
    target_seat: int

    def to_dict(self) -> dict[str, Any]:
        action: str = self.action

        target_seat = self.target_seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "target_seat": target_seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = check_catch_move_action(d.pop("action"))

        target_seat = d.pop("target_seat")

        catch_move = cls(
            action=action,
            target_seat=target_seat,
        )

        return catch_move
