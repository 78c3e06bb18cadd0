from typing import Literal

RoundEndedDataReason = Literal["blocked", "first_out", "last_one_standing", "max_finishers"]

ROUND_ENDED_DATA_REASON_VALUES: set[RoundEndedDataReason] = {
    "blocked",
    "first_out",
    "last_one_standing",
    "max_finishers",
}


def check_round_ended_data_reason(value: str) -> RoundEndedDataReason:
    if value in ROUND_ENDED_DATA_REASON_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ROUND_ENDED_DATA_REASON_VALUES!r}")
