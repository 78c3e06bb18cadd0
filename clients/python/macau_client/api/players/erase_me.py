from http import HTTPStatus
from typing import Any, cast

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/players/me",
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Any | Problem]:
    """Erase the caller.

     His name is gone from every view, listing, event and exported
    log, and his identity (profile, key, list of games, leaderboard places) with it. The
    games stay as they were played, and every audit still verifies: the name was stored
    sealed with a key of the player's own, and that key is what is deleted (docs/players.md).
    Seats show `Erased player`. Seat tokens given before keep their seats.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> Any | Problem | None:
    """Erase the caller.

     His name is gone from every view, listing, event and exported
    log, and his identity (profile, key, list of games, leaderboard places) with it. The
    games stay as they were played, and every audit still verifies: the name was stored
    sealed with a key of the player's own, and that key is what is deleted (docs/players.md).
    Seats show `Erased player`. Seat tokens given before keep their seats.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Any | Problem]:
    """Erase the caller.

     His name is gone from every view, listing, event and exported
    log, and his identity (profile, key, list of games, leaderboard places) with it. The
    games stay as they were played, and every audit still verifies: the name was stored
    sealed with a key of the player's own, and that key is what is deleted (docs/players.md).
    Seats show `Erased player`. Seat tokens given before keep their seats.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Any | Problem | None:
    """Erase the caller.

     His name is gone from every view, listing, event and exported
    log, and his identity (profile, key, list of games, leaderboard places) with it. The
    games stay as they were played, and every audit still verifies: the name was stored
    sealed with a key of the player's own, and that key is what is deleted (docs/players.md).
    Seats show `Erased player`. Seat tokens given before keep their seats.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
