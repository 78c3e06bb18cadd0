from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.last_delivery_error_type_1 import LastDeliveryErrorType1, check_last_delivery_error_type_1
from ..models.last_delivery_error_type_2_type_1 import (
    LastDeliveryErrorType2Type1,
    check_last_delivery_error_type_2_type_1,
)
from ..models.last_delivery_error_type_3_type_1 import (
    LastDeliveryErrorType3Type1,
    check_last_delivery_error_type_3_type_1,
)
from ..models.last_delivery_event import LastDeliveryEvent, check_last_delivery_event
from ..models.last_delivery_status import LastDeliveryStatus, check_last_delivery_status
from ..types import UNSET, Unset

T = TypeVar("T", bound="LastDelivery")


@_attrs_define
class LastDelivery:
    """
    Attributes:
        message_id (str): its webhook-id header
        event (LastDeliveryEvent):
        status (LastDeliveryStatus):
        at (datetime.datetime): its latest attempt
        attempts (int):
        http_status (int | None): the receiver's status code; null when there was no answer
        error (LastDeliveryErrorType1 | LastDeliveryErrorType2Type1 | LastDeliveryErrorType3Type1 | None): why there was
            no answer: connection (no connection, or no HTTP answer in time: one error whatever the cause, so deliveries
            tell nothing of a host's ports; `timeout` in records made before), tls, refused (an address the service does not
            call), key (a service misconfiguration), overflow (the webhook held too many deliveries not done: the oldest
            failed)
        detail (str):
        next_attempt_at (datetime.datetime | Unset): while retrying
    """

    message_id: str
    event: LastDeliveryEvent
    status: LastDeliveryStatus
    at: datetime.datetime
    attempts: int
    http_status: int | None
    error: LastDeliveryErrorType1 | LastDeliveryErrorType2Type1 | LastDeliveryErrorType3Type1 | None
    detail: str
    next_attempt_at: datetime.datetime | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        message_id = self.message_id

        event: str = self.event

        status: str = self.status

        at = self.at.isoformat()

        attempts = self.attempts

        http_status: int | None
        http_status = self.http_status

        error: None | str
        if isinstance(self.error, str):
            error = self.error
        elif isinstance(self.error, str):
            error = self.error
        elif isinstance(self.error, str):
            error = self.error
        else:
            error = self.error

        detail = self.detail

        next_attempt_at: str | Unset = UNSET
        if not isinstance(self.next_attempt_at, Unset):
            next_attempt_at = self.next_attempt_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "message_id": message_id,
                "event": event,
                "status": status,
                "at": at,
                "attempts": attempts,
                "http_status": http_status,
                "error": error,
                "detail": detail,
            }
        )
        if next_attempt_at is not UNSET:
            field_dict["next_attempt_at"] = next_attempt_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        message_id = d.pop("message_id")

        event = check_last_delivery_event(d.pop("event"))

        status = check_last_delivery_status(d.pop("status"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        attempts = d.pop("attempts")

        def _parse_http_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        http_status = _parse_http_status(d.pop("http_status"))

        def _parse_error(
            data: object,
        ) -> LastDeliveryErrorType1 | LastDeliveryErrorType2Type1 | LastDeliveryErrorType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                error_type_1 = check_last_delivery_error_type_1(data)

                return error_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                error_type_2_type_1 = check_last_delivery_error_type_2_type_1(data)

                return error_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                error_type_3_type_1 = check_last_delivery_error_type_3_type_1(data)

                return error_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LastDeliveryErrorType1 | LastDeliveryErrorType2Type1 | LastDeliveryErrorType3Type1 | None, data)

        error = _parse_error(d.pop("error"))

        detail = d.pop("detail")

        _next_attempt_at = d.pop("next_attempt_at", UNSET)
        next_attempt_at: datetime.datetime | Unset
        if isinstance(_next_attempt_at, Unset):
            next_attempt_at = UNSET
        else:
            next_attempt_at = datetime.datetime.fromisoformat(_next_attempt_at)

        last_delivery = cls(
            message_id=message_id,
            event=event,
            status=status,
            at=at,
            attempts=attempts,
            http_status=http_status,
            error=error,
            detail=detail,
            next_attempt_at=next_attempt_at,
        )

        return last_delivery
