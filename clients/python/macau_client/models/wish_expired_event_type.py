from typing import Literal

WishExpiredEventType = Literal["wish_expired"]

WISH_EXPIRED_EVENT_TYPE_VALUES: set[WishExpiredEventType] = {
    "wish_expired",
}


def check_wish_expired_event_type(value: str) -> WishExpiredEventType:
    if value in WISH_EXPIRED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WISH_EXPIRED_EVENT_TYPE_VALUES!r}")
