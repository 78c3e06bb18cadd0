from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.quickplay_body_variant import QuickplayBodyVariant, check_quickplay_body_variant
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.quickplay_body_webhook import QuickplayBodyWebhook


T = TypeVar("T", bound="QuickplayBody")


@_attrs_define
class QuickplayBody:
    """
    Attributes:
        variant (QuickplayBodyVariant):
        seats (int | Unset):  Default: 4.
        name (str | Unset): 1-40 characters, stored NFC-normalised and trimmed; showing something (not only spaces,
            combining marks or U+2800); no control, format or private-use characters, noncharacters or Hangul fillers. The
            pattern says so for the Basic Multilingual Plane; beyond it (private use in planes 15 and 16, tags, astral
            combining marks) the same rules are a 400 naming the character; with a player key (`Authorization: Player
            <key>`) the seat takes the player's name and this one is not used (it may be left out)
        fill_with_bots_after_s (float | None | Unset):
        turn_timeout_s (float | None | Unset): the turn clock of the table to join or open (null: none): only a waiting
            table with this clock is joined Default: 60.0.
        webhook (QuickplayBodyWebhook | Unset): a webhook for this seat, registered with it (as POST
            /v1/games/{id}/webhooks would): the response's `webhook` holds its id and secret
        rated (bool | Unset): a seat at a rated table, chosen by rating (docs/ratings.md): the default with a player key
            and a turn clock; `true` without a key is a 401, with a null `turn_timeout_s` a 400
    """

    variant: QuickplayBodyVariant
    seats: int | Unset = 4
    name: str | Unset = UNSET
    fill_with_bots_after_s: float | None | Unset = UNSET
    turn_timeout_s: float | None | Unset = 60.0
    webhook: QuickplayBodyWebhook | Unset = UNSET
    rated: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        variant: str = self.variant

        seats = self.seats

        name = self.name

        fill_with_bots_after_s: float | None | Unset
        if isinstance(self.fill_with_bots_after_s, Unset):
            fill_with_bots_after_s = UNSET
        else:
            fill_with_bots_after_s = self.fill_with_bots_after_s

        turn_timeout_s: float | None | Unset
        if isinstance(self.turn_timeout_s, Unset):
            turn_timeout_s = UNSET
        else:
            turn_timeout_s = self.turn_timeout_s

        webhook: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webhook, Unset):
            webhook = self.webhook.to_dict()

        rated = self.rated

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "variant": variant,
            }
        )
        if seats is not UNSET:
            field_dict["seats"] = seats
        if name is not UNSET:
            field_dict["name"] = name
        if fill_with_bots_after_s is not UNSET:
            field_dict["fill_with_bots_after_s"] = fill_with_bots_after_s
        if turn_timeout_s is not UNSET:
            field_dict["turn_timeout_s"] = turn_timeout_s
        if webhook is not UNSET:
            field_dict["webhook"] = webhook
        if rated is not UNSET:
            field_dict["rated"] = rated

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.quickplay_body_webhook import QuickplayBodyWebhook  # noqa: PLC0415

        d = dict(src_dict)
        variant = check_quickplay_body_variant(d.pop("variant"))

        seats = d.pop("seats", UNSET)

        name = d.pop("name", UNSET)

        def _parse_fill_with_bots_after_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        fill_with_bots_after_s = _parse_fill_with_bots_after_s(d.pop("fill_with_bots_after_s", UNSET))

        def _parse_turn_timeout_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        turn_timeout_s = _parse_turn_timeout_s(d.pop("turn_timeout_s", UNSET))

        _webhook = d.pop("webhook", UNSET)
        webhook: QuickplayBodyWebhook | Unset
        if isinstance(_webhook, Unset):
            webhook = UNSET
        else:
            webhook = QuickplayBodyWebhook.from_dict(_webhook)

        rated = d.pop("rated", UNSET)

        quickplay_body = cls(
            variant=variant,
            seats=seats,
            name=name,
            fill_with_bots_after_s=fill_with_bots_after_s,
            turn_timeout_s=turn_timeout_s,
            webhook=webhook,
            rated=rated,
        )

        return quickplay_body
