from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GameEndedData")


@_attrs_define
class GameEndedData:
    """
    Attributes:
        winners (list[int]):
        losers (list[int]):
        standings (list[int]):
        scores (list[int]):
        salts (list[str]):
    """

    winners: list[int]
    losers: list[int]
    standings: list[int]
    scores: list[int]
    salts: list[str]

    def to_dict(self) -> dict[str, Any]:
        winners = self.winners

        losers = self.losers

        standings = self.standings

        scores = self.scores

        salts = self.salts

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "winners": winners,
                "losers": losers,
                "standings": standings,
                "scores": scores,
                "salts": salts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        winners = cast(list[int], d.pop("winners"))

        losers = cast(list[int], d.pop("losers"))

        standings = cast(list[int], d.pop("standings"))

        scores = cast(list[int], d.pop("scores"))

        salts = cast(list[str], d.pop("salts"))

        game_ended_data = cls(
            winners=winners,
            losers=losers,
            standings=standings,
            scores=scores,
            salts=salts,
        )

        return game_ended_data
