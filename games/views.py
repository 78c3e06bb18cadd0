"""Projections of a game record for readers: the game view a viewer may see (API.md
"Reading a game") and the full state for replays and audits."""

from __future__ import annotations

from collections import OrderedDict
from typing import Optional

import orjson

from domain import legal_moves_info
from domain.observation import observation
from events.mapping import DIRECTION_NAMES, to_rfc3339

from .notifications import owes
from .records import GameRecord
from .redaction import AUDITOR, Viewer

YOUR_TURN = "your_turn"  # the turn frame's name on a stream


def _wish(w) -> Optional[dict]:
    if w is None:
        return None
    return {"kind": w.kind, "value": w.value, "by_seat": w.wisher, "excluded_suit": w.excluded_suit}


def _places(st) -> dict[int, int]:
    if st.result is not None:
        return dict(enumerate(st.result.standings))
    return {seat: i + 1 for i, seat in enumerate(st.finished)}


def _result(st) -> Optional[dict]:
    r = st.result
    if r is None:
        return None
    standings = sorted(({"seat": s, "place": p, "score": st.scores[s]} for s, p in enumerate(r.standings)),
                        key=lambda x: (x["place"], x["seat"]))
    return {"winner_seats": list(r.winners), "loser_seats": list(r.losers), "standings": standings,
            "scores": list(r.scores)}


def _fill_at(record: GameRecord) -> Optional[str]:
    after = record.config.get("fill_with_bots_after_s")
    if after is None or record.status != "waiting":
        return None
    return to_rfc3339(record.created_ts + after)


def game_view(record: GameRecord, viewer: Viewer, now: Optional[float] = None) -> dict:
    """The game as ``viewer`` may see it. A seat and a spectator are shown their
    observation (``domain.observation``, what the bots decide from too) and nothing else;
    the auditor sees every hand and the stock."""
    seat = viewer if isinstance(viewer, int) and 0 <= viewer < len(record.seats) else None
    st = record.state
    obs = observation(st, seat)
    pub = obs.public
    places = _places(pub)
    playing = pub.status != "ready"
    seats = []
    for i, info in enumerate(record.seats):
        seats.append({
            "seat": i,
            "player_id": info.player_id if info else None,
            "name": info.name if info else None,
            "profile_id": info.profile if info else None,
            "kind": info.kind if info else None,
            "bot_level": info.bot_level if info else None,
            "autopilot": info.autopilot if info else False,
            "hand_size": obs.hand_sizes[i],
            "score": pub.scores[i],
            "out": playing and not pub.active[i],
            "place": places.get(i),
            "reserved": info is None and i in record.reserved,
        })
    pd, ps = pub.pending_draw, pub.pending_skip
    view = {
        "game_id": record.game_id,
        "variant": record.variant,
        "status": record.status,
        "closed_reason": record.closed,
        "version": record.version,
        "round": pub.round,
        "seeded": bool(record.config.get("seeded")),
        "fixed_deal": record.fixed_deal,
        "seats": seats,
        "dealer_seat": pub.dealer if playing else None,
        "current_seat": pub.actor,
        "direction": DIRECTION_NAMES[pub.direction],
        "top_card": pub.discard[-1] if pub.discard else None,
        "top_card_as": pub.top_declared,
        "discard_size": len(pub.discard),
        "stock_size": obs.stock_size,
        "effective_suit": pub.effective_suit,
        "effective_rank": pub.effective_rank,
        "free_play": pub.free_play,
        "pending": {
            "draw": None if pd is None else {"amount": pd.amount, "target_seat": pd.target, "family": pd.family},
            "skip": None if ps is None else {"turns": ps.turns, "target_seat": ps.target},
            "wish": _wish(pub.wish),
            "follow_up_seat": pub.follow_up,
            "skip_robin": None if pub.robin is None else {"count": pub.robin.count, "last_seat": pub.robin.last_seat},
            "bonus_turns": None if pub.bonus is None else {"seat": pub.bonus[0], "left": pub.bonus[1]},
            "pass_cards": None if pub.passing is None else {"waiting_seats": list(pub.passing.waiting)},
            "turns_to_miss": list(pub.turns_to_miss),
        },
        "announcement": None if pub.call_window is None else {
            "seat": pub.call_window.seat, "deadline": to_rfc3339(pub.call_window.deadline)},
        "turn_deadline": to_rfc3339(pub.turn_deadline),
        "scores": list(pub.scores),
        "result": _result(pub),
        "call_word": pub.rules.data["call_word"],
        "config": dict(record.config),
        "fill_with_bots_at": _fill_at(record),
        "created_at": record.created_at,
        "updated_at": record.updated_at,
        "rematch_game_id": record.rematch,
        "rematch_of": record.rematch_of,
        "rated": record.rated,
    }
    if seat is not None:
        info = record.seats[seat]
        # the engine lists the seat's own moves (from the state: whether it may draw
        # depends on what the piles hold)
        moves, truncated = legal_moves_info(st, seat, now) if st.status == "playing" else ([], False)
        view["you"] = {"seat": seat, "player_id": info.player_id if info else None, "hand": list(pub.hands[seat]),
                       "legal_moves": moves, "legal_moves_truncated": truncated}
    elif viewer == AUDITOR:
        view["hands"] = [list(h) for h in st.hands]
        view["stock"] = list(reversed(st.stock))
    return view


def turn_frame(record: GameRecord, viewer: Viewer, now: Optional[float] = None) -> Optional[dict]:
    """What gives a seat its turn on its own stream and long-polls (the turn frame): what it
    must or may do now at ``record`` (``reasons``: its turn, a pass card, its own call, a
    catch), its legal moves, its hand and the version to send them with (``If-Match``), and
    the seat's whole view then (``game``, what a read of the game would answer), so a
    client needs no read of the game per turn. None for a spectator, a seat with nothing to
    do, or a seat whose player left. Only that seat's viewer is ever given it. (``record``
    as shown: its sealed names read, ``identity.Names.named``.)"""
    if not isinstance(viewer, int) or not 0 <= viewer < len(record.seats):
        return None
    info = record.seats[viewer]
    if info is None or info.kind != "human" or info.left:
        return None
    reasons = owes(record, viewer)
    if not reasons:
        return None
    view = game_view(record, viewer, now)
    you = view["you"]
    if not you["legal_moves"]:
        return None
    return {"type": YOUR_TURN, "game_id": record.game_id, "seat": viewer, "version": record.version,
            "reasons": list(reasons), "legal_moves": you["legal_moves"],
            "legal_moves_truncated": you["legal_moves_truncated"], "hand": you["hand"],
            "turn_deadline": view["turn_deadline"],
            "window_deadline": view["announcement"]["deadline"] if view["announcement"] else None, "game": view}


def full_state(record: GameRecord) -> dict:
    """Everything (every hand, the stock order top first, the discard pile): replays."""
    st = record.state
    view = game_view(record, AUDITOR)
    view["discard"] = list(st.discard)
    view["rules"] = st.rules.data
    view["seed"] = st.setup.seed
    return view


def time_is_up(record: GameRecord, now: Optional[float]) -> bool:
    """Whether the open last-card window's time is up at ``now``: the one thing besides the
    version that changes a view (its legal moves), when the deadline passes."""
    w = record.state.call_window
    return w is not None and w.deadline is not None and now is not None and now >= w.deadline


class ViewCache:
    """Game views as JSON bytes, per (game, version, viewer, whether the window's time is
    up): a view is a function of those alone, so a hit is exact. A spectator crowd, a
    client polling, or a seat reading the view its move returned costs one build per
    version. Bounded (least recently used out); one per process."""

    def __init__(self, size: int = 4096):
        self.size = size
        self._views: OrderedDict = OrderedDict()
        self.hits = self.misses = 0

    def view_json(self, record: GameRecord, viewer: Viewer, now: Optional[float]) -> bytes:
        # names: a sealed seat's name is read at the edge, and gone once its player is erased
        names = tuple(s.name for s in record.seats if s is not None and s.subject)
        key = (record.game_id, record.version, viewer, time_is_up(record, now), names)
        views = self._views
        data = views.get(key)
        if data is not None:
            self.hits += 1
            views.move_to_end(key)
            return data
        self.misses += 1
        data = views[key] = orjson.dumps(game_view(record, viewer, now))
        if len(views) > self.size:
            views.popitem(last=False)
        return data
