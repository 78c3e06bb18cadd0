from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="StockReshuffledData")


@_attrs_define
class StockReshuffledData:
    """
    Attributes:
        commitment (str):
        stock (list[str] | Unset): auditor only: the new stock, top first
        stock_size (int | Unset): (every viewer but the auditor, who receives the stored form)
    """

    commitment: str
    stock: list[str] | Unset = UNSET
    stock_size: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        commitment = self.commitment

        stock: list[str] | Unset = UNSET
        if not isinstance(self.stock, Unset):
            stock = self.stock

        stock_size = self.stock_size

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "commitment": commitment,
            }
        )
        if stock is not UNSET:
            field_dict["stock"] = stock
        if stock_size is not UNSET:
            field_dict["stock_size"] = stock_size

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        commitment = d.pop("commitment")

        stock = cast(list[str], d.pop("stock", UNSET))

        stock_size = d.pop("stock_size", UNSET)

        stock_reshuffled_data = cls(
            commitment=commitment,
            stock=stock,
            stock_size=stock_size,
        )

        return stock_reshuffled_data
