from typing import Literal

AnnounceMoveAction = Literal["announce"]

ANNOUNCE_MOVE_ACTION_VALUES: set[AnnounceMoveAction] = {
    "announce",
}


def check_announce_move_action(value: str) -> AnnounceMoveAction:
    if value in ANNOUNCE_MOVE_ACTION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ANNOUNCE_MOVE_ACTION_VALUES!r}")
