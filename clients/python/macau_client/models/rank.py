from typing import Literal

Rank = Literal["10", "2", "3", "4", "5", "6", "7", "8", "9", "A", "J", "K", "Q"]

RANK_VALUES: set[Rank] = {
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


def check_rank(value: str) -> Rank:
    if value in RANK_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RANK_VALUES!r}")
