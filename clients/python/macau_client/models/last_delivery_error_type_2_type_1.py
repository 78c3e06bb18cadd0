from typing import Literal

LastDeliveryErrorType2Type1 = Literal["connection", "key", "overflow", "refused", "timeout", "tls"]

LAST_DELIVERY_ERROR_TYPE_2_TYPE_1_VALUES: set[LastDeliveryErrorType2Type1] = {
    "connection",
    "key",
    "overflow",
    "refused",
    "timeout",
    "tls",
}


def check_last_delivery_error_type_2_type_1(value: str) -> LastDeliveryErrorType2Type1:
    if value in LAST_DELIVERY_ERROR_TYPE_2_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LAST_DELIVERY_ERROR_TYPE_2_TYPE_1_VALUES!r}")
