from typing import Literal

WishChoiceType1Rank = Literal["10", "2", "3", "4", "5", "6", "7", "8", "9", "A", "J", "K", "Q"]

WISH_CHOICE_TYPE_1_RANK_VALUES: set[WishChoiceType1Rank] = {
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
    "J",
    "K",
    "Q",
}


def check_wish_choice_type_1_rank(value: str) -> WishChoiceType1Rank:
    if value in WISH_CHOICE_TYPE_1_RANK_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WISH_CHOICE_TYPE_1_RANK_VALUES!r}")
