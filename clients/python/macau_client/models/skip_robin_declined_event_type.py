from typing import Literal

SkipRobinDeclinedEventType = Literal["skip_robin_declined"]

SKIP_ROBIN_DECLINED_EVENT_TYPE_VALUES: set[SkipRobinDeclinedEventType] = {
    "skip_robin_declined",
}


def check_skip_robin_declined_event_type(value: str) -> SkipRobinDeclinedEventType:
    if value in SKIP_ROBIN_DECLINED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SKIP_ROBIN_DECLINED_EVENT_TYPE_VALUES!r}")
