from typing import Literal

CreateGameBodyBotsItemLevel = Literal["easy", "hard", "normal"]

CREATE_GAME_BODY_BOTS_ITEM_LEVEL_VALUES: set[CreateGameBodyBotsItemLevel] = {
    "easy",
    "hard",
    "normal",
}


def check_create_game_body_bots_item_level(value: str) -> CreateGameBodyBotsItemLevel:
    if value in CREATE_GAME_BODY_BOTS_ITEM_LEVEL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CREATE_GAME_BODY_BOTS_ITEM_LEVEL_VALUES!r}")
