from typing import Literal

WishSetDataKind = Literal["free_plain", "free_suit", "rank", "suit"]

WISH_SET_DATA_KIND_VALUES: set[WishSetDataKind] = {
    "free_plain",
    "free_suit",
    "rank",
    "suit",
}


def check_wish_set_data_kind(value: str) -> WishSetDataKind:
    if value in WISH_SET_DATA_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WISH_SET_DATA_KIND_VALUES!r}")
