from typing import Literal

FalseCatchPenalizedEventType = Literal["false_catch_penalized"]

FALSE_CATCH_PENALIZED_EVENT_TYPE_VALUES: set[FalseCatchPenalizedEventType] = {
    "false_catch_penalized",
}


def check_false_catch_penalized_event_type(value: str) -> FalseCatchPenalizedEventType:
    if value in FALSE_CATCH_PENALIZED_EVENT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {FALSE_CATCH_PENALIZED_EVENT_TYPE_VALUES!r}")
