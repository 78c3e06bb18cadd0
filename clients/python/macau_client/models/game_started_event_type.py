from typing import Literal

GameStartedEventType = Literal["game_started"]

GAME_STARTED_EVENT_TYPE_VALUES: set[GameStartedEventType] = {
    "game_started",
}


def check_game_started_event_type(value: str) -> GameStartedEventType:
    if value in GAME_STARTED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GAME_STARTED_EVENT_TYPE_VALUES!r}")
