from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.chain_cancelled_data_kind import ChainCancelledDataKind, check_chain_cancelled_data_kind

T = TypeVar("T", bound="ChainCancelledData")


@_attrs_define
class ChainCancelledData:
    """
    Attributes:
        kind (ChainCancelledDataKind):
    """

    kind: ChainCancelledDataKind

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = check_chain_cancelled_data_kind(d.pop("kind"))

        chain_cancelled_data = cls(
            kind=kind,
        )

        return chain_cancelled_data
