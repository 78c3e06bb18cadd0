from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayerJoinedData")


@_attrs_define
class PlayerJoinedData:
    """
    Attributes:
        player_id (str):
        name (str | Unset): every viewer but the auditor; for a seat taken with a player key, read from its sealed form
            (`Erased player` once he is erased)
        profile_id (None | str | Unset): a seat taken with a player key: the player's public id (`GET
            /v1/players/{id}`), null once he is erased; not sent to the auditor
        subject (str | Unset): auditor only, a seat taken with a player key: the id of the key its name is sealed with
        sealed (str | Unset): auditor only, a seat taken with a player key: the name and player id, sealed (erasure
            shreds the key, never these stored bytes)
        token_hash (str | Unset): auditor only: the hash of the seat's token
    """

    player_id: str
    name: str | Unset = UNSET
    profile_id: None | str | Unset = UNSET
    subject: str | Unset = UNSET
    sealed: str | Unset = UNSET
    token_hash: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        name = self.name

        profile_id: None | str | Unset
        if isinstance(self.profile_id, Unset):
            profile_id = UNSET
        else:
            profile_id = self.profile_id

        subject = self.subject

        sealed = self.sealed

        token_hash = self.token_hash

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player_id": player_id,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if profile_id is not UNSET:
            field_dict["profile_id"] = profile_id
        if subject is not UNSET:
            field_dict["subject"] = subject
        if sealed is not UNSET:
            field_dict["sealed"] = sealed
        if token_hash is not UNSET:
            field_dict["token_hash"] = token_hash

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player_id = d.pop("player_id")

        name = d.pop("name", UNSET)

        def _parse_profile_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        profile_id = _parse_profile_id(d.pop("profile_id", UNSET))

        subject = d.pop("subject", UNSET)

        sealed = d.pop("sealed", UNSET)

        token_hash = d.pop("token_hash", UNSET)

        player_joined_data = cls(
            player_id=player_id,
            name=name,
            profile_id=profile_id,
            subject=subject,
            sealed=sealed,
            token_hash=token_hash,
        )

        return player_joined_data
