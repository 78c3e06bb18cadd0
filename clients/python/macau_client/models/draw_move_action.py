from typing import Literal

DrawMoveAction = Literal["draw"]

DRAW_MOVE_ACTION_VALUES: set[DrawMoveAction] = {
    "draw",
}


def check_draw_move_action(value: str) -> DrawMoveAction:
    if value in DRAW_MOVE_ACTION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DRAW_MOVE_ACTION_VALUES!r}")
