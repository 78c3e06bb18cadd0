from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.variant_id import VariantId, check_variant_id

if TYPE_CHECKING:
    from ..models.leaderboard_entry import LeaderboardEntry


T = TypeVar("T", bound="Leaderboard")


@_attrs_define
class Leaderboard:
    """
    Attributes:
        variant (VariantId): a preset, or `custom` (a preset's rules with overrides)
        total (int): entries on the board, bots included
        offset (int):
        entries (list[LeaderboardEntry]):
        me (LeaderboardEntry | None): the caller's entry, with a player key and a rated game in this variant
    """

    variant: VariantId
    total: int
    offset: int
    entries: list[LeaderboardEntry]
    me: LeaderboardEntry | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.leaderboard_entry import LeaderboardEntry  # noqa: PLC0415

        variant: str = self.variant

        total = self.total

        offset = self.offset

        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)

        me: dict[str, Any] | None
        if isinstance(self.me, LeaderboardEntry):
            me = self.me.to_dict()
        else:
            me = self.me

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "variant": variant,
                "total": total,
                "offset": offset,
                "entries": entries,
                "me": me,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.leaderboard_entry import LeaderboardEntry  # noqa: PLC0415

        d = dict(src_dict)
        variant = check_variant_id(d.pop("variant"))

        total = d.pop("total")

        offset = d.pop("offset")

        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:
            entries_item = LeaderboardEntry.from_dict(entries_item_data)

            entries.append(entries_item)

        def _parse_me(data: object) -> LeaderboardEntry | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                me_type_0 = LeaderboardEntry.from_dict(data)

                return me_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LeaderboardEntry | None, data)

        me = _parse_me(d.pop("me"))

        leaderboard = cls(
            variant=variant,
            total=total,
            offset=offset,
            entries=entries,
            me=me,
        )

        return leaderboard
