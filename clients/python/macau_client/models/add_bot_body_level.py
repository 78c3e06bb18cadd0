from typing import Literal

AddBotBodyLevel = Literal["easy", "hard", "normal"]

ADD_BOT_BODY_LEVEL_VALUES: set[AddBotBodyLevel] = {
    "easy",
    "hard",
    "normal",
}


def check_add_bot_body_level(value: str) -> AddBotBodyLevel:
    if value in ADD_BOT_BODY_LEVEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ADD_BOT_BODY_LEVEL_VALUES!r}")
