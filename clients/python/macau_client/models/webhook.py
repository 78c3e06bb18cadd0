from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_events_item import WebhookEventsItem, check_webhook_events_item
from ..models.webhook_status import WebhookStatus, check_webhook_status

if TYPE_CHECKING:
    from ..models.last_delivery import LastDelivery


T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    """
    Attributes:
        webhook_id (str):
        url (str):
        events (list[WebhookEventsItem]):
        seat (int):
        created_at (datetime.datetime):
        status (WebhookStatus): ok (nothing sent yet, or the latest delivery arrived), retrying (the latest delivery
            failed and is retried), failed (the latest delivery was retried for 24 hours in vain, or dropped as the oldest
            of too many waiting)
        last_delivery (LastDelivery | None):
        delivered (int): deliveries that arrived
        failed (int): deliveries that failed for good
    """

    webhook_id: str
    url: str
    events: list[WebhookEventsItem]
    seat: int
    created_at: datetime.datetime
    status: WebhookStatus
    last_delivery: LastDelivery | None
    delivered: int
    failed: int

    def to_dict(self) -> dict[str, Any]:
        from ..models.last_delivery import LastDelivery  # noqa: PLC0415

        webhook_id = self.webhook_id

        url = self.url

        events = []
        for events_item_data in self.events:
            events_item: str = events_item_data
            events.append(events_item)

        seat = self.seat

        created_at = self.created_at.isoformat()

        status: str = self.status

        last_delivery: dict[str, Any] | None
        if isinstance(self.last_delivery, LastDelivery):
            last_delivery = self.last_delivery.to_dict()
        else:
            last_delivery = self.last_delivery

        delivered = self.delivered

        failed = self.failed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "webhook_id": webhook_id,
                "url": url,
                "events": events,
                "seat": seat,
                "created_at": created_at,
                "status": status,
                "last_delivery": last_delivery,
                "delivered": delivered,
                "failed": failed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.last_delivery import LastDelivery  # noqa: PLC0415

        d = dict(src_dict)
        webhook_id = d.pop("webhook_id")

        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = check_webhook_events_item(events_item_data)

            events.append(events_item)

        seat = d.pop("seat")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        status = check_webhook_status(d.pop("status"))

        def _parse_last_delivery(data: object) -> LastDelivery | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_delivery_type_1 = LastDelivery.from_dict(data)

                return last_delivery_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LastDelivery | None, data)

        last_delivery = _parse_last_delivery(d.pop("last_delivery"))

        delivered = d.pop("delivered")

        failed = d.pop("failed")

        webhook = cls(
            webhook_id=webhook_id,
            url=url,
            events=events,
            seat=seat,
            created_at=created_at,
            status=status,
            last_delivery=last_delivery,
            delivered=delivered,
            failed=failed,
        )

        return webhook
