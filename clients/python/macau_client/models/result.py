from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.standing import Standing


T = TypeVar("T", bound="Result")


@_attrs_define
class Result:
    """
    Attributes:
        winner_seats (list[int]):
        standings (list[Standing]):
        loser_seats (list[int] | Unset):
        scores (list[int] | Unset):
    """

    winner_seats: list[int]
    standings: list[Standing]
    loser_seats: list[int] | Unset = UNSET
    scores: list[int] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        winner_seats = self.winner_seats

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        loser_seats: list[int] | Unset = UNSET
        if not isinstance(self.loser_seats, Unset):
            loser_seats = self.loser_seats

        scores: list[int] | Unset = UNSET
        if not isinstance(self.scores, Unset):
            scores = self.scores

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "winner_seats": winner_seats,
                "standings": standings,
            }
        )
        if loser_seats is not UNSET:
            field_dict["loser_seats"] = loser_seats
        if scores is not UNSET:
            field_dict["scores"] = scores

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.standing import Standing  # noqa: PLC0415

        d = dict(src_dict)
        winner_seats = cast(list[int], d.pop("winner_seats"))

        standings = []
        _standings = d.pop("standings")
        for standings_item_data in _standings:
            standings_item = Standing.from_dict(standings_item_data)

            standings.append(standings_item)

        loser_seats = cast(list[int], d.pop("loser_seats", UNSET))

        scores = cast(list[int], d.pop("scores", UNSET))

        result = cls(
            winner_seats=winner_seats,
            standings=standings,
            loser_seats=loser_seats,
            scores=scores,
        )

        return result
