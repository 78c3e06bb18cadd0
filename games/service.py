"""The application service: every way a game changes, shared by the HTTP API and the
workers. Load the record, decide, append at the loaded version, return what was stored.

Lobby rules live here: seats are taken in order (creator's players, then bots, then
joiners at the lowest free seat), and the game starts by itself when every seat is
taken — its start events go into the same atomic append as the last join.

Moves — a seat's, a bot's or the clock's — all go through ``act``: it owns the status
and seat checks, the autopilot hand-over, the version-checked append and the one retry
policy. After every append the lobby projection and the follow-ups (bot turns, clocks)
hear of the new record, and so does ``notify`` (webhooks) of the notices it calls for."""

from __future__ import annotations

import logging
import re
import secrets
import time
import uuid
from dataclasses import dataclass, field, replace
from typing import Callable, Optional

from domain import (
    RULES_VERSION,
    DomainError,
    FixedDeal,
    GameStatusError,
    RuleSet,
    RuleViolation,
    Setup,
    Start,
    Timeout,
    execute,
    new_game,
)
from domain.bots import LEVELS as BOT_LEVELS
from domain.rules import MAX_PLAYERS, MIN_PLAYERS
from events.envelope import NewEvent, StoredEvent, seconds_of
from events.mapping import to_new_event
from events.store.base import Archived

from . import tokens
from .due import DueIndex
from .identity import Identities, Sitter
from .matching import MatchIndex, choose, pool
from .limits import MAX_ROUND_EVENTS
from .notifications import Notice, notices
from .projections import LobbyIndex, standing, summary
from .quota import UNATTENDED, WAITING, TableQuota
from .ratings import NEW_PLAYER, RatingBook
from .records import GameRecord, apply_events
from .repository import ConcurrencyError, GameRepository

log = logging.getLogger("macau.games")

AUTOPILOT_AFTER_TIMEOUTS = 2  # consecutive turn timeouts before a bot plays for an absent human
ATTEMPTS = 8  # decisions per command before a busy game gives up (409 busy)
QUICKPLAY_CANDIDATES = 50  # waiting tables quick play looks at before it opens a new one
DEFAULT_TURN_TIMEOUT_S = 60.0


class NotFound(LookupError):
    pass


class Conflict(Exception):
    """The request conflicts with the game's status (full, started, finished): HTTP 409."""

    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code, self.detail = code, detail


class Stale(Exception):
    """The command was decided for a version the game has left (If-Match, a job's version)."""

    def __init__(self, current_version: int, expected_version: int):
        super().__init__(f"the game is at version {current_version}, not {expected_version}")
        self.current_version, self.expected_version = current_version, expected_version


class SeatLeft(Exception):
    """The seat's player left the game: a bot has the seat, the token may not act."""


class PlayerRequired(Exception):
    """A rated table seats only players who come with a player key (HTTP 401)."""


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
    turn_timeout_s: Optional[float] = DEFAULT_TURN_TIMEOUT_S
    announce_window_s: Optional[float] = 5.0
    fill_with_bots_after_s: Optional[float] = None
    seed: Optional[int] = None
    deal: Optional[dict] = None
    public: Optional[bool] = None  # None: public unless seeded or dealt (those are never public)
    rated: Optional[bool] = None  # None: rated when the creator has a player key and the table can be rated
    sitter: Optional[Sitter] = None  # the creator's player key: the first of ``players`` is his seat


@dataclass(frozen=True)
class Seated:
    seat: int
    player_id: str
    token: Optional[str]  # humans only; returned once


@dataclass(frozen=True)
class Acted:
    """What a command stored, and the game after it."""

    events: list[StoredEvent]
    record: GameRecord


# who sent a command: a seat's human, a bot (or autopilot), or the service's clock
HUMAN, BOT, CLOCK = "human", "bot", "clock"
LOBBY = "lobby"  # joins, bots seated, leaves: retried like moves


class Observer:
    """What the game service reports as it works (the composition root plugs the metrics
    in); it does nothing by default."""

    def appended(self, source: str, variant: str) -> None:
        """A move by ``source`` was appended to a game of ``variant``."""

    def conflicted(self, source: str) -> None:
        """An append by ``source`` lost a race (the command is decided again)."""


class GameService:
    def __init__(self, repo: GameRepository, lobby: LobbyIndex, *,
                 followups: Optional[Callable[[GameRecord, Optional[float], float], None]] = None,
                 clock: Callable[[], float] = time.time,
                 new_id: Callable[[], str] = lambda: uuid.uuid4().hex[:16],
                 observer: Optional[Observer] = None, due: Optional[DueIndex] = None,
                 quota: Optional[TableQuota] = None, max_round_events: int = MAX_ROUND_EVENTS,
                 notify: Optional[Callable[[GameRecord, list[Notice], bool], None]] = None,
                 players: Optional[Identities] = None, ratings: Optional[RatingBook] = None,
                 matches: Optional[MatchIndex] = None):
        self.repo = repo
        self.max_round_events = max_round_events
        self.lobby = lobby
        self.due = due  # when each game next needs the workers (the sweeper reads it)
        self.followups = followups  # after each append: the game, its due time, the present (workers.scheduling)
        self.clock = clock
        self.new_id = new_id
        self.observer = observer or Observer()
        self.quota = quota  # how many tables a client may hold open (None: no limit)
        self.players = players  # players' lists of games ("my games")
        self.ratings = ratings  # players' ratings (rated quick play reads them)
        self.matches = matches  # waiting rated tables by rating (rated quick play)
        self.notify = notify  # hears each append's notices, and whether the game is subscribed (webhooks)

    def now(self) -> float:
        return round(self.clock(), 3)

    # ------------------------------------------------------------------ reading
    def get(self, game_id: str) -> GameRecord:
        record = self.repo.load(game_id) if _plausible_id(game_id) else None
        if record is None:
            raise _no_such_game(game_id)
        return record

    def cached(self, game_id: str) -> GameRecord:
        """This process's latest copy of the game (possibly behind the log)."""
        record = self.repo.cached(game_id) if _plausible_id(game_id) else None
        if record is None:
            raise _no_such_game(game_id)
        return record

    def holder(self, token: str) -> Optional[tokens.Holder]:
        """The seat ``token`` holds, or None. This process's copy of the game is asked
        first; it may predate the seat (a join through another process) while the table
        still has free seats, so then the log is read."""
        game_id = tokens.token_game(token)
        if game_id is None or not _plausible_id(game_id):
            return None
        record = self.repo.cached(game_id)
        if record is None:
            return None
        digest = tokens.hash_token(token)
        seat = tokens.seat_of_hash(record, digest)
        if seat is None and record.free_seats():
            record = self.repo.load(game_id)
            seat = tokens.seat_of_hash(record, digest) if record is not None else None
        return None if seat is None else tokens.Holder(game_id, seat)

    # ------------------------------------------------------------------ moves
    def act(self, game_id: str, seat: Optional[int], command, expected_version: Optional[int] = None, *,
            source: str = HUMAN, request_id: Optional[str] = None, follow_up: bool = True) -> Acted:
        """Decide ``command`` for ``seat`` and append its events, atomically.

        Decides on this process's cached record first; when the append finds the game
        moved on, or the rules reject a move on a copy that turns out stale, it reloads
        and decides again (the one retry policy). ``expected_version`` (If-Match, or the
        version a job was scheduled for) makes any other version a ``Stale``.

        ``request_id`` (from an Idempotency-Key) is stored with the append: the same
        request is never appended twice (``AlreadyApplied``; ``applied`` rebuilds it).

        Raises NotFound, Conflict (busy), Stale, SeatLeft (a human whose player left),
        AlreadyApplied or DomainError (the rules reject the command; GameStatusError: not
        started, over).

        ``follow_up=False``: ask nothing of the queue after the append (a worker's batch,
        which acts on the game again itself if it is due at once)."""
        record, fresh = self.cached(game_id), False
        for _ in range(ATTEMPTS):
            if not fresh and (record.status != "playing" or expected_version not in (None, record.version)):
                record, fresh = self.get(game_id), True
            self._check(record, seat, expected_version, source)
            self._check_round_length(record)
            at = self.now()
            command = replace(command, at=at)
            try:
                events, state = execute(record.state, command)
                if not events:
                    return Acted([], record)
                new = [to_new_event(e) for e in events] + self._lobby_events(record, seat, command, source)
                stored, after = self._append(record, new, state, request_id, follow_up)
            except ConcurrencyError:
                self.observer.conflicted(source)
                record, fresh = self.get(game_id), True  # another command landed first: decide again
                continue
            except DomainError:
                if fresh:
                    raise
                latest = self.get(game_id)
                if latest.version == record.version:
                    raise  # rejected on the current state
                record, fresh = latest, True  # rejected on a stale copy: decide again on the latest
                continue
            self.observer.appended(source, after.variant)
            return Acted(stored, after)
        raise Conflict("busy", "the game changed too often while this request was retried; try again")

    def applied(self, game_id: str, request_id: str) -> Optional[Acted]:
        """What the command carrying ``request_id`` stored, and the game right after it; None
        if no such command was stored. For a retry whose first answer was lost."""
        span = self.repo.applied(game_id, request_id) if _plausible_id(game_id) else None
        if span is None:
            return None
        first, last = span
        return Acted(self.repo.events(game_id, after=first - 1, limit=last - first + 1),
                     self.repo.load_at(game_id, last))

    @staticmethod
    def _check(record: GameRecord, seat: Optional[int], expected_version: Optional[int], source: str) -> None:
        # a game that is not playing is the engine's to refuse (GameStatusError names why)
        if record.closed is not None:
            raise Conflict("game_finished", "this table closed before every seat was taken (it expired)")
        if source == HUMAN:
            _check_seated(record, seat)
        if record.status == "playing" and expected_version not in (None, record.version):
            raise Stale(record.version, expected_version)

    def _check_round_length(self, record: GameRecord) -> None:
        st = record.state
        if st.status == "playing" and st.round_events >= self.max_round_events:
            log.error("game %s: round %d has %d events, the ceiling (MACAU_MAX_ROUND_EVENTS); moves are refused",
                      record.game_id, st.round, st.round_events)
            raise Conflict("round_too_long", f"round {st.round} has reached {self.max_round_events} events, the "
                           "most a round may have: this game takes no more moves (a bug let it run on; it is logged)")

    @staticmethod
    def _lobby_events(record: GameRecord, seat: Optional[int], command, source: str) -> list[NewEvent]:
        """Lobby facts a move changes, appended atomically with it: the owner is back
        (the autopilot hands the seat over), or a human timed out once too often."""
        info = record.seats[seat] if seat is not None else None
        if info is None or info.kind != "human":
            return []
        if source == HUMAN and info.autopilot:
            return [NewEvent("autopilot_changed", seat, {"on": False})]
        if source == CLOCK and isinstance(command, Timeout) and not info.autopilot \
                and record.timeouts[seat] + 1 >= AUTOPILOT_AFTER_TIMEOUTS:
            return [NewEvent("autopilot_changed", seat, {"on": True})]
        return []

    # ------------------------------------------------------------------ lobby
    def create(self, spec: TableSpec, client: Optional[str] = None) -> tuple[GameRecord, list[Seated]]:
        """Open a table. ``client``: who asks (an address), charged with the table if it
        waits for players or plays with no person at it (None: not counted)."""
        rules = RuleSet.build(spec.variant, spec.rules)  # InvalidRuleSet names the parameter
        if not MIN_PLAYERS <= spec.seats <= MAX_PLAYERS:
            raise Invalid("seats", f"must be between {MIN_PLAYERS} and {MAX_PLAYERS}")
        if len(spec.players) + len(spec.bots) > spec.seats:
            raise Invalid("players", f"{len(spec.players)} players and {len(spec.bots)} bots do not fit "
                                     f"{spec.seats} seats")
        for i, level in enumerate(spec.bots):
            if level not in BOT_LEVELS:
                raise Invalid(f"bots[{i}].level", f"must be one of {list(BOT_LEVELS)}")
        rigged = "seed" if spec.seed is not None else "deal" if spec.deal is not None else None
        if rigged and spec.public:
            # its creator may know every card: never offered to strangers (lobby, quick play)
            raise Invalid("public", f"a table with a {rigged} cannot be public: whoever chose the {rigged} may know "
                                    "every card; leave public out (such a table is private) and share its id")
        public = not rigged if spec.public is None else spec.public
        rated = _rated(spec)
        full = len(spec.players) + len(spec.bots) == spec.seats
        if self.quota is not None:
            self.quota.admit(client, WAITING if not full else UNATTENDED if not spec.players else None)
        deal = _deal(spec.deal)
        config = {"bot_delay_s": spec.bot_delay_s, "turn_timeout_s": spec.turn_timeout_s,
                  "announce_window_s": spec.announce_window_s,
                  "fill_with_bots_after_s": spec.fill_with_bots_after_s, "public": public,
                  "seeded": spec.seed is not None}
        if rated:
            config["rated"] = True
        created = _created(spec.variant, rules, spec.seats, config, spec.seed, deal, spec.deal)
        game_id = self.new_id()
        events = [created]
        seated = []
        for seat, name in enumerate(spec.players):
            s, ev = self._human(game_id, seat, name, spec.sitter if seat == 0 else None)
            seated.append(s)
            events.append(ev)
        for seat, level in enumerate(spec.bots, start=len(spec.players)):
            s, ev = self._bot(seat, level)
            seated.append(s)
            events.append(ev)
        if len(events) - 1 == spec.seats:  # full at once: the start goes into the same atomic append
            events += self._start(None, game_id, events)[0]
        stored, record = self.repo.create(game_id, events)
        self._changed(None, record, stored)
        if self.quota is not None:
            self.quota.charge(client, game_id)
        if spec.sitter is not None and spec.players:
            self._my_game(spec.sitter, record)
        return record, seated

    def join(self, game_id: str, name: str, *, stranger: bool = False,
             sitter: Optional[Sitter] = None) -> tuple[GameRecord, Seated]:
        """Take the lowest open seat (never one held for a rematch's player). ``stranger``:
        the joiner did not choose this table (quick play), so it must be one offered to
        strangers: public, not seeded, not dealt. ``sitter``: the joiner's player key
        (required at a rated table; one seat per player at any table)."""
        def take(record):
            if stranger and not offered_to_strangers(record):
                raise Conflict("not_offered", "this table is not offered to strangers")
            _check_sitter(record, sitter)
            return self._take_seat(record, lambda seat: self._human(record.game_id, seat, name, sitter),
                                   record.open_seats())
        record, seated = self._retry(game_id, take)
        if sitter is not None:
            self._my_game(sitter, record)
        return record, seated

    def quickplay(self, variant: str, seats: int, name: str, fill_with_bots_after_s: Optional[float] = None,
                  client: Optional[str] = None, turn_timeout_s: Optional[float] = DEFAULT_TURN_TIMEOUT_S,
                  sitter: Optional[Sitter] = None, rated: Optional[bool] = None) -> tuple[GameRecord, Seated]:
        """A seat at the oldest public waiting table of ``variant`` with ``seats`` seats and
        the turn clock ``turn_timeout_s`` (the next one when a table fills meanwhile), or at a
        new public table (charged to ``client``). Never a table whose creator may know the
        cards.

        With a player key (``sitter``) and a turn clock the table is rated unless ``rated``
        is False: then the seat is at the waiting rated table with that clock nearest the
        player's rating whose band holds him (``games.matching``), else at a new rated
        table. Without one, or unrated, only unrated tables."""
        if rated is None:
            rated = sitter is not None and turn_timeout_s is not None
        if rated and sitter is None:
            raise PlayerRequired("rated quick play seats players with a player key")
        if rated and self.matches is not None and turn_timeout_s is not None:
            found = self._rated_table(variant, seats, turn_timeout_s, name, sitter)
            if found is not None:
                return found
        elif not rated:
            for table in self.lobby.list("waiting", variant, QUICKPLAY_CANDIDATES):
                if table["seats"] != seats or table.get("seeded") or table.get("fixed_deal") or table.get("rated") \
                        or table.get("turn_timeout_s", DEFAULT_TURN_TIMEOUT_S) != turn_timeout_s:
                    continue
                try:
                    return self.join(table["game_id"], name, stranger=True, sitter=sitter)
                except (Conflict, NotFound):
                    continue  # taken or closed meanwhile: try the next table
        record, seated = self.create(TableSpec(variant=variant, seats=seats, players=[name], rated=rated,
                                               fill_with_bots_after_s=fill_with_bots_after_s,
                                               turn_timeout_s=turn_timeout_s, sitter=sitter), client)
        return record, seated[0]

    def _rated_table(self, variant: str, seats: int, turn_timeout_s: float, name: str, sitter: Sitter):
        """A seat at the waiting rated table that suits the player best, or None."""
        mine = self.ratings.displays(variant, [sitter.subject])[sitter.subject] if self.ratings else NEW_PLAYER
        where = pool(variant, seats, turn_timeout_s)
        for _ in range(ATTEMPTS):
            candidates = self.matches.near(where, mine)
            summaries = self.lobby.summaries_of([g for g, _ in candidates])
            mine_already = {g for g, s in summaries.items()
                            if any(p.get("subject") == sitter.subject for p in s["players"])}
            pick, gone = choose([c for c in candidates if c[0] not in mine_already], summaries, mine,
                                self.clock(), lambda s: seconds_of(s["created_at"]))
            for game_id in gone:
                self.matches.drop(where, game_id)
            if pick is None:
                return None
            try:
                return self.join(pick, name, stranger=True, sitter=sitter)
            except (Conflict, NotFound):
                self.matches.drop(where, pick)  # taken or closed meanwhile: look again
        return None

    def rematch(self, game_id: str, seat: int) -> tuple[GameRecord, Seated]:
        """The player at ``seat`` of the finished game ``game_id`` takes the same seat in its
        rematch: one new game with the same variant, rules, seats, bots and settings (a new
        shuffle; a fixed deal is not dealt again).

        Once per finished game: the first asker appends ``rematch_offered`` (the new game's
        id) to the finished game's log, version-checked, so two asking at once agree on one
        id (the loser of the race reads the winner's); then the new game is created under
        that id if it is not there yet (created at version 0: once, whoever gets there
        first, and a crash between the two steps is mended by the next asker). Every human
        of the old table who has not left has a seat held in the new one, which only he
        takes, through this call, with his old token; he gets a new token (old tokens
        name the old game and act only there). A bot's seat is a bot again; the seat of a
        human who left is an open seat. Raises Conflict (not finished; an expired table;
        archived; the seat already taken), SeatLeft."""
        old = self.get(game_id)
        _check_seated(old, seat)
        info = old.seats[seat]
        if old.closed is not None:
            raise Conflict("no_rematch", "this table closed before a card was dealt: there is nothing to play again")
        if old.status != "finished":
            raise Conflict("game_not_finished", "a rematch is offered once the game is over")
        new_id = old.rematch
        if new_id is None:
            old, new_id = self._offer_rematch(game_id)
        self._rematch_table(old, new_id)
        sitter = Sitter(info.subject, info.sealed) if info.subject else None  # the same player, his name sealed as before

        def claim(record):
            taken = record.seats[seat]
            if taken is not None:
                raise Conflict("rematch_seat_taken", "you have taken your seat in the rematch already"
                               if taken.kind == "human" else "a bot took your seat in the rematch: the table did not wait")
            return self._take_seat(record, lambda s: self._human(new_id, s, info.name, sitter), [seat])
        record, seated = self._retry(new_id, claim)
        if sitter is not None:
            self._my_game(sitter, record)
        return record, seated

    def _offer_rematch(self, game_id: str) -> tuple[GameRecord, str]:
        for _ in range(ATTEMPTS):
            record = self.get(game_id)
            if record.rematch is not None:
                return record, record.rematch
            new_id = self.new_id()
            try:
                _, after = self._append(record, [NewEvent("rematch_offered", None, {"game_id": new_id})], record.state)
            except Archived:
                raise Conflict("rematch_closed", "this game has been archived: a rematch is offered while the game "
                                                 "is kept live after it ends") from None
            except ConcurrencyError:
                self.observer.conflicted(LOBBY)
                continue  # another asker's offer landed first: take that one
            return after, new_id
        raise Conflict("busy", "the game changed too often while this request was retried; try again")

    def _rematch_table(self, old: GameRecord, new_id: str) -> None:
        """Create ``new_id`` as ``old`` played again, unless it exists already."""
        if self.repo.load(new_id) is not None:
            return
        config = {**old.config, "seeded": False}
        held = [s.seat for s in old.seats if s is not None and s.kind == "human"]
        created = _created(old.variant, old.rules, len(old.seats), config, None, None, None,
                           rematch_of={"game_id": old.game_id, "seats": held})
        bots = [self._bot(s.seat, s.bot_level)[1] for s in old.seats if s is not None and s.kind == "bot" and not s.left]
        try:
            stored, record = self.repo.create(new_id, [created, *bots])
        except ConcurrencyError:
            return  # another asker created it first
        self._changed(None, record, stored)

    def add_bot(self, game_id: str, level: str, by_seat: Optional[int] = None,
                seat: Optional[int] = None) -> tuple[GameRecord, Seated]:
        """Seat a bot; ``by_seat`` is the seated player asking (None: the service). The bot
        takes ``seat``, else the lowest open seat, else the lowest seat held for a rematch's
        player (the players at the table chose not to wait)."""
        if level not in BOT_LEVELS:
            raise Invalid("level", f"must be one of {list(BOT_LEVELS)}")

        def add(record):
            if by_seat is not None:
                _check_seated(record, by_seat)
            if seat is not None and not 0 <= seat < len(record.seats):
                raise Invalid("seat", f"this table has seats 0 to {len(record.seats) - 1}")
            free = record.free_seats()
            if seat is None:
                free = record.open_seats() + [s for s in free if s in record.reserved]
            elif seat in free:
                free = [seat]
            elif record.status == "waiting":
                raise Conflict("seat_taken", f"seat {seat} is taken")
            return self._take_seat(record, lambda s: self._bot(s, level), free)
        return self._retry(game_id, add)

    def fill_with_bots(self, game_id: str, level: str = "normal") -> GameRecord:
        """Seat bots in every free seat (the game then starts)."""
        def fill(record):
            if record.status != "waiting":
                raise Conflict("game_started", "the game has already started")
            events = [self._bot(seat, level)[1] for seat in record.free_seats()]
            return self._append_and_maybe_start(record, events), None
        return self._retry(game_id, fill)[0]

    def expire(self, game_id: str, waiting_ttl_s: float) -> GameRecord:
        """Close a table that has waited ``waiting_ttl_s`` since its last event without
        filling: ``table_expired``, after which it is finished. Conflict if it is not
        waiting, or not due yet."""
        def close(record):
            if record.status != "waiting":
                raise Conflict("game_started" if record.status == "playing" else "game_finished",
                               "only a waiting table expires")
            if time.time() < record.updated_ts + waiting_ttl_s:  # updated_at is the store's clock: wall time
                raise Conflict("not_due", "this table has not waited long enough to expire")
            ev = NewEvent("table_expired", None, {"waited_s": waiting_ttl_s})
            _, after = self._append(record, [ev], record.state)
            return after, None
        return self._retry(game_id, close)[0]

    def leave(self, game_id: str, seat: int, client: Optional[str] = None) -> GameRecord:
        """The seat's player leaves; a bot plays it. ``client`` is charged with the table
        if no person plays at it any more (leaving is never refused for that)."""
        def go(record):
            _check_seated(record, seat)
            info = record.seats[seat]
            if info is None or info.kind != "human" or info.left:
                raise Conflict("not_seated", "this seat has no human player to leave")
            if record.status == "finished":
                raise Conflict("game_finished", "the game is over")
            ev = NewEvent("player_left", seat, {"player_id": info.player_id, "level": "normal"})
            _, after = self._append(record, [ev], record.state)
            return after, None
        after = self._retry(game_id, go)[0]
        if self.quota is not None and standing(summary(after)) == UNATTENDED:
            self.quota.charge(client, game_id)
        return after

    def _human(self, game_id: str, seat: int, name: Optional[str], sitter: Optional[Sitter] = None):
        """A human's seat. With a player key the name is stored sealed (games.identity)."""
        token, token_hash = tokens.mint(game_id)
        player_id = "p_" + secrets.token_hex(8)
        if sitter is not None:
            data = {"player_id": player_id, "subject": sitter.subject, "sealed": sitter.sealed, "token_hash": token_hash}
        else:
            data = {"player_id": player_id, "name": name, "token_hash": token_hash}
        return Seated(seat, player_id, token), NewEvent("player_joined", seat, data)

    def _my_game(self, sitter: Sitter, record: GameRecord) -> None:
        """The game goes on the player's list ("my games"); a list that misses it is logged,
        never the caller's failure (the seat is taken)."""
        if self.players is None:
            return
        try:
            self.players.add_game(sitter.subject, record.game_id, record.created_ms)
        except Exception:
            log.exception("could not list game %s for its player", record.game_id)

    def _bot(self, seat: int, level: str):
        player_id = "b_" + secrets.token_hex(8)
        ev = NewEvent("bot_joined", seat, {"player_id": player_id, "level": level, "name": f"{level.title()} bot {seat}"})
        return Seated(seat, player_id, None), ev

    def _take_seat(self, record: GameRecord, make, free: list[int]):
        """Seat whom ``make`` makes in the first of ``free`` (the seats this request may take)."""
        if record.closed is not None:
            raise Conflict("game_finished", "this table closed before every seat was taken (it expired)")
        if record.status != "waiting":
            raise Conflict("game_started" if record.status == "playing" else "game_finished",
                           "the game has already started" if record.status == "playing" else "the game is over")
        if not free:
            raise Conflict("game_full", "every open seat is held for a player of the last game (a rematch)"
                           if record.free_seats() else "every seat is taken")
        seated, ev = make(free[0])
        return self._append_and_maybe_start(record, [ev]), seated

    def _append_and_maybe_start(self, record: GameRecord, events: list) -> GameRecord:
        taken = {e.seat for e in events}
        state = record.state
        if all(s is not None or i in taken for i, s in enumerate(record.seats)):
            start, state = self._start(record, record.game_id, events)
            events = events + start
        _, after = self._append(record, events, state)
        return after

    def _start(self, record: Optional[GameRecord], game_id: str, events: list[NewEvent]):
        """The start events of a table these lobby events fill, and the state they lead to."""
        first = record.version + 1 if record is not None else 1
        preview = apply_events(record, game_id, [_preview(e, first + i) for i, e in enumerate(events)])
        started, state = execute(preview.state, Start(self.now()))
        return [to_new_event(e) for e in started], state

    def _retry(self, game_id: str, fn):
        for _ in range(ATTEMPTS):
            record = self.get(game_id)
            try:
                return fn(record)
            except ConcurrencyError:
                self.observer.conflicted(LOBBY)
                continue
        raise Conflict("busy", "the game changed too often while this request was retried; try again")

    # ------------------------------------------------------------------ writing
    def _append(self, record: GameRecord, events: list[NewEvent], state, request_id: Optional[str] = None,
                follow_up: bool = True) -> tuple[list[StoredEvent], GameRecord]:
        """Append at ``record.version``; ``state`` is the engine state the events lead to."""
        stored, after = self.repo.append(record, events, state, request_id)
        if log.isEnabledFor(logging.INFO):
            log.info("appended %d events", len(stored), extra={
                "game_id": after.game_id, "seq": after.version, "types": [e.type for e in stored][:8],
                "seat": next((e.seat for e in stored if e.seat is not None), None)})
        self._changed(record, after, stored, follow_up)
        return stored, after

    def _changed(self, before: Optional[GameRecord], after: GameRecord, stored: list[StoredEvent],
                 follow_up: bool = True) -> None:
        """Tell the projections (the lobby, the due index, rated quick play), the follow-ups
        and whoever hears notices (``stored``: the append's events). The events are stored
        by now: a projection that cannot be updated (Redis refused the write) is logged,
        never the caller's failure; the reconcile finds the game again."""
        when = None
        try:
            if before is None or before.status != after.status or before.seats != after.seats:
                self.lobby.update(after)
            if self.due is not None:
                when = self.due.update(after, before)
            if self.matches is not None and after.rated and (
                    before is None or before.status != after.status or before.seats != after.seats):
                self._match(after)
        except Exception:
            log.exception("could not update the projections of %s at %s", after.game_id, after.version)
        if self.followups is not None:  # without follow_up: no kick, but a finished game is still archived
            self.followups(after, when if follow_up else None, self.now())
        if self.notify is not None:
            try:
                found = notices(before, after, stored)
                if found:
                    self.notify(after, found, getattr(stored, "subscribed", True))
            except Exception:  # a notice lost to a queue hiccup must not fail the move
                log.exception("could not hand over the notices of %s at %s", after.game_id, after.version)


    def _match(self, record: GameRecord) -> None:
        """Keep a rated table's place in its quick-play pool: there, at its players' mean
        rating, while it is public and waiting with an open seat; else out."""
        where = pool(record.variant, len(record.seats), record.config.get("turn_timeout_s"))
        if record.status != "waiting" or not record.open_seats() or not offered_to_strangers(record):
            self.matches.drop(where, record.game_id)
            return
        subjects = [s.subject for s in record.seats if s is not None and s.subject]
        ratings = list(self.ratings.displays(record.variant, subjects).values()) \
            if subjects and self.ratings is not None else []
        self.matches.put(where, record.game_id, sum(ratings) / len(ratings) if ratings else NEW_PLAYER)


def offered_to_strangers(record: GameRecord) -> bool:
    """Whether the table may seat people who did not choose it: public, and nobody can
    know its cards in advance (no seed, no fixed deal)."""
    return bool(record.config.get("public", True)) and not record.config.get("seeded") and not record.fixed_deal


def _rated(spec: TableSpec) -> bool:
    """Whether the table ``spec`` asks for is rated; ``Invalid`` if it asks for a rated table
    that cannot be one."""
    why = _unratable(spec)
    if spec.rated is None:
        return spec.sitter is not None and why is None
    if spec.rated and why is not None:
        raise Invalid("rated", why)
    return spec.rated


def _unratable(spec: TableSpec) -> Optional[str]:
    if spec.variant == "custom":
        return "a rated table plays a preset; custom rules are not rated"
    if spec.rules:
        return "a rated table plays its preset as it is: leave rules out"
    if spec.seed is not None or spec.deal is not None:
        return f"a table with a {'seed' if spec.seed is not None else 'deal'} is not rated (its creator may know the cards)"
    if spec.turn_timeout_s is None:
        return "a rated table needs a turn clock (turn_timeout_s), so that no player can stall it"
    if len(spec.players) > (1 if spec.sitter is not None else 0):
        return ("every player at a rated table sits with his own player key: seat yourself (with your key) and "
                "let the others join with theirs" if spec.sitter is not None else
                "every player at a rated table sits with his own player key: send yours (Authorization: Player "
                "<key>) to be seated, or seat nobody and let players join")
    return None


def _check_sitter(record: GameRecord, sitter: Optional[Sitter]) -> None:
    if sitter is None:
        if record.rated:
            raise PlayerRequired("a rated table seats players who come with their player key "
                                 "(Authorization: Player <key>)")
        return
    if any(s is not None and s.subject == sitter.subject for s in record.seats):
        raise Conflict("already_seated", "you have a seat at this table already")


def _check_seated(record: GameRecord, seat: int) -> None:
    """A seat's player may act only while he holds the seat."""
    info = record.seats[seat]
    if info is not None and info.left:
        raise SeatLeft("you left this game; a bot plays this seat now")


def _no_such_game(game_id: str) -> NotFound:
    shown = repr(game_id) if len(game_id) <= 100 else f"{game_id[:100]!r}… ({len(game_id)} characters)"
    return NotFound(f"no game {shown}")


_ID_SHAPE = re.compile(r"[\w-]{1,64}")  # letters, digits, "_" and "-": any id we make, and far more


def _plausible_id(game_id: str) -> bool:
    return isinstance(game_id, str) and _ID_SHAPE.fullmatch(game_id) is not None


def _preview(e: NewEvent, seq: int) -> StoredEvent:
    return StoredEvent(seq, e.type, 0, e.seat, e.data, 1, b"", "")


def _created(variant: str, rules: RuleSet, seats: int, config: dict, seed: Optional[int],
             deal: Optional[FixedDeal], deal_data: Optional[dict], rematch_of: Optional[dict] = None) -> NewEvent:
    """A table's first event. Checks the seats against the deck and the fixed deal
    (InvalidSetup); no seed: a random one."""
    seed = seed if seed is not None else secrets.randbits(64)
    new_game(Setup(rules, seats, str(seed), deal, config.get("announce_window_s"), config.get("turn_timeout_s")))
    data = {"variant": variant, "rules": rules.to_dict(), "rules_version": RULES_VERSION, "seats": seats,
            "config": config, "seed": str(seed), "deal": deal_data if deal is not None else None}
    if rematch_of is not None:
        data["rematch_of"] = rematch_of
    return NewEvent("game_created", None, data)


def _deal(deal: Optional[dict]) -> Optional[FixedDeal]:
    if deal is None:
        return None
    try:
        return FixedDeal.from_dict(deal)
    except (KeyError, TypeError) as e:
        raise Invalid("deal", f"must be {{dealer, hands, starter, stock}}: {e}") from None


__all__ = ["GameService", "TableSpec", "Seated", "Acted", "NotFound", "Conflict", "Stale", "SeatLeft", "Invalid",
           "PlayerRequired", "Sitter",
           "BOT_LEVELS", "HUMAN", "BOT", "CLOCK", "LOBBY", "Observer", "DomainError",
           "RuleViolation", "GameStatusError"]
