from typing import Literal

ChainCancelledEventType = Literal["chain_cancelled"]

CHAIN_CANCELLED_EVENT_TYPE_VALUES: set[ChainCancelledEventType] = {
    "chain_cancelled",
}


def check_chain_cancelled_event_type(value: str) -> ChainCancelledEventType:
    if value in CHAIN_CANCELLED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CHAIN_CANCELLED_EVENT_TYPE_VALUES!r}")
