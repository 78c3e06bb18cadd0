from typing import Literal

PlayerJoinedEventType = Literal["player_joined"]

PLAYER_JOINED_EVENT_TYPE_VALUES: set[PlayerJoinedEventType] = {
    "player_joined",
}


def check_player_joined_event_type(value: str) -> PlayerJoinedEventType:
    if value in PLAYER_JOINED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYER_JOINED_EVENT_TYPE_VALUES!r}")
