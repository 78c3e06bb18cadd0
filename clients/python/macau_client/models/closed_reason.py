from typing import Literal

ClosedReason = Literal["expired"]

CLOSED_REASON_VALUES: set[ClosedReason] = {
    "expired",
}


def check_closed_reason(value: str) -> ClosedReason:
    if value in CLOSED_REASON_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CLOSED_REASON_VALUES!r}")
