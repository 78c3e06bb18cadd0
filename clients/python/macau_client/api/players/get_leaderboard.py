from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.get_leaderboard_around_type_1 import GetLeaderboardAroundType1
from ...models.get_leaderboard_around_type_2_type_1 import (
    GetLeaderboardAroundType2Type1,
)
from ...models.get_leaderboard_around_type_3_type_1 import (
    GetLeaderboardAroundType3Type1,
)
from ...models.leaderboard import Leaderboard
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    variant: str,
    *,
    offset: int | Unset = 0,
    limit: int | Unset = 50,
    around: GetLeaderboardAroundType1
    | GetLeaderboardAroundType2Type1
    | GetLeaderboardAroundType3Type1
    | None
    | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["offset"] = offset

    params["limit"] = limit

    json_around: None | str | Unset
    if isinstance(around, Unset):
        json_around = UNSET
    elif isinstance(around, str):
        json_around = around
    elif isinstance(around, str):
        json_around = around
    elif isinstance(around, str):
        json_around = around
    else:
        json_around = around
    params["around"] = json_around

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/leaderboards/{variant}".format(
            variant=quote(str(variant), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Leaderboard | Problem:
    if response.status_code == 200:
        response_200 = Leaderboard.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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
) -> Response[Leaderboard | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    variant: str,
    *,
    client: AuthenticatedClient,
    offset: int | Unset = 0,
    limit: int | Unset = 50,
    around: GetLeaderboardAroundType1
    | GetLeaderboardAroundType2Type1
    | GetLeaderboardAroundType3Type1
    | None
    | Unset = UNSET,
) -> Response[Leaderboard | Problem]:
    """A variant's leaderboard.

     The players of a variant by rating, the bot levels among them (their ratings measured
    by bot-only play: docs/ratings.md); `offset` and `limit` page it, or `around=me` (with
    a player key) gives the page around the caller.

    Args:
        variant (str):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 50.
        around (GetLeaderboardAroundType1 | GetLeaderboardAroundType2Type1 |
            GetLeaderboardAroundType3Type1 | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Leaderboard | Problem]
    """

    kwargs = _get_kwargs(
        variant=variant,
        offset=offset,
        limit=limit,
        around=around,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    variant: str,
    *,
    client: AuthenticatedClient,
    offset: int | Unset = 0,
    limit: int | Unset = 50,
    around: GetLeaderboardAroundType1
    | GetLeaderboardAroundType2Type1
    | GetLeaderboardAroundType3Type1
    | None
    | Unset = UNSET,
) -> Leaderboard | Problem | None:
    """A variant's leaderboard.

     The players of a variant by rating, the bot levels among them (their ratings measured
    by bot-only play: docs/ratings.md); `offset` and `limit` page it, or `around=me` (with
    a player key) gives the page around the caller.

    Args:
        variant (str):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 50.
        around (GetLeaderboardAroundType1 | GetLeaderboardAroundType2Type1 |
            GetLeaderboardAroundType3Type1 | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Leaderboard | Problem
    """

    return sync_detailed(
        variant=variant,
        client=client,
        offset=offset,
        limit=limit,
        around=around,
    ).parsed


async def asyncio_detailed(
    variant: str,
    *,
    client: AuthenticatedClient,
    offset: int | Unset = 0,
    limit: int | Unset = 50,
    around: GetLeaderboardAroundType1
    | GetLeaderboardAroundType2Type1
    | GetLeaderboardAroundType3Type1
    | None
    | Unset = UNSET,
) -> Response[Leaderboard | Problem]:
    """A variant's leaderboard.

     The players of a variant by rating, the bot levels among them (their ratings measured
    by bot-only play: docs/ratings.md); `offset` and `limit` page it, or `around=me` (with
    a player key) gives the page around the caller.

    Args:
        variant (str):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 50.
        around (GetLeaderboardAroundType1 | GetLeaderboardAroundType2Type1 |
            GetLeaderboardAroundType3Type1 | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Leaderboard | Problem]
    """

    kwargs = _get_kwargs(
        variant=variant,
        offset=offset,
        limit=limit,
        around=around,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    variant: str,
    *,
    client: AuthenticatedClient,
    offset: int | Unset = 0,
    limit: int | Unset = 50,
    around: GetLeaderboardAroundType1
    | GetLeaderboardAroundType2Type1
    | GetLeaderboardAroundType3Type1
    | None
    | Unset = UNSET,
) -> Leaderboard | Problem | None:
    """A variant's leaderboard.

     The players of a variant by rating, the bot levels among them (their ratings measured
    by bot-only play: docs/ratings.md); `offset` and `limit` page it, or `around=me` (with
    a player key) gives the page around the caller.

    Args:
        variant (str):
        offset (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 50.
        around (GetLeaderboardAroundType1 | GetLeaderboardAroundType2Type1 |
            GetLeaderboardAroundType3Type1 | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Leaderboard | Problem
    """

    return (
        await asyncio_detailed(
            variant=variant,
            client=client,
            offset=offset,
            limit=limit,
            around=around,
        )
    ).parsed
