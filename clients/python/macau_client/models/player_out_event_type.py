from typing import Literal

PlayerOutEventType = Literal["player_out"]

PLAYER_OUT_EVENT_TYPE_VALUES: set[PlayerOutEventType] = {
    "player_out",
}


def check_player_out_event_type(value: str) -> PlayerOutEventType:
    if value in PLAYER_OUT_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYER_OUT_EVENT_TYPE_VALUES!r}")
