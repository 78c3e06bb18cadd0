from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayerJoinedData")


@_attrs_define
class PlayerJoinedData:
    """
    Attributes:
        player_id (str):
        name (str):
        token_hash (str | Unset): auditor only: the hash of the seat's token
    """

    player_id: str
    name: str
    token_hash: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        name = self.name

        token_hash = self.token_hash

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player_id": player_id,
                "name": name,
            }
        )
        if token_hash is not UNSET:
            field_dict["token_hash"] = token_hash

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player_id = d.pop("player_id")

        name = d.pop("name")

        token_hash = d.pop("token_hash", UNSET)

        player_joined_data = cls(
            player_id=player_id,
            name=name,
            token_hash=token_hash,
        )

        return player_joined_data
