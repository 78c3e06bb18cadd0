"""The application service: every way a game changes, shared by the HTTP API and the
workers. Load the record, decide, append at the loaded version, return what was stored.

Lobby rules live here: seats are taken in order (creator's players, then bots, then
joiners at the lowest free seat), and the game starts by itself when every seat is
taken — its start events go into the same atomic append as the last join."""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import time
import uuid
from dataclasses import dataclass, field
from typing import Callable, Optional

from domain import (DomainError, FixedDeal, GameStatusError, RuleSet, RuleViolation, Setup, Start, decide, new_game,
                    RULES_VERSION)
from domain.rules import MAX_PLAYERS, MIN_PLAYERS

from .envelope import NewEvent, StoredEvent
from .mapping import to_new_event
from .records import GameRecord
from .repository import ConcurrencyError, GameRepository

BOT_LEVELS = ("easy", "normal", "hard")
log = logging.getLogger("macau.games")


class NotFound(LookupError):
    pass


class Conflict(Exception):
    """The request conflicts with the game's status (full, started, finished): HTTP 409."""

    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code, self.detail = code, detail


class Invalid(ValueError):
    """Bad input the service itself detects (HTTP 400); ``param`` names it."""

    def __init__(self, param: str, detail: str):
        super().__init__(f"{param}: {detail}")
        self.param, self.detail = param, detail


@dataclass
class TableSpec:
    variant: str
    rules: Optional[dict] = None
    seats: int = 4
    players: list = field(default_factory=list)  # names of humans seated at once
    bots: list = field(default_factory=list)  # levels of bots seated at once
    bot_delay_s: float = 1.0
    turn_timeout_s: Optional[float] = 60.0
    announce_window_s: Optional[float] = 5.0
    fill_with_bots_after_s: Optional[float] = None
    seed: Optional[int] = None
    deal: Optional[dict] = None
    public: bool = True


@dataclass(frozen=True)
class Seated:
    seat: int
    player_id: str
    token: Optional[str]  # humans only; returned once


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_game(token: str) -> Optional[str]:
    """The game a seat token was issued for (tokens read "<game id>.<secret>")."""
    game_id, dot, _ = token.partition(".")
    return game_id if dot else None


def token_matches(token: str, token_hash: Optional[str]) -> bool:
    return token_hash is not None and hmac.compare_digest(hash_token(token), token_hash)


class GameService:
    def __init__(self, repo: GameRepository, clock: Callable[[], float] = time.time,
                 new_id: Callable[[], str] = lambda: uuid.uuid4().hex[:16],
                 on_change: Optional[Callable] = None):
        self.repo = repo
        self.clock = clock
        self.new_id = new_id
        # on_change(before, after, stored): after every append (lobby projection, follow-ups)
        self.on_change = on_change

    def _append(self, record: GameRecord, events: list) -> tuple[list[StoredEvent], GameRecord]:
        stored, after = self.repo.append(record, events)
        if log.isEnabledFor(logging.INFO):
            log.info("appended %d events", len(stored), extra={
                "game_id": after.game_id, "seq": after.version, "types": [e.type for e in stored][:8],
                "seat": next((e.seat for e in stored if e.seat is not None), None)})
        if self.on_change is not None:
            self.on_change(record, after, stored)
        return stored, after

    # ------------------------------------------------------------------ reading
    def get(self, game_id: str) -> GameRecord:
        record = self.repo.load(game_id) if _plausible_id(game_id) else None
        if record is None:
            raise NotFound(f"no game {game_id!r}")
        return record

    def cached(self, game_id: str) -> GameRecord:
        """This process's latest copy of the game (possibly behind the log)."""
        record = self.repo.cached(game_id) if _plausible_id(game_id) else None
        if record is None:
            raise NotFound(f"no game {game_id!r}")
        return record

    def now(self) -> float:
        return round(self.clock(), 3)

    # ------------------------------------------------------------------ lobby
    def create(self, spec: TableSpec) -> tuple[GameRecord, list[Seated]]:
        rules = RuleSet.build(spec.variant, spec.rules)  # InvalidRuleSet names the parameter
        if not MIN_PLAYERS <= spec.seats <= MAX_PLAYERS:
            raise Invalid("seats", f"must be between {MIN_PLAYERS} and {MAX_PLAYERS}")
        if len(spec.players) + len(spec.bots) > spec.seats:
            raise Invalid("players", f"{len(spec.players)} players and {len(spec.bots)} bots do not fit "
                                     f"{spec.seats} seats")
        for i, level in enumerate(spec.bots):
            if level not in BOT_LEVELS:
                raise Invalid(f"bots[{i}].level", f"must be one of {list(BOT_LEVELS)}")
        seed = spec.seed if spec.seed is not None else secrets.randbits(64)
        deal = _deal(spec.deal)
        setup = Setup(rules, spec.seats, str(seed), deal, spec.announce_window_s, spec.turn_timeout_s)
        new_game(setup)  # checks seats against the deck and the fixed deal (InvalidSetup)
        config = {"bot_delay_s": spec.bot_delay_s, "turn_timeout_s": spec.turn_timeout_s,
                  "announce_window_s": spec.announce_window_s,
                  "fill_with_bots_after_s": spec.fill_with_bots_after_s, "public": spec.public,
                  "seeded": spec.seed is not None}
        created = NewEvent("game_created", None, {
            "variant": spec.variant, "rules": rules.to_dict(), "rules_version": RULES_VERSION,
            "seats": spec.seats, "config": config, "seed": str(seed),
            "deal": spec.deal if deal is not None else None})
        game_id = self.new_id()
        events = [created]
        seated = []
        seat = 0
        for name in spec.players:
            s, ev = self._human(game_id, seat, name)
            seated.append(s)
            events.append(ev)
            seat += 1
        for level in spec.bots:
            s, ev = self._bot(seat, level)
            seated.append(s)
            events.append(ev)
            seat += 1
        if seat == spec.seats:  # full at once: the start goes into the same atomic append
            from .records import apply_events

            preview = apply_events(None, game_id, [_preview(e, i + 1) for i, e in enumerate(events)])
            events += [to_new_event(e) for e in decide(preview.state, Start(self.now()))]
        stored, record = self.repo.create(game_id, events)
        if self.on_change is not None:
            self.on_change(None, record, stored)
        return record, seated

    def join(self, game_id: str, name: str) -> tuple[GameRecord, Seated]:
        return self._retry(game_id, lambda record: self._take_seat(
            record, lambda seat: self._human(record.game_id, seat, name)))

    def add_bot(self, game_id: str, level: str) -> tuple[GameRecord, Seated]:
        if level not in BOT_LEVELS:
            raise Invalid("level", f"must be one of {list(BOT_LEVELS)}")
        return self._retry(game_id, lambda record: self._take_seat(record, lambda seat: self._bot(seat, level)))

    def fill_with_bots(self, game_id: str, level: str = "normal") -> GameRecord:
        """Seat bots in every free seat (the game then starts)."""
        def fill(record):
            if record.status != "waiting":
                raise Conflict("game_started", "the game has already started")
            events = [self._bot(seat, level)[1] for seat in record.free_seats()]
            return self._append_and_maybe_start(record, events), None
        return self._retry(game_id, fill)[0]

    def leave(self, game_id: str, seat: int) -> GameRecord:
        def go(record):
            info = record.seats[seat]
            if info is None or info.kind != "human" or info.left:
                raise Conflict("not_seated", "this seat has no human player to leave")
            if record.status == "finished":
                raise Conflict("game_finished", "the game is over")
            ev = NewEvent("player_left", seat, {"player_id": info.player_id, "level": "normal"})
            _, after = self._append(record, [ev])
            return after, None
        return self._retry(game_id, go)[0]

    def set_autopilot(self, record: GameRecord, seat: int, on: bool) -> GameRecord:
        _, after = self._append(record, [NewEvent("autopilot_changed", seat, {"on": on})])
        return after

    def _human(self, game_id: str, seat: int, name: str):
        # "<game id>.<secret>": a token shown to another game is known as a real token
        # there (403, not 401) without any global index; only the secret's hash is kept
        token = f"{game_id}.{secrets.token_urlsafe(24)}"  # 192 secret bits
        player_id = "p_" + secrets.token_hex(8)
        ev = NewEvent("player_joined", seat, {"player_id": player_id, "name": name, "token_hash": hash_token(token)})
        return Seated(seat, player_id, token), ev

    def _bot(self, seat: int, level: str):
        player_id = "b_" + secrets.token_hex(8)
        ev = NewEvent("bot_joined", seat, {"player_id": player_id, "level": level, "name": f"{level.title()} bot {seat}"})
        return Seated(seat, player_id, None), ev

    def _take_seat(self, record: GameRecord, make):
        if record.status != "waiting":
            raise Conflict("game_started" if record.status == "playing" else "game_finished",
                           "the game has already started" if record.status == "playing" else "the game is over")
        free = record.free_seats()
        if not free:
            raise Conflict("game_full", "every seat is taken")
        seated, ev = make(free[0])
        return self._append_and_maybe_start(record, [ev]), seated

    def _append_and_maybe_start(self, record: GameRecord, events: list) -> GameRecord:
        taken = {e.seat for e in events}
        if all(s is not None or i in taken for i, s in enumerate(record.seats)):
            from .records import apply_events

            preview = apply_events(record, record.game_id, [_preview(e, record.version + 1 + i)
                                                              for i, e in enumerate(events)])
            events = events + [to_new_event(e) for e in decide(preview.state, Start(self.now()))]
        _, after = self._append(record, events)
        return after

    def _start(self, record: GameRecord) -> GameRecord:
        _, after = self._append(record, decide(record.state, Start(self.now())))
        return after

    # ------------------------------------------------------------------ moves
    def execute(self, record: GameRecord, command) -> tuple[list[StoredEvent], GameRecord]:
        """Decide ``command`` on ``record`` and append its events at ``record.version``.
        Raises DomainError (rejected: nothing changes) or ConcurrencyError (moved on)."""
        events = decide(record.state, command)
        if not events:
            return [], record
        return self._append(record, events)

    def execute_with(self, record: GameRecord, command, extra: list) -> tuple[list[StoredEvent], GameRecord]:
        """``execute`` with ``extra`` lobby events appended atomically after the move's."""
        events = [to_new_event(e) for e in decide(record.state, command)] + list(extra)
        return self._append(record, events)

    def _retry(self, game_id: str, fn, attempts: int = 8):
        for _ in range(attempts):
            record = self.get(game_id)
            try:
                return fn(record)
            except ConcurrencyError:
                continue
        raise Conflict("busy", "the game changed too often while this request was retried; try again")


def _plausible_id(game_id: str) -> bool:
    return isinstance(game_id, str) and 0 < len(game_id) <= 64 and all(
        c.isalnum() or c in "-_" for c in game_id)


def _preview(e: NewEvent, seq: int) -> StoredEvent:
    return StoredEvent(seq, e.type, "", e.seat, e.data, 1, "", "")


def _deal(deal: Optional[dict]) -> Optional[FixedDeal]:
    if deal is None:
        return None
    try:
        return FixedDeal(tuple(tuple(h) for h in deal["hands"]), deal["starter"], tuple(deal.get("stock") or ()),
                         deal.get("dealer"))
    except (KeyError, TypeError) as e:
        raise Invalid("deal", f"must be {{dealer, hands, starter, stock}}: {e}") from None


__all__ = ["GameService", "TableSpec", "Seated", "NotFound", "Conflict", "Invalid", "BOT_LEVELS",
           "hash_token", "token_matches", "DomainError", "RuleViolation", "GameStatusError"]
