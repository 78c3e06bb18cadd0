from typing import Literal

WebhookEventsItem = Literal["game_finished", "game_started", "rematch_offered", "your_turn"]

WEBHOOK_EVENTS_ITEM_VALUES: set[WebhookEventsItem] = {
    "game_finished",
    "game_started",
    "rematch_offered",
    "your_turn",
}


def check_webhook_events_item(value: str) -> WebhookEventsItem:
    if value in WEBHOOK_EVENTS_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_EVENTS_ITEM_VALUES!r}")
