from typing import Literal

LastDeliveryStatus = Literal["delivered", "failed", "retrying"]

LAST_DELIVERY_STATUS_VALUES: set[LastDeliveryStatus] = {
    "delivered",
    "failed",
    "retrying",
}


def check_last_delivery_status(value: str) -> LastDeliveryStatus:
    if value in LAST_DELIVERY_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LAST_DELIVERY_STATUS_VALUES!r}")
