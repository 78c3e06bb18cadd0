"""What the workers need of the services the composition root builds
(``service.wiring.Services`` is one): typed, so a reader (or a tool) can follow a job from
its name to the adapters it uses."""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Iterator, Optional, Protocol

from rq import Queue

from events.store import EventStore
from events.store.rewrite import Rewrites
from games.archiving import Archiver
from games.due import DueIndex
from games.projections import LobbyIndex
from games.ratings import RatingBook
from games.repository import GameRepository
from games.service import GameService

if TYPE_CHECKING:
    from .webhooks import Webhooks


class Settings(Protocol):
    waiting_ttl_s: float  # a waiting table closes this long after its last event
    sweep_every_s: float


class Counters(Protocol):
    def bot_decided(self, level: str, seconds: float) -> None: ...

    def timer_fired(self, kind: str, late_s: float) -> None: ...

    def rescued(self, due: str) -> None: ...

    def webhook_attempt(self, result: str, seconds: float) -> None: ...

    def webhook_delivery(self, outcome: str, delay_s: Optional[float] = None) -> None: ...

    def webhook_retry(self) -> None: ...


class WorkerServices(Protocol):
    config: Settings
    store: EventStore
    repo: GameRepository
    games: GameService
    lobby: LobbyIndex
    due: DueIndex
    queue: Optional[Queue]
    metrics: Counters
    archiver: Optional[Archiver]
    ratings: Optional[RatingBook]  # players' ratings (the rating jobs keep them)
    webhooks: "Webhooks"  # subscriptions, the outbox and the delivery lane
    rewrites: Optional[Rewrites]  # the store's files rewritten after erasures (Redis only)


_services: ContextVar["WorkerServices"] = ContextVar("macau_services")


@contextmanager
def using(services: WorkerServices) -> Iterator[WorkerServices]:
    """Run jobs in this context with ``services`` (the composition root's): the worker sets
    it once (``workers.runner``); a test calls a job in process inside it."""
    token = _services.set(services)
    try:
        yield services
    finally:
        _services.reset(token)


def current() -> WorkerServices:
    """The services jobs run with in this context."""
    try:
        return _services.get()
    except LookupError:
        raise RuntimeError("jobs run in a worker (workers.runner) or inside jobs.using(services)") from None
