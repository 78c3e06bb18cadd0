from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.round_ended_data_reason import RoundEndedDataReason, check_round_ended_data_reason
from ..types import UNSET, Unset

T = TypeVar("T", bound="RoundEndedData")


@_attrs_define
class RoundEndedData:
    """
    Attributes:
        round_ (int):
        reason (RoundEndedDataReason):
        standings (list[int]):
        points (list[int]):
        scores (list[int]):
        hands (list[list[str] | None]): the hands as the round ended, by seat: a seat receives its own hand and null for
            the others; the auditor every hand
        hand_sizes (list[int] | Unset): every seat's number of cards (every viewer but the auditor, who receives the
            stored form)
    """

    round_: int
    reason: RoundEndedDataReason
    standings: list[int]
    points: list[int]
    scores: list[int]
    hands: list[list[str] | None]
    hand_sizes: list[int] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        reason: str = self.reason

        standings = self.standings

        points = self.points

        scores = self.scores

        hands = []
        for hands_item_data in self.hands:
            hands_item: list[str] | None
            if isinstance(hands_item_data, list):
                hands_item = hands_item_data

            else:
                hands_item = hands_item_data
            hands.append(hands_item)

        hand_sizes: list[int] | Unset = UNSET
        if not isinstance(self.hand_sizes, Unset):
            hand_sizes = self.hand_sizes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "round": round_,
                "reason": reason,
                "standings": standings,
                "points": points,
                "scores": scores,
                "hands": hands,
            }
        )
        if hand_sizes is not UNSET:
            field_dict["hand_sizes"] = hand_sizes

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        round_ = d.pop("round")

        reason = check_round_ended_data_reason(d.pop("reason"))

        standings = cast(list[int], d.pop("standings"))

        points = cast(list[int], d.pop("points"))

        scores = cast(list[int], d.pop("scores"))

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

        hand_sizes = cast(list[int], d.pop("hand_sizes", UNSET))

        round_ended_data = cls(
            round_=round_,
            reason=reason,
            standings=standings,
            points=points,
            scores=scores,
            hands=hands,
            hand_sizes=hand_sizes,
        )

        return round_ended_data
