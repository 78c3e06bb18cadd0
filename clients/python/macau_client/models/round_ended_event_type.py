from typing import Literal

RoundEndedEventType = Literal["round_ended"]

ROUND_ENDED_EVENT_TYPE_VALUES: set[RoundEndedEventType] = {
    "round_ended",
}


def check_round_ended_event_type(value: str) -> RoundEndedEventType:
    if value in ROUND_ENDED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROUND_ENDED_EVENT_TYPE_VALUES!r}")
