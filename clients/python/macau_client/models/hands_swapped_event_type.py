from typing import Literal

HandsSwappedEventType = Literal["hands_swapped"]

HANDS_SWAPPED_EVENT_TYPE_VALUES: set[HandsSwappedEventType] = {
    "hands_swapped",
}


def check_hands_swapped_event_type(value: str) -> HandsSwappedEventType:
    if value in HANDS_SWAPPED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {HANDS_SWAPPED_EVENT_TYPE_VALUES!r}")
