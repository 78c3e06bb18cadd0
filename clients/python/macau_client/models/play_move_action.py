from typing import Literal

PlayMoveAction = Literal["play"]

PLAY_MOVE_ACTION_VALUES: set[PlayMoveAction] = {
    "play",
}


def check_play_move_action(value: str) -> PlayMoveAction:
    if value in PLAY_MOVE_ACTION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PLAY_MOVE_ACTION_VALUES!r}")
