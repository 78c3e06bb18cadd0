from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.webhook_created_events_item import WebhookCreatedEventsItem, check_webhook_created_events_item

T = TypeVar("T", bound="WebhookCreated")


@_attrs_define
class WebhookCreated:
    """
    Attributes:
        webhook_id (str):
        secret (str): the Standard Webhooks signing secret (whsec_…), returned once: verify each delivery's webhook-
            signature with it
        url (str):
        events (list[WebhookCreatedEventsItem]):
        seat (int):
        created_at (datetime.datetime):
    """

    webhook_id: str
    secret: str
    url: str
    events: list[WebhookCreatedEventsItem]
    seat: int
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        webhook_id = self.webhook_id

        secret = self.secret

        url = self.url

        events = []
        for events_item_data in self.events:
            events_item: str = events_item_data
            events.append(events_item)

        seat = self.seat

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "webhook_id": webhook_id,
                "secret": secret,
                "url": url,
                "events": events,
                "seat": seat,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        webhook_id = d.pop("webhook_id")

        secret = d.pop("secret")

        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = check_webhook_created_events_item(events_item_data)

            events.append(events_item)

        seat = d.pop("seat")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        webhook_created = cls(
            webhook_id=webhook_id,
            secret=secret,
            url=url,
            events=events,
            seat=seat,
            created_at=created_at,
        )

        return webhook_created
