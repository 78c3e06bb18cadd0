"""Helpers over the engine's legal moves (API body form): a canonical order, one entry per
distinct play, and the wish a play makes."""

from __future__ import annotations

from ..cards import RANK, RANK_INDEX, SUIT, remove_cards

__all__ = ["move_key", "canonical", "distinct_plays", "equivalent_dropped", "with_wish", "hand_after", "longest_run"]

RUN_NODES = 64  # search nodes per run


def move_key(m: dict) -> tuple:
    return (m["action"], tuple(m.get("cards", ())), m.get("joker_as") or "", bool(m.get("announce")),
            m.get("target_seat", -1), m.get("card", ""))


def canonical(moves: list[dict]) -> list[dict]:
    """The moves in an order that depends only on what they are (not on hand order)."""
    return sorted(moves, key=move_key)


def distinct_plays(moves: list[dict], announce: bool = True) -> list[dict]:
    """One move per distinct (cards, joker_as): the variant with the last-card call when
    ``announce`` (and the engine lists one), else the one without."""
    best: dict[tuple, dict] = {}
    for m in moves:
        if m["action"] != "play":
            continue
        k = (tuple(m["cards"]), m.get("joker_as"))
        have = best.get(k)
        if have is None or (bool(m.get("announce")) == announce and bool(have.get("announce")) != announce):
            best[k] = m
    return [best[k] for k in sorted(best, key=lambda k: (k[0], k[1] or ""))]


def equivalent_dropped(moves: list[dict], first_counts: bool) -> list[dict]:
    """One move per class of equivalent plays: plays of the same cards that end on the
    same card (the new top; the effects are those of the final same-rank group) lead to
    the same position, whatever the order of the cards before it; where the first card
    matters too (answering an attack or a skip, meeting a wish: ``first_counts``), it is
    part of the class. The first move of each class is kept, in the given order."""
    seen = set()
    out = []
    for m in moves:
        if m["action"] == "play":
            cards = m["cards"]
            key = (tuple(sorted(cards)), cards[-1], m.get("joker_as"), cards[0] if first_counts else None)
            if key in seen:
                continue
            seen.add(key)
        out.append(m)
    return out


def hand_after(hand, m: dict) -> list[str]:
    return remove_cards(hand, m["cards"]) or []


def with_wish(m: dict, wish: dict | None) -> dict:
    """The move as the bot sends it: ``wish_options`` replaced by the chosen ``wish``."""
    out = {k: v for k, v in m.items() if k != "wish_options"}
    if wish is not None:
        out["wish"] = wish
    return out


def longest_run(first: str, hand) -> tuple[str, ...]:
    """The longest play starting with ``first`` in which each card has the rank of the
    one before or its suit and a neighbouring rank (§2.9 runs), by a bounded search."""
    rest = list(hand)
    rest.remove(first)
    best = [(first,)]
    budget = [RUN_NODES]

    def extend(path, left):
        if len(path) > len(best[0]):
            best[0] = path
        prev = path[-1]
        pr, ps = RANK[prev], SUIT[prev]
        for i, c in enumerate(left):
            if budget[0] <= 0:
                return
            if ps is None or SUIT[c] is None:
                continue
            if RANK[c] == pr or (SUIT[c] == ps and abs(RANK_INDEX[RANK[c]] - RANK_INDEX[pr]) == 1):
                budget[0] -= 1
                extend(path + (c,), left[:i] + left[i + 1:])

    extend((first,), rest)
    return best[0]
