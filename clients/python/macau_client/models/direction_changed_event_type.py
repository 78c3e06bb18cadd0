from typing import Literal

DirectionChangedEventType = Literal["direction_changed"]

DIRECTION_CHANGED_EVENT_TYPE_VALUES: set[DirectionChangedEventType] = {
    "direction_changed",
}


def check_direction_changed_event_type(value: str) -> DirectionChangedEventType:
    if value in DIRECTION_CHANGED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DIRECTION_CHANGED_EVENT_TYPE_VALUES!r}")
