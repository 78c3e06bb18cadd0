from typing import Literal

PlayerPassedEventType = Literal["player_passed"]

PLAYER_PASSED_EVENT_TYPE_VALUES: set[PlayerPassedEventType] = {
    "player_passed",
}


def check_player_passed_event_type(value: str) -> PlayerPassedEventType:
    if value in PLAYER_PASSED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAYER_PASSED_EVENT_TYPE_VALUES!r}")
