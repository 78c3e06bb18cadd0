from typing import Literal

BotLevel = Literal["easy", "hard", "normal"]

BOT_LEVEL_VALUES: set[BotLevel] = {
    "easy",
    "hard",
    "normal",
}


def check_bot_level(value: str) -> BotLevel:
    if value in BOT_LEVEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BOT_LEVEL_VALUES!r}")
