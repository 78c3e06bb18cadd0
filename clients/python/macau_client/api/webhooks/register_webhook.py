from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.register_webhook_body import RegisterWebhookBody
from ...models.webhook_created import WebhookCreated
from ...types import Response


def _get_kwargs(
    game_id: str,
    *,
    body: RegisterWebhookBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/webhooks".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | WebhookCreated:
    if response.status_code == 201:
        response_201 = WebhookCreated.from_dict(response.json())

        return response_201

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[Problem | WebhookCreated]:
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
    body: RegisterWebhookBody,
) -> Response[Problem | WebhookCreated]:
    """Register a webhook for the caller's seat (its token).

     The service then POSTs the notices it asks for (`events`, default all) to `url`:
    `your_turn` when the seat has something to do (its turn, a draw or skip aimed at it, a
    pass-left card to choose, a last-card call or catch it may make), `game_started`,
    `game_finished`, `rematch_offered`. Each delivery is signed as Standard Webhooks says
    (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`; verify with the
    `secret`, returned here only) and retried for 24 hours until the receiver answers 2xx;
    a 410 removes the webhook. If it is the seat's turn already, a `your_turn` is
    delivered at once. 400: a URL the service will not call (`webhook_url_not_https`,
    `webhook_url_private`, `webhook_url_unresolvable`, `webhook_url_port`,
    `invalid_webhook_url`); 409 `too_many_webhooks` (per seat and per game); 429 past the
    address's registrations (refused ones count).

    Args:
        game_id (str):
        body (RegisterWebhookBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookCreated]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: RegisterWebhookBody,
) -> Problem | WebhookCreated | None:
    """Register a webhook for the caller's seat (its token).

     The service then POSTs the notices it asks for (`events`, default all) to `url`:
    `your_turn` when the seat has something to do (its turn, a draw or skip aimed at it, a
    pass-left card to choose, a last-card call or catch it may make), `game_started`,
    `game_finished`, `rematch_offered`. Each delivery is signed as Standard Webhooks says
    (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`; verify with the
    `secret`, returned here only) and retried for 24 hours until the receiver answers 2xx;
    a 410 removes the webhook. If it is the seat's turn already, a `your_turn` is
    delivered at once. 400: a URL the service will not call (`webhook_url_not_https`,
    `webhook_url_private`, `webhook_url_unresolvable`, `webhook_url_port`,
    `invalid_webhook_url`); 409 `too_many_webhooks` (per seat and per game); 429 past the
    address's registrations (refused ones count).

    Args:
        game_id (str):
        body (RegisterWebhookBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookCreated
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: RegisterWebhookBody,
) -> Response[Problem | WebhookCreated]:
    """Register a webhook for the caller's seat (its token).

     The service then POSTs the notices it asks for (`events`, default all) to `url`:
    `your_turn` when the seat has something to do (its turn, a draw or skip aimed at it, a
    pass-left card to choose, a last-card call or catch it may make), `game_started`,
    `game_finished`, `rematch_offered`. Each delivery is signed as Standard Webhooks says
    (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`; verify with the
    `secret`, returned here only) and retried for 24 hours until the receiver answers 2xx;
    a 410 removes the webhook. If it is the seat's turn already, a `your_turn` is
    delivered at once. 400: a URL the service will not call (`webhook_url_not_https`,
    `webhook_url_private`, `webhook_url_unresolvable`, `webhook_url_port`,
    `invalid_webhook_url`); 409 `too_many_webhooks` (per seat and per game); 429 past the
    address's registrations (refused ones count).

    Args:
        game_id (str):
        body (RegisterWebhookBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookCreated]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: RegisterWebhookBody,
) -> Problem | WebhookCreated | None:
    """Register a webhook for the caller's seat (its token).

     The service then POSTs the notices it asks for (`events`, default all) to `url`:
    `your_turn` when the seat has something to do (its turn, a draw or skip aimed at it, a
    pass-left card to choose, a last-card call or catch it may make), `game_started`,
    `game_finished`, `rematch_offered`. Each delivery is signed as Standard Webhooks says
    (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`; verify with the
    `secret`, returned here only) and retried for 24 hours until the receiver answers 2xx;
    a 410 removes the webhook. If it is the seat's turn already, a `your_turn` is
    delivered at once. 400: a URL the service will not call (`webhook_url_not_https`,
    `webhook_url_private`, `webhook_url_unresolvable`, `webhook_url_port`,
    `invalid_webhook_url`); 409 `too_many_webhooks` (per seat and per game); 429 past the
    address's registrations (refused ones count).

    Args:
        game_id (str):
        body (RegisterWebhookBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookCreated
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
        )
    ).parsed
