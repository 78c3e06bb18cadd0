from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="GameCreatedDataConfig")


@_attrs_define
class GameCreatedDataConfig:
    """
    Attributes:
        bot_delay_s (float):
        turn_timeout_s (float | None):
        announce_window_s (float):
        fill_with_bots_after_s (float | None):
        public (bool):
        seeded (bool):
        rated (bool | Unset): present (true) when the game counts for its players' ratings
    """

    bot_delay_s: float
    turn_timeout_s: float | None
    announce_window_s: float
    fill_with_bots_after_s: float | None
    public: bool
    seeded: bool
    rated: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        bot_delay_s = self.bot_delay_s

        turn_timeout_s: float | None
        turn_timeout_s = self.turn_timeout_s

        announce_window_s = self.announce_window_s

        fill_with_bots_after_s: float | None
        fill_with_bots_after_s = self.fill_with_bots_after_s

        public = self.public

        seeded = self.seeded

        rated = self.rated

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bot_delay_s": bot_delay_s,
                "turn_timeout_s": turn_timeout_s,
                "announce_window_s": announce_window_s,
                "fill_with_bots_after_s": fill_with_bots_after_s,
                "public": public,
                "seeded": seeded,
            }
        )
        if rated is not UNSET:
            field_dict["rated"] = rated

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bot_delay_s = d.pop("bot_delay_s")

        def _parse_turn_timeout_s(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        turn_timeout_s = _parse_turn_timeout_s(d.pop("turn_timeout_s"))

        announce_window_s = d.pop("announce_window_s")

        def _parse_fill_with_bots_after_s(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        fill_with_bots_after_s = _parse_fill_with_bots_after_s(d.pop("fill_with_bots_after_s"))

        public = d.pop("public")

        seeded = d.pop("seeded")

        rated = d.pop("rated", UNSET)

        game_created_data_config = cls(
            bot_delay_s=bot_delay_s,
            turn_timeout_s=turn_timeout_s,
            announce_window_s=announce_window_s,
            fill_with_bots_after_s=fill_with_bots_after_s,
            public=public,
            seeded=seeded,
            rated=rated,
        )

        return game_created_data_config
