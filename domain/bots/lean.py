"""A lean simulator for the search's playouts: the rest of a round played on plain
mutable lists, several times faster than stepping the engine (no events, no immutable
copies, no validation).

It plays the preset rules as the engine does on the common paths — matching (the
engine's own ``why_not_normal`` and ``satisfies``), draw chains with every targeting
model, skips in every mode, reverses, wishes with their restrictions, hand swaps,
Tel-Aviv follow-ups, Pławno robins and declared jokers, reshuffles, last-card draws —
and simplifies what rarely matters to a playout's outcome: every player always makes
his last-card call, Pławno bonus-turn effects hit the next player instead of the bonus
player, a blocked round goes to the fewest cards. Rule sets with features it does not
model (``supported`` is False) are played out by the engine instead (``playout``).

It only ever runs on sampled worlds inside the search; the move a bot sends always comes
from ``legal_moves``."""

from __future__ import annotations

import random

from ..cards import RANK, SUIT, is_joker
from ..engine.context import next_active
from ..engine.matching import effect_counts, satisfies, suit_in_play, why_not_normal, wish_options
from ..state import Wish
from ..table import TRANSPARENT_JOKERS
from .knowledge import Profile
from .move_lists import longest_run
from .judgement import NORMAL_WEIGHTS, Judge, Unseen, draw_totals, pick_wish, trigger

__all__ = ["supported", "LeanGame", "MAX_PLIES"]

MAX_PLIES = 600
SUPPORTED_EFFECTS = {"draw", "skip", "reverse", "suit_wish", "rank_wish", "hand_swap", "cancel", "play_again",
                     "skip_robin", "joker_declared"}
NOISE = 0.05  # random tie-breaks between moves judged alike


def supported(r) -> bool:
    return (all(e.type in SUPPORTED_EFFECTS for e in r.effect.values())
            and not r.bounce and r.wish_duration == "until_fulfilled" and r.penalty_ends_turn
            and r.backward_as_forward
            and r.scheme in ("win_points", "placement", "penalty_points")
            and (r.end_mode == "first_out" or r.scheme == "placement"))


class LeanGame:
    """One round in progress. ``run`` plays it until it is decided and returns the seat
    that went out first (None: blocked or cut off)."""

    __slots__ = ("r", "prof", "rng", "n", "hands", "stock", "discard", "top_declared", "effective_suit",
                 "effective_rank", "free_play", "wish", "played_in_turn", "direction", "active", "actor",
                 "next_regular", "pd", "ps", "ttm", "follow_up", "robin", "bonus", "no_progress", "winner",
                 "plies", "card_out", "suit_out", "rank_out", "wild_out", "total_out", "weights")

    def __init__(self, state, prof: Profile, rng: random.Random, weights=None):
        """``weights``: the judgement each seat plays by (default: ``normal``'s)."""
        self.r = prof.r
        self.weights = weights or (NORMAL_WEIGHTS,) * len(state.hands)
        self.prof = prof
        self.rng = rng
        self.n = len(state.hands)
        self.hands = [list(h) for h in state.hands]
        self.stock = list(state.stock)
        self.discard = list(state.discard)
        self.top_declared = state.top_declared
        self.effective_suit = state.effective_suit
        self.effective_rank = state.effective_rank
        self.free_play = state.free_play
        self.wish = state.wish
        self.played_in_turn = state.played_in_turn
        self.direction = state.direction
        self.active = list(state.active)
        self.actor = state.actor
        self.next_regular = state.next_regular
        pd = state.pending_draw
        self.pd = None if pd is None else [pd.amount, pd.family, pd.target, pd.target_is_regular]
        ps = state.pending_skip
        self.ps = None if ps is None else [ps.turns, ps.target]
        self.ttm = list(state.turns_to_miss)
        self.follow_up = state.follow_up
        rb = state.robin
        self.robin = None if rb is None else [rb.count, rb.last_seat, rb.asked_since]
        self.bonus = state.bonus[1] if state.bonus is not None and state.bonus[0] == state.actor else None
        self.no_progress = state.no_progress
        self.winner = None
        self.plies = 0
        self.card_out, self.suit_out, self.rank_out = {}, {}, {}
        self.wild_out = self.total_out = 0
        for h in self.hands:
            self._count(h, 1)
        self._count(self.stock, 1)
        if state.drawn_card is not None and state.actor is not None:
            self._after_draw(state.actor, state.drawn_card)  # the engine left him holding a drawn card

    # ------------------------------------------------------------------ seats
    def next(self, seat: int, d: int | None = None) -> int:
        return next_active(self.active, seat, self.direction if d is None else d)

    def n_active(self) -> int:
        return sum(self.active)

    def size(self, seat: int) -> int:
        return len(self.hands[seat])

    def _count(self, cards, k: int) -> None:
        """Cards entering (k=1) or leaving (k=-1) the unseen-by-someone pool."""
        co, so, ro, wild = self.card_out, self.suit_out, self.rank_out, self.prof.wild
        for c in cards:
            co[c] = co.get(c, 0) + k
            s = SUIT[c]
            so[s] = so.get(s, 0) + k
            q = RANK[c]
            ro[q] = ro.get(q, 0) + k
            if c in wild:
                self.wild_out += k
        self.total_out += k * len(cards)

    def unseen(self, x: int) -> Unseen:
        return Unseen(self.card_out, self.suit_out, self.rank_out, self.wild_out, self.total_out, self.hands[x],
                      self.prof.wild)

    # ------------------------------------------------------------------ main loop
    def run(self, max_plies: int = MAX_PLIES):
        """Play on; True when the round was decided (``winner`` set, or blocked)."""
        while self.plies < max_plies:
            if self.winner is not None:
                return True
            if self.no_progress >= self.n_active():
                return True  # blocked
            self.plies += 1
            self.step()
        return self.winner is not None

    def step(self) -> None:
        x = self.actor
        pd, ps = self.pd, self.ps
        if pd is not None and pd[2] == x:
            self._answer_draw(x)
        elif ps is not None and ps[1] == x:
            self._answer_skip(x)
        elif self.robin is not None:
            self._answer_robin(x)
        else:
            self._normal(x)

    # ------------------------------------------------------------------ phases
    def _answer_draw(self, x: int) -> None:
        pd = self.pd
        table = self.r.answers.get("draw:" + pd[1], {})
        cards = self._answers(x, table)
        if cards is not None:
            self._play(x, cards[0], cards[1], "draw", table)
            return
        self.pd = None
        drawn = self._draw(x, pd[0])
        if drawn == 0:
            self.no_progress += 1
        top = self.top_declared or self.discard[-1]
        if top in self.r.free_after_penalty:
            self.free_play = True
        nr = self.next(x) if pd[3] else self.next_regular
        self._finish(x, nr, nr)

    def _answer_skip(self, x: int) -> None:
        table = self.r.answers.get("skip", {})
        cards = self._answers(x, table)
        if cards is not None:
            self._play(x, cards[0], None, "skip", table)
            return
        turns = self.ps[0]
        self.ps = None
        self.ttm[x] += turns - 1
        nxt = self.next(x)
        self._finish(x, nxt, nxt)

    def _answer_robin(self, x: int) -> None:
        table = self.r.answers.get("robin", {})
        cards = self._answers(x, table)
        if cards is not None:
            self._play(x, cards[0], None, "robin", table)
            return
        self.robin[2] += 1  # Z16: declining costs nothing
        self._ask_robin(self.next(x), x)

    def _answers(self, x: int, table):
        """(cards, joker_as) the policy answers with, or None to take the obligation."""
        hand = self.hands[x]
        phase = "draw" if self.pd is not None and self.pd[2] == x else ("skip" if self.ps is not None
                                                                         and self.ps[1] == x else "robin")
        judge = Judge(self, x, hand, phase, self.unseen(x), self.weights[x])
        best = None
        best_score = judge.take() + self.rng.random() * NOISE
        for c in dict.fromkeys(hand):
            joker_as = None
            if c not in table:
                if not (self.prof.declared_jokers and is_joker(c)):
                    continue
                joker_as = min((d for d in table if not is_joker(d) and table[d] != "cancel"), default=None)
                if joker_as is None:
                    continue
            options = ((c,),) if joker_as else _variants(self._pack(hand, c, answering=True))
            for cards in options:
                decl = [joker_as] if joker_as else list(cards)
                score = judge.play(cards, decl, None) + self.rng.random() * NOISE
                if score > best_score:
                    best_score, best = score, (cards, joker_as)
        return best

    def _normal(self, x: int) -> None:
        hand = self.hands[x]
        choice = self._choose(x, hand)
        if choice is not None:
            self._play(x, choice[0], choice[1], "normal", None, choice[2])
            return
        if not self.stock and len(self.discard) <= 1:
            self.no_progress += 1
            self.follow_up = None
            nxt = self.next(x)
            self._finish(x, nxt, nxt)
            return
        self._draw(x, 1)
        self._after_draw(x, hand[-1])

    def _after_draw(self, x: int, card: str) -> None:
        r = self.r
        declared = self.prof.declared_jokers and is_joker(card)
        if r.may_play_drawn and (declared or why_not_normal(self, r, card) is None):
            joker_as = self._declare(x) if declared else None
            if not declared or joker_as is not None:
                decl = [joker_as or card]
                wish = self._wish_for(x, decl, (card,))
                judge = Judge(self, x, self.hands[x], "normal", self.unseen(x), self.weights[x])
                if judge.play((card,), decl, wish) > judge.take():
                    self._play(x, (card,), joker_as, "normal", None, wish)
                    return
        self.follow_up = None
        nxt = self.next(x)
        self._finish(x, nxt, nxt)

    # ------------------------------------------------------------------ the policy
    def _choose(self, x: int, hand):
        """(cards, joker_as, wish) of the best play as ``normal`` judges it, or None."""
        r, prof, rng = self.r, self.prof, self.rng
        runs = r.multi_mode == "same_rank_and_runs" and self.wish is None and self.follow_up != x
        single = r.multi_mode == "none"
        found = []
        for c in dict.fromkeys(hand):
            if prof.declared_jokers and is_joker(c):
                joker_as = self._declare(x)
                if joker_as is not None:
                    found.append(((c,), joker_as))
                continue
            if why_not_normal(self, r, c) is not None:
                continue
            if single:
                found.append(((c,), None))
                continue
            for cards in _variants(self._pack(hand, c, answering=False)):
                found.append((cards, None))
            if runs:
                run = longest_run(c, hand)
                if len(run) > 2 or (len(run) == 2 and RANK[run[0]] != RANK[run[1]]):
                    found.append((run, None))
        if not found:
            return None
        if len(found) == 1:
            cards, joker_as = found[0]
            decl = [joker_as if (joker_as and is_joker(d)) else d for d in cards]
            return cards, joker_as, self._wish_for(x, decl, cards)
        U = self.unseen(x)
        judge = Judge(self, x, hand, "normal", U, self.weights[x])
        best = None
        best_score = -1e9
        for cards, joker_as in found:
            decl = [joker_as if (joker_as and is_joker(d)) else d for d in cards]
            wish = self._wish_for(x, decl, cards, U)
            score = judge.play(cards, decl, wish) + rng.random() * NOISE
            if score > best_score:
                best, best_score = (cards, joker_as, wish), score
        return best

    def _wish_for(self, x: int, decl, cards, U=None):
        """The wish the play makes, as (kind, value), or None."""
        r = self.r
        eff = r.effect.get(decl[-1])
        if eff is None or eff.type not in ("suit_wish", "rank_wish"):
            return None
        group = trigger(decl)
        in_play = SUIT[decl[-len(group) - 1]] if len(group) < len(decl) else suit_in_play(self)
        left = list(self.hands[x])
        for c in cards:
            left.remove(c)
        opts = wish_options(r, eff, left, self.wish, in_play)
        if not opts:
            return None
        w = pick_wish(self.prof, left, opts, U or self.unseen(x))
        return (w.kind, w.value)

    def _declare(self, x: int):
        """What a Pławno joker stands for: a plain card of a suit held, that matches."""
        r = self.r
        suits = {SUIT[c] for c in self.hands[x] if not is_joker(c)}
        fallback = None
        for d in _plain_order(r):
            if why_not_normal(self, r, d) is None:
                if SUIT[d] in suits:
                    return d
                if fallback is None:
                    fallback = d
        return fallback

    def _pack(self, hand, c: str, answering: bool) -> tuple[str, ...]:
        r = self.r
        if r.multi_mode == "none" or (not r.multi_special and c in r.special):
            return (c,)
        rank = RANK[c]
        mates = [d for d in hand if d != c and RANK[d] == rank and not is_joker(d)
                 and (r.multi_special or d not in r.special)]
        if not mates:
            return (c,)
        if not r.any_subset and len(mates) + 1 != sum(1 for d in hand if RANK[d] == rank):
            return (c,)
        return (c, *mates)

    # ------------------------------------------------------------------ drawing
    def _draw(self, x: int, k: int) -> int:
        hand = self.hands[x]
        stock = self.stock
        drawn = 0
        while drawn < k:
            if not stock:
                if len(self.discard) <= 1:
                    break
                rest = self.discard[:-1]
                self._count(rest, 1)
                self.rng.shuffle(rest)
                self.stock = stock = rest
                self.discard = self.discard[-1:]
            hand.append(stock.pop())
            drawn += 1
        if drawn:
            self.no_progress = 0
        return drawn

    # ------------------------------------------------------------------ playing
    def _play(self, x: int, cards: tuple[str, ...], joker_as, phase: str, table, wish=None) -> None:
        r = self.r
        hand = self.hands[x]
        in_play = suit_in_play(self)
        for c in cards:
            hand.remove(c)
        self.discard.extend(cards)
        self._count(cards, -1)
        decl = [joker_as if (joker_as is not None and is_joker(c)) else c for c in cards]
        last = cards[-1]
        first = decl[0]
        if is_joker(last):
            self.top_declared = joker_as
            if joker_as is not None:
                self.effective_suit, self.effective_rank, self.free_play = SUIT[joker_as], RANK[joker_as], False
            elif r.joker_mode not in TRANSPARENT_JOKERS:
                self.effective_suit, self.effective_rank, self.free_play = None, None, True
        else:
            self.top_declared = None
            self.effective_suit, self.effective_rank, self.free_play = SUIT[last], RANK[last], False
        self.played_in_turn = True
        self.no_progress = 0
        regular = x == self.next_regular
        if self.wish is not None and phase == "normal":
            if satisfies(self.wish, first, r):
                self.wish = None
            else:
                res = r.answers.get("wish:" + self.wish.kind, {}).get(first)
                if res in ("cancel", "replace_wish"):
                    self.wish = None
        if not hand:
            if r.special_must_draw and decl[-1] in r.special and (self.stock or len(self.discard) > 1):
                self._draw(x, 1)
            elif r.play_again_last and decl[-1] in r.play_again_cards and (self.stock or len(self.discard) > 1):
                self._draw(x, 1)
                card = hand[-1]
                if why_not_normal(self, r, card) is not None:
                    self.follow_up = None
                    nxt = self.next(x)
                    self._finish(x, nxt, nxt)
                    return
                self.follow_up = x
                self._play(x, (card,), None, "normal", None, self._wish_for(x, [card], (card,)))
                return
            else:
                self.winner = x
                return
        group = trigger(decl)
        eff_last = r.effect.get(group[-1])
        if phase == "draw":
            result = table.get(first)
            nr = self.next(x) if regular else self.next_regular
            if result == "cancel":
                self.pd = None
                self._finish(x, nr, nr)
                return
            amount, family, target = draw_totals(r, group)
            if r.targeting == "by_card":
                victim = self._prev(x) if target == "previous" else self.next(x)
            else:
                victim = nr
            pd = self.pd
            self.pd = [pd[0] + amount, family or pd[1], victim, victim == nr]
            self._finish(x, victim, nr)
            return
        if phase == "skip":
            nxt = self.next(x)
            if table.get(first) == "cancel":
                self.ps = None
            else:
                turns = self.ps[0]
                if table.get(first) == "accumulate":
                    turns += sum(1 for c in group if c in table)
                self.ps = [turns, nxt]
            self._finish(x, nxt, nxt)
            return
        if phase == "robin":
            self.robin = [self.robin[0] + len(cards), x, 0]
            self._ask_robin(self.next(x), x)
            return
        # a normal play (also a follow-up or a bonus turn)
        self.follow_up = None
        nxt = self.next(x)
        counts = effect_counts(r, group)
        if counts.get("reverse", 0) % 2:
            self.direction = -self.direction
            if self.n_active() == 2 and r.reverse_two_as_skip:
                self._finish(x, x, x)
                return
            nxt = self.next(x)
        if eff_last is not None and eff_last.type in ("suit_wish", "rank_wish"):
            self._set_wish(x, wish, eff_last, in_play if len(group) == len(decl) else SUIT[decl[-len(group) - 1]])
        if counts.get("hand_swap", 0) % 2:
            nb = self.next(x, 1)
            if nb != x:
                self.hands[x], self.hands[nb] = self.hands[nb], self.hands[x]
        if "draw" in counts:
            amount, family, target = draw_totals(r, group)
            if target == "previous" and self.n_active() >= 3:
                victim = self._prev(x)
                self.pd = [amount, family, victim, victim == nxt]
                self._finish(x, victim, nxt)
            else:
                self.pd = [amount, family, nxt, True]
                self._finish(x, nxt, nxt)
            return
        skips = counts.get("skip", 0)
        if skips:
            if r.skip_mode == "none":
                self.ttm[nxt] += skips - 1
                after = self.next(nxt)
                self._finish(x, after, after)
                return
            self.ps = [skips if r.skip_mode == "accumulate" else 1, nxt]
            self._finish(x, nxt, nxt)
            return
        robins = counts.get("skip_robin", 0)
        if robins:
            self.robin = [robins + (self.bonus or 0), x, 0]
            self.bonus = None
            self._ask_robin(nxt, x)
            return
        if "play_again" in counts:
            self.follow_up = x
            return  # he goes on
        self._finish(x, nxt, nxt)

    def _set_wish(self, x: int, wish, eff, in_play) -> None:
        if wish is None:  # no choice given: the engine's first option would do; take any suit
            kind = "suit" if eff.type == "suit_wish" else "rank"
            value = (next(s for s in "CDHS" if eff.restriction == "none" or s != in_play) if kind == "suit"
                     else eff.wishable[0])
            wish = (kind, value)
        kind, value = wish
        if kind == "free":
            if eff.type == "suit_wish":
                self.wish = Wish("free_suit", None, x, in_play)
                self.effective_suit = None
            else:
                self.wish = Wish("free_plain", None, x)
                self.effective_suit = self.effective_rank = None
        elif kind == "suit":
            self.wish = Wish("suit", value, x)
            self.effective_suit = value
        else:
            self.wish = Wish("rank", value, x)
            self.effective_suit, self.effective_rank = None, value

    def _prev(self, x: int) -> int:
        return self.next(x, -self.direction)

    def _ask_robin(self, seat: int, x: int) -> None:
        rb = self.robin
        if not self.active[rb[1]] and rb[2] >= self.n_active():
            self.robin = None
            nxt = self.next(rb[1])
            self._start(nxt, nxt)
            return
        if seat == rb[1]:
            self.robin = None
            self._start(seat, seat, rb[0] - 1)
            return
        self._start(seat, seat)

    # ------------------------------------------------------------------ turn hand-over
    def _finish(self, x: int, seat: int, next_regular: int) -> None:
        b = self.bonus
        if b is not None and b > 0 and self.active[x] and self.robin is None and self.follow_up is None:
            self._start(x, x, b - 1)
        else:
            self._start(seat, next_regular)

    def _start(self, seat: int, next_regular: int, bonus=None) -> None:
        ttm = self.ttm
        for _ in range(4 * self.n + 8):
            if bonus is None and seat == next_regular and ttm[seat] > 0:
                ps, pd = self.ps, self.pd
                if ps is not None and ps[1] == seat:
                    ttm[seat] += ps[0] - 1
                    self.ps = None
                else:
                    if pd is not None and pd[2] == seat:
                        self.pd = None
                        self._draw(seat, pd[0])
                    ttm[seat] -= 1
                seat = next_regular = self.next(seat)
                continue
            break
        self.actor = seat
        self.next_regular = next_regular
        self.bonus = bonus
        self.played_in_turn = False
        if self.follow_up != seat:
            self.follow_up = None


def _variants(pack: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """A card alone and with its whole pack."""
    return (pack,) if len(pack) == 1 else ((pack[0],), pack)


_PLAIN_ORDER: dict[int, tuple[str, ...]] = {}


def _plain_order(r) -> tuple[str, ...]:
    key = id(r)
    hit = _PLAIN_ORDER.get(key)
    if hit is None or (hit and hit[0] not in r.universe):
        hit = _PLAIN_ORDER[key] = tuple(sorted(c for c in r.universe if not is_joker(c) and c not in r.special))
    return hit
