from typing import Literal

DrawPendingEventType = Literal["draw_pending"]

DRAW_PENDING_EVENT_TYPE_VALUES: set[DrawPendingEventType] = {
    "draw_pending",
}


def check_draw_pending_event_type(value: str) -> DrawPendingEventType:
    if value in DRAW_PENDING_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DRAW_PENDING_EVENT_TYPE_VALUES!r}")
