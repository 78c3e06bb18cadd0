from typing import Literal

RejectionReason = Literal[
    "already_announced",
    "already_drew",
    "card_not_in_hand",
    "does_not_match",
    "drawn_card_only",
    "idempotency_key_reused",
    "invalid_group",
    "invalid_joker",
    "invalid_seat",
    "invalid_wish",
    "must_answer_pending_draw",
    "must_answer_pending_skip",
    "must_answer_skip_robin",
    "must_play",
    "no_card_to_pass",
    "no_open_window",
    "not_obliged_to_announce",
    "not_your_turn",
    "nothing_to_catch",
    "nothing_to_draw",
    "pass_not_allowed",
    "turn_not_expired",
    "unknown_action",
    "waiting_for_pass_cards",
    "window_still_open",
    "wish_required",
]

REJECTION_REASON_VALUES: set[RejectionReason] = {
    "already_announced",
    "already_drew",
    "card_not_in_hand",
    "does_not_match",
    "drawn_card_only",
    "idempotency_key_reused",
    "invalid_group",
    "invalid_joker",
    "invalid_seat",
    "invalid_wish",
    "must_answer_pending_draw",
    "must_answer_pending_skip",
    "must_answer_skip_robin",
    "must_play",
    "no_card_to_pass",
    "no_open_window",
    "not_obliged_to_announce",
    "not_your_turn",
    "nothing_to_catch",
    "nothing_to_draw",
    "pass_not_allowed",
    "turn_not_expired",
    "unknown_action",
    "waiting_for_pass_cards",
    "window_still_open",
    "wish_required",
}


def check_rejection_reason(value: str) -> RejectionReason:
    if value in REJECTION_REASON_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {REJECTION_REASON_VALUES!r}")
