"""Domain errors. Each carries a stable snake_case ``reason`` (API.md) or the dotted path
of the offending rule-set parameter."""

from __future__ import annotations


# Every ``RuleViolation.reason`` (API.md: stable snake_case), what it means. A test finds
# every reason the engine raises here (tests/unit/test_reasons.py).
REASONS: dict[str, str] = {
    "not_your_turn": "another seat must act",
    "already_announced": "the call was made already for this hand (a Multiple Macao is made once)",
    "card_not_in_hand": "a card sent is not in the hand",
    "does_not_match": "the first card matches neither the pile nor the active wish",
    "must_answer_pending_draw": "a draw penalty is pending: answer it or draw",
    "must_answer_pending_skip": "a skip is pending: answer it or pass",
    "must_answer_skip_robin": "a skip robin asks the seat: add to it or pass",
    "must_play": "the seat must play (it may not draw or pass now)",
    "wish_required": "the last card makes a wish: send one of the listed `wish_options` as `wish`",
    "invalid_wish": "this wish is not allowed here, or the last card makes none",
    "invalid_group": "these cards cannot be played together in this variant",
    "invalid_joker": "a joker played or declared wrongly (Pławno: `joker_as`)",
    "drawn_card_only": "after a draw the seat may play only the card drawn, or pass",
    "already_drew": "the seat has drawn this turn already",
    "nothing_to_draw": "neither stock nor pile has a card to draw",
    "pass_not_allowed": "nothing to pass on: no skip, robin or draw this turn",
    "not_obliged_to_announce": "no last-card call is due",
    "no_open_window": "no last-card window is open",
    "window_still_open": "the last-card window is still open",
    "nothing_to_catch": "no one may be caught now",
    "invalid_seat": "no such seat to act on",
    "waiting_for_pass_cards": "the table waits for the cards to pass",
    "no_card_to_pass": "the seat has no pass card to choose now",
    "turn_not_expired": "the turn clock has not run out",
    "unknown_action": "no such action",
}


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
