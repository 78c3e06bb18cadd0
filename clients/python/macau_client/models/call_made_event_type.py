from typing import Literal

CallMadeEventType = Literal["call_made"]

CALL_MADE_EVENT_TYPE_VALUES: set[CallMadeEventType] = {
    "call_made",
}


def check_call_made_event_type(value: str) -> CallMadeEventType:
    if value in CALL_MADE_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CALL_MADE_EVENT_TYPE_VALUES!r}")
