from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_type import EventType, check_event_type
from ..types import UNSET, Unset

T = TypeVar("T", bound="StreamGameResponse200")


@_attrs_define
class StreamGameResponse200:
    """One Server-Sent Event; comment lines (`: keep-alive`) carry no event.

    Attributes:
        id (str): the event's seq
        event (EventType): every event type, in the order the service added them
        data (str): the event as JSON: an `Event` (seq, type, at, seat, data), redacted for the caller
        retry (int | Unset): the reconnection delay, in ms
    """

    id: str
    event: EventType
    data: str
    retry: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        event: str = self.event

        data = self.data

        retry = self.retry

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "event": event,
                "data": data,
            }
        )
        if retry is not UNSET:
            field_dict["retry"] = retry

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        event = check_event_type(d.pop("event"))

        data = d.pop("data")

        retry = d.pop("retry", UNSET)

        stream_game_response_200 = cls(
            id=id,
            event=event,
            data=data,
            retry=retry,
        )

        stream_game_response_200.additional_properties = d
        return stream_game_response_200

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
