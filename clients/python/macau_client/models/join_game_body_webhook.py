from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.join_game_body_webhook_events_type_0_item import (
    JoinGameBodyWebhookEventsType0Item,
    check_join_game_body_webhook_events_type_0_item,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="JoinGameBodyWebhook")


@_attrs_define
class JoinGameBodyWebhook:
    """a webhook for this seat, registered with it (as POST /v1/games/{id}/webhooks would): the response's `webhook` holds
    its id and secret

        Attributes:
            url (str): the receiver: https only, on port 443 (the operator may allow others), no user name or password, and
                a host that resolves to public addresses only (the operator may allow private ones, and http, for development);
                any other is a 400 whose code says why (webhook_url_not_https, webhook_url_private, webhook_url_unresolvable,
                webhook_url_port, invalid_webhook_url), before anything is changed. With a seat-taking request the host is
                resolved once the seat is taken: a host refused then is reported in webhook_error
            events (list[JoinGameBodyWebhookEventsType0Item] | None | Unset): the notices to deliver (default: all of them)
    """

    url: str
    events: list[JoinGameBodyWebhookEventsType0Item] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events: list[str] | None | Unset
        if isinstance(self.events, Unset):
            events = UNSET
        elif isinstance(self.events, list):
            events = []
            for events_type_0_item_data in self.events:
                events_type_0_item: str = events_type_0_item_data
                events.append(events_type_0_item)

        else:
            events = self.events

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )
        if events is not UNSET:
            field_dict["events"] = events

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        def _parse_events(data: object) -> list[JoinGameBodyWebhookEventsType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                events_type_0 = []
                _events_type_0 = data
                for events_type_0_item_data in _events_type_0:
                    events_type_0_item = check_join_game_body_webhook_events_type_0_item(events_type_0_item_data)

                    events_type_0.append(events_type_0_item)

                return events_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[JoinGameBodyWebhookEventsType0Item] | None | Unset, data)

        events = _parse_events(d.pop("events", UNSET))

        join_game_body_webhook = cls(
            url=url,
            events=events,
        )

        return join_game_body_webhook
