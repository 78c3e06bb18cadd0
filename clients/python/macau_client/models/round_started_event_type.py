from typing import Literal

RoundStartedEventType = Literal["round_started"]

ROUND_STARTED_EVENT_TYPE_VALUES: set[RoundStartedEventType] = {
    "round_started",
}


def check_round_started_event_type(value: str) -> RoundStartedEventType:
    if value in ROUND_STARTED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROUND_STARTED_EVENT_TYPE_VALUES!r}")
