from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.seal_key import SealKey
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/archive/public-key",
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SealKey:
    if response.status_code == 200:
        response_200 = SealKey.from_dict(response.json())

        return response_200

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | SealKey]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | SealKey]:
    """Get the archive seals' public key.

     The Ed25519 public key of this service's archive seals. When a finished game leaves
    the hot store, the server signs its log's game id, number of events, hash chain head
    and checksum; the seal is kept by the store and carried by the log file
    (`GET /v1/games/{game_id}/export`). `macau verify FILE --public-key KEY` checks a file
    against it. A seal proves the file is the one this server archived; it cannot prove
    anything against the operator, who holds the signing key. 404 (`no_archive`) when the
    service keeps no archive.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SealKey]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Problem | SealKey | None:
    """Get the archive seals' public key.

     The Ed25519 public key of this service's archive seals. When a finished game leaves
    the hot store, the server signs its log's game id, number of events, hash chain head
    and checksum; the seal is kept by the store and carried by the log file
    (`GET /v1/games/{game_id}/export`). `macau verify FILE --public-key KEY` checks a file
    against it. A seal proves the file is the one this server archived; it cannot prove
    anything against the operator, who holds the signing key. 404 (`no_archive`) when the
    service keeps no archive.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SealKey
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | SealKey]:
    """Get the archive seals' public key.

     The Ed25519 public key of this service's archive seals. When a finished game leaves
    the hot store, the server signs its log's game id, number of events, hash chain head
    and checksum; the seal is kept by the store and carried by the log file
    (`GET /v1/games/{game_id}/export`). `macau verify FILE --public-key KEY` checks a file
    against it. A seal proves the file is the one this server archived; it cannot prove
    anything against the operator, who holds the signing key. 404 (`no_archive`) when the
    service keeps no archive.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SealKey]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Problem | SealKey | None:
    """Get the archive seals' public key.

     The Ed25519 public key of this service's archive seals. When a finished game leaves
    the hot store, the server signs its log's game id, number of events, hash chain head
    and checksum; the seal is kept by the store and carried by the log file
    (`GET /v1/games/{game_id}/export`). `macau verify FILE --public-key KEY` checks a file
    against it. A seal proves the file is the one this server archived; it cannot prove
    anything against the operator, who holds the signing key. 404 (`no_archive`) when the
    service keeps no archive.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SealKey
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
