"""The game record: the lobby facts (who sits where, clocks, bots) and the engine state,
rebuilt by one fold over the log.

Lobby events are the service's own (``game_created``, ``player_joined``, ``bot_joined``,
``player_left``, ``autopilot_changed``); every other type is a domain event folded by
``domain.fold``. The first event, ``game_created``, records the full rule set, the engine's
rules version and the table configuration."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Optional

from domain import FixedDeal, GameState, RuleSet, Setup, fold, initial_state
from domain.events import Event

from .envelope import StoredEvent
from .mapping import is_domain_event, to_domain_event

LOBBY_EVENTS = ("game_created", "player_joined", "bot_joined", "player_left", "autopilot_changed")


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    player_id: str
    name: str
    kind: str  # "human" | "bot"
    bot_level: Optional[str] = None
    token_hash: Optional[str] = None
    autopilot: bool = False  # a bot plays for an absent human (repeated timeouts)
    left: bool = False  # the human left; a bot has the seat for good


@dataclass(frozen=True, slots=True)
class GameRecord:
    game_id: str
    version: int
    last_hash: str
    created_at: str
    updated_at: str
    variant: str
    config: dict  # bot_delay_s, turn_timeout_s, announce_window_s, fill_with_bots_after_s, public
    seats: tuple[Optional[SeatInfo], ...]
    state: GameState
    timeouts: tuple[int, ...] = ()  # consecutive turn timeouts per seat (autopilot after 2)

    @property
    def status(self) -> str:
        return {"ready": "waiting", "playing": "playing", "finished": "finished"}[self.state.status]

    @property
    def rules(self) -> RuleSet:
        return self.state.setup.rules

    def free_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s is None]

    def seat_of_player(self, player_id: str) -> Optional[SeatInfo]:
        for s in self.seats:
            if s is not None and s.player_id == player_id:
                return s
        return None


_RULES: dict[str, RuleSet] = {}


def _rules(data: dict) -> RuleSet:
    import orjson

    key = orjson.dumps(data, option=orjson.OPT_SORT_KEYS).decode()
    hit = _RULES.get(key)
    if hit is None:
        if len(_RULES) > 512:
            _RULES.clear()
        hit = _RULES[key] = RuleSet.from_dict(data)
    return hit


def setup_from_created(data: dict) -> Setup:
    deal = data.get("deal")
    fixed = None
    if deal is not None:
        fixed = FixedDeal(tuple(tuple(h) for h in deal["hands"]), deal["starter"], tuple(deal.get("stock") or ()),
                          deal.get("dealer"))
    cfg = data["config"]
    return Setup(_rules(data["rules"]), data["seats"], data["seed"], fixed, cfg.get("announce_window_s"),
                 cfg.get("turn_timeout_s"))


def record_from_created(game_id: str, stored: StoredEvent) -> GameRecord:
    data = stored.data
    setup = setup_from_created(data)
    return GameRecord(game_id, stored.seq, stored.hash, stored.at, stored.at, data["variant"], dict(data["config"]),
                      tuple(None for _ in range(data["seats"])), initial_state(setup), (0,) * data["seats"])


def _apply_lobby(record: GameRecord, e: StoredEvent) -> GameRecord:
    d = e.data
    seats = list(record.seats)
    if e.type == "player_joined":
        seats[e.seat] = SeatInfo(e.seat, d["player_id"], d["name"], "human", None, d.get("token_hash"))
    elif e.type == "bot_joined":
        seats[e.seat] = SeatInfo(e.seat, d["player_id"], d.get("name") or f"Bot {e.seat}", "bot", d["level"])
    elif e.type == "player_left":
        old = seats[e.seat]
        # the token stays known (a 403 "you left", not an unknown token) but can no longer act
        seats[e.seat] = replace(old, kind="bot", bot_level=d.get("level", "normal"), left=True, autopilot=False)
    elif e.type == "autopilot_changed":
        seats[e.seat] = replace(seats[e.seat], autopilot=bool(d["on"]))
    return replace(record, seats=tuple(seats))


# what a seat does by itself (not the clock): resets its count of consecutive timeouts
OWN_ACTIONS = frozenset(("card_played", "player_passed", "call_made", "skip_robin_declined", "pass_card_chosen",
                         "cards_drawn"))


def _count_timeouts(record: GameRecord, events: list) -> GameRecord:
    counts = list(record.timeouts or (0,) * len(record.seats))
    timing_out = None
    for e in events:
        t = e.type
        if t == "turn_started":
            timing_out = None
        elif t == "turn_timed_out":
            counts[e.seat] += 1
            timing_out = e.seat
        elif t in OWN_ACTIONS and counts[e.seat] and e.seat != timing_out:
            counts[e.seat] = 0
    counts = tuple(counts)
    return record if counts == record.timeouts else replace(record, timeouts=counts)


def apply_events(record: Optional[GameRecord], game_id: str, events: Iterable[StoredEvent]) -> GameRecord:
    """Fold stored events onto ``record`` (None: the log starts with ``game_created``)."""
    last = None
    items = []
    for e in events:
        last = e
        items.append(to_domain_event(e) if is_domain_event(e.type) else e)
    record = fold_items(record, game_id, items)
    if last is not None:
        record = replace(record, version=last.seq, last_hash=last.hash, updated_at=last.at)
    return record


def fold_items(record: Optional[GameRecord], game_id: str, items: Iterable) -> GameRecord:
    """The fold itself. ``items`` are in log order, each a decoded domain event or a lobby
    ``StoredEvent`` (``apply_events`` decodes stored events; ``events.replay`` builds the
    items straight from stored bytes). The caller sets version, last hash and time."""
    pending: list = []
    for e in items:
        if isinstance(e, Event):
            pending.append(e)
            continue
        if pending:
            record = replace(_count_timeouts(record, pending), state=fold(record.state, pending))
            pending = []
        if e.type == "game_created":
            record = record_from_created(game_id, e)
        elif e.type in LOBBY_EVENTS:
            record = _apply_lobby(record, e)
        else:
            raise ValueError(f"unknown event type {e.type!r} at seq {e.seq}")
    if record is None:
        raise ValueError("a game's log starts with game_created")
    if pending:
        record = replace(_count_timeouts(record, pending), state=fold(record.state, pending))
    return record
