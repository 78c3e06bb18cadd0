from typing import Literal

TurnFrameReasonsItem = Literal["announce", "catch", "pass_card", "pending_draw", "pending_skip", "turn"]

TURN_FRAME_REASONS_ITEM_VALUES: set[TurnFrameReasonsItem] = {
    "announce",
    "catch",
    "pass_card",
    "pending_draw",
    "pending_skip",
    "turn",
}


def check_turn_frame_reasons_item(value: str) -> TurnFrameReasonsItem:
    if value in TURN_FRAME_REASONS_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TURN_FRAME_REASONS_ITEM_VALUES!r}")
