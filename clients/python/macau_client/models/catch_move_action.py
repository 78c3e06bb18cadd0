from typing import Literal

CatchMoveAction = Literal["catch"]

CATCH_MOVE_ACTION_VALUES: set[CatchMoveAction] = {
    "catch",
}


def check_catch_move_action(value: str) -> CatchMoveAction:
    if value in CATCH_MOVE_ACTION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CATCH_MOVE_ACTION_VALUES!r}")
