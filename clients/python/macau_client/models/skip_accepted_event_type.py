from typing import Literal

SkipAcceptedEventType = Literal["skip_accepted"]

SKIP_ACCEPTED_EVENT_TYPE_VALUES: set[SkipAcceptedEventType] = {
    "skip_accepted",
}


def check_skip_accepted_event_type(value: str) -> SkipAcceptedEventType:
    if value in SKIP_ACCEPTED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SKIP_ACCEPTED_EVENT_TYPE_VALUES!r}")
