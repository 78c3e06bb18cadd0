from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.join_game_body import JoinGameBody
from ...models.joined import Joined
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    game_id: str,
    *,
    body: JoinGameBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/players".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Joined | Problem:
    if response.status_code == 201:
        response_201 = Joined.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Joined | Problem]:
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
    body: JoinGameBody,
) -> Response[Joined | Problem]:
    """Join a table.

     The player takes the lowest free seat; the answer holds the seat's token, returned
    this once. 409 if the table is full or the game has started; the game starts by
    itself when the last seat is taken. A `webhook` is registered with the seat (as
    POST /v1/games/{id}/webhooks would): a URL the service will not call is a 400
    before the seat is taken.

    With a player key (`Authorization: Player <key>`) the seat is the player's: it takes
    his name, and the game goes on his list (`GET /v1/players/me/games`). A rated table
    seats only players with a key (401 `player_key_required`), each once (409
    `already_seated`).

    Args:
        game_id (str):
        body (JoinGameBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Joined | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: JoinGameBody,
) -> Joined | Problem | None:
    """Join a table.

     The player takes the lowest free seat; the answer holds the seat's token, returned
    this once. 409 if the table is full or the game has started; the game starts by
    itself when the last seat is taken. A `webhook` is registered with the seat (as
    POST /v1/games/{id}/webhooks would): a URL the service will not call is a 400
    before the seat is taken.

    With a player key (`Authorization: Player <key>`) the seat is the player's: it takes
    his name, and the game goes on his list (`GET /v1/players/me/games`). A rated table
    seats only players with a key (401 `player_key_required`), each once (409
    `already_seated`).

    Args:
        game_id (str):
        body (JoinGameBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Joined | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: JoinGameBody,
) -> Response[Joined | Problem]:
    """Join a table.

     The player takes the lowest free seat; the answer holds the seat's token, returned
    this once. 409 if the table is full or the game has started; the game starts by
    itself when the last seat is taken. A `webhook` is registered with the seat (as
    POST /v1/games/{id}/webhooks would): a URL the service will not call is a 400
    before the seat is taken.

    With a player key (`Authorization: Player <key>`) the seat is the player's: it takes
    his name, and the game goes on his list (`GET /v1/players/me/games`). A rated table
    seats only players with a key (401 `player_key_required`), each once (409
    `already_seated`).

    Args:
        game_id (str):
        body (JoinGameBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Joined | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: JoinGameBody,
) -> Joined | Problem | None:
    """Join a table.

     The player takes the lowest free seat; the answer holds the seat's token, returned
    this once. 409 if the table is full or the game has started; the game starts by
    itself when the last seat is taken. A `webhook` is registered with the seat (as
    POST /v1/games/{id}/webhooks would): a URL the service will not call is a 400
    before the seat is taken.

    With a player key (`Authorization: Player <key>`) the seat is the player's: it takes
    his name, and the game goes on his list (`GET /v1/players/me/games`). A rated table
    seats only players with a key (401 `player_key_required`), each once (409
    `already_seated`).

    Args:
        game_id (str):
        body (JoinGameBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Joined | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
        )
    ).parsed
