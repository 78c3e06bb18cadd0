from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.problem_code import ProblemCode, check_problem_code
from ..models.rejection_reason import RejectionReason, check_rejection_reason
from ..types import UNSET, Unset

T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    """
    Attributes:
        type_ (str): the problem type: https://macau.dev/problems/ followed by `code`
        title (str):
        status (int):
        detail (str): what went wrong, for people
        code (ProblemCode): What went wrong, for programs: switch on it.

            - `invalid_request`: a malformed body, query or parameter (the detail names it)
            - `invalid_rules`: `rules` the rules engine refuses (the detail names the parameter)
            - `invalid_setup`: seats, players, bots or a `deal` that do not fit the table
            - `invalid_if_match`: If-Match is not a game version
            - `invalid_last_event_id`: Last-Event-ID is not an event seq
            - `invalid_idempotency_key`: Idempotency-Key is not 1-200 visible ASCII characters (spaces inside only)
            - `token_in_query`: a token sent in the URL: send it as Authorization: Bearer
            - `bad_request`: a malformed HTTP request (answered by the HTTP server)
            - `missing_token`: this operation needs a seat's token
            - `invalid_token`: the Authorization header is not `Bearer <token>` with a well-formed token
            - `unknown_token`: the token belongs to no seat of this game
            - `metrics_token_required`: the metrics need the metrics or the auditor token
            - `missing_player_key`: this operation needs a player key (Authorization: Player <key>)
            - `unknown_player_key`: the player key belongs to no player (erased, or replaced by a new key)
            - `player_key_required`: a rated table seats only players who come with their player key
            - `not_a_seat`: the token does not hold a seat at this game
            - `token_of_another_game`: the token holds a seat at another game
            - `seat_left`: the seat's player left: its token can no longer act
            - `replay_forbidden`: a replay of a game not finished (the auditor's only)
            - `forbidden`: refused by the HTTP server
            - `game_not_found`: no game has this id
            - `player_not_found`: no player has this id (or he was erased)
            - `variant_not_found`: no variant has this id
            - `unknown_event`: the game has no event at this seq
            - `not_found`: no such resource
            - `method_not_allowed`: the resource does not take this method (see Allow)
            - `not_acceptable`: no representation matches Accept
            - `game_full`: every seat is taken
            - `game_started`: the game has started
            - `game_already_started`: the game has started
            - `game_not_started`: the game has not started
            - `game_finished`: the game is over, or the table closed before it filled
            - `game_not_finished`: available once the game is finished
            - `no_rematch`: a table that closed before a card was dealt has nothing to play again
            - `rematch_closed`: the game has been archived: a rematch is offered while it is kept live after its end
            - `rematch_seat_taken`: the seat held in the rematch is taken already (by you, or given to a bot)
            - `already_seated`: the player has a seat at this table already
            - `seat_taken`: the seat asked for is taken
            - `not_offered`: the table is not offered to strangers (private, seeded or dealt)
            - `round_too_long`: the round has logged the most events a round may: it takes no more moves
            - `not_seated`: the seat has no human player
            - `not_due`: the table has not waited long enough to expire
            - `busy`: the game changed too often while the request was retried: send it again
            - `stale_version`: If-Match names a version the game has left
            - `payload_too_large`: the body is larger than 256 KiB
            - `uri_too_long`: the request line is longer than the server takes
            - `unsupported_media_type`: the body is not application/json
            - `expectation_failed`: an Expect header the server does not meet
            - `move_rejected`: a well-formed move the rules reject (`reason` says why)
            - `idempotency_key_reused`: this Idempotency-Key came with another body
            - `already_applied`: an earlier attempt with this Idempotency-Key stored the move: read the game
            - `rate_limited`: too many requests from this client (see Retry-After)
            - `too_many_open_tables`: this client, or the service, holds the most open tables allowed (see Retry-After)
            - `request_timeout`: the request's headers did not all arrive in time (answered by the HTTP server)
            - `too_many_failed_authentications`: too many requests with tokens that did not authenticate (see Retry-After)
            - `too_many_streams`: this client holds the most streams and long-polls allowed (see Retry-After)
            - `too_many_connections`: this client holds too many open connections (see Retry-After)
            - `request_header_fields_too_large`: a header line is too long
            - `http_error`: another HTTP error
            - `internal_error`: a bug, logged by the service
            - `not_implemented`: the HTTP server does not implement this
            - `not_ready`: the game store is not reachable (readiness, see Retry-After)
            - `store_unavailable`: the game store is not reachable right now (see Retry-After)
            - `store_full`: the game store is out of memory and refuses writes (see Retry-After)
            - `archive_damaged`: the game's archive file is missing, damaged or does not match its seal
            - `no_archive`: this service keeps no archive
            - `streams_full`: this server holds all the streams it can (see Retry-After)
            - `webhook_url_not_https`: a webhook's url must be https (http too where the operator allows private receivers)
            - `webhook_url_private`: a webhook's host is, or resolves to, an address that is not public
            - `webhook_url_unresolvable`: a webhook's host does not resolve
            - `webhook_url_port`: a webhook's port is not one receivers may listen on (443 unless the operator allows
            others)
            - `invalid_webhook_url`: a webhook's url is not one the service calls (malformed, too long, credentials,
            fragment)
            - `too_many_webhooks`: the seat, or the game, holds the most webhooks allowed
            - `webhook_not_found`: this seat has no such webhook at this game
        reason (RejectionReason | Unset): Why a well-formed move was rejected (422 `move_rejected`), or an Idempotency-
            Key refused.

            - `not_your_turn`: another seat must act
            - `already_announced`: the call was made already for this hand (a Multiple Macao is made once)
            - `card_not_in_hand`: a card sent is not in the hand
            - `does_not_match`: the first card matches neither the pile nor the active wish
            - `must_answer_pending_draw`: a draw penalty is pending: answer it or draw
            - `must_answer_pending_skip`: a skip is pending: answer it or pass
            - `must_answer_skip_robin`: a skip robin asks the seat: add to it or pass
            - `must_play`: the seat must play (it may not draw or pass now)
            - `wish_required`: the last card makes a wish: send one of the listed `wish_options` as `wish`
            - `invalid_wish`: this wish is not allowed here, or the last card makes none
            - `invalid_group`: these cards cannot be played together in this variant
            - `invalid_joker`: a joker played or declared wrongly (Pławno: `joker_as`)
            - `drawn_card_only`: after a draw the seat may play only the card drawn, or pass
            - `already_drew`: the seat has drawn this turn already
            - `nothing_to_draw`: neither stock nor pile has a card to draw
            - `pass_not_allowed`: nothing to pass on: no skip, robin or draw this turn
            - `not_obliged_to_announce`: no last-card call is due
            - `no_open_window`: no last-card window is open
            - `window_still_open`: the last-card window is still open
            - `nothing_to_catch`: no one may be caught now
            - `invalid_seat`: no such seat to act on
            - `waiting_for_pass_cards`: the table waits for the cards to pass
            - `no_card_to_pass`: the seat has no pass card to choose now
            - `turn_not_expired`: the turn clock has not run out
            - `unknown_action`: no such action
            - `idempotency_key_reused`: this Idempotency-Key came with another body
    """

    type_: str
    title: str
    status: int
    detail: str
    code: ProblemCode
    reason: RejectionReason | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        code: str = self.code

        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "title": title,
                "status": status,
                "detail": detail,
                "code": code,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        code = check_problem_code(d.pop("code"))

        _reason = d.pop("reason", UNSET)
        reason: RejectionReason | Unset
        if isinstance(_reason, Unset):
            reason = UNSET
        else:
            reason = check_rejection_reason(_reason)

        problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            code=code,
            reason=reason,
        )

        return problem
