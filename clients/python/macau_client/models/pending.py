from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bonus import Bonus
    from ..models.pass_cards import PassCards
    from ..models.pending_draw import PendingDraw
    from ..models.pending_skip import PendingSkip
    from ..models.robin import Robin
    from ..models.wish_view import WishView


T = TypeVar("T", bound="Pending")


@_attrs_define
class Pending:
    """
    Attributes:
        draw (None | PendingDraw):
        skip (None | PendingSkip):
        wish (None | WishView):
        follow_up_seat (int | None):
        skip_robin (None | Robin | Unset):
        bonus_turns (Bonus | None | Unset):
        pass_cards (None | PassCards | Unset):
        turns_to_miss (list[int] | Unset):
    """

    draw: None | PendingDraw
    skip: None | PendingSkip
    wish: None | WishView
    follow_up_seat: int | None
    skip_robin: None | Robin | Unset = UNSET
    bonus_turns: Bonus | None | Unset = UNSET
    pass_cards: None | PassCards | Unset = UNSET
    turns_to_miss: list[int] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.bonus import Bonus  # noqa: PLC0415
        from ..models.pass_cards import PassCards  # noqa: PLC0415
        from ..models.pending_draw import PendingDraw  # noqa: PLC0415
        from ..models.pending_skip import PendingSkip  # noqa: PLC0415
        from ..models.robin import Robin  # noqa: PLC0415
        from ..models.wish_view import WishView  # noqa: PLC0415

        draw: dict[str, Any] | None
        if isinstance(self.draw, PendingDraw):
            draw = self.draw.to_dict()
        else:
            draw = self.draw

        skip: dict[str, Any] | None
        if isinstance(self.skip, PendingSkip):
            skip = self.skip.to_dict()
        else:
            skip = self.skip

        wish: dict[str, Any] | None
        if isinstance(self.wish, WishView):
            wish = self.wish.to_dict()
        else:
            wish = self.wish

        follow_up_seat: int | None
        follow_up_seat = self.follow_up_seat

        skip_robin: dict[str, Any] | None | Unset
        if isinstance(self.skip_robin, Unset):
            skip_robin = UNSET
        elif isinstance(self.skip_robin, Robin):
            skip_robin = self.skip_robin.to_dict()
        else:
            skip_robin = self.skip_robin

        bonus_turns: dict[str, Any] | None | Unset
        if isinstance(self.bonus_turns, Unset):
            bonus_turns = UNSET
        elif isinstance(self.bonus_turns, Bonus):
            bonus_turns = self.bonus_turns.to_dict()
        else:
            bonus_turns = self.bonus_turns

        pass_cards: dict[str, Any] | None | Unset
        if isinstance(self.pass_cards, Unset):
            pass_cards = UNSET
        elif isinstance(self.pass_cards, PassCards):
            pass_cards = self.pass_cards.to_dict()
        else:
            pass_cards = self.pass_cards

        turns_to_miss: list[int] | Unset = UNSET
        if not isinstance(self.turns_to_miss, Unset):
            turns_to_miss = self.turns_to_miss

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "draw": draw,
                "skip": skip,
                "wish": wish,
                "follow_up_seat": follow_up_seat,
            }
        )
        if skip_robin is not UNSET:
            field_dict["skip_robin"] = skip_robin
        if bonus_turns is not UNSET:
            field_dict["bonus_turns"] = bonus_turns
        if pass_cards is not UNSET:
            field_dict["pass_cards"] = pass_cards
        if turns_to_miss is not UNSET:
            field_dict["turns_to_miss"] = turns_to_miss

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bonus import Bonus  # noqa: PLC0415
        from ..models.pass_cards import PassCards  # noqa: PLC0415
        from ..models.pending_draw import PendingDraw  # noqa: PLC0415
        from ..models.pending_skip import PendingSkip  # noqa: PLC0415
        from ..models.robin import Robin  # noqa: PLC0415
        from ..models.wish_view import WishView  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_draw(data: object) -> None | PendingDraw:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                draw_type_1 = PendingDraw.from_dict(data)

                return draw_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PendingDraw, data)

        draw = _parse_draw(d.pop("draw"))

        def _parse_skip(data: object) -> None | PendingSkip:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                skip_type_1 = PendingSkip.from_dict(data)

                return skip_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PendingSkip, data)

        skip = _parse_skip(d.pop("skip"))

        def _parse_wish(data: object) -> None | WishView:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                wish_type_1 = WishView.from_dict(data)

                return wish_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WishView, data)

        wish = _parse_wish(d.pop("wish"))

        def _parse_follow_up_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        follow_up_seat = _parse_follow_up_seat(d.pop("follow_up_seat"))

        def _parse_skip_robin(data: object) -> None | Robin | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                skip_robin_type_1 = Robin.from_dict(data)

                return skip_robin_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Robin | Unset, data)

        skip_robin = _parse_skip_robin(d.pop("skip_robin", UNSET))

        def _parse_bonus_turns(data: object) -> Bonus | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                bonus_turns_type_1 = Bonus.from_dict(data)

                return bonus_turns_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Bonus | None | Unset, data)

        bonus_turns = _parse_bonus_turns(d.pop("bonus_turns", UNSET))

        def _parse_pass_cards(data: object) -> None | PassCards | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pass_cards_type_1 = PassCards.from_dict(data)

                return pass_cards_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PassCards | Unset, data)

        pass_cards = _parse_pass_cards(d.pop("pass_cards", UNSET))

        turns_to_miss = cast(list[int], d.pop("turns_to_miss", UNSET))

        pending = cls(
            draw=draw,
            skip=skip,
            wish=wish,
            follow_up_seat=follow_up_seat,
            skip_robin=skip_robin,
            bonus_turns=bonus_turns,
            pass_cards=pass_cards,
            turns_to_miss=turns_to_miss,
        )

        return pending
