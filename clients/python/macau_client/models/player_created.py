from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlayerCreated")


@_attrs_define
class PlayerCreated:
    """
    Attributes:
        player_id (str): the player's public id
        player_key (str): the player's secret, shown once: send it as `Authorization: Player <key>` at create, join and
            quick play to sit as this player, and to read `/v1/players/me`
        name (str):
        tag (str): four characters shown after the name (`Ana #K7QX`) that tell apart players of the same name: derived
            from the public `player_id` alone (SHA-256), so they reveal nothing of the key
        created_at (datetime.datetime):
    """

    player_id: str
    player_key: str
    name: str
    tag: str
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        player_key = self.player_key

        name = self.name

        tag = self.tag

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player_id": player_id,
                "player_key": player_key,
                "name": name,
                "tag": tag,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player_id = d.pop("player_id")

        player_key = d.pop("player_key")

        name = d.pop("name")

        tag = d.pop("tag")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        player_created = cls(
            player_id=player_id,
            player_key=player_key,
            name=name,
            tag=tag,
            created_at=created_at,
        )

        return player_created
