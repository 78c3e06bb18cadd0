from typing import Literal

BotJoinedDataLevel = Literal["easy", "hard", "normal"]

BOT_JOINED_DATA_LEVEL_VALUES: set[BotJoinedDataLevel] = {
    "easy",
    "hard",
    "normal",
}


def check_bot_joined_data_level(value: str) -> BotJoinedDataLevel:
    if value in BOT_JOINED_DATA_LEVEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BOT_JOINED_DATA_LEVEL_VALUES!r}")
