from typing import Literal

WishFulfilledEventType = Literal["wish_fulfilled"]

WISH_FULFILLED_EVENT_TYPE_VALUES: set[WishFulfilledEventType] = {
    "wish_fulfilled",
}


def check_wish_fulfilled_event_type(value: str) -> WishFulfilledEventType:
    if value in WISH_FULFILLED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WISH_FULFILLED_EVENT_TYPE_VALUES!r}")
