"""What one seat may know (RULES.md §7.3 visibility), and sampled worlds consistent with it.

A bot decides from an ``Observation`` only: its own hand, the discard pile, every public
field of the state and the hand sizes. Hidden are the other hands, the stock order, the
card another actor just drew, other seats' pass-left choices, and the table's seed and
fixed deal (the seed fixes every future reshuffle, so reading it would be cheating too).

``determinize`` deals the unseen cards at random into the other hands and the stock:
one possible world, a full ``GameState`` the engine can play on."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace

from ..state import GameState, PassRound

__all__ = ["Observation", "observation", "determinize", "deal", "world"]


@dataclass(frozen=True, slots=True)
class Observation:
    seat: int
    hand: tuple[str, ...]  # sorted
    hand_sizes: tuple[int, ...]
    stock_size: int
    unseen: tuple[str, ...]  # sorted multiset: the other hands and the stock together
    public: GameState  # the state with everything hidden blanked out (see ``observation``)

    @property
    def rules(self):
        return self.public.setup.rules.compiled

    @property
    def seats(self) -> int:
        return len(self.hand_sizes)


def observation(state: GameState, seat: int) -> Observation:
    """What ``seat`` may know of ``state``. Two states that differ only in hidden cards
    (other hands and stock shuffled, sizes kept), in the seed or in the fixed deal give
    equal observations."""
    hand = tuple(sorted(state.hands[seat]))
    unseen = Counter(state.setup.rules.compiled.full_deck(state.setup.seats))
    unseen.subtract(hand)
    unseen.subtract(state.discard)
    passing = state.passing
    if passing is not None:
        passing = PassRound(passing.by_seat, passing.waiting, tuple((s, c) for s, c in passing.chosen if s == seat),
                            passing.resume_seat, passing.resume_regular)
    public = state._replace(
        setup=replace(state.setup, seed=0, deal=None),
        hands=tuple(hand if s == seat else () for s in range(state.setup.seats)),
        stock=(),
        drawn_card=state.drawn_card if state.actor == seat else None,
        passing=passing,
    )
    return Observation(
        seat=seat,
        hand=hand,
        hand_sizes=tuple(len(h) for h in state.hands),
        stock_size=len(state.stock),
        unseen=tuple(sorted(unseen.elements())),
        public=public,
    )


def determinize(obs: Observation, rng: random.Random) -> GameState:
    """A world consistent with ``obs``: the unseen cards dealt at random to the other
    hands (sizes kept) and the stock, with a fresh seed for any later reshuffle."""
    hands, stock = deal(obs, rng)
    return world(obs, hands, stock, rng)


def deal(obs: Observation, rng: random.Random) -> tuple[tuple, tuple]:
    """(hands, stock): the unseen cards shuffled into the other hands (sizes kept), the
    rest into the stock; ``obs.seat`` keeps its own hand."""
    cards = list(obs.unseen)
    rng.shuffle(cards)
    hands = []
    pos = 0
    for s, size in enumerate(obs.hand_sizes):
        if s == obs.seat:
            hands.append(obs.hand)
        else:
            hands.append(tuple(cards[pos:pos + size]))
            pos += size
    return tuple(hands), tuple(cards[pos:])


def world(obs: Observation, hands, stock, rng: random.Random) -> GameState:
    """The public state with ``hands`` and ``stock`` dealt in, and a fresh seed for any
    later reshuffle."""
    pub = obs.public
    return pub._replace(setup=replace(pub.setup, seed=rng.getrandbits(48)), hands=hands, stock=stock)
