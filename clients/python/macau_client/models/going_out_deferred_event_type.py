from typing import Literal

GoingOutDeferredEventType = Literal["going_out_deferred"]

GOING_OUT_DEFERRED_EVENT_TYPE_VALUES: set[GoingOutDeferredEventType] = {
    "going_out_deferred",
}


def check_going_out_deferred_event_type(value: str) -> GoingOutDeferredEventType:
    if value in GOING_OUT_DEFERRED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GOING_OUT_DEFERRED_EVENT_TYPE_VALUES!r}")
