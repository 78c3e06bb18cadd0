from typing import Literal

PlayerLeftDataLevel = Literal["easy", "hard", "normal"]

PLAYER_LEFT_DATA_LEVEL_VALUES: set[PlayerLeftDataLevel] = {
    "easy",
    "hard",
    "normal",
}


def check_player_left_data_level(value: str) -> PlayerLeftDataLevel:
    if value in PLAYER_LEFT_DATA_LEVEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYER_LEFT_DATA_LEVEL_VALUES!r}")
