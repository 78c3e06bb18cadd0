"""Helpers over the engine's legal moves (API body form): a canonical order, one entry per
distinct play, and the wish a play makes."""

from __future__ import annotations

from ..cards import remove_cards

__all__ = ["move_key", "canonical", "distinct_plays", "with_wish", "hand_after"]


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


def hand_after(hand, m: dict) -> list[str]:
    return remove_cards(hand, m["cards"]) or []


def with_wish(m: dict, wish: dict | None) -> dict:
    """The move as the bot sends it: ``wish_options`` replaced by the chosen ``wish``."""
    out = {k: v for k, v in m.items() if k != "wish_options"}
    if wish is not None:
        out["wish"] = wish
    return out
