"""What a bot knows about a rule set: the role of every card, read once from the compiled
rules, so that one heuristic serves every preset and custom rule sets."""

from __future__ import annotations

import random
import weakref
from dataclasses import dataclass, field

from ..cards import RANK, RANK_INDEX, SUIT, is_joker
from ..rules.card_values import card_value
from ..rules.schemes import PENALTY_SCHEMES

__all__ = ["Profile", "profile"]


@dataclass(frozen=True, eq=False)
class Profile:
    r: object  # CompiledRules
    wild: frozenset[str]
    attack: dict[str, int]  # draw cards and their amounts
    defence: frozenset[str]  # cards that answer or cancel some pending draw
    wish_cards: frozenset[str]
    points: dict[str, int]  # penalty points per card (empty outside penalty schemes)
    point_weight: float  # card-units per penalty point
    penalty_scheme: bool
    declared_jokers: bool
    unit_table: tuple[float, ...] = field(default=(), repr=False)  # expected units of h random cards

    def units(self, hand) -> int:
        """How many plays it takes to empty ``hand`` if every play were possible: cards
        that may go down together (same-rank packs, a Tel-Aviv 5 with its follow-up)
        count once."""
        r = self.r
        if r.multi_mode == "none":
            n = len(hand)
            if r.play_again_cards and n > 1:
                n -= min(n - 1, sum(1 for c in hand if c in r.play_again_cards))
            return n
        if r.multi_mode == "same_rank_and_runs":
            return _run_components(hand)
        loose = 0
        ranks = set()
        for c in hand:
            if not r.multi_special and c in r.special:
                loose += 1
            else:
                ranks.add(RANK[c])
        return loose + len(ranks)

    def expected_units(self, cards: float) -> float:
        """``units`` of a random hand of ``cards`` cards (interpolated)."""
        t = self.unit_table
        if cards <= 0:
            return 0.0
        top = len(t) - 1
        if cards >= top:
            return t[top] + (cards - top) * (t[top] - t[top - 1])
        i = int(cards)
        return t[i] + (cards - i) * (t[i + 1] - t[i])

    def keep_value(self, card: str) -> float:
        """How much a card is worth keeping for later, in card units."""
        v = 0.0
        if card in self.wild:
            v += 0.45
        if self.declared_jokers and is_joker(card):
            v += 0.35
        if card in self.defence:
            v += 0.2
        return v


def _run_components(hand) -> int:
    """Connected groups of cards linked by rank or by suit and adjacent rank (a lower
    bound on the plays a hand of runs and packs needs)."""
    cards = list(hand)
    parent = list(range(len(cards)))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, a in enumerate(cards):
        ra, sa = RANK[a], SUIT[a]
        for j in range(i):
            b = cards[j]
            rb = RANK[b]
            linked = ra == rb or (sa is not None and sa == SUIT[b] and rb != "JK"
                                  and abs(RANK_INDEX[ra] - RANK_INDEX[rb]) == 1)
            if linked:
                parent[find(i)] = find(j)
    return sum(1 for i in range(len(cards)) if find(i) == i)


_CACHE: "weakref.WeakKeyDictionary[object, Profile]" = weakref.WeakKeyDictionary()


def profile(r) -> Profile:
    hit = _CACHE.get(r)
    if hit is None:
        hit = _CACHE[r] = _build(r)
    return hit


def _build(r) -> Profile:
    attack = {c: e.amount for c, e in r.effect.items() if e.type == "draw"}
    defence = set()
    for kind, table in r.answers.items():
        if kind.startswith("draw:"):
            defence.update(table)
    wish_cards = frozenset(c for c, e in r.effect.items() if e.type in ("suit_wish", "rank_wish"))
    penalty = r.scheme in PENALTY_SCHEMES and r.card_values is not None
    points: dict[str, int] = {}
    weight = 0.0
    if penalty:
        points = {c: card_value(r.card_values, c) for c in r.universe}
        plain = [v for c, v in points.items() if RANK[c] != "JK"]
        mean = sum(plain) / max(1, len(plain))
        weight = 0.35 / max(1.0, mean)  # a card of average value weighs a third of a card
    prof = Profile(r=r, wild=r.wild, attack=attack, defence=frozenset(defence), wish_cards=wish_cards,
                   points=points, point_weight=weight, penalty_scheme=penalty,
                   declared_jokers=r.joker_mode == "declared")
    object.__setattr__(prof, "unit_table", _unit_table(prof))
    return prof


def _unit_table(prof: Profile, top: int = 30, samples: int = 120) -> tuple[float, ...]:
    deck = prof.r.full_deck(2)
    rng = random.Random(0)  # a fixed table: no randomness leaks into play
    out = [0.0]
    for h in range(1, top + 1):
        total = 0
        for _ in range(samples):
            total += prof.units(rng.sample(deck, min(h, len(deck))))
        out.append(total / samples)
    return tuple(out)
