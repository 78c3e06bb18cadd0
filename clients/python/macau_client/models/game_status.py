from typing import Literal

GameStatus = Literal["finished", "playing", "waiting"]

GAME_STATUS_VALUES: set[GameStatus] = {
    "finished",
    "playing",
    "waiting",
}


def check_game_status(value: str) -> GameStatus:
    if value in GAME_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GAME_STATUS_VALUES!r}")
