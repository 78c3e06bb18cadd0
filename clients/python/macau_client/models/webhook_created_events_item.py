from typing import Literal

WebhookCreatedEventsItem = Literal["game_finished", "game_started", "rematch_offered", "your_turn"]

WEBHOOK_CREATED_EVENTS_ITEM_VALUES: set[WebhookCreatedEventsItem] = {
    "game_finished",
    "game_started",
    "rematch_offered",
    "your_turn",
}


def check_webhook_created_events_item(value: str) -> WebhookCreatedEventsItem:
    if value in WEBHOOK_CREATED_EVENTS_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_CREATED_EVENTS_ITEM_VALUES!r}")
