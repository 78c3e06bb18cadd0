from typing import Literal

PassCardChosenEventType = Literal["pass_card_chosen"]

PASS_CARD_CHOSEN_EVENT_TYPE_VALUES: set[PassCardChosenEventType] = {
    "pass_card_chosen",
}


def check_pass_card_chosen_event_type(value: str) -> PassCardChosenEventType:
    if value in PASS_CARD_CHOSEN_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PASS_CARD_CHOSEN_EVENT_TYPE_VALUES!r}")
