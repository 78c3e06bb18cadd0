from typing import Literal

LastDeliveryEvent = Literal["game_finished", "game_started", "rematch_offered", "your_turn"]

LAST_DELIVERY_EVENT_VALUES: set[LastDeliveryEvent] = {
    "game_finished",
    "game_started",
    "rematch_offered",
    "your_turn",
}


def check_last_delivery_event(value: str) -> LastDeliveryEvent:
    if value in LAST_DELIVERY_EVENT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LAST_DELIVERY_EVENT_VALUES!r}")
