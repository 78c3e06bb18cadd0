from typing import Literal

TableExpiredEventType = Literal["table_expired"]

TABLE_EXPIRED_EVENT_TYPE_VALUES: set[TableExpiredEventType] = {
    "table_expired",
}


def check_table_expired_event_type(value: str) -> TableExpiredEventType:
    if value in TABLE_EXPIRED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {TABLE_EXPIRED_EVENT_TYPE_VALUES!r}")
