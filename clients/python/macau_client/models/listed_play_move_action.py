from typing import Literal

ListedPlayMoveAction = Literal["play"]

LISTED_PLAY_MOVE_ACTION_VALUES: set[ListedPlayMoveAction] = {
    "play",
}


def check_listed_play_move_action(value: str) -> ListedPlayMoveAction:
    if value in LISTED_PLAY_MOVE_ACTION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LISTED_PLAY_MOVE_ACTION_VALUES!r}")
