from typing import Literal

CreateGameBodyPlayersItemWebhookEventsType0Item = Literal[
    "game_finished", "game_started", "rematch_offered", "your_turn"
]

CREATE_GAME_BODY_PLAYERS_ITEM_WEBHOOK_EVENTS_TYPE_0_ITEM_VALUES: set[
    CreateGameBodyPlayersItemWebhookEventsType0Item
] = {
    "game_finished",
    "game_started",
    "rematch_offered",
    "your_turn",
}


def check_create_game_body_players_item_webhook_events_type_0_item(
    value: str,
) -> CreateGameBodyPlayersItemWebhookEventsType0Item:
    if value in CREATE_GAME_BODY_PLAYERS_ITEM_WEBHOOK_EVENTS_TYPE_0_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_GAME_BODY_PLAYERS_ITEM_WEBHOOK_EVENTS_TYPE_0_ITEM_VALUES!r}"
    )
