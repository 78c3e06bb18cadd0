from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.listed_play_move_action import ListedPlayMoveAction, check_listed_play_move_action
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.wish_choice_type_0 import WishChoiceType0
    from ..models.wish_choice_type_1 import WishChoiceType1
    from ..models.wish_choice_type_2 import WishChoiceType2


T = TypeVar("T", bound="ListedPlayMove")


@_attrs_define
class ListedPlayMove:
    """play cards from the hand

    Attributes:
        action (ListedPlayMoveAction):
        cards (list[str]): in the order played; the last one ends on top
        wish_options (list[WishChoiceType0 | WishChoiceType1 | WishChoiceType2] | Unset): the values `wish` may take:
            send the move with one of them as `wish` (and without `wish_options`)
        announce (bool | Unset): the last-card call, made with the play
        joker_as (None | str | Unset): Pławno: the card a joker stands for Example: 7H.
    """

    action: ListedPlayMoveAction
    cards: list[str]
    wish_options: list[WishChoiceType0 | WishChoiceType1 | WishChoiceType2] | Unset = UNSET
    announce: bool | Unset = UNSET
    joker_as: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.wish_choice_type_0 import WishChoiceType0  # noqa: PLC0415
        from ..models.wish_choice_type_1 import WishChoiceType1  # noqa: PLC0415

        action: str = self.action

        cards = self.cards

        wish_options: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.wish_options, Unset):
            wish_options = []
            for wish_options_item_data in self.wish_options:
                wish_options_item: dict[str, Any]
                if isinstance(wish_options_item_data, WishChoiceType0):
                    wish_options_item = wish_options_item_data.to_dict()
                elif isinstance(wish_options_item_data, WishChoiceType1):
                    wish_options_item = wish_options_item_data.to_dict()
                else:
                    wish_options_item = wish_options_item_data.to_dict()

                wish_options.append(wish_options_item)

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
        if wish_options is not UNSET:
            field_dict["wish_options"] = wish_options
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
        action = check_listed_play_move_action(d.pop("action"))

        cards = cast(list[str], d.pop("cards"))

        _wish_options = d.pop("wish_options", UNSET)
        wish_options: list[WishChoiceType0 | WishChoiceType1 | WishChoiceType2] | Unset = UNSET
        if _wish_options is not UNSET:
            wish_options = []
            for wish_options_item_data in _wish_options:

                def _parse_wish_options_item(data: object) -> WishChoiceType0 | WishChoiceType1 | WishChoiceType2:
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
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_wish_choice_type_2 = WishChoiceType2.from_dict(data)

                    return componentsschemas_wish_choice_type_2

                wish_options_item = _parse_wish_options_item(wish_options_item_data)

                wish_options.append(wish_options_item)

        announce = d.pop("announce", UNSET)

        def _parse_joker_as(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        joker_as = _parse_joker_as(d.pop("joker_as", UNSET))

        listed_play_move = cls(
            action=action,
            cards=cards,
            wish_options=wish_options,
            announce=announce,
            joker_as=joker_as,
        )

        return listed_play_move
