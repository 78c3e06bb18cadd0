from typing import Literal

PlayerLeftEventType = Literal["player_left"]

PLAYER_LEFT_EVENT_TYPE_VALUES: set[PlayerLeftEventType] = {
    "player_left",
}


def check_player_left_event_type(value: str) -> PlayerLeftEventType:
    if value in PLAYER_LEFT_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYER_LEFT_EVENT_TYPE_VALUES!r}")
