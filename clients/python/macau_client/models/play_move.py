from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.play_move_action import PlayMoveAction, check_play_move_action
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.wish_choice_type_0 import WishChoiceType0
    from ..models.wish_choice_type_1 import WishChoiceType1
    from ..models.wish_choice_type_2 import WishChoiceType2


T = TypeVar("T", bound="PlayMove")


@_attrs_define
class PlayMove:
    """play cards from the hand

    Attributes:
        action (PlayMoveAction):
        cards (list[str]): in the order played; the last one ends on top
        wish (None | Unset | WishChoiceType0 | WishChoiceType1 | WishChoiceType2): only when the last card makes a wish:
            one of the listed `wish_options`
        announce (bool | Unset): the last-card call, made with the play
        joker_as (None | str | Unset): Pławno: the card a joker stands for Example: 7H.
    """

    action: PlayMoveAction
    cards: list[str]
    wish: None | Unset | WishChoiceType0 | WishChoiceType1 | WishChoiceType2 = UNSET
    announce: bool | Unset = UNSET
    joker_as: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.wish_choice_type_0 import WishChoiceType0  # noqa: PLC0415
        from ..models.wish_choice_type_1 import WishChoiceType1  # noqa: PLC0415
        from ..models.wish_choice_type_2 import WishChoiceType2  # noqa: PLC0415

        action: str = self.action

        cards = self.cards

        wish: dict[str, Any] | None | Unset
        if isinstance(self.wish, Unset):
            wish = UNSET
        elif isinstance(self.wish, WishChoiceType0):
            wish = self.wish.to_dict()
        elif isinstance(self.wish, WishChoiceType1):
            wish = self.wish.to_dict()
        elif isinstance(self.wish, WishChoiceType2):
            wish = self.wish.to_dict()
        else:
            wish = self.wish

        announce = self.announce

        joker_as: None | str | Unset
        if isinstance(self.joker_as, Unset):
            joker_as = UNSET
        else:
            joker_as = self.joker_as

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "cards": cards,
            }
        )
        if wish is not UNSET:
            field_dict["wish"] = wish
        if announce is not UNSET:
            field_dict["announce"] = announce
        if joker_as is not UNSET:
            field_dict["joker_as"] = joker_as

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.wish_choice_type_0 import WishChoiceType0  # noqa: PLC0415
        from ..models.wish_choice_type_1 import WishChoiceType1  # noqa: PLC0415
        from ..models.wish_choice_type_2 import WishChoiceType2  # noqa: PLC0415

        d = dict(src_dict)
        action = check_play_move_action(d.pop("action"))

        cards = cast(list[str], d.pop("cards"))

        def _parse_wish(data: object) -> None | Unset | WishChoiceType0 | WishChoiceType1 | WishChoiceType2:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_wish_choice_type_0 = WishChoiceType0.from_dict(data)

                return componentsschemas_wish_choice_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_wish_choice_type_1 = WishChoiceType1.from_dict(data)

                return componentsschemas_wish_choice_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_wish_choice_type_2 = WishChoiceType2.from_dict(data)

                return componentsschemas_wish_choice_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | WishChoiceType0 | WishChoiceType1 | WishChoiceType2, data)

        wish = _parse_wish(d.pop("wish", UNSET))

        announce = d.pop("announce", UNSET)

        def _parse_joker_as(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        joker_as = _parse_joker_as(d.pop("joker_as", UNSET))

        play_move = cls(
            action=action,
            cards=cards,
            wish=wish,
            announce=announce,
            joker_as=joker_as,
        )

        return play_move
