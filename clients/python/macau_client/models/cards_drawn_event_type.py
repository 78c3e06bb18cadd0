from typing import Literal

CardsDrawnEventType = Literal["cards_drawn"]

CARDS_DRAWN_EVENT_TYPE_VALUES: set[CardsDrawnEventType] = {
    "cards_drawn",
}


def check_cards_drawn_event_type(value: str) -> CardsDrawnEventType:
    if value in CARDS_DRAWN_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CARDS_DRAWN_EVENT_TYPE_VALUES!r}")
