from typing import Literal

CardsDrawnDataReason = Literal["call_penalty", "draw", "false_catch", "forced", "penalty"]

CARDS_DRAWN_DATA_REASON_VALUES: set[CardsDrawnDataReason] = {
    "call_penalty",
    "draw",
    "false_catch",
    "forced",
    "penalty",
}


def check_cards_drawn_data_reason(value: str) -> CardsDrawnDataReason:
    if value in CARDS_DRAWN_DATA_REASON_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CARDS_DRAWN_DATA_REASON_VALUES!r}")
