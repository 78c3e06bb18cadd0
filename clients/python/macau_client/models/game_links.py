from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GameLinks")


@_attrs_define
class GameLinks:
    """
    Attributes:
        game (str):
        events (str):
        replay (str):
        audit (str):
        export (str):
    """

    game: str
    events: str
    replay: str
    audit: str
    export: str

    def to_dict(self) -> dict[str, Any]:
        game = self.game

        events = self.events

        replay = self.replay

        audit = self.audit

        export = self.export

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game": game,
                "events": events,
                "replay": replay,
                "audit": audit,
                "export": export,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game = d.pop("game")

        events = d.pop("events")

        replay = d.pop("replay")

        audit = d.pop("audit")

        export = d.pop("export")

        game_links = cls(
            game=game,
            events=events,
            replay=replay,
            audit=audit,
            export=export,
        )

        return game_links
