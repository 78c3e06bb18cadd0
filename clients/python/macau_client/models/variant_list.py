from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.variant import Variant


T = TypeVar("T", bound="VariantList")


@_attrs_define
class VariantList:
    """
    Attributes:
        variants (list[Variant]):
    """

    variants: list[Variant]

    def to_dict(self) -> dict[str, Any]:
        variants = []
        for variants_item_data in self.variants:
            variants_item = variants_item_data.to_dict()
            variants.append(variants_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "variants": variants,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.variant import Variant  # noqa: PLC0415

        d = dict(src_dict)
        variants = []
        _variants = d.pop("variants")
        for variants_item_data in _variants:
            variants_item = Variant.from_dict(variants_item_data)

            variants.append(variants_item)

        variant_list = cls(
            variants=variants,
        )

        return variant_list
