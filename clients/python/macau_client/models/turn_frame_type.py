from typing import Literal

TurnFrameType = Literal["your_turn"]

TURN_FRAME_TYPE_VALUES: set[TurnFrameType] = {
    "your_turn",
}


def check_turn_frame_type(value: str) -> TurnFrameType:
    if value in TURN_FRAME_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TURN_FRAME_TYPE_VALUES!r}")
