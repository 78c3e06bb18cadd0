"""Cards, decks and card selectors (RULES.md §1.2, §2.1; card codes as in API.md).

A card is its code string: rank + suit (``10H``, ``QS``) or a joker (``JKB`` black,
``JKR`` red). Copies from a second deck share the code; hands are multisets.
"""

from __future__ import annotations

from typing import Iterable, NewType

# A card code in a type annotation (events, commands): what the API documents as a card.
Card = NewType("Card", str)
Suit = NewType("Suit", str)

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("C", "D", "H", "S")
JOKERS: tuple[str, ...] = ("JKB", "JKR")
JOKER_RANK = "JK"
RED_SUITS = frozenset({"H", "D"})
BLACK_SUITS = frozenset({"C", "S"})
JOKER_COLOUR = {"JKB": "black", "JKR": "red"}

MAX_DECKS = 8  # a rule set's deck.count
MAX_JOKERS_PER_DECK = 4
MAX_CARDS = MAX_DECKS * (len(RANKS) * len(SUITS) + MAX_JOKERS_PER_DECK)  # the most cards any table holds

ALL_CARDS: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS) + JOKERS
RANK: dict[str, str] = {r + s: r for s in SUITS for r in RANKS} | {j: JOKER_RANK for j in JOKERS}
SUIT: dict[str, str | None] = {r + s: s for s in SUITS for r in RANKS} | {j: None for j in JOKERS}
RANK_INDEX: dict[str, int] = {r: i for i, r in enumerate(RANKS)}


def is_joker(card: str) -> bool:
    return card in JOKER_COLOUR


def one_deck(ranks: Iterable[str], jokers_per_deck: int, joker_colours: Iterable[str]) -> list[str]:
    """One physical deck in a canonical order (suits, then ranks, then jokers)."""
    ranks = list(ranks)
    cards = [r + s for s in SUITS for r in ranks]
    colours = list(joker_colours) or ["black", "red"]
    for i in range(jokers_per_deck):
        cards.append("JKB" if colours[i % len(colours)] == "black" else "JKR")
    return cards


def remove_cards(hand: Iterable[str], cards: Iterable[str]) -> list[str] | None:
    """``hand`` minus the multiset ``cards``; None if some card is missing."""
    rest = list(hand)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return rest


def contains_all(hand: Iterable[str], cards: Iterable[str]) -> bool:
    """Whether ``hand`` holds the multiset ``cards``."""
    cards = tuple(cards)
    if len(cards) == 1:
        return cards[0] in hand
    return remove_cards(hand, cards) is not None


# ---------------------------------------------------------------- selectors (§1.2)

class SelectorError(ValueError):
    pass


def _atom_matches(atom: str) -> frozenset[str]:
    if atom == "any":
        return frozenset(ALL_CARDS)
    if atom == "joker":
        return frozenset(JOKERS)
    kind, sep, value = atom.partition(":")
    if not sep:
        raise SelectorError(f"unknown selector {atom!r}")
    if kind == "rank":
        if value not in RANK_INDEX:
            raise SelectorError(f"unknown rank {value!r} in selector {atom!r}")
        return frozenset(value + s for s in SUITS)
    if kind == "suit":
        if value not in SUITS:
            raise SelectorError(f"unknown suit {value!r} in selector {atom!r}")
        return frozenset(r + value for r in RANKS)
    if kind == "color" or kind == "colour":
        if value not in ("red", "black"):
            raise SelectorError(f"unknown colour {value!r} in selector {atom!r}")
        suits = RED_SUITS if value == "red" else BLACK_SUITS
        return frozenset(r + s for s in suits for r in RANKS)
    if kind == "card":
        if value not in RANK or value in JOKER_COLOUR:
            raise SelectorError(f"unknown card {value!r} in selector {atom!r}")
        return frozenset({value})
    if kind == "joker":
        if value not in ("black", "red"):
            raise SelectorError(f"unknown joker colour {value!r} in selector {atom!r}")
        return frozenset({"JKB" if value == "black" else "JKR"})
    raise SelectorError(f"unknown selector kind {kind!r} in {atom!r}")


def select(selector: str | None) -> frozenset[str]:
    """The set of card codes a selector such as ``rank:2|card:KS|joker`` names."""
    if selector is None or selector == "" or selector == "none":
        return frozenset()
    if not isinstance(selector, str):
        raise SelectorError(f"a selector must be a string, not {type(selector).__name__}")
    out: set[str] = set()
    for atom in selector.split("|"):
        out |= _atom_matches(atom.strip())
    return frozenset(out)


def ranks_targeted(selector: str | None) -> set[str]:
    """Ranks that a selector names as a whole rank (``rank:X``)."""
    if not selector:
        return set()
    return {a.strip()[5:] for a in selector.split("|") if a.strip().startswith("rank:")}
