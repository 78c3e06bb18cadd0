from typing import Literal

TurnSkippedEventType = Literal["turn_skipped"]

TURN_SKIPPED_EVENT_TYPE_VALUES: set[TurnSkippedEventType] = {
    "turn_skipped",
}


def check_turn_skipped_event_type(value: str) -> TurnSkippedEventType:
    if value in TURN_SKIPPED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TURN_SKIPPED_EVENT_TYPE_VALUES!r}")
