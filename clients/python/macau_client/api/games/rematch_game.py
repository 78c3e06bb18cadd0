from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.rematch import Rematch
from ...types import Response


def _get_kwargs(
    game_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/rematch".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Rematch:
    if response.status_code == 201:
        response_201 = Rematch.from_dict(response.json())

        return response_201

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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Rematch]:
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
) -> Response[Problem | Rematch]:
    """Play a finished game again: the caller (a seat's token of the finished game) takes
    the same seat in its rematch and gets a new token for it.

     One rematch per finished game: the first call creates it (same variant, rules, seats,
    bots and settings; a new shuffle) and appends `rematch_offered` (data: the new
    `game_id`) to the finished game's events, so every seat and spectator hears of it;
    two calls at once get the same new game. Each human of the old table who has not
    left has his seat held in the new game and takes it with this call; the seat of a
    human who left is open to anyone. Old tokens act only in the old game. 409:
    `game_not_finished`, `no_rematch` (a table that expired unplayed), `rematch_closed`
    (the game has been archived), `rematch_seat_taken` (taken already, or given to a
    bot); 403 `seat_left` for a player who left the game.

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Rematch]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
) -> Problem | Rematch | None:
    """Play a finished game again: the caller (a seat's token of the finished game) takes
    the same seat in its rematch and gets a new token for it.

     One rematch per finished game: the first call creates it (same variant, rules, seats,
    bots and settings; a new shuffle) and appends `rematch_offered` (data: the new
    `game_id`) to the finished game's events, so every seat and spectator hears of it;
    two calls at once get the same new game. Each human of the old table who has not
    left has his seat held in the new game and takes it with this call; the seat of a
    human who left is open to anyone. Old tokens act only in the old game. 409:
    `game_not_finished`, `no_rematch` (a table that expired unplayed), `rematch_closed`
    (the game has been archived), `rematch_seat_taken` (taken already, or given to a
    bot); 403 `seat_left` for a player who left the game.

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Rematch
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | Rematch]:
    """Play a finished game again: the caller (a seat's token of the finished game) takes
    the same seat in its rematch and gets a new token for it.

     One rematch per finished game: the first call creates it (same variant, rules, seats,
    bots and settings; a new shuffle) and appends `rematch_offered` (data: the new
    `game_id`) to the finished game's events, so every seat and spectator hears of it;
    two calls at once get the same new game. Each human of the old table who has not
    left has his seat held in the new game and takes it with this call; the seat of a
    human who left is open to anyone. Old tokens act only in the old game. 409:
    `game_not_finished`, `no_rematch` (a table that expired unplayed), `rematch_closed`
    (the game has been archived), `rematch_seat_taken` (taken already, or given to a
    bot); 403 `seat_left` for a player who left the game.

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Rematch]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
) -> Problem | Rematch | None:
    """Play a finished game again: the caller (a seat's token of the finished game) takes
    the same seat in its rematch and gets a new token for it.

     One rematch per finished game: the first call creates it (same variant, rules, seats,
    bots and settings; a new shuffle) and appends `rematch_offered` (data: the new
    `game_id`) to the finished game's events, so every seat and spectator hears of it;
    two calls at once get the same new game. Each human of the old table who has not
    left has his seat held in the new game and takes it with this call; the seat of a
    human who left is open to anyone. Old tokens act only in the old game. 409:
    `game_not_finished`, `no_rematch` (a table that expired unplayed), `rematch_closed`
    (the game has been archived), `rematch_seat_taken` (taken already, or given to a
    bot); 403 `seat_left` for a player who left the game.

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Rematch
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
        )
    ).parsed
