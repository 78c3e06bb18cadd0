from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.stream_game_response_200 import StreamGameResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/stream".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | StreamGameResponse200:
    if response.status_code == 200:
        response_200 = StreamGameResponse200.from_dict(response.text)

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | StreamGameResponse200]:
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
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | StreamGameResponse200]:
    """Server-Sent Events, resumable with `Last-Event-ID`.

     The token goes in `Authorization` only (read the stream with `fetch()`, or an
    EventSource that sends headers): a `?token=` query is a 400, because URLs end up in
    logs. Without a token the stream is a spectator's.

    Args:
        game_id (str):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamGameResponse200]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
) -> Problem | StreamGameResponse200 | None:
    """Server-Sent Events, resumable with `Last-Event-ID`.

     The token goes in `Authorization` only (read the stream with `fetch()`, or an
    EventSource that sends headers): a `?token=` query is a 400, because URLs end up in
    logs. Without a token the stream is a spectator's.

    Args:
        game_id (str):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamGameResponse200
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | StreamGameResponse200]:
    """Server-Sent Events, resumable with `Last-Event-ID`.

     The token goes in `Authorization` only (read the stream with `fetch()`, or an
    EventSource that sends headers): a `?token=` query is a 400, because URLs end up in
    logs. Without a token the stream is a spectator's.

    Args:
        game_id (str):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamGameResponse200]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
) -> Problem | StreamGameResponse200 | None:
    """Server-Sent Events, resumable with `Last-Event-ID`.

     The token goes in `Authorization` only (read the stream with `fetch()`, or an
    EventSource that sends headers): a `?token=` query is a 400, because URLs end up in
    logs. Without a token the stream is a spectator's.

    Args:
        game_id (str):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamGameResponse200
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            last_event_id=last_event_id,
        )
    ).parsed
