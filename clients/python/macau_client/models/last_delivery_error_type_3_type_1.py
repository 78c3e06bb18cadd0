from typing import Literal

LastDeliveryErrorType3Type1 = Literal["connection", "key", "overflow", "refused", "timeout", "tls"]

LAST_DELIVERY_ERROR_TYPE_3_TYPE_1_VALUES: set[LastDeliveryErrorType3Type1] = {
    "connection",
    "key",
    "overflow",
    "refused",
    "timeout",
    "tls",
}


def check_last_delivery_error_type_3_type_1(value: str) -> LastDeliveryErrorType3Type1:
    if value in LAST_DELIVERY_ERROR_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LAST_DELIVERY_ERROR_TYPE_3_TYPE_1_VALUES!r}")
