from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.variant_id import VariantId, check_variant_id

if TYPE_CHECKING:
    from ..models.bot_step import BotStep


T = TypeVar("T", bound="VariantRating")


@_attrs_define
class VariantRating:
    """
    Attributes:
        variant (VariantId): a preset, or `custom` (a preset's rules with overrides)
        rating (int): the rating shown: 1000 + 40 (mu - 3 sigma)
        mu (float):
        sigma (float):
        games (int): rated games played in this variant
        rank (int | None): place on the leaderboard, from 1
        bots_passed (list[BotStep]): the bot levels whose rating in this variant is below the player's
        next_bot (BotStep | None): the lowest-rated bot level still above the player (null: he has passed them all)
    """

    variant: VariantId
    rating: int
    mu: float
    sigma: float
    games: int
    rank: int | None
    bots_passed: list[BotStep]
    next_bot: BotStep | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.bot_step import BotStep  # noqa: PLC0415

        variant: str = self.variant

        rating = self.rating

        mu = self.mu

        sigma = self.sigma

        games = self.games

        rank: int | None
        rank = self.rank

        bots_passed = []
        for bots_passed_item_data in self.bots_passed:
            bots_passed_item = bots_passed_item_data.to_dict()
            bots_passed.append(bots_passed_item)

        next_bot: dict[str, Any] | None
        if isinstance(self.next_bot, BotStep):
            next_bot = self.next_bot.to_dict()
        else:
            next_bot = self.next_bot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "variant": variant,
                "rating": rating,
                "mu": mu,
                "sigma": sigma,
                "games": games,
                "rank": rank,
                "bots_passed": bots_passed,
                "next_bot": next_bot,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bot_step import BotStep  # noqa: PLC0415

        d = dict(src_dict)
        variant = check_variant_id(d.pop("variant"))

        rating = d.pop("rating")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        games = d.pop("games")

        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))

        bots_passed = []
        _bots_passed = d.pop("bots_passed")
        for bots_passed_item_data in _bots_passed:
            bots_passed_item = BotStep.from_dict(bots_passed_item_data)

            bots_passed.append(bots_passed_item)

        def _parse_next_bot(data: object) -> BotStep | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                next_bot_type_0 = BotStep.from_dict(data)

                return next_bot_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotStep | None, data)

        next_bot = _parse_next_bot(d.pop("next_bot"))

        variant_rating = cls(
            variant=variant,
            rating=rating,
            mu=mu,
            sigma=sigma,
            games=games,
            rank=rank,
            bots_passed=bots_passed,
            next_bot=next_bot,
        )

        return variant_rating
