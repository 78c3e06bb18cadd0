"""``normal``'s judgement of one move, in card units ("plays left to go out"), computed
straight from the rules without playing the move — cheap enough that the same function
chooses every move of every seat in the search's playouts, so that ``hard`` searches
against the very policy ``normal`` plays.

A view ``g`` supplies what the mover may know: ``r``, ``prof``, ``active``, ``direction``,
``next(seat, d=None)``, ``size(seat)``, ``pd`` (amount, family, target, regular) and
``ps`` (turns, target) as sequences or None, ``wish``, ``next_regular``, ``actor``,
``bonus`` (the actor's Pławno bonus turns left after this one, or None), and the matching
fields the engine's ``why_not_normal`` reads. ``Unseen`` counts the cards the mover has
not seen (other hands and the stock)."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import JOKERS, RANK, SUIT, is_joker
from ..engine.context import next_active
from ..engine.matching import effect_counts

__all__ = ["Unseen", "Judge", "Weights", "NORMAL_WEIGHTS", "trigger", "draw_totals", "WIN"]

WIN = 100.0


@dataclass(frozen=True, slots=True)
class Weights:
    """The judgement's constants, in plays left to go out."""

    threat: float = 7.0  # an opponent on one card about to act: what it costs if he can go out
    tempo: float = 0.8  # acting again at once
    skip: float = 0.9  # an opponent losing a turn
    stuck: float = 0.9  # the next player unable to follow (he draws)
    bounce: float = 0.45  # share of an answered attack that comes back (two players)
    flex: float = 0.1  # per card left that follows the new top (up to four)
    low: float = 1.5  # attacks and skips on a player down to two cards count this much more
    robin: float = 0.7  # per 4 added to a Pławno robin
    again: float = 0.2  # a Tel-Aviv 5: the turn goes on
    draw: float = 0.3  # a voluntary draw, beyond the card
    wild: float = 0.45  # keeping a wild card
    joker: float = 0.35  # keeping a Pławno joker (on top of its being wild)
    defence: float = 0.2  # keeping a card that answers an attack
    special_last: float = 0.6  # Switch: a special card as the last card must draw
    swap: float = 0.0  # Switch hand swap: how much the neighbour's share of the swap counts
    focus: float = 0.6  # with several opponents: share of a hit that counts when it falls on the one lowest on cards
    spread: float = 0.4  # ... and the share that counts whoever it falls on (divided among the opponents)
    points: float = 1.0  # penalty points shed (penalty schemes), relative to the profile's point weight

    def keep(self, prof, card: str) -> float:
        v = 0.0
        if card in prof.wild:
            v += self.wild
        if prof.declared_jokers and is_joker(card):
            v += self.joker
        if card in prof.defence:
            v += self.defence
        return v


NORMAL_WEIGHTS = Weights()


class Unseen:
    """Counts of the cards a player has not seen: all cards outside the discard pile
    (``*_out``) minus his own hand."""

    __slots__ = ("card_out", "suit_out", "rank_out", "wild_out", "total_out", "hand_card", "hand_suit",
                 "hand_rank", "hand_wild", "n_hand")

    def __init__(self, card_out, suit_out, rank_out, wild_out: int, total_out: int, hand, wild):
        self.card_out, self.suit_out, self.rank_out = card_out, suit_out, rank_out
        self.wild_out, self.total_out = wild_out, total_out
        self.hand_card, self.hand_suit, self.hand_rank, self.hand_wild = _tally(hand, wild)
        self.n_hand = len(hand)

    @classmethod
    def of_cards(cls, cards, hand, wild) -> "Unseen":
        """From the unseen cards themselves (``hand`` is then not subtracted again)."""
        card_out, suit_out, rank_out, w = _tally(cards, wild)
        return cls(card_out, suit_out, rank_out, w, len(cards), (), wild)

    def total(self) -> int:
        return self.total_out - self.n_hand

    def suit(self, s) -> int:
        return self.suit_out.get(s, 0) - self.hand_suit.get(s, 0)

    def rank(self, q) -> int:
        return self.rank_out.get(q, 0) - self.hand_rank.get(q, 0)

    def card(self, c) -> int:
        return self.card_out.get(c, 0) - self.hand_card.get(c, 0)

    def wilds(self) -> int:
        return self.wild_out - self.hand_wild

    def share(self, cards) -> float:
        """The share of unseen cards among ``cards`` (a set or table of card codes)."""
        total = self.total_out - self.n_hand
        if total <= 0:
            return 0.0
        co, hc = self.card_out, self.hand_card
        k = 0
        for c in cards:
            k += co.get(c, 0) - hc.get(c, 0)
        return max(0, k) / total


def _tally(cards, wild) -> tuple[dict, dict, dict, int]:
    """Counts of ``cards`` by card, by suit and by rank, and how many are wild."""
    by_card: dict = {}
    by_suit: dict = {}
    by_rank: dict = {}
    w = 0
    for c in cards:
        by_card[c] = by_card.get(c, 0) + 1
        s = SUIT[c]
        by_suit[s] = by_suit.get(s, 0) + 1
        q = RANK[c]
        by_rank[q] = by_rank.get(q, 0) + 1
        w += c in wild
    return by_card, by_suit, by_rank, w


def trigger(decl) -> list[str]:
    """The final same-rank group of a play: the cards whose effects apply (§2.9)."""
    i = len(decl) - 1
    while i > 0 and RANK[decl[i - 1]] == RANK[decl[i]]:
        i -= 1
    return decl[i:]


def draw_totals(r, group):
    amount = 0
    family = None
    target = "next"
    last = None
    for c in group:
        e = r.effect.get(c)
        if e is not None and e.type == "draw":
            amount += e.amount
            family, target, last = e.family, e.target, c
    if last is not None and r.king_top_only and RANK[last] == "K":
        amount = r.effect[last].amount
    return amount, family, target


class Judge:
    """``normal``'s judgement of the moves of seat ``x`` in one position of view ``g``
    (``phase``: draw, skip, robin or normal), worked out once for all of its moves."""

    __slots__ = ("g", "x", "hand", "phase", "U", "units0", "opps", "low", "two", "nxt", "w", "self_target")

    def __init__(self, g, x: int, hand, phase: str, U: Unseen, w: Weights = NORMAL_WEIGHTS):
        self.g, self.x, self.hand, self.phase, self.U, self.w = g, x, hand, phase, U, w
        self.units0 = g.prof.units(hand)
        active = g.active
        opps = [s for s in range(len(active)) if active[s] and s != x]
        self.opps = opps
        self.low = min((g.size(s) for s in opps), default=99)
        self.two = len(opps) == 1
        # a Pławno bonus turn with more to come: his effects hit himself (§2.10.7)
        self.self_target = g.actor == x and g.bonus is not None and g.bonus > 0
        self.nxt = x if self.self_target else g.next(x)

    def weight(self, victim: int) -> float:
        """How much hurting ``victim`` is worth: fully with one opponent; with more,
        mostly when the victim is the one closest to going out."""
        if self.two:
            return 1.0
        return (self.w.focus if self.g.size(victim) == self.low else 0.0) + self.w.spread / max(1, len(self.opps))

    def attack(self, amount: int, family: str, victim: int) -> float:
        g, prof = self.g, self.g.prof
        if victim == self.x:
            return -prof.expected_units(amount)
        h = g.size(victim)
        f = self.U.share(g.r.answers.get("draw:" + family, ()))
        if prof.declared_jokers:
            f = min(1.0, f + self.U.share(JOKERS))
        p = 1.0 - (1.0 - f) ** max(1, h)
        val = (prof.expected_units(h + amount) - prof.expected_units(h)) * (1.0 - p)
        if self.two:
            val -= self.w.bounce * p * prof.expected_units(amount)
        if h <= 2:
            val *= self.w.low
        return val * self.weight(victim)

    def skip(self, victim: int, answerable: bool) -> float:
        val = self.w.skip
        h = self.g.size(victim)
        if answerable:
            f = self.U.share(self.g.r.answers.get("skip", ()))
            val *= (1.0 - f) ** max(1, h)
        if h <= 2:
            val *= self.w.low
        return val * self.weight(victim)

    def take(self) -> float:
        """Drawing, taking the pending obligation or passing."""
        g, prof, phase = self.g, self.g.prof, self.phase
        if phase == "draw":
            h = len(self.hand)
            return -(prof.expected_units(h + g.pd[0]) - prof.expected_units(h))
        if phase == "skip":
            return -self.w.skip * g.ps[0]
        return 0.0

    def draw(self) -> float:
        """A voluntary (or forced) draw of one card in a normal turn."""
        prof = self.g.prof
        h = len(self.hand)
        return -(prof.expected_units(h + 1) - prof.expected_units(h)) - self.w.draw

    def play(self, cards, decl, wish) -> float:
        """Playing ``cards`` (``decl``: as declared), naming ``wish`` = (kind, value) if
        the play makes one."""
        g, x = self.g, self.x
        r, prof = g.r, g.prof
        left = list(self.hand)
        for c in cards:
            left.remove(c)
        last = decl[-1]
        forced = False
        if not left:
            forced = ((r.special_must_draw and last in r.special)
                      or (r.play_again_last and last in r.play_again_cards))
            if not forced:
                return WIN
        v = float(self.units0 - prof.units(left))
        if forced:
            v -= 0.5
        w = self.w
        for c in cards:
            v -= w.keep(prof, c)
        if prof.penalty_scheme:
            danger = 2.0 if self.low <= 2 else 1.0
            v += danger * w.points * prof.point_weight * sum(prof.points[c] for c in cards)
        group = trigger(decl)
        first = decl[0]
        nxt = self.nxt
        acted_on = False  # an effect already falls on the next player
        phase = self.phase
        if phase == "draw":
            table = r.answers.get("draw:" + g.pd[1], {})
            if table.get(first) != "cancel":
                amount, family, target = draw_totals(r, group)
                nr = nxt if x == g.next_regular else g.next_regular
                if r.targeting == "by_card":
                    victim = g.next(x, -g.direction) if target == "previous" else nxt
                else:
                    victim = nr
                v += self.attack(g.pd[0] + amount, family or g.pd[1], victim)
                acted_on = True
        elif phase == "skip":
            if r.answers.get("skip", {}).get(first) != "cancel":
                v += self.skip(nxt, True)
                acted_on = True
        elif phase == "robin":
            v += w.robin * len(cards)
            acted_on = True
        else:
            counts = effect_counts(r, group)
            if counts:
                if counts.get("reverse", 0) % 2:
                    if self.two and r.reverse_two_as_skip:
                        v += w.tempo
                        acted_on = True
                    else:
                        nxt = g.next(x, -g.direction)
                if "draw" in counts:
                    amount, family, target = draw_totals(r, group)
                    victim = g.next(x, -g.direction) if (target == "previous" and not self.two) else nxt
                    if self.self_target:
                        victim = x
                    v += self.attack(amount, family, victim)
                    acted_on = True
                elif counts.get("skip"):
                    own = -w.skip if self.self_target else self.skip(nxt, r.skip_mode != "none")
                    v += own * counts["skip"]
                    acted_on = True
                elif counts.get("skip_robin"):
                    v += w.robin * counts["skip_robin"]
                    acted_on = True
                elif counts.get("play_again"):
                    v += w.again
                    acted_on = True
                if counts.get("hand_swap", 0) % 2:
                    nb = g.next(x, 1)
                    if nb != x:  # I take his hand, he takes what I have left
                        gain = prof.units(left) - prof.expected_units(g.size(nb))
                        v += gain * (1.0 + w.swap * self.weight(nb))
        # the new top, as the next player and I will meet it
        if wish is not None and wish[0] != "free":
            suit, rank = (wish[1], None) if wish[0] == "suit" else (None, wish[1])
            ok = sum(1 for c in left if (SUIT[c] == suit if suit else RANK[c] == rank))
        else:
            suit, rank = SUIT[last], (None if is_joker(last) else RANK[last])
            wild = prof.wild
            ok = sum(1 for c in left if c not in wild and (SUIT[c] == suit or RANK[c] == rank))
        v += w.flex * (ok if ok < 4 else 4)
        if not acted_on and nxt != x and g.active[nxt]:
            f = _playable_share(g, self.U, suit, rank, wish)
            h = g.size(nxt)
            v += w.stuck * (1.0 - f) ** max(1, h) * self.weight(nxt)
            if h == 1:
                v -= f * w.threat
        if len(left) == 1 and r.special_must_draw and left[0] in r.special:
            v -= w.special_last
        return v


def _playable_share(g, U: Unseen, suit, rank, wish) -> float:
    """The share of unseen cards the next player could play on the new top."""
    total = U.total()
    if total <= 0:
        return 0.0
    r = g.r
    if wish is not None:
        kind, value = wish
        if kind == "suit":
            k = U.suit(value)
            k += sum(U.card(c) for c in r.answers.get("wish:suit", ()) if SUIT[c] != value)
        elif kind == "rank":
            k = U.rank(value) + sum(U.card(c) for c in r.answers.get("wish:rank", ()) if RANK[c] != value)
        else:
            return 0.6
    else:
        k = (U.suit(suit) if suit is not None else 0) + (U.rank(rank) if rank is not None else 0) + U.wilds()
    return min(1.0, k / total)


def pick_wish(prof, left, options, U: Unseen):
    """Among the allowed wishes (``WishChoice``s), the suit or rank held most (wild cards
    aside); ties, and an empty hand, go to the one fewest unseen cards satisfy."""
    if len(options) == 1:
        return options[0]
    total = max(1, U.total())
    best, best_score = options[0], -1e9
    for o in options:
        if o.kind == "suit":
            mine = sum(1 for c in left if SUIT[c] == o.value and c not in prof.wild)
            out = U.suit(o.value)
        elif o.kind == "rank":
            mine = sum(1 for c in left if RANK[c] == o.value)
            out = U.rank(o.value)
        else:
            mine, out = -1, 0
        score = mine - 0.4 * out * len(options) / total
        if score > best_score:
            best, best_score = o, score
    return best


class StateView:
    """A scoring view of an observation (hand sizes, not hands)."""

    __slots__ = ("r", "prof", "active", "direction", "sizes", "pd", "ps", "wish", "next_regular", "free_play",
                 "effective_suit", "effective_rank", "top_declared", "discard", "played_in_turn", "actor", "bonus")

    def __init__(self, obs, prof):
        t = obs.public
        self.r, self.prof = prof.r, prof
        self.active, self.direction, self.sizes = t.active, t.direction, obs.hand_sizes
        pd, ps = t.pending_draw, t.pending_skip
        self.pd = None if pd is None else (pd.amount, pd.family, pd.target, pd.target_is_regular)
        self.ps = None if ps is None else (ps.turns, ps.target)
        self.wish, self.next_regular, self.free_play = t.wish, t.next_regular, t.free_play
        self.effective_suit, self.effective_rank = t.effective_suit, t.effective_rank
        self.top_declared, self.discard, self.played_in_turn = t.top_declared, t.discard, t.played_in_turn
        self.actor = t.actor
        self.bonus = t.bonus[1] if t.bonus is not None and t.bonus[0] == t.actor else None  # bonus turns left

    def size(self, seat: int) -> int:
        return self.sizes[seat]

    def next(self, seat: int, d: int | None = None) -> int:
        return next_active(self.active, seat, self.direction if d is None else d)


__all__ += ["pick_wish", "StateView"]
