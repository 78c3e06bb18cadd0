from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.announce_move_action import AnnounceMoveAction, check_announce_move_action

T = TypeVar("T", bound="AnnounceMove")


@_attrs_define
class AnnounceMove:
    """the last-card call, while the window is open

    Attributes:
        action (AnnounceMoveAction):
    """

    action: AnnounceMoveAction

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
        action = check_announce_move_action(d.pop("action"))

        announce_move = cls(
            action=action,
        )

        return announce_move
