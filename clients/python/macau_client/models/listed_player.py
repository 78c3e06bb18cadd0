from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.seat_kind import SeatKind, check_seat_kind
from ..types import UNSET, Unset

T = TypeVar("T", bound="ListedPlayer")


@_attrs_define
class ListedPlayer:
    """
    Attributes:
        seat (int):
        name (str):
        kind (SeatKind):
        profile_id (None | str | Unset): the public id of the player who took the seat with his player key (`GET
            /v1/players/{id}`); null for a seat taken without one, a bot's, or an erased player's (named `Erased player`)
        autopilot (bool | Unset): a bot plays for this human now (repeated timeouts)
    """

    seat: int
    name: str
    kind: SeatKind
    profile_id: None | str | Unset = UNSET
    autopilot: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name = self.name

        kind: str = self.kind

        profile_id: None | str | Unset
        if isinstance(self.profile_id, Unset):
            profile_id = UNSET
        else:
            profile_id = self.profile_id

        autopilot = self.autopilot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "name": name,
                "kind": kind,
            }
        )
        if profile_id is not UNSET:
            field_dict["profile_id"] = profile_id
        if autopilot is not UNSET:
            field_dict["autopilot"] = autopilot

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        name = d.pop("name")

        kind = check_seat_kind(d.pop("kind"))

        def _parse_profile_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        profile_id = _parse_profile_id(d.pop("profile_id", UNSET))

        autopilot = d.pop("autopilot", UNSET)

        listed_player = cls(
            seat=seat,
            name=name,
            kind=kind,
            profile_id=profile_id,
            autopilot=autopilot,
        )

        return listed_player
