from typing import Literal

FollowUpRequiredEventType = Literal["follow_up_required"]

FOLLOW_UP_REQUIRED_EVENT_TYPE_VALUES: set[FollowUpRequiredEventType] = {
    "follow_up_required",
}


def check_follow_up_required_event_type(value: str) -> FollowUpRequiredEventType:
    if value in FOLLOW_UP_REQUIRED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {FOLLOW_UP_REQUIRED_EVENT_TYPE_VALUES!r}")
