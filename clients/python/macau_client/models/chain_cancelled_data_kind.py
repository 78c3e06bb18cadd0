from typing import Literal

ChainCancelledDataKind = Literal["draw", "skip", "wish"]

CHAIN_CANCELLED_DATA_KIND_VALUES: set[ChainCancelledDataKind] = {
    "draw",
    "skip",
    "wish",
}


def check_chain_cancelled_data_kind(value: str) -> ChainCancelledDataKind:
    if value in CHAIN_CANCELLED_DATA_KIND_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CHAIN_CANCELLED_DATA_KIND_VALUES!r}")
