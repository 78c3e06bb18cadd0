from typing import Literal

QuickplayBodyVariant = Literal["macau", "makao", "mau_mau", "plawno", "romanian", "switch", "tel_aviv"]

QUICKPLAY_BODY_VARIANT_VALUES: set[QuickplayBodyVariant] = {
    "macau",
    "makao",
    "mau_mau",
    "plawno",
    "romanian",
    "switch",
    "tel_aviv",
}


def check_quickplay_body_variant(value: str) -> QuickplayBodyVariant:
    if value in QUICKPLAY_BODY_VARIANT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {QUICKPLAY_BODY_VARIANT_VALUES!r}")
