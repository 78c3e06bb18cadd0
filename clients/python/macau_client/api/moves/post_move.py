from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.announce_move import AnnounceMove
from ...models.catch_move import CatchMove
from ...models.choose_pass_card_move import ChoosePassCardMove
from ...models.draw_move import DrawMove
from ...models.move_result import MoveResult
from ...models.pass_move import PassMove
from ...models.play_move import PlayMove
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    body: AnnounceMove | CatchMove | ChoosePassCardMove | DrawMove | PassMove | PlayMove,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/moves".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    if isinstance(body, PlayMove):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, DrawMove):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, PassMove):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AnnounceMove):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CatchMove):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> MoveResult | Problem:
    if response.status_code == 200:
        response_200 = MoveResult.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())

        return response_412

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[MoveResult | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: AnnounceMove | CatchMove | ChoosePassCardMove | DrawMove | PassMove | PlayMove,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[MoveResult | Problem]:
    """Send a move: `play`, `draw`, `pass`, `announce` or `catch`.

     (And `choose_pass_card` for the custom pass-left card.) The response holds the new
    version, the events the move produced as the caller may see them, and the caller's
    view. A body this document accepts can still be refused, rightly: a move the rules
    reject is a 422 whose `reason` says why (`you.legal_moves` lists what is allowed
    now), an `If-Match` the game has left a 412, a game not playing a 409 (and so is a
    round that has run on past the service's ceiling of events: `round_too_long`).

    Args:
        game_id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (AnnounceMove | CatchMove | ChoosePassCardMove | DrawMove | PassMove | PlayMove): A
            move: one of the bodies below, by `action`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MoveResult | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: AnnounceMove | CatchMove | ChoosePassCardMove | DrawMove | PassMove | PlayMove,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> MoveResult | Problem | None:
    """Send a move: `play`, `draw`, `pass`, `announce` or `catch`.

     (And `choose_pass_card` for the custom pass-left card.) The response holds the new
    version, the events the move produced as the caller may see them, and the caller's
    view. A body this document accepts can still be refused, rightly: a move the rules
    reject is a 422 whose `reason` says why (`you.legal_moves` lists what is allowed
    now), an `If-Match` the game has left a 412, a game not playing a 409 (and so is a
    round that has run on past the service's ceiling of events: `round_too_long`).

    Args:
        game_id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (AnnounceMove | CatchMove | ChoosePassCardMove | DrawMove | PassMove | PlayMove): A
            move: one of the bodies below, by `action`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MoveResult | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: AnnounceMove | CatchMove | ChoosePassCardMove | DrawMove | PassMove | PlayMove,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[MoveResult | Problem]:
    """Send a move: `play`, `draw`, `pass`, `announce` or `catch`.

     (And `choose_pass_card` for the custom pass-left card.) The response holds the new
    version, the events the move produced as the caller may see them, and the caller's
    view. A body this document accepts can still be refused, rightly: a move the rules
    reject is a 422 whose `reason` says why (`you.legal_moves` lists what is allowed
    now), an `If-Match` the game has left a 412, a game not playing a 409 (and so is a
    round that has run on past the service's ceiling of events: `round_too_long`).

    Args:
        game_id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (AnnounceMove | CatchMove | ChoosePassCardMove | DrawMove | PassMove | PlayMove): A
            move: one of the bodies below, by `action`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MoveResult | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: AnnounceMove | CatchMove | ChoosePassCardMove | DrawMove | PassMove | PlayMove,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> MoveResult | Problem | None:
    """Send a move: `play`, `draw`, `pass`, `announce` or `catch`.

     (And `choose_pass_card` for the custom pass-left card.) The response holds the new
    version, the events the move produced as the caller may see them, and the caller's
    view. A body this document accepts can still be refused, rightly: a move the rules
    reject is a 422 whose `reason` says why (`you.legal_moves` lists what is allowed
    now), an `If-Match` the game has left a 412, a game not playing a 409 (and so is a
    round that has run on past the service's ceiling of events: `round_too_long`).

    Args:
        game_id (str):
        if_match (str | Unset):
        idempotency_key (str | Unset):
        body (AnnounceMove | CatchMove | ChoosePassCardMove | DrawMove | PassMove | PlayMove): A
            move: one of the bodies below, by `action`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MoveResult | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
            if_match=if_match,
            idempotency_key=idempotency_key,
        )
    ).parsed
