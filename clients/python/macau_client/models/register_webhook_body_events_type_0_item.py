from typing import Literal

RegisterWebhookBodyEventsType0Item = Literal["game_finished", "game_started", "rematch_offered", "your_turn"]

REGISTER_WEBHOOK_BODY_EVENTS_TYPE_0_ITEM_VALUES: set[RegisterWebhookBodyEventsType0Item] = {
    "game_finished",
    "game_started",
    "rematch_offered",
    "your_turn",
}


def check_register_webhook_body_events_type_0_item(value: str) -> RegisterWebhookBodyEventsType0Item:
    if value in REGISTER_WEBHOOK_BODY_EVENTS_TYPE_0_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REGISTER_WEBHOOK_BODY_EVENTS_TYPE_0_ITEM_VALUES!r}")
