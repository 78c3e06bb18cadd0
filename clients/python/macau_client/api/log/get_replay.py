from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.replay import Replay
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    at: int | None | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_at: int | None | Unset
    if isinstance(at, Unset):
        json_at = UNSET
    else:
        json_at = at
    params["at"] = json_at

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/replay".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Replay:
    if response.status_code == 200:
        response_200 = Replay.from_dict(response.json())

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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Replay]:
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
    at: int | None | Unset = UNSET,
) -> Response[Problem | Replay]:
    """Replay a game.

     The full state (every hand, the stock order) after event `at` (default: the last);
    allowed once the game is finished, or with the auditor token.

    Args:
        game_id (str):
        at (int | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Replay]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        at=at,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    at: int | None | Unset = UNSET,
) -> Problem | Replay | None:
    """Replay a game.

     The full state (every hand, the stock order) after event `at` (default: the last);
    allowed once the game is finished, or with the auditor token.

    Args:
        game_id (str):
        at (int | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Replay
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        at=at,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    at: int | None | Unset = UNSET,
) -> Response[Problem | Replay]:
    """Replay a game.

     The full state (every hand, the stock order) after event `at` (default: the last);
    allowed once the game is finished, or with the auditor token.

    Args:
        game_id (str):
        at (int | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Replay]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        at=at,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    at: int | None | Unset = UNSET,
) -> Problem | Replay | None:
    """Replay a game.

     The full state (every hand, the stock order) after event `at` (default: the last);
    allowed once the game is finished, or with the auditor token.

    Args:
        game_id (str):
        at (int | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Replay
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            at=at,
        )
    ).parsed
