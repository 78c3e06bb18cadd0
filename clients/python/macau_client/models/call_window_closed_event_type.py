from typing import Literal

CallWindowClosedEventType = Literal["call_window_closed"]

CALL_WINDOW_CLOSED_EVENT_TYPE_VALUES: set[CallWindowClosedEventType] = {
    "call_window_closed",
}


def check_call_window_closed_event_type(value: str) -> CallWindowClosedEventType:
    if value in CALL_WINDOW_CLOSED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CALL_WINDOW_CLOSED_EVENT_TYPE_VALUES!r}")
