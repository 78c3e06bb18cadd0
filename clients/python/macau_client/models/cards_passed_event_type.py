from typing import Literal

CardsPassedEventType = Literal["cards_passed"]

CARDS_PASSED_EVENT_TYPE_VALUES: set[CardsPassedEventType] = {
    "cards_passed",
}


def check_cards_passed_event_type(value: str) -> CardsPassedEventType:
    if value in CARDS_PASSED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CARDS_PASSED_EVENT_TYPE_VALUES!r}")
