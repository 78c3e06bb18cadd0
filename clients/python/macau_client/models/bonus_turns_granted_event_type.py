from typing import Literal

BonusTurnsGrantedEventType = Literal["bonus_turns_granted"]

BONUS_TURNS_GRANTED_EVENT_TYPE_VALUES: set[BonusTurnsGrantedEventType] = {
    "bonus_turns_granted",
}


def check_bonus_turns_granted_event_type(value: str) -> BonusTurnsGrantedEventType:
    if value in BONUS_TURNS_GRANTED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BONUS_TURNS_GRANTED_EVENT_TYPE_VALUES!r}")
