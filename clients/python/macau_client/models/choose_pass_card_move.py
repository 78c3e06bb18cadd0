from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.choose_pass_card_move_action import ChoosePassCardMoveAction, check_choose_pass_card_move_action

T = TypeVar("T", bound="ChoosePassCardMove")


@_attrs_define
class ChoosePassCardMove:
    """the card passed to the left neighbour (custom pass_left)

    Attributes:
        action (ChoosePassCardMoveAction):
        card (str): a card of the hand Example: 7H.
    """

    action: ChoosePassCardMoveAction
    card: str

    def to_dict(self) -> dict[str, Any]:
        action: str = self.action

        card = self.card

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "card": card,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = check_choose_pass_card_move_action(d.pop("action"))

        card = d.pop("card")

        choose_pass_card_move = cls(
            action=action,
            card=card,
        )

        return choose_pass_card_move
