from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.join_game_body_webhook import JoinGameBodyWebhook


T = TypeVar("T", bound="JoinGameBody")


@_attrs_define
class JoinGameBody:
    """
    Attributes:
        name (str | Unset): 1-40 characters, stored NFC-normalised and trimmed; showing something (not only spaces,
            combining marks or U+2800); no control, format or private-use characters, noncharacters or Hangul fillers. The
            pattern says so for the Basic Multilingual Plane; beyond it (private use in planes 15 and 16, tags, astral
            combining marks) the same rules are a 400 naming the character; with a player key (`Authorization: Player
            <key>`) the seat takes the player's name and this one is not used (it may be left out)
        webhook (JoinGameBodyWebhook | Unset): a webhook for this seat, registered with it (as POST
            /v1/games/{id}/webhooks would): the response's `webhook` holds its id and secret
    """

    name: str | Unset = UNSET
    webhook: JoinGameBodyWebhook | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        webhook: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webhook, Unset):
            webhook = self.webhook.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if webhook is not UNSET:
            field_dict["webhook"] = webhook

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.join_game_body_webhook import JoinGameBodyWebhook  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        _webhook = d.pop("webhook", UNSET)
        webhook: JoinGameBodyWebhook | Unset
        if isinstance(_webhook, Unset):
            webhook = UNSET
        else:
            webhook = JoinGameBodyWebhook.from_dict(_webhook)

        join_game_body = cls(
            name=name,
            webhook=webhook,
        )

        return join_game_body
