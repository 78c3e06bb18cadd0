from typing import Literal

ChoosePassCardMoveAction = Literal["choose_pass_card"]

CHOOSE_PASS_CARD_MOVE_ACTION_VALUES: set[ChoosePassCardMoveAction] = {
    "choose_pass_card",
}


def check_choose_pass_card_move_action(value: str) -> ChoosePassCardMoveAction:
    if value in CHOOSE_PASS_CARD_MOVE_ACTION_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CHOOSE_PASS_CARD_MOVE_ACTION_VALUES!r}")
