from typing import Literal

BotJoinedEventType = Literal["bot_joined"]

BOT_JOINED_EVENT_TYPE_VALUES: set[BotJoinedEventType] = {
    "bot_joined",
}


def check_bot_joined_event_type(value: str) -> BotJoinedEventType:
    if value in BOT_JOINED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BOT_JOINED_EVENT_TYPE_VALUES!r}")
