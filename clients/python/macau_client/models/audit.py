from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.audit_check import AuditCheck


T = TypeVar("T", bound="Audit")


@_attrs_define
class Audit:
    """
    Attributes:
        verified (bool):
        events (int):
        checks (list[AuditCheck]):
    """

    verified: bool
    events: int
    checks: list[AuditCheck]

    def to_dict(self) -> dict[str, Any]:
        verified = self.verified

        events = self.events

        checks = []
        for checks_item_data in self.checks:
            checks_item = checks_item_data.to_dict()
            checks.append(checks_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "verified": verified,
                "events": events,
                "checks": checks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_check import AuditCheck  # noqa: PLC0415

        d = dict(src_dict)
        verified = d.pop("verified")

        events = d.pop("events")

        checks = []
        _checks = d.pop("checks")
        for checks_item_data in _checks:
            checks_item = AuditCheck.from_dict(checks_item_data)

            checks.append(checks_item)

        audit = cls(
            verified=verified,
            events=events,
            checks=checks,
        )

        return audit
