"""A scenario DSL over the pure engine, for rules tests on fixed deals.

    g = Game("macau", hands=[["7H", "KS"], ["7C", "2H"], ["QH", "9D"]], starter="7S",
             stock=["5C", "6C", "8C"], dealer=2)          # seat 0 acts first
    g.play(0, "KS")                                          # events of that command
    assert g.pending_draw == (5, 2)                          # (amount, target)
    g.rejects("must_answer_pending_draw", g.play, 2, "9D")

Every command checks that folding its events onto the previous state gives exactly the
state ``execute`` returned (replay == live), and every rejection checks that the state
did not change."""

from __future__ import annotations

import pytest

from domain import (
    Announce,
    Catch,
    CloseCallWindow,
    Draw,
    FixedDeal,
    Pass,
    Play,
    RuleSet,
    RuleViolation,
    Setup,
    Start,
    Timeout,
    WishChoice,
    execute,
    fold,
    legal_moves,
    new_game,
)
from domain.cards import SUITS


def seat0_game(variant: str, hands, starter="7S", stock=(), dealer=None, **kw) -> "Game":
    """A fixed deal in a clockwise preset where, by default, seat 0 acts first (the dealer
    is the last seat)."""
    if dealer is None:
        dealer = len(hands) - 1
    return Game(variant, hands=hands, starter=starter, stock=stock, dealer=dealer, **kw)


def rest_of_deck(variant: str, *named) -> list[str]:
    """Every card of one deck of ``variant`` not named in ``named`` (lists of cards)."""
    from collections import Counter

    left = Counter(RuleSet.preset(variant).compiled.one_deck)
    for cards in named:
        left.subtract(Counter(cards))
    assert all(v >= 0 for v in left.values()), "a card is named twice"
    return sorted(left.elements())


def wish_choice(w):
    if w is None or isinstance(w, WishChoice):
        return w
    if isinstance(w, dict):
        return WishChoice.parse(w)
    if w == "free":
        return WishChoice("free")
    if w in SUITS:
        return WishChoice("suit", w)
    return WishChoice("rank", w)


class Game:
    def __init__(self, variant: str = "macau", *, hands, starter=None, stock=(), dealer=None, rules=None,
                 seed=0, window: float | None = 5.0, turn_timeout: float | None = None, start: bool = True,
                 seats: int | None = None):
        """``hands=None``: a random deal (by ``seed``) to ``seats`` seats."""
        rs = RuleSet.build(variant, rules) if rules else RuleSet.preset(variant)
        deal = None if hands is None else FixedDeal(tuple(tuple(h) for h in hands), starter, tuple(stock), dealer)
        self.setup = Setup(rs, len(hands) if hands is not None else seats, seed, deal, window, turn_timeout)
        self.state = new_game(self.setup)
        self.log: list = []
        self.now = 1000.0
        self.last: list = []
        if start:
            self.do(Start(at=self.now))

    # ------------------------------------------------------------------ commands
    def do(self, cmd):
        before = self.state
        events, after = execute(before, cmd)
        assert fold(before, events) == after, "replaying the events must give the live state"
        self.state = after
        self.log.extend(events)
        self.last = events
        return events

    def play(self, seat, *cards, wish=None, announce=False, joker_as=None, at=None):
        return self.do(Play(seat, tuple(cards), wish_choice(wish), announce, joker_as, self._at(at)))

    def draw(self, seat, at=None):
        return self.do(Draw(seat, self._at(at)))

    def pass_(self, seat, at=None):
        return self.do(Pass(seat, self._at(at)))

    def announce(self, seat, at=None):
        return self.do(Announce(seat, self._at(at)))

    def catch(self, seat, target, at=None):
        return self.do(Catch(seat, target, self._at(at)))

    def timeout(self, seat, at=None):
        return self.do(Timeout(seat, self._at(at)))

    def close_window(self, at=None):
        return self.do(CloseCallWindow(self._at(at)))

    def advance(self, seconds: float):
        self.now += seconds

    def _at(self, at):
        return self.now if at is None else at

    def rejects(self, reason: str, method, *args, **kwargs):
        """Assert that a command is rejected with ``reason`` and changes nothing."""
        before = self.state
        with pytest.raises(RuleViolation) as err:
            method(*args, **kwargs)
        assert err.value.reason == reason, f"expected {reason}, got {err.value.reason}: {err.value.detail}"
        assert self.state is before
        return err.value

    # ------------------------------------------------------------------ reading
    @property
    def actor(self):
        return self.state.actor

    @property
    def next_regular(self):
        return self.state.next_regular

    def hand(self, seat):
        return sorted(self.state.hands[seat])

    def hand_size(self, seat):
        return len(self.state.hands[seat])

    @property
    def top(self):
        return self.state.discard[-1]

    @property
    def pending_draw(self):
        pd = self.state.pending_draw
        return None if pd is None else (pd.amount, pd.target)

    @property
    def pending_skip(self):
        ps = self.state.pending_skip
        return None if ps is None else (ps.turns, ps.target)

    @property
    def wish(self):
        w = self.state.wish
        if w is None:
            return None
        return (w.kind, w.value if w.kind != "free_suit" else w.excluded_suit)

    @property
    def direction(self):
        return "cw" if self.state.direction == 1 else "ccw"

    def types(self, events=None):
        return [e.type for e in (self.last if events is None else events)]

    def moves(self, seat):
        return legal_moves(self.state, seat)

    def play_moves(self, seat):
        """The card lists of the legal plays of ``seat``."""
        return [m["cards"] for m in self.moves(seat) if m["action"] == "play"]


def play_out(g, limit: int = 3000) -> None:
    """Play on with the first legal move (first wish option) until the game ends."""
    for _ in range(limit):
        if g.state.status == "finished":
            return
        if g.state.call_window is not None:
            g.announce(g.state.call_window.seat)
            continue
        seat = g.actor
        move = [m for m in g.moves(seat) if m["action"] != "announce"][0]
        if move["action"] == "play":
            wish = move.get("wish_options", [None])[0]
            g.play(seat, *move["cards"], wish=wish, announce=bool(move.get("announce")))
        elif move["action"] == "draw":
            g.draw(seat)
        else:
            g.pass_(seat)
    raise AssertionError("the game did not end")
