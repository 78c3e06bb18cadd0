"""Dealing a round (RULES.md §2.2–§2.4, Z25), the upcard played as the dealer's play, and
checking a fixed deal (API.md ``deal``)."""

from __future__ import annotations

import random
from collections import Counter

from .. import events as ev
from ..cards import SUIT
from ..commands import WishChoice
from ..errors import InvalidSetup
from .context import Ctx
from .play import resolve_effects
from .turns import CONTINUE, start_turn


def first_dealer(setup) -> int:
    r = setup.rules.compiled
    if setup.deal is not None:
        if setup.deal.dealer is not None:
            return setup.deal.dealer
        return (0 - r.initial_direction) % setup.seats  # the seat that makes seat 0 act first
    return random.Random(f"{setup.seed}|dealer").randrange(setup.seats)


def check_fixed_deal(setup) -> None:
    deal = setup.deal
    r = setup.rules.compiled
    n = setup.seats
    if len(deal.hands) != n:
        raise InvalidSetup("deal.hands", f"must hold one hand per seat ({n}), got {len(deal.hands)}")
    if deal.dealer is not None and not (isinstance(deal.dealer, int) and 0 <= deal.dealer < n):
        raise InvalidSetup("deal.dealer", f"must be a seat 0..{n - 1}")
    available = Counter(r.full_deck(n))
    named = Counter()
    for i, hand in enumerate(deal.hands):
        if len(hand) < 1:
            raise InvalidSetup(f"deal.hands[{i}]", "a hand holds at least one card")
        for j, card in enumerate(hand):
            if card not in available:
                raise InvalidSetup(f"deal.hands[{i}][{j}]", f"{card!r} is not a card of this variant's deck")
            named[card] += 1
    if deal.starter not in available:
        raise InvalidSetup("deal.starter", f"{deal.starter!r} is not a card of this variant's deck")
    named[deal.starter] += 1
    for j, card in enumerate(deal.stock):
        if card not in available:
            raise InvalidSetup(f"deal.stock[{j}]", f"{card!r} is not a card of this variant's deck")
        named[card] += 1
    for card, k in named.items():
        if k > available[card]:
            raise InvalidSetup("deal", f"{card} is named {k} times but the deck holds {available[card]}")


def deal_round(ctx: Ctx, round_no: int, dealer: int) -> None:
    t, r = ctx.t, ctx.r
    setup = t.setup
    n = setup.seats
    rng = ctx.rng()
    fixed = setup.deal if round_no == 1 else None
    redraws = 0
    if fixed is not None:
        rest = Counter(r.full_deck(n))
        rest.subtract(Counter(c for h in fixed.hands for c in h))
        rest.subtract(Counter(fixed.stock))
        rest[fixed.starter] -= 1
        tail = sorted(rest.elements())
        rng.shuffle(tail)
        hands = [list(h) for h in fixed.hands]
        upcard = fixed.starter
        stock = list(fixed.stock) + tail
    else:
        deck = r.full_deck(n)
        rng.shuffle(deck)  # deck[0] is the top
        size = r.hand_size_for(n)
        hands = [[] for _ in range(n)]
        first = (dealer + r.initial_direction) % n
        pos = 0
        for _ in range(size):  # one card at a time from the first player on (§2.2)
            for i in range(n):
                hands[(first + i * r.initial_direction) % n].append(deck[pos])
                pos += 1
        upcard, stock = deck[pos], deck[pos + 1:]
        if r.first_card_policy == "redraw_until_plain":
            # bury a special upcard at a random place in the stock and turn the next (§2.4)
            while upcard in r.special and redraws < 4 * len(deck):
                stock.insert(rng.randrange(len(stock) + 1), upcard)
                upcard = stock.pop(0)
                redraws += 1
    order = [c for h in hands for c in h] + [upcard] + stock
    ctx.emit(ev.RoundStarted(round_no, dealer, r.initial_direction, tuple(tuple(h) for h in hands),
                             tuple(stock), upcard, redraws, r.deck_count_for(n), ctx.commitment(order),
                             fixed is not None))
    policy = r.first_card_policy
    if fixed is not None and policy == "redraw_until_plain":
        policy = "ignore_effect"  # Z25: a fixed starter is never redrawn
    first = ctx.next(dealer)
    if policy == "apply_as_dealer_play" and upcard in r.special:
        dealer_play(ctx, dealer, upcard)
    else:
        start_turn(ctx, first, first)


def upcard_wish(r, card: str):
    """Z5: a suit-wish upcard wishes its own suit; a rank-wish upcard wishes nothing."""
    eff = r.effect.get(card)
    if eff is not None and eff.type == "suit_wish" and SUIT[card] is not None:
        return WishChoice("suit", SUIT[card])
    return None


def deal_next_round(ctx: Ctx) -> None:
    """The round has ended and the game goes on: the next dealer deals (§2.3)."""
    t = ctx.t
    deal_round(ctx, t.round + 1, (t.dealer + ctx.r.initial_direction) % len(t.active))


def dealer_play(ctx: Ctx, dealer: int, upcard: str) -> None:
    """``apply_as_dealer_play`` (§2.4): the upcard acts as if the dealer had just played
    it; a wish upcard follows Z5; a reversing upcard with two players lets the dealer
    play first (Z4)."""
    r = ctx.r
    eff = r.effect.get(upcard)
    if eff is not None and eff.type in ("play_again", "pass_left", "cancel"):
        first = ctx.next(dealer)
        start_turn(ctx, first, first)
        return
    nxt = resolve_effects(ctx, dealer, [upcard], "normal", None, True, upcard_wish(r, upcard), None)
    if nxt is CONTINUE:  # pragma: no cover - excluded above
        return
    start_turn(ctx, nxt.seat, nxt.next_regular, nxt.bonus)
