from typing import Literal

TurnTimedOutEventType = Literal["turn_timed_out"]

TURN_TIMED_OUT_EVENT_TYPE_VALUES: set[TurnTimedOutEventType] = {
    "turn_timed_out",
}


def check_turn_timed_out_event_type(value: str) -> TurnTimedOutEventType:
    if value in TURN_TIMED_OUT_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TURN_TIMED_OUT_EVENT_TYPE_VALUES!r}")
