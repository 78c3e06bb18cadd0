from typing import Literal

SkipPendingEventType = Literal["skip_pending"]

SKIP_PENDING_EVENT_TYPE_VALUES: set[SkipPendingEventType] = {
    "skip_pending",
}


def check_skip_pending_event_type(value: str) -> SkipPendingEventType:
    if value in SKIP_PENDING_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SKIP_PENDING_EVENT_TYPE_VALUES!r}")
