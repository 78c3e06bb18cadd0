from typing import Literal

SkipRobinStartedEventType = Literal["skip_robin_started"]

SKIP_ROBIN_STARTED_EVENT_TYPE_VALUES: set[SkipRobinStartedEventType] = {
    "skip_robin_started",
}


def check_skip_robin_started_event_type(value: str) -> SkipRobinStartedEventType:
    if value in SKIP_ROBIN_STARTED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SKIP_ROBIN_STARTED_EVENT_TYPE_VALUES!r}")
