from typing import Literal

SkipRobinEndedEventType = Literal["skip_robin_ended"]

SKIP_ROBIN_ENDED_EVENT_TYPE_VALUES: set[SkipRobinEndedEventType] = {
    "skip_robin_ended",
}


def check_skip_robin_ended_event_type(value: str) -> SkipRobinEndedEventType:
    if value in SKIP_ROBIN_ENDED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SKIP_ROBIN_ENDED_EVENT_TYPE_VALUES!r}")
