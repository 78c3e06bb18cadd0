from typing import Literal

StockReshuffledEventType = Literal["stock_reshuffled"]

STOCK_RESHUFFLED_EVENT_TYPE_VALUES: set[StockReshuffledEventType] = {
    "stock_reshuffled",
}


def check_stock_reshuffled_event_type(value: str) -> StockReshuffledEventType:
    if value in STOCK_RESHUFFLED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {STOCK_RESHUFFLED_EVENT_TYPE_VALUES!r}")
