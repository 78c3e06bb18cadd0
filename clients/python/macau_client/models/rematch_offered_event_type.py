from typing import Literal

RematchOfferedEventType = Literal["rematch_offered"]

REMATCH_OFFERED_EVENT_TYPE_VALUES: set[RematchOfferedEventType] = {
    "rematch_offered",
}


def check_rematch_offered_event_type(value: str) -> RematchOfferedEventType:
    if value in REMATCH_OFFERED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REMATCH_OFFERED_EVENT_TYPE_VALUES!r}")
