from typing import Literal

PassCardsRequestedEventType = Literal["pass_cards_requested"]

PASS_CARDS_REQUESTED_EVENT_TYPE_VALUES: set[PassCardsRequestedEventType] = {
    "pass_cards_requested",
}


def check_pass_cards_requested_event_type(value: str) -> PassCardsRequestedEventType:
    if value in PASS_CARDS_REQUESTED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PASS_CARDS_REQUESTED_EVENT_TYPE_VALUES!r}")
