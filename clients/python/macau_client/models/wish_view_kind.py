from typing import Literal

WishViewKind = Literal["free_plain", "free_suit", "rank", "suit"]

WISH_VIEW_KIND_VALUES: set[WishViewKind] = {
    "free_plain",
    "free_suit",
    "rank",
    "suit",
}


def check_wish_view_kind(value: str) -> WishViewKind:
    if value in WISH_VIEW_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WISH_VIEW_KIND_VALUES!r}")
