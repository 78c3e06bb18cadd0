from typing import Literal

LastDeliveryErrorType1 = Literal["connection", "key", "overflow", "refused", "timeout", "tls"]

LAST_DELIVERY_ERROR_TYPE_1_VALUES: set[LastDeliveryErrorType1] = {
    "connection",
    "key",
    "overflow",
    "refused",
    "timeout",
    "tls",
}


def check_last_delivery_error_type_1(value: str) -> LastDeliveryErrorType1:
    if value in LAST_DELIVERY_ERROR_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LAST_DELIVERY_ERROR_TYPE_1_VALUES!r}")
