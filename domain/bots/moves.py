"""Helpers over the engine's legal moves (API body form): a canonical order, one entry per
distinct play, and the wish a play makes."""

from __future__ import annotations

from collections import Counter

from ..cards import RANK, SUIT, remove_cards
from .knowledge import Profile

__all__ = ["move_key", "canonical", "distinct_plays", "choose_wish", "with_wish", "hand_after"]


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


def choose_wish(prof: Profile, hand_left, options: list[dict], unseen: Counter) -> dict:
    """The wish a sound player makes: the suit (or rank) he holds most of, other than in
    wild cards; ties (and an empty hand) go to the one fewest unseen cards can satisfy."""
    if len(options) == 1:
        return options[0]
    r = prof.r
    total = max(1, sum(unseen.values()))

    def score(opt: dict) -> float:
        if "suit" in opt:
            s = opt["suit"]
            mine = sum(1 for c in hand_left if SUIT[c] == s and c not in prof.wild)
            out = sum(k for c, k in unseen.items() if SUIT[c] == s)
        elif "rank" in opt:
            x = opt["rank"]
            mine = sum(1 for c in hand_left if RANK[c] == x)
            out = sum(k for c, k in unseen.items() if RANK[c] == x)
        else:
            return -1.0
        share = out * (len(options)) / total
        return mine - 0.4 * share

    return max(options, key=lambda o: (score(o), -options.index(o)))


def with_wish(m: dict, wish: dict | None) -> dict:
    """The move as the bot sends it: ``wish_options`` replaced by the chosen ``wish``."""
    out = {k: v for k, v in m.items() if k != "wish_options"}
    if wish is not None:
        out["wish"] = wish
    return out
