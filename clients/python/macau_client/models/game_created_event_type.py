from typing import Literal

GameCreatedEventType = Literal["game_created"]

GAME_CREATED_EVENT_TYPE_VALUES: set[GameCreatedEventType] = {
    "game_created",
}


def check_game_created_event_type(value: str) -> GameCreatedEventType:
    if value in GAME_CREATED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GAME_CREATED_EVENT_TYPE_VALUES!r}")
