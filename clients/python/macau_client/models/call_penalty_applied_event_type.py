from typing import Literal

CallPenaltyAppliedEventType = Literal["call_penalty_applied"]

CALL_PENALTY_APPLIED_EVENT_TYPE_VALUES: set[CallPenaltyAppliedEventType] = {
    "call_penalty_applied",
}


def check_call_penalty_applied_event_type(value: str) -> CallPenaltyAppliedEventType:
    if value in CALL_PENALTY_APPLIED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CALL_PENALTY_APPLIED_EVENT_TYPE_VALUES!r}")
