"""The game record: the lobby facts (who sits where, clocks, bots) and the engine state,
rebuilt by one fold over the log.

Lobby events are the service's own (``game_created``, ``player_joined``, ``bot_joined``,
``player_left``, ``autopilot_changed``, ``table_expired``, ``rematch_offered``); every
other type is a domain event folded by ``domain.fold``. ``table_expired`` closes a table
that waited too long for players: the game is then ``finished`` without a round ever dealt
(``closed`` says why). The first event, ``game_created``, records the full rule set, the
engine's rules version and the table configuration; a rematch's also names the game it
follows and the seats held for that game's players (``rematch_of``). ``rematch_offered``,
the one event a finished game may take after ``game_ended``, names its rematch."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Optional

import orjson

from domain import FixedDeal, GameState, RuleSet, Setup, fold, initial_state
from domain.events import Event
from events.chain import GENESIS, head_after
from events.envelope import StoredEvent
from events.envelope import rfc3339
from events.mapping import is_domain_event, to_domain_event

LOBBY_EVENTS = ("game_created", "player_joined", "bot_joined", "player_left", "autopilot_changed", "table_expired",
                "rematch_offered")


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
    # a seat taken with a player key (games.identity): the player's subject, and his name
    # and id sealed with its key; ``name`` is None in the log's record and filled at the
    # edge (``Names.named``), with ``profile`` (the player's public id) while he is not erased
    subject: Optional[str] = None
    sealed: Optional[str] = None
    profile: Optional[str] = None


@dataclass(frozen=True, slots=True)
class GameRecord:
    game_id: str
    version: int
    last_hash: str
    created_ms: int  # Unix milliseconds: the first event's time
    updated_ms: int  # and the last event's
    variant: str
    config: dict  # bot_delay_s, turn_timeout_s, announce_window_s, fill_with_bots_after_s, public
    seats: tuple[Optional[SeatInfo], ...]
    state: GameState
    timeouts: tuple[int, ...] = ()  # consecutive turn timeouts per seat (autopilot after 2)
    closed: Optional[str] = None  # "expired": the table closed before it filled (table_expired)
    rematch: Optional[str] = None  # the game this finished one is played again as (rematch_offered)
    rematch_of: Optional[str] = None  # the game this one plays again
    reserved: frozenset = frozenset()  # seats held for the players of ``rematch_of`` (taken only by them)

    @property
    def status(self) -> str:
        if self.closed is not None:
            return "finished"
        return {"ready": "waiting", "playing": "playing", "finished": "finished"}[self.state.status]

    @property
    def rules(self) -> RuleSet:
        return self.state.setup.rules

    @property
    def fixed_deal(self) -> bool:
        """Whether the table was dealt from a fixed deal (API.md: publicly marked)."""
        return self.state.setup.deal is not None

    def free_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s is None]

    def open_seats(self) -> list[int]:
        """Free seats anyone may take (not held for a player of the game this one plays again)."""
        return [i for i in self.free_seats() if i not in self.reserved]

    @property
    def created_ts(self) -> float:
        """When the table was created, in Unix seconds."""
        return self.created_ms / 1000

    @property
    def updated_ts(self) -> float:
        """The time of the last event, in Unix seconds."""
        return self.updated_ms / 1000

    @property
    def created_at(self) -> str:
        return rfc3339(self.created_ms)

    @property
    def updated_at(self) -> str:
        return rfc3339(self.updated_ms)

    @property
    def rated(self) -> bool:
        """Whether the game counts for its players' ratings (created ``rated``)."""
        return bool(self.config.get("rated"))

    @property
    def attended(self) -> bool:
        """Whether a person plays at this table: a human seat not on autopilot (a seat whose
        player left is a bot's)."""
        return any(s is not None and s.kind == "human" and not s.autopilot for s in self.seats)

    def bot_seats(self) -> list[int]:
        """Seats a bot plays now: bots, and humans on autopilot."""
        return [s.seat for s in self.seats if s is not None and (s.kind == "bot" or s.autopilot)]

    def bot_level(self, seat: int) -> str:
        """The level a bot plays ``seat`` at (an autopilot plays as ``normal``)."""
        info = self.seats[seat]
        return info.bot_level if info.kind == "bot" and info.bot_level else "normal"

    def needs_bot(self) -> bool:
        """Whether a bot has something to do now: its turn, a pass card to choose, its own
        last-card call, or a catch in catch variants."""
        st = self.state
        if self.status != "playing":
            return False
        bots = self.bot_seats()
        if not bots:
            return False
        if st.passing is not None:
            return any(s in st.passing.waiting for s in bots)
        if st.actor in bots:
            return True
        w = st.call_window
        return w is not None and (w.seat in bots or st.rules.enforcement == "catch")


_RULES: dict[str, RuleSet] = {}


def _rules(data: dict) -> RuleSet:
    key = orjson.dumps(data, option=orjson.OPT_SORT_KEYS).decode()
    hit = _RULES.get(key)
    if hit is None:
        if len(_RULES) > 512:
            _RULES.clear()
        hit = _RULES[key] = RuleSet.from_dict(data)
    return hit


def setup_from_created(data: dict) -> Setup:
    deal = data.get("deal")
    fixed = FixedDeal.from_dict(deal) if deal is not None else None
    cfg = data["config"]
    return Setup(_rules(data["rules"]), data["seats"], data["seed"], fixed, cfg.get("announce_window_s"),
                 cfg.get("turn_timeout_s"))


def record_from_created(game_id: str, stored: StoredEvent) -> GameRecord:
    data = stored.data
    setup = setup_from_created(data)
    of = data.get("rematch_of") or {}
    return GameRecord(game_id, stored.seq, stored.hash or GENESIS, stored.at_ms, stored.at_ms, data["variant"],
                      dict(data["config"]), tuple(None for _ in range(data["seats"])), initial_state(setup),
                      (0,) * data["seats"], rematch_of=of.get("game_id"), reserved=frozenset(of.get("seats", ())))


def _apply_lobby(record: GameRecord, e: StoredEvent) -> GameRecord:
    d = e.data
    seats = list(record.seats)
    if e.type == "player_joined":
        seats[e.seat] = SeatInfo(e.seat, d["player_id"], d.get("name"), "human", None, d.get("token_hash"),
                                 subject=d.get("subject"), sealed=d.get("sealed"))
    elif e.type == "bot_joined":
        seats[e.seat] = SeatInfo(e.seat, d["player_id"], d.get("name") or f"Bot {e.seat}", "bot", d["level"])
    elif e.type == "player_left":
        old = seats[e.seat]
        # the token stays known (a 403 "you left", not an unknown token) but can no longer act
        seats[e.seat] = replace(old, kind="bot", bot_level=d.get("level", "normal"), left=True, autopilot=False)
    elif e.type == "autopilot_changed":
        seats[e.seat] = replace(seats[e.seat], autopilot=bool(d["on"]))
    elif e.type == "table_expired":
        return replace(record, closed="expired")
    elif e.type == "rematch_offered":
        return replace(record, rematch=d["game_id"])
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


def advance(record: GameRecord, stored: list[StoredEvent], state: GameState) -> GameRecord:
    """The record after ``stored``, the events of one command (domain events and lobby
    events), given the engine state they lead to (what ``domain.execute`` returned with
    them): the same record a fold of ``stored`` gives, without folding them again."""
    for e in stored:
        if e.type in LOBBY_EVENTS:
            record = _apply_lobby(record, e)
    record = _count_timeouts(record, stored)
    last = stored[-1]
    return replace(record, state=state, version=last.seq, last_hash=last.hash, updated_ms=last.at_ms)


def apply_events(record: Optional[GameRecord], game_id: str, events: Iterable[StoredEvent]) -> GameRecord:
    """Fold stored events onto ``record`` (None: the log starts with ``game_created``)."""
    events = list(events)
    prev = record.last_hash if record is not None else GENESIS
    record = fold_items(record, game_id, [to_domain_event(e) if is_domain_event(e.type) else e for e in events])
    if events:
        last = events[-1]
        record = replace(record, version=last.seq, last_hash=head_after(prev, events), updated_ms=last.at_ms)
    return record


def fold_items(record: Optional[GameRecord], game_id: str, items: Iterable) -> GameRecord:
    """The fold itself. ``items`` are in log order, each a decoded domain event or a lobby
    ``StoredEvent`` (``apply_events`` decodes stored events; ``games.replay`` builds the
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
