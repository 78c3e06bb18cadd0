from typing import Literal

PassMoveAction = Literal["pass"]

PASS_MOVE_ACTION_VALUES: set[PassMoveAction] = {
    "pass",
}


def check_pass_move_action(value: str) -> PassMoveAction:
    if value in PASS_MOVE_ACTION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PASS_MOVE_ACTION_VALUES!r}")
