"""Domain errors. Each carries a stable snake_case ``reason`` (API.md) or the dotted path
of the offending rule-set parameter."""

from __future__ import annotations


class DomainError(Exception):
    """Base class: something the rules do not allow."""


class RuleViolation(DomainError):
    """A well-formed command the rules reject (HTTP 422)."""

    def __init__(self, reason: str, detail: str):
        super().__init__(detail)
        self.reason = reason
        self.detail = detail

    def __repr__(self) -> str:
        return f"RuleViolation({self.reason!r}, {self.detail!r})"


class GameStatusError(DomainError):
    """The command does not fit the game's status (not started, finished) (HTTP 409)."""

    def __init__(self, reason: str, detail: str):
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


class InvalidRuleSet(DomainError):
    """A rule set that fails validation; ``param`` is the dotted parameter path."""

    def __init__(self, param: str, detail: str):
        super().__init__(f"{param}: {detail}")
        self.param = param
        self.detail = detail


class InvalidSetup(DomainError):
    """A table set-up (seats, fixed deal) that cannot be played; ``param`` names the field."""

    def __init__(self, param: str, detail: str):
        super().__init__(f"{param}: {detail}")
        self.param = param
        self.detail = detail
