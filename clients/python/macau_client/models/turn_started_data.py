from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TurnStartedData")


@_attrs_define
class TurnStartedData:
    """
    Attributes:
        next_regular (int):
        deadline (datetime.datetime | None):
        bonus (int | None): Pławno: bonus turns left after this one
    """

    next_regular: int
    deadline: datetime.datetime | None
    bonus: int | None

    def to_dict(self) -> dict[str, Any]:
        next_regular = self.next_regular

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        bonus: int | None
        bonus = self.bonus

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "next_regular": next_regular,
                "deadline": deadline,
                "bonus": bonus,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        next_regular = d.pop("next_regular")

        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

        def _parse_bonus(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        bonus = _parse_bonus(d.pop("bonus"))

        turn_started_data = cls(
            next_regular=next_regular,
            deadline=deadline,
            bonus=bonus,
        )

        return turn_started_data
