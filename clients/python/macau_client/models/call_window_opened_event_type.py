from typing import Literal

CallWindowOpenedEventType = Literal["call_window_opened"]

CALL_WINDOW_OPENED_EVENT_TYPE_VALUES: set[CallWindowOpenedEventType] = {
    "call_window_opened",
}


def check_call_window_opened_event_type(value: str) -> CallWindowOpenedEventType:
    if value in CALL_WINDOW_OPENED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CALL_WINDOW_OPENED_EVENT_TYPE_VALUES!r}")
