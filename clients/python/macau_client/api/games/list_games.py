from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.game_list import GameList
from ...models.list_games_status import ListGamesStatus
from ...models.list_games_variant_type_1 import ListGamesVariantType1
from ...models.list_games_variant_type_2_type_1 import (
    ListGamesVariantType2Type1,
)
from ...models.list_games_variant_type_3_type_1 import (
    ListGamesVariantType3Type1,
)
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: ListGamesStatus | Unset = "waiting",
    variant: ListGamesVariantType1 | ListGamesVariantType2Type1 | ListGamesVariantType3Type1 | None | Unset = UNSET,
    limit: int | Unset = 50,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    json_variant: None | str | Unset
    if isinstance(variant, Unset):
        json_variant = UNSET
    elif isinstance(variant, str):
        json_variant = variant
    elif isinstance(variant, str):
        json_variant = variant
    elif isinstance(variant, str):
        json_variant = variant
    else:
        json_variant = variant
    params["variant"] = json_variant

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GameList | Problem:
    if response.status_code == 200:
        response_200 = GameList.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GameList | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: ListGamesStatus | Unset = "waiting",
    variant: ListGamesVariantType1 | ListGamesVariantType2Type1 | ListGamesVariantType3Type1 | None | Unset = UNSET,
    limit: int | Unset = 50,
) -> Response[GameList | Problem]:
    """Public tables, newest first (waiting tables: oldest first).

     With the auditor token, private tables too (`public: false`); any other token
    changes nothing.

    Args:
        status (ListGamesStatus | Unset):  Default: 'waiting'.
        variant (ListGamesVariantType1 | ListGamesVariantType2Type1 | ListGamesVariantType3Type1 |
            None | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameList | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        variant=variant,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    status: ListGamesStatus | Unset = "waiting",
    variant: ListGamesVariantType1 | ListGamesVariantType2Type1 | ListGamesVariantType3Type1 | None | Unset = UNSET,
    limit: int | Unset = 50,
) -> GameList | Problem | None:
    """Public tables, newest first (waiting tables: oldest first).

     With the auditor token, private tables too (`public: false`); any other token
    changes nothing.

    Args:
        status (ListGamesStatus | Unset):  Default: 'waiting'.
        variant (ListGamesVariantType1 | ListGamesVariantType2Type1 | ListGamesVariantType3Type1 |
            None | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameList | Problem
    """

    return sync_detailed(
        client=client,
        status=status,
        variant=variant,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: ListGamesStatus | Unset = "waiting",
    variant: ListGamesVariantType1 | ListGamesVariantType2Type1 | ListGamesVariantType3Type1 | None | Unset = UNSET,
    limit: int | Unset = 50,
) -> Response[GameList | Problem]:
    """Public tables, newest first (waiting tables: oldest first).

     With the auditor token, private tables too (`public: false`); any other token
    changes nothing.

    Args:
        status (ListGamesStatus | Unset):  Default: 'waiting'.
        variant (ListGamesVariantType1 | ListGamesVariantType2Type1 | ListGamesVariantType3Type1 |
            None | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameList | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        variant=variant,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    status: ListGamesStatus | Unset = "waiting",
    variant: ListGamesVariantType1 | ListGamesVariantType2Type1 | ListGamesVariantType3Type1 | None | Unset = UNSET,
    limit: int | Unset = 50,
) -> GameList | Problem | None:
    """Public tables, newest first (waiting tables: oldest first).

     With the auditor token, private tables too (`public: false`); any other token
    changes nothing.

    Args:
        status (ListGamesStatus | Unset):  Default: 'waiting'.
        variant (ListGamesVariantType1 | ListGamesVariantType2Type1 | ListGamesVariantType3Type1 |
            None | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameList | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            variant=variant,
            limit=limit,
        )
    ).parsed
