from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AutopilotChangedData")


@_attrs_define
class AutopilotChangedData:
    """
    Attributes:
        on (bool): a bot plays for the seat's absent human from now on (true) or no longer (false)
    """

    on: bool

    def to_dict(self) -> dict[str, Any]:
        on = self.on

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "on": on,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        on = d.pop("on")

        autopilot_changed_data = cls(
            on=on,
        )

        return autopilot_changed_data
