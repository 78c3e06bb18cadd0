"""What an append tells the people at a table who are not watching it: the notices that
webhooks deliver (``games.webhooks`` keeps the subscriptions, ``workers.webhooks``
delivers). Pure: decided from the record before and after an append, and the events
appended, with nothing read or written.

- ``your_turn`` (one seat): a seat a person plays has something to do that it did not
  have before the append: its turn (with a pending draw or skip aimed at it), a pass-left
  card to choose, its own last-card call to make, or, in catch variants, an opponent's
  missed call to catch. A seat whose own move left it something to do (a bonus turn) is
  not told: it is there.
- ``game_started``, ``game_finished`` (every seat whose player has not left), and
  ``rematch_offered`` (the finished game's ``rematch_offered`` event names the new game).

A notice holds only what every seat may see (no card, no hand): the version, the round,
the reasons, the deadlines, and at the end the result."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Optional

from events.mapping import to_rfc3339

from .records import OWN_ACTIONS, GameRecord

YOUR_TURN, GAME_STARTED, GAME_FINISHED, REMATCH_OFFERED = "your_turn", "game_started", "game_finished", \
    "rematch_offered"
EVENT_TYPES = (YOUR_TURN, GAME_STARTED, GAME_FINISHED, REMATCH_OFFERED)

# why a seat must act (``data.reasons`` of a your_turn)
TURN, PENDING_DRAW, PENDING_SKIP, PASS_CARD, ANNOUNCE, CATCH = "turn", "pending_draw", "pending_skip", \
    "pass_card", "announce", "catch"


@dataclass(frozen=True)
class Notice:
    event: str  # one of EVENT_TYPES
    game_id: str
    version: int  # the game's version after the append that caused it
    seats: tuple[int, ...]  # the seats it is for (your_turn: one)
    at: str  # RFC 3339: when it happened (the append's time)
    data: dict = field(default_factory=dict)  # public facts only

    def to_dict(self) -> dict:
        return {"event": self.event, "game_id": self.game_id, "version": self.version, "seats": list(self.seats),
                "at": self.at, "data": self.data}

    @classmethod
    def from_dict(cls, d: dict) -> "Notice":
        return cls(d["event"], d["game_id"], d["version"], tuple(d["seats"]), d["at"], d.get("data") or {})


def person_plays(record: GameRecord, seat: int) -> bool:
    """Whether a person plays ``seat`` now (not a bot, not the autopilot, not left)."""
    info = record.seats[seat]
    return info is not None and info.kind == "human" and not info.left and not info.autopilot


def present(record: GameRecord) -> tuple[int, ...]:
    """The seats whose person has not left (a seat on autopilot included: he may be back)."""
    return tuple(s.seat for s in record.seats if s is not None and s.kind == "human" and not s.left)


def demands(record: Optional[GameRecord], seat: int) -> tuple[str, ...]:
    """What ``seat`` must (or may only now) do at ``record``: empty if nothing, or if no
    person plays it."""
    if record is None or not person_plays(record, seat):
        return ()
    return owes(record, seat)


def owes(record: GameRecord, seat: int) -> tuple[str, ...]:
    """What ``seat`` must (or may only now) do at ``record``, whoever plays it (``reasons``):
    its turn (with a pending draw or skip aimed at it), a pass card, its own last-card
    call, or in catch variants an opponent's missed call to catch."""
    if record.status != "playing":
        return ()
    st = record.state
    out = []
    if st.passing is not None:
        if seat in st.passing.waiting:
            out.append(PASS_CARD)
    elif st.actor == seat:
        out.append(TURN)
        if st.pending_draw is not None and st.pending_draw.target == seat:
            out.append(PENDING_DRAW)
        if st.pending_skip is not None and st.pending_skip.target == seat:
            out.append(PENDING_SKIP)
    w = st.call_window
    if w is not None:
        if w.seat == seat:
            out.append(ANNOUNCE)
        elif st.rules.enforcement == "catch" and st.active[seat]:
            out.append(CATCH)
    return tuple(out)


def notices(before: Optional[GameRecord], after: GameRecord, events: Iterable = ()) -> list[Notice]:
    """The notices the append that led from ``before`` (None: the game was created) to
    ``after`` calls for; ``events`` are the stored events it appended."""
    out: list[Notice] = []
    was = before.status if before is not None else None
    if after.status == "playing" and was != "playing":
        out.append(_game_notice(GAME_STARTED, after, {}))
    movers = _movers(events)
    for seat in range(len(after.seats)):
        now = demands(after, seat)
        if not now or seat in movers:
            continue
        if set(now) - set(demands(before, seat)) or (TURN in now and _new_turn(before, after, seat)):
            out.append(your_turn(after, seat, now))
    if after.status == "finished" and was != "finished":
        out.append(_game_notice(GAME_FINISHED, after, _finished(after)))
    for e in events:
        if e.type == "rematch_offered":
            out.append(_game_notice(REMATCH_OFFERED, after, {"rematch_game_id": e.data.get("game_id")}))
    return out


def for_new_subscriber(record: GameRecord, seat: int, started_now: bool = False) -> list[Notice]:
    """What a subscription registered for ``seat`` at ``record`` is owed at once: the game's
    start if the request that seated him started it (``started_now``), and its turn if the
    seat has something to do now."""
    out = []
    if started_now and record.status == "playing":
        out.append(_game_notice(GAME_STARTED, record, {}, (seat,)))
    now = demands(record, seat)
    if now:
        out.append(your_turn(record, seat, now))
    return out


def your_turn(record: GameRecord, seat: int, reasons: tuple[str, ...]) -> Notice:
    st = record.state
    w = st.call_window
    data = {"reasons": list(reasons), "round": st.round, "turn_deadline": to_rfc3339(st.turn_deadline),
            "window_deadline": to_rfc3339(w.deadline) if w is not None and w.deadline is not None else None}
    if st.pending_draw is not None and st.pending_draw.target == seat:
        data["pending_draw"] = st.pending_draw.amount
    return Notice(YOUR_TURN, record.game_id, record.version, (seat,), record.updated_at, data)


# what a seat does itself (records.OWN_ACTIONS, and answering a pending draw or skip): what
# it must do right after its own move, it knows of
SEAT_ACTIONS = OWN_ACTIONS | {"penalty_taken", "skip_accepted"}


def _movers(events: Iterable) -> set[int]:
    """The seats that acted themselves in these events (a catcher included; a seat the
    clock acted for did not)."""
    out, timed_out = set(), set()
    for e in events:
        if e.type == "cards_drawn" and e.data.get("reason") == "call_penalty":
            continue  # drawn for him: his missed call, closed by another's move or the clock
        if e.type in SEAT_ACTIONS or e.type == "false_catch_penalized":
            out.add(e.seat)
        elif e.type == "call_penalty_applied" and e.data.get("caught_by") is not None:
            out.add(e.data["caught_by"])
        elif e.type == "turn_timed_out":
            timed_out.add(e.seat)
    return out - timed_out


def _new_turn(before: Optional[GameRecord], after: GameRecord, seat: int) -> bool:
    """Whether ``seat``, the actor before and after, was given a new turn (by another seat's
    move or the clock): a new turn deadline, or a new round."""
    if before is None or before.status != "playing":
        return False
    b, a = before.state, after.state
    if a.round != b.round:
        return True
    return a.turn_deadline is not None and a.turn_deadline != b.turn_deadline


def _game_notice(event: str, record: GameRecord, data: dict, seats: Optional[tuple[int, ...]] = None) -> Notice:
    data = {"round": record.state.round, **data}
    return Notice(event, record.game_id, record.version, present(record) if seats is None else seats,
                  record.updated_at, data)


def _finished(record: GameRecord) -> dict:
    r = record.state.result
    if r is None:  # a table that closed before it started
        return {"closed_reason": record.closed, "result": None}
    return {"closed_reason": record.closed,
            "result": {"winner_seats": list(r.winners), "places": list(r.standings), "scores": list(r.scores)}}
