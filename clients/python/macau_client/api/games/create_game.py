from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.create_game_body import CreateGameBody
from ...models.created_game import CreatedGame
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: CreateGameBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CreatedGame | Problem:
    if response.status_code == 201:
        response_201 = CreatedGame.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CreatedGame | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateGameBody,
) -> Response[CreatedGame | Problem]:
    """Create a table.

     Humans in `players` take seats 0, 1, … then `bots`; the game starts by itself when
    every seat is taken. Tokens are returned once. A body this document accepts can
    still be refused with a 400 naming the parameter, because JSON Schema cannot say it:
    `rules` the rules engine rejects (`rules` is free-form), more `players` and `bots`
    than `seats`, or a `deal` that does not fit the seats or the variant's deck (one
    hand per seat, cards of the deck, no card more often than the deck holds it).
    A player's `webhook` is registered with his seat (POST /v1/games/{id}/webhooks).

    Args:
        body (CreateGameBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGame | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CreateGameBody,
) -> CreatedGame | Problem | None:
    """Create a table.

     Humans in `players` take seats 0, 1, … then `bots`; the game starts by itself when
    every seat is taken. Tokens are returned once. A body this document accepts can
    still be refused with a 400 naming the parameter, because JSON Schema cannot say it:
    `rules` the rules engine rejects (`rules` is free-form), more `players` and `bots`
    than `seats`, or a `deal` that does not fit the seats or the variant's deck (one
    hand per seat, cards of the deck, no card more often than the deck holds it).
    A player's `webhook` is registered with his seat (POST /v1/games/{id}/webhooks).

    Args:
        body (CreateGameBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGame | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateGameBody,
) -> Response[CreatedGame | Problem]:
    """Create a table.

     Humans in `players` take seats 0, 1, … then `bots`; the game starts by itself when
    every seat is taken. Tokens are returned once. A body this document accepts can
    still be refused with a 400 naming the parameter, because JSON Schema cannot say it:
    `rules` the rules engine rejects (`rules` is free-form), more `players` and `bots`
    than `seats`, or a `deal` that does not fit the seats or the variant's deck (one
    hand per seat, cards of the deck, no card more often than the deck holds it).
    A player's `webhook` is registered with his seat (POST /v1/games/{id}/webhooks).

    Args:
        body (CreateGameBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGame | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateGameBody,
) -> CreatedGame | Problem | None:
    """Create a table.

     Humans in `players` take seats 0, 1, … then `bots`; the game starts by itself when
    every seat is taken. Tokens are returned once. A body this document accepts can
    still be refused with a 400 naming the parameter, because JSON Schema cannot say it:
    `rules` the rules engine rejects (`rules` is free-form), more `players` and `bots`
    than `seats`, or a `deal` that does not fit the seats or the variant's deck (one
    hand per seat, cards of the deck, no card more often than the deck holds it).
    A player's `webhook` is registered with his seat (POST /v1/games/{id}/webhooks).

    Args:
        body (CreateGameBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGame | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
