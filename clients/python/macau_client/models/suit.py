from typing import Literal

Suit = Literal["C", "D", "H", "S"]

SUIT_VALUES: set[Suit] = {
    "C",
    "D",
    "H",
    "S",
}


def check_suit(value: str) -> Suit:
    if value in SUIT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SUIT_VALUES!r}")
