"""Beliefs about each opponent's hidden hand, from his whole history in this round: the
turns he drew because nothing in his hand could be played, the attacks and skips he took
instead of answering, and the suits and ranks he wished for.

A game's history reaches a bot as public ``Step``s (``step`` makes one from the state
before an action, the action and the state after, reading only what every seat sees).
``Beliefs`` turns them into clues per opponent; a clue concerns the cards he held *then*,
so it is weighed against a sampled hand allowing for the cards he has received since
(those may be anything): if ``m`` of his ``h`` cards break a clue and ``d`` of them are
new, the chance that all ``m`` are among the new ones is C(h-m, d-m) / C(h, d). At a
table of three or more, each opponent is read from his own steps only; when two seats
swap hands (switch's black Queens), what was read about each hand moves with it.

``sample`` deals worlds by sampling-importance-resampling: a few uniformly dealt
candidates (as ``determinize`` deals them), one kept with probability proportional to
its weight, the product of every clue's likelihood."""

from __future__ import annotations

import random
from math import comb
from typing import NamedTuple

from ..cards import RANK, SUIT, is_joker
from ..engine.context import next_active
from ..engine.matching import DRAW, FOLLOW_UP, NORMAL, SKIP, first_card_reason, phase
from ..game import evolve, fold
from .observation import Observation, deal, world

__all__ = ["Step", "step", "steps_from_events", "Beliefs", "sample"]

# how far each clue is trusted: normal draws only when it cannot play (where the rules
# allow no voluntary draw, nobody may), and nearly always answers an attack it can answer;
# a human may do otherwise
TRUST = {NORMAL: 0.97, FOLLOW_UP: 0.97, DRAW: 0.95, SKIP: 0.85}
WISH_TRUST = 0.7
CANDIDATES = 8  # worlds dealt per world kept


class Step(NamedTuple):
    """One action as every seat saw it."""

    round: int
    seat: int
    action: str
    phase: str
    cards: tuple[str, ...]
    wish: tuple[str, str] | None  # (kind, value) the play wished for
    playable: frozenset[str] | None  # a draw or a taken obligation: the cards that would have done instead
    sizes_before: tuple[int, ...]
    sizes_after: tuple[int, ...]
    swapped_with: int | None  # the seat whose hand ``seat`` took in a hand swap (he got ``seat``'s)


def step(before, seat: int, move: dict, after) -> Step:
    """The public record of ``seat``'s ``move`` from state ``before`` to ``after``."""
    r = before.setup.rules.compiled
    action = move["action"]
    ph = phase(before) if seat == before.actor else "out_of_turn"
    playable = None
    if action in ("draw", "pass") and ph in TRUST and before.drawn_card is None:
        playable = frozenset(c for c in r.universe
                             if (r.joker_mode == "declared" and is_joker(c))
                             or first_card_reason(before, r, c, ph) is None)
    wish = None
    w = move.get("wish")
    if isinstance(w, dict):
        kind = next(iter(w), None)
        if kind in ("suit", "rank"):
            wish = (kind, w[kind])
    cards = tuple(move.get("cards", ()))
    swapped_with = None
    if action == "play" and sum(1 for c in cards if r.effect.get(c) is not None
                                and r.effect[c].type == "hand_swap") % 2:
        nb = next_active(before.active, seat, 1)  # the left neighbour (seat + 1), whatever the direction
        swapped_with = nb if nb != seat else None
    return Step(before.round, seat, action, ph, cards, wish, playable,
                tuple(len(h) for h in before.hands), tuple(len(h) for h in after.hands), swapped_with)


def steps_from_events(state, events) -> list[Step]:
    """The steps of the actions recorded in ``events`` (domain events, as a game's log
    holds them) folded from ``state``: each play, draw (or penalty taken) and pass, up to
    the next one. Calls and catches are no steps here, but the cards they cost fall in
    the step under way, so ``Beliefs`` reads the same clues as from the arena's steps.
    Only the last round's steps are made (``Beliefs`` reads no others); the events before
    it are folded at once."""
    events = list(events)
    start = max((i for i, e in enumerate(events) if e.type == "round_started"), default=0)
    if start:
        state = fold(state, events[:start])
        events = events[start:]
    out: list[Step] = []
    cur = None  # (state before, seat, move) of the action under way
    last = None  # the previous event's type
    for e in events:
        t = e.type
        move = None
        drawing = cur is not None and cur[1] == getattr(e, "seat", None) and cur[2]["action"] == "draw"
        if t == "card_played":
            move = {"action": "play", "cards": list(e.cards)}
        elif t == "cards_drawn" and e.reason == "draw":  # one card a command
            move = {"action": "draw"}
        elif t == "cards_drawn" and e.reason == "penalty":
            if not (drawing and last == "stock_reshuffled"):  # else the same penalty, split by a reshuffle
                move = {"action": "draw"}
        elif t == "penalty_taken":
            if not drawing:  # else it closes the penalty's draw
                move = {"action": "draw"}
        elif t in ("skip_accepted", "player_passed"):
            move = {"action": "pass"}
        elif t == "wish_set" and cur is not None and cur[1] == e.seat and e.kind in ("suit", "rank"):
            cur[2]["wish"] = {e.kind: e.value}
        if move is not None:
            if cur is not None:
                out.append(step(cur[0], cur[1], cur[2], state))
            cur = (state, e.seat, move)
        state = evolve(state, e)
        last = t
    if cur is not None:
        out.append(step(cur[0], cur[1], cur[2], state))
    return out


class _Clue:
    __slots__ = ("cards", "received", "played", "trust", "kind", "value")

    def __init__(self, cards, received: int, played: int, trust: float, kind: str = "void", value=None):
        self.cards, self.received, self.played, self.trust = cards, received, played, trust
        self.kind, self.value = kind, value


class Beliefs:
    """Clues per opponent of ``obs.seat``, from the steps of the current round."""

    __slots__ = ("seat", "clues", "received", "played", "wild")

    def __init__(self, obs: Observation, history):
        self.seat = obs.seat
        n = obs.seats
        self.wild = obs.rules.wild
        self.clues: list[list[_Clue]] = [[] for _ in range(n)]
        self.received = [0] * n  # cards each seat has been given this round (draws, penalties)
        self.played: list[list[str]] = [[] for _ in range(n)]  # and the cards each has played
        certain = not obs.rules.voluntary_draw
        rnd = obs.public.round
        for st in history or ():
            if st.round != rnd:
                continue
            x = st.seat
            if x != self.seat and st.swapped_with is None:  # a clue is about his hand before this step's cards
                if st.playable is not None:
                    trust = 1.0 if certain and st.phase in (NORMAL, FOLLOW_UP) else TRUST[st.phase]
                    self.clues[x].append(_Clue(st.playable, self.received[x], len(self.played[x]), trust))
                elif st.wish is not None and st.sizes_after[x] > 0:
                    self.clues[x].append(_Clue(None, self.received[x], len(self.played[x]) + len(st.cards),
                                               WISH_TRUST, st.wish[0], st.wish[1]))
            if st.action == "play":
                self.played[x].extend(st.cards)
            after = list(st.sizes_after)
            nb = st.swapped_with
            if nb is not None:  # the sizes before the hands changed owners
                after[x], after[nb] = after[nb], after[x]
            for s in range(n):
                played = len(st.cards) if s == x and st.action == "play" else 0
                gain = after[s] - st.sizes_before[s] + played
                if gain > 0:
                    self.received[s] += gain
            if nb is not None:
                self._swap(x, nb)

    def _swap(self, a: int, b: int) -> None:
        """Seats ``a`` and ``b`` exchanged hands: what was read about each hand follows it
        (the counts it is read against too). A hand that was the bot's own carries none."""
        for per_seat in (self.clues, self.received, self.played):
            per_seat[a], per_seat[b] = per_seat[b], per_seat[a]
        if self.seat in (a, b):  # the bot's old hand went to the other, unread; its new one it sees
            self.clues[a], self.clues[b] = [], []

    def any(self) -> bool:
        return any(self.clues)

    def weight(self, hands) -> float:
        """The likelihood of the opponents' hands ``hands`` (one per seat) under the clues."""
        w = 1.0
        for s, clues in enumerate(self.clues):
            if not clues:
                continue
            hand = hands[s]
            h = len(hand)
            played = self.played[s]
            for c in clues:
                new = self.received[s] - c.received  # cards he got since, some maybe played since
                since = played[c.played:]
                if c.kind == "void":
                    cards = c.cards
                    m = sum(1 for card in hand if card in cards)
                    if m == 0:
                        continue
                    d = min(h, new - sum(1 for card in since if card in cards))  # those were new too
                    like = comb(h - m, d - m) / comb(h, d) if 0 <= m <= d else 0.0
                else:
                    like = 1.0 if self._most(hand + tuple(since), c.kind, c.value, min(h, new)) else 0.0
                w *= c.trust * like + (1.0 - c.trust)
        return w

    def _most(self, hand, kind: str, value: str, new: int) -> bool:
        """Whether ``value`` may still be the suit (rank) he held most, given ``new`` cards since."""
        key = SUIT if kind == "suit" else RANK
        counts: dict = {}
        for c in hand:
            if c not in self.wild and not is_joker(c):
                k = key[c]
                counts[k] = counts.get(k, 0) + 1
        return counts.get(value, 0) + new >= max(counts.values(), default=0)


def sample(obs: Observation, beliefs: Beliefs, rng: random.Random, candidates: int = CANDIDATES):
    """A world consistent with ``obs``, drawn in proportion to ``beliefs``' weights (one
    of ``candidates`` dealt uniformly)."""
    best = None
    total = 0.0
    for _ in range(candidates):
        dealt = deal(obs, rng)
        w = beliefs.weight(dealt[0])
        total += w
        if w > 0 and rng.random() * total < w:
            best = dealt
    if best is None:  # every candidate ruled out: the clues are wrong somewhere; deal freely
        best = dealt
    return world(obs, *best, rng)
