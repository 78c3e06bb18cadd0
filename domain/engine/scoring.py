"""Round and game scoring (RULES.md §2.8 blocked rounds, §2.14, §5)."""

from __future__ import annotations

from ..cards import SUIT
from ..rules.card_values import card_value
from ..rules.schemes import END_ABOVE_TARGET, PENALTY_SCHEMES, WIN_SCHEMES


def _rank_places(order_keys: list[tuple[int, object]], start: int) -> dict[int, int]:
    """Competition ranking (1, 2, 2, 4) of (seat, key) pairs, best key first."""
    places: dict[int, int] = {}
    ordered = sorted(order_keys, key=lambda sk: sk[1])
    for i, (seat, key) in enumerate(ordered):
        if i > 0 and key == ordered[i - 1][1]:
            places[seat] = places[ordered[i - 1][0]]
        else:
            places[seat] = start + i
    return places


def _hand_points(r, hand) -> int:
    return sum(card_value(r.card_values, c) for c in hand)


def _blocked_places(t, r, remaining: list[int], start: int) -> tuple[dict[int, int], list[int]]:
    """§2.8 item 4, ``stock.blocked_round``: the places of the seats still holding cards
    in a blocked round, and who among them wins it.

    ``rank_by_cards``: ranked by fewest cards, ties share a place and the seats with the
    fewest cards share the win. ``fewest_cards_wins``: the one seat with the fewest cards
    wins and is placed ahead, the others share the next place; a tie for fewest → nobody
    wins, all share one place. ``score_all``: nobody wins, all share one place."""
    sizes = {s: len(t.hands[s]) for s in remaining}
    fewest = min(sizes.values())
    best = [s for s in remaining if sizes[s] == fewest]
    resolution = r.blocked_round
    if resolution == "rank_by_cards":
        return _rank_places(list(sizes.items()), start), best
    if resolution == "fewest_cards_wins" and len(best) == 1:
        return {s: start if s == best[0] else start + 1 for s in remaining}, best
    return {s: start for s in remaining}, []


def round_outcome(t, r, reason: str):
    """(standings, points, scores) of the round that just ended."""
    n = len(t.active)
    finished = list(t.finished)
    places = {seat: i + 1 for i, seat in enumerate(finished)}
    remaining = [s for s in range(n) if s not in places]
    winners = finished[:1]
    if reason == "blocked" and remaining:
        blocked, blocked_winners = _blocked_places(t, r, remaining, len(finished) + 1)
        places.update(blocked)
        if not finished:
            winners = blocked_winners
    else:
        places.update(_rank_places([(s, len(t.hands[s])) for s in remaining], len(finished) + 1))
    standings = tuple(places[s] for s in range(n))

    scheme = r.scheme
    points = [0] * n
    if scheme in WIN_SCHEMES:
        for s in winners:
            points[s] = 1
    elif scheme in PENALTY_SCHEMES:
        for s in range(n):
            points[s] = 0 if s in winners else _hand_points(r, t.hands[s])
        if scheme == "lite_101":
            _lite_101_wish_cards(t, r, points, finished)
        top = t.discard[-1] if t.discard else None
        if r.wild_double and reason != "blocked" and top in r.wild:
            points = [p * 2 if s not in finished[:1] else p for s, p in enumerate(points)]
    elif scheme == "placement_points":
        points = [n - standings[s] for s in range(n)]

    scores = list(t.scores)
    for s in range(n):
        scores[s] += points[s]
        if scheme == "lite_101":
            if scores[s] == 100:
                scores[s] = 50
            elif scores[s] == 101:
                scores[s] = 0
    return standings, tuple(points), tuple(scores)


def _lite_101_wish_cards(t, r, points, finished) -> None:
    """§5.5 lite_101: a lone wish card left scores 40 (spade) / 20; going out on a wish
    card subtracts that amount."""
    def wish_value(card):
        eff = r.effect.get(card)
        if eff is None or eff.type not in ("suit_wish", "rank_wish"):
            return None
        return 40 if SUIT[card] == "S" else 20

    for s, hand in enumerate(t.hands):
        if len(hand) == 1 and wish_value(hand[0]) is not None:
            points[s] = wish_value(hand[0])
    if finished:
        top = t.discard[-1]
        v = wish_value(top)
        if v is not None:
            points[finished[0]] -= v


def game_outcome(t, r):
    """None while the game goes on, else (winners, losers, final standings)."""
    n = len(t.active)
    scores = t.scores
    scheme = r.scheme
    if scheme == "placement":
        standings = t.rounds[-1].standings
        winners = tuple(s for s in range(n) if standings[s] == 1)
        last = max(standings)
        losers = tuple(s for s in range(n) if standings[s] == last and last > 1)
        return winners, losers, standings
    target = r.target
    if scheme in ("win_points", "championship", "placement_points"):
        if max(scores) < target:
            return None
        final = _rank_places([(s, -scores[s]) for s in range(n)], 1)
        top = max(scores)
        winners = tuple(s for s in range(n) if scores[s] == top)
        return winners, (), tuple(final[s] for s in range(n))
    # penalty schemes: the game ends after the round in which a score reaches the target
    exceeds = r.end_when == "exceeds" or scheme in END_ABOVE_TARGET
    over = [s for s in range(n) if (scores[s] > target if exceeds else scores[s] >= target)]
    if not over:
        return None
    final = _rank_places([(s, scores[s]) for s in range(n)], 1)
    low = min(scores)
    winners = tuple(s for s in range(n) if scores[s] == low)
    return winners, tuple(over), tuple(final[s] for s in range(n))
