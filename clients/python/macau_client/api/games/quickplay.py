from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.quickplay_body import QuickplayBody
from ...models.quickplay_result import QuickplayResult
from ...types import Response


def _get_kwargs(
    *,
    body: QuickplayBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/quickplay",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | QuickplayResult:
    if response.status_code == 201:
        response_201 = QuickplayResult.from_dict(response.json())

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
) -> Response[Problem | QuickplayResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: QuickplayBody,
) -> Response[Problem | QuickplayResult]:
    """Play now: a seat at a waiting table.

     The oldest public waiting table of that variant, size and turn clock that nobody can
    know the cards of (no seed, no fixed deal), or a new one (the "Play now" button of a
    mobile client). The answer holds the seat's token, returned this once. A `webhook`
    is registered with the seat (as POST /v1/games/{id}/webhooks would).

    With a player key the seat is at a rated table by default (`rated`; a table with a
    turn clock only): the waiting one nearest the player's rating whose band holds him
    (the band widens as a table waits), else a new one, later filled with bots of the
    level nearest its players' rating (docs/ratings.md). Without a key, or with
    `rated: false`, an unrated table.

    Args:
        body (QuickplayBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | QuickplayResult]
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
    body: QuickplayBody,
) -> Problem | QuickplayResult | None:
    """Play now: a seat at a waiting table.

     The oldest public waiting table of that variant, size and turn clock that nobody can
    know the cards of (no seed, no fixed deal), or a new one (the "Play now" button of a
    mobile client). The answer holds the seat's token, returned this once. A `webhook`
    is registered with the seat (as POST /v1/games/{id}/webhooks would).

    With a player key the seat is at a rated table by default (`rated`; a table with a
    turn clock only): the waiting one nearest the player's rating whose band holds him
    (the band widens as a table waits), else a new one, later filled with bots of the
    level nearest its players' rating (docs/ratings.md). Without a key, or with
    `rated: false`, an unrated table.

    Args:
        body (QuickplayBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | QuickplayResult
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: QuickplayBody,
) -> Response[Problem | QuickplayResult]:
    """Play now: a seat at a waiting table.

     The oldest public waiting table of that variant, size and turn clock that nobody can
    know the cards of (no seed, no fixed deal), or a new one (the "Play now" button of a
    mobile client). The answer holds the seat's token, returned this once. A `webhook`
    is registered with the seat (as POST /v1/games/{id}/webhooks would).

    With a player key the seat is at a rated table by default (`rated`; a table with a
    turn clock only): the waiting one nearest the player's rating whose band holds him
    (the band widens as a table waits), else a new one, later filled with bots of the
    level nearest its players' rating (docs/ratings.md). Without a key, or with
    `rated: false`, an unrated table.

    Args:
        body (QuickplayBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | QuickplayResult]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: QuickplayBody,
) -> Problem | QuickplayResult | None:
    """Play now: a seat at a waiting table.

     The oldest public waiting table of that variant, size and turn clock that nobody can
    know the cards of (no seed, no fixed deal), or a new one (the "Play now" button of a
    mobile client). The answer holds the seat's token, returned this once. A `webhook`
    is registered with the seat (as POST /v1/games/{id}/webhooks would).

    With a player key the seat is at a rated table by default (`rated`; a table with a
    turn clock only): the waiting one nearest the player's rating whose band holds him
    (the band widens as a table waits), else a new one, later filled with bots of the
    level nearest its players' rating (docs/ratings.md). Without a key, or with
    `rated: false`, an unrated table.

    Args:
        body (QuickplayBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | QuickplayResult
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
