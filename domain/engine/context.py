"""The working context of one ``decide`` call: the table, the compiled rules, the events
emitted so far, and the helpers every rule needs (seat order, drawing, shuffling)."""

from __future__ import annotations

import hashlib
import random

from .. import events as ev
from ..state import GameState
from ..table import APPLY, Table, thaw


def next_active(active, seat: int, direction: int) -> int:
    """The first active seat after ``seat`` going ``direction`` (``seat`` itself if none)."""
    n = len(active)
    for i in range(1, n + 1):
        s = (seat + direction * i) % n
        if active[s]:
            return s
    return seat


class Ctx:
    __slots__ = ("t", "r", "events", "at", "swapped", "forced_draw", "wish_made")

    def __init__(self, state: GameState, at: float):
        self.t: Table = thaw(state)
        self.r = state.setup.rules.compiled
        self.events: list[ev.Event] = []
        self.at = at
        self.swapped = False  # a hand swap happened this turn (Z6: no call obligation)
        self.forced_draw = False  # a forced last-card draw happened this turn (R#23)
        self.wish_made = False  # a wish was made this turn

    def emit(self, event: ev.Event) -> None:
        t = self.t
        APPLY[event.type](t, event)
        t.round_events += 1
        self.events.append(event)

    # ------------------------------------------------------------ seats
    def next(self, seat: int, direction: int | None = None) -> int:
        """Next active seat after ``seat`` in ``direction`` (default: the current one)."""
        t = self.t
        d = t.direction if direction is None else direction
        s = (seat + d) % len(t.active)
        return s if t.active[s] else next_active(t.active, seat, d)

    def prev(self, seat: int) -> int:
        return self.next(seat, -self.t.direction)

    def left_neighbour(self, seat: int) -> int:
        return self.next(seat, 1)

    def n_active(self) -> int:
        return sum(self.t.active)

    # ------------------------------------------------------------ time
    def turn_deadline(self) -> float | None:
        timeout = self.t.setup.turn_timeout_s
        return None if timeout is None else self.at + timeout

    def window_deadline(self) -> float | None:
        window = self.t.setup.announce_window_s
        return None if window is None else self.at + window

    # ------------------------------------------------------------ randomness and fairness
    def rng(self) -> random.Random:
        """The RNG of the next shuffle: seeded per game and per shuffle, so ``decide`` is
        a pure function of (state, command)."""
        return random.Random(f"{self.t.setup.seed}|shuffle|{self.t.shuffles + 1}")

    def commitment(self, order) -> str:
        return commit(salt(self.t.setup.seed, self.t.shuffles + 1), order)

    # ------------------------------------------------------------ drawing (§2.8)
    def can_draw(self) -> bool:
        return bool(self.t.stock) or len(self.t.discard) > 1

    def reshuffle(self) -> None:
        cards = list(self.t.discard[:-1])
        self.rng().shuffle(cards)
        self.emit(ev.StockReshuffled(tuple(cards), self.commitment(cards)))

    def draw_cards(self, seat: int, n: int, reason: str) -> int:
        """Draw up to ``n`` cards, reshuffling when the stock runs out; returns how many
        were drawn (fewer on a shortfall, whose rest is forfeited)."""
        drawn = 0
        while drawn < n:
            if not self.t.stock:
                if len(self.t.discard) <= 1:
                    break
                self.reshuffle()
            k = min(n - drawn, len(self.t.stock))
            cards = self.t.stock[-k:][::-1]
            self.emit(ev.CardsDrawn(seat, cards, reason))
            drawn += k
        return drawn


def salt(seed, shuffle_no: int) -> str:
    return hashlib.sha256(f"{seed}|salt|{shuffle_no}".encode()).hexdigest()


def commit(salt_hex: str, order) -> str:
    """The published commitment to a deck order: sha256 over the salt and the cards."""
    return hashlib.sha256((salt_hex + ":" + ",".join(order)).encode()).hexdigest()
