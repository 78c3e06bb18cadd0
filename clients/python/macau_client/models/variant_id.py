from typing import Literal

VariantId = Literal["custom", "macau", "makao", "mau_mau", "plawno", "romanian", "switch", "tel_aviv"]

VARIANT_ID_VALUES: set[VariantId] = {
    "custom",
    "macau",
    "makao",
    "mau_mau",
    "plawno",
    "romanian",
    "switch",
    "tel_aviv",
}


def check_variant_id(value: str) -> VariantId:
    if value in VARIANT_ID_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VARIANT_ID_VALUES!r}")
