from typing import Literal

TurnStartedEventType = Literal["turn_started"]

TURN_STARTED_EVENT_TYPE_VALUES: set[TurnStartedEventType] = {
    "turn_started",
}


def check_turn_started_event_type(value: str) -> TurnStartedEventType:
    if value in TURN_STARTED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TURN_STARTED_EVENT_TYPE_VALUES!r}")
