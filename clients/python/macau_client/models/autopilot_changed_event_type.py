from typing import Literal

AutopilotChangedEventType = Literal["autopilot_changed"]

AUTOPILOT_CHANGED_EVENT_TYPE_VALUES: set[AutopilotChangedEventType] = {
    "autopilot_changed",
}


def check_autopilot_changed_event_type(value: str) -> AutopilotChangedEventType:
    if value in AUTOPILOT_CHANGED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {AUTOPILOT_CHANGED_EVENT_TYPE_VALUES!r}")
