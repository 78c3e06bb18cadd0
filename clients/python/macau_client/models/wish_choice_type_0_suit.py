from typing import Literal

WishChoiceType0Suit = Literal["C", "D", "H", "S"]

WISH_CHOICE_TYPE_0_SUIT_VALUES: set[WishChoiceType0Suit] = {
    "C",
    "D",
    "H",
    "S",
}


def check_wish_choice_type_0_suit(value: str) -> WishChoiceType0Suit:
    if value in WISH_CHOICE_TYPE_0_SUIT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WISH_CHOICE_TYPE_0_SUIT_VALUES!r}")
