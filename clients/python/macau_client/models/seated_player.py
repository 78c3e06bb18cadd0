from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.webhook_created import WebhookCreated


T = TypeVar("T", bound="SeatedPlayer")


@_attrs_define
class SeatedPlayer:
    """
    Attributes:
        player_id (str): a seated player's id: `p_…` a human, `b_…` a bot
        seat (int):
        token (str): returned once; send as Authorization: Bearer
        webhook (None | Unset | WebhookCreated): the webhook registered with this seat (its `webhook` in the request);
            null if the seat was taken but the webhook could not be stored (`webhook_error` says why)
        webhook_error (str | Unset): why the requested webhook was not registered
    """

    player_id: str
    seat: int
    token: str
    webhook: None | Unset | WebhookCreated = UNSET
    webhook_error: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.webhook_created import WebhookCreated  # noqa: PLC0415

        player_id = self.player_id

        seat = self.seat

        token = self.token

        webhook: dict[str, Any] | None | Unset
        if isinstance(self.webhook, Unset):
            webhook = UNSET
        elif isinstance(self.webhook, WebhookCreated):
            webhook = self.webhook.to_dict()
        else:
            webhook = self.webhook

        webhook_error = self.webhook_error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player_id": player_id,
                "seat": seat,
                "token": token,
            }
        )
        if webhook is not UNSET:
            field_dict["webhook"] = webhook
        if webhook_error is not UNSET:
            field_dict["webhook_error"] = webhook_error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_created import WebhookCreated  # noqa: PLC0415

        d = dict(src_dict)
        player_id = d.pop("player_id")

        seat = d.pop("seat")

        token = d.pop("token")

        def _parse_webhook(data: object) -> None | Unset | WebhookCreated:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                webhook_type_0 = WebhookCreated.from_dict(data)

                return webhook_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | WebhookCreated, data)

        webhook = _parse_webhook(d.pop("webhook", UNSET))

        webhook_error = d.pop("webhook_error", UNSET)

        seated_player = cls(
            player_id=player_id,
            seat=seat,
            token=token,
            webhook=webhook,
            webhook_error=webhook_error,
        )

        return seated_player
