from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Health")


@_attrs_define
class Health:
    """
    Attributes:
        status (str):
        redis (str | Unset):
    """

    status: str
    redis: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        redis = self.redis

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
            }
        )
        if redis is not UNSET:
            field_dict["redis"] = redis

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = d.pop("status")

        redis = d.pop("redis", UNSET)

        health = cls(
            status=status,
            redis=redis,
        )

        return health
