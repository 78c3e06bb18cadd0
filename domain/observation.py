"""What one seat may know (RULES.md §7.3 visibility): the one definition, read by bots
to decide and by the service to show a seat, or a spectator, the game.

An ``Observation`` holds the seat's own hand, every public field of the state and the
hand sizes. Hidden are the other hands, the stock order, the card another actor just
drew, other seats' pass-left choices, and the table's seed and fixed deal (the seed
fixes every future reshuffle, so reading it would be cheating too). A spectator
(``seat=None``) sees no hand at all."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Optional

from .state import GameState, PassRound

__all__ = ["Observation", "observation"]


@dataclass(frozen=True, slots=True)
class Observation:
    seat: Optional[int]  # None: a spectator
    hand: tuple[str, ...]  # sorted
    hand_sizes: tuple[int, ...]
    stock_size: int
    public: GameState  # the state with everything hidden blanked out; the seat's hand in its own order
    _unseen: Optional[tuple[str, ...]] = field(default=None, compare=False, repr=False)

    @property
    def rules(self):
        return self.public.setup.rules.compiled

    @property
    def seats(self) -> int:
        return len(self.hand_sizes)

    @property
    def unseen(self) -> tuple[str, ...]:
        """The sorted multiset of cards the seat cannot see: the other hands and the stock."""
        if self._unseen is None:
            unseen = Counter(self.rules.full_deck(self.public.setup.seats))
            unseen.subtract(self.hand)
            unseen.subtract(self.public.discard)
            object.__setattr__(self, "_unseen", tuple(sorted(unseen.elements())))
        return self._unseen


def observation(state: GameState, seat: Optional[int]) -> Observation:
    """What ``seat`` (None: a spectator) may know of ``state``. Two states that differ
    only in hidden cards (other hands and stock shuffled, sizes kept), in the seed or in
    the fixed deal give equal observations."""
    own = state.hands[seat] if seat is not None else ()
    passing = state.passing
    if passing is not None:
        passing = PassRound(passing.by_seat, passing.waiting, tuple((s, c) for s, c in passing.chosen if s == seat),
                            passing.resume_seat, passing.resume_regular)
    public = state._replace(
        setup=replace(state.setup, seed=0, deal=None),
        hands=tuple(own if s == seat else () for s in range(state.setup.seats)),
        stock=(),
        drawn_card=state.drawn_card if seat is not None and state.actor == seat else None,
        passing=passing,
    )
    return Observation(
        seat=seat,
        hand=tuple(sorted(own)),
        hand_sizes=tuple(len(h) for h in state.hands),
        stock_size=len(state.stock),
        public=public,
    )
