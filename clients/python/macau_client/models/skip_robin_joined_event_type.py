from typing import Literal

SkipRobinJoinedEventType = Literal["skip_robin_joined"]

SKIP_ROBIN_JOINED_EVENT_TYPE_VALUES: set[SkipRobinJoinedEventType] = {
    "skip_robin_joined",
}


def check_skip_robin_joined_event_type(value: str) -> SkipRobinJoinedEventType:
    if value in SKIP_ROBIN_JOINED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SKIP_ROBIN_JOINED_EVENT_TYPE_VALUES!r}")
