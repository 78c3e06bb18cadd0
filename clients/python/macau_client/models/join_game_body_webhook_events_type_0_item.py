from typing import Literal

JoinGameBodyWebhookEventsType0Item = Literal["game_finished", "game_started", "rematch_offered", "your_turn"]

JOIN_GAME_BODY_WEBHOOK_EVENTS_TYPE_0_ITEM_VALUES: set[JoinGameBodyWebhookEventsType0Item] = {
    "game_finished",
    "game_started",
    "rematch_offered",
    "your_turn",
}


def check_join_game_body_webhook_events_type_0_item(value: str) -> JoinGameBodyWebhookEventsType0Item:
    if value in JOIN_GAME_BODY_WEBHOOK_EVENTS_TYPE_0_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {JOIN_GAME_BODY_WEBHOOK_EVENTS_TYPE_0_ITEM_VALUES!r}")
