from typing import Literal

GameEndedEventType = Literal["game_ended"]

GAME_ENDED_EVENT_TYPE_VALUES: set[GameEndedEventType] = {
    "game_ended",
}


def check_game_ended_event_type(value: str) -> GameEndedEventType:
    if value in GAME_ENDED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GAME_ENDED_EVENT_TYPE_VALUES!r}")
