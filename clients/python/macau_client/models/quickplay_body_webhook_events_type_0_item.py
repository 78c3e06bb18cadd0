from typing import Literal

QuickplayBodyWebhookEventsType0Item = Literal["game_finished", "game_started", "rematch_offered", "your_turn"]

QUICKPLAY_BODY_WEBHOOK_EVENTS_TYPE_0_ITEM_VALUES: set[QuickplayBodyWebhookEventsType0Item] = {
    "game_finished",
    "game_started",
    "rematch_offered",
    "your_turn",
}


def check_quickplay_body_webhook_events_type_0_item(value: str) -> QuickplayBodyWebhookEventsType0Item:
    if value in QUICKPLAY_BODY_WEBHOOK_EVENTS_TYPE_0_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {QUICKPLAY_BODY_WEBHOOK_EVENTS_TYPE_0_ITEM_VALUES!r}")
