from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.direction import Direction, check_direction
from ..types import UNSET, Unset

T = TypeVar("T", bound="RoundStartedData")


@_attrs_define
class RoundStartedData:
    """
    Attributes:
        round_ (int):
        dealer (int):
        direction (Direction): clockwise or counter-clockwise
        hands (list[list[str] | None]): the hands dealt, by seat: a seat receives its own hand and null for the others;
            the auditor every hand
        upcard (str): A card code: rank + suit (`10H`, `QS`, `AC`) or `JKB`/`JKR` Example: 7H.
        redraws (int):
        deck_count (int):
        commitment (str):
        fixed_deal (bool):
        stock (list[str] | Unset): auditor only: the stock, top first
        hand_sizes (list[int] | Unset): every seat's number of cards (every viewer but the auditor, who receives the
            stored form)
        stock_size (int | Unset): (every viewer but the auditor, who receives the stored form)
    """

    round_: int
    dealer: int
    direction: Direction
    hands: list[list[str] | None]
    upcard: str
    redraws: int
    deck_count: int
    commitment: str
    fixed_deal: bool
    stock: list[str] | Unset = UNSET
    hand_sizes: list[int] | Unset = UNSET
    stock_size: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        dealer = self.dealer

        direction: str = self.direction

        hands = []
        for hands_item_data in self.hands:
            hands_item: list[str] | None
            if isinstance(hands_item_data, list):
                hands_item = hands_item_data

            else:
                hands_item = hands_item_data
            hands.append(hands_item)

        upcard = self.upcard

        redraws = self.redraws

        deck_count = self.deck_count

        commitment = self.commitment

        fixed_deal = self.fixed_deal

        stock: list[str] | Unset = UNSET
        if not isinstance(self.stock, Unset):
            stock = self.stock

        hand_sizes: list[int] | Unset = UNSET
        if not isinstance(self.hand_sizes, Unset):
            hand_sizes = self.hand_sizes

        stock_size = self.stock_size

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "round": round_,
                "dealer": dealer,
                "direction": direction,
                "hands": hands,
                "upcard": upcard,
                "redraws": redraws,
                "deck_count": deck_count,
                "commitment": commitment,
                "fixed_deal": fixed_deal,
            }
        )
        if stock is not UNSET:
            field_dict["stock"] = stock
        if hand_sizes is not UNSET:
            field_dict["hand_sizes"] = hand_sizes
        if stock_size is not UNSET:
            field_dict["stock_size"] = stock_size

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        round_ = d.pop("round")

        dealer = d.pop("dealer")

        direction = check_direction(d.pop("direction"))

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:

            def _parse_hands_item(data: object) -> list[str] | None:
                if data is None:
                    return data
                try:
                    if not isinstance(data, list):
                        raise TypeError()
                    hands_item_type_0 = cast(list[str], data)

                    return hands_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(list[str] | None, data)

            hands_item = _parse_hands_item(hands_item_data)

            hands.append(hands_item)

        upcard = d.pop("upcard")

        redraws = d.pop("redraws")

        deck_count = d.pop("deck_count")

        commitment = d.pop("commitment")

        fixed_deal = d.pop("fixed_deal")

        stock = cast(list[str], d.pop("stock", UNSET))

        hand_sizes = cast(list[int], d.pop("hand_sizes", UNSET))

        stock_size = d.pop("stock_size", UNSET)

        round_started_data = cls(
            round_=round_,
            dealer=dealer,
            direction=direction,
            hands=hands,
            upcard=upcard,
            redraws=redraws,
            deck_count=deck_count,
            commitment=commitment,
            fixed_deal=fixed_deal,
            stock=stock,
            hand_sizes=hand_sizes,
            stock_size=stock_size,
        )

        return round_started_data
