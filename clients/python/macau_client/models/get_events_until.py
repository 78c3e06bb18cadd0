from typing import Literal

GetEventsUntil = Literal["event", "turn"]

GET_EVENTS_UNTIL_VALUES: set[GetEventsUntil] = {
    "event",
    "turn",
}


def check_get_events_until(value: str) -> GetEventsUntil:
    if value in GET_EVENTS_UNTIL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_EVENTS_UNTIL_VALUES!r}")
