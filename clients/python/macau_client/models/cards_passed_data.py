from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CardsPassedData")


@_attrs_define
class CardsPassedData:
    """
    Attributes:
        transfers (list[list[int | None | str]]): [from seat, to seat, card] each; the card is null for a seat that
            neither gave nor received it (the auditor receives every card)
    """

    transfers: list[list[int | None | str]]

    def to_dict(self) -> dict[str, Any]:
        transfers = []
        for transfers_item_data in self.transfers:
            transfers_item = []
            for transfers_item_item_data in transfers_item_data:
                transfers_item_item: int | None | str
                transfers_item_item = transfers_item_item_data
                transfers_item.append(transfers_item_item)

            transfers.append(transfers_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "transfers": transfers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        transfers = []
        _transfers = d.pop("transfers")
        for transfers_item_data in _transfers:
            transfers_item = []
            _transfers_item = transfers_item_data
            for transfers_item_item_data in _transfers_item:

                def _parse_transfers_item_item(data: object) -> int | None | str:
                    if data is None:
                        return data
                    return cast(int | None | str, data)

                transfers_item_item = _parse_transfers_item_item(transfers_item_item_data)

                transfers_item.append(transfers_item_item)

            transfers.append(transfers_item)

        cards_passed_data = cls(
            transfers=transfers,
        )

        return cards_passed_data
