from typing import Literal

WishSetEventType = Literal["wish_set"]

WISH_SET_EVENT_TYPE_VALUES: set[WishSetEventType] = {
    "wish_set",
}


def check_wish_set_event_type(value: str) -> WishSetEventType:
    if value in WISH_SET_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WISH_SET_EVENT_TYPE_VALUES!r}")
