from typing import Literal

PenaltyTakenEventType = Literal["penalty_taken"]

PENALTY_TAKEN_EVENT_TYPE_VALUES: set[PenaltyTakenEventType] = {
    "penalty_taken",
}


def check_penalty_taken_event_type(value: str) -> PenaltyTakenEventType:
    if value in PENALTY_TAKEN_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PENALTY_TAKEN_EVENT_TYPE_VALUES!r}")
