from typing import Literal

WishValue = Literal["10", "2", "3", "4", "5", "6", "7", "8", "9", "A", "C", "D", "H", "J", "K", "Q", "S"]

WISH_VALUE_VALUES: set[WishValue] = {
    "10",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "A",
    "C",
    "D",
    "H",
    "J",
    "K",
    "Q",
    "S",
}


def check_wish_value(value: str) -> WishValue:
    if value in WISH_VALUE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WISH_VALUE_VALUES!r}")
