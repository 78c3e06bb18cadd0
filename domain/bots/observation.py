"""Sampled worlds consistent with what a seat may know (``domain.observation``).

``determinize`` deals the unseen cards at random into the other hands and the stock:
one possible world, a full ``GameState`` the engine can play on."""

from __future__ import annotations

import random
from dataclasses import replace

from ..observation import Observation, observation
from ..state import GameState

__all__ = ["Observation", "observation", "determinize", "deal", "world"]


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
