from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.variant import Variant
from ...types import Response


def _get_kwargs(
    variant_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/variants/{variant_id}".format(
            variant_id=quote(str(variant_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Variant:
    if response.status_code == 200:
        response_200 = Variant.from_dict(response.json())

        return response_200

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Variant]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    variant_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | Variant]:
    """One variant.

     The preset with its full rule set (`rules`), or `custom` (no rules of its own: a
    create names the preset it starts from in `rules.base`).

    Args:
        variant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Variant]
    """

    kwargs = _get_kwargs(
        variant_id=variant_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    variant_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | Variant | None:
    """One variant.

     The preset with its full rule set (`rules`), or `custom` (no rules of its own: a
    create names the preset it starts from in `rules.base`).

    Args:
        variant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Variant
    """

    return sync_detailed(
        variant_id=variant_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    variant_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | Variant]:
    """One variant.

     The preset with its full rule set (`rules`), or `custom` (no rules of its own: a
    create names the preset it starts from in `rules.base`).

    Args:
        variant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Variant]
    """

    kwargs = _get_kwargs(
        variant_id=variant_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    variant_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | Variant | None:
    """One variant.

     The preset with its full rule set (`rules`), or `custom` (no rules of its own: a
    create names the preset it starts from in `rules.base`).

    Args:
        variant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Variant
    """

    return (
        await asyncio_detailed(
            variant_id=variant_id,
            client=client,
        )
    ).parsed
