"""Which cards may be played now (RULES.md §2.5, §2.6, §2.9, §2.10.3) and which wishes
may be made. Pure functions of the (working) state and the compiled rules."""

from __future__ import annotations

from ..cards import JOKER_RANK, RANK, RANK_INDEX, SUIT, SUITS, is_joker
from ..commands import FREE_WISH, WISHES, WishChoice

NORMAL, DRAW, SKIP, ROBIN, FOLLOW_UP, DRAWN = "normal", "draw", "skip", "robin", "follow_up", "drawn"

ANSWER_PHASES = (DRAW, SKIP, ROBIN)
WISH_TYPES = ("suit_wish", "rank_wish")


def phase(t) -> str:
    """What the actor is doing now (§2.6 priority order)."""
    x = t.actor
    pd = t.pending_draw
    if pd is not None and pd.target == x:
        return DRAW
    ps = t.pending_skip
    if ps is not None and ps.target == x:
        return SKIP
    if t.robin is not None:
        return ROBIN
    if t.drawn_card is not None:
        return DRAWN
    if t.follow_up == x:
        return FOLLOW_UP
    return NORMAL


def answer_kind(t, ph: str) -> str | None:
    if ph == DRAW:
        return "draw:" + t.pending_draw.family
    if ph == SKIP:
        return "skip"
    if ph == ROBIN:
        return "robin"
    return None


def declared(card: str, joker_as: str | None, r) -> str:
    """The card as the rules see it: a declared joker (Pławno) is the declared card."""
    if joker_as is not None and r.joker_mode == "declared" and is_joker(card):
        return joker_as
    return card


def satisfies(wish, card: str, r) -> bool:
    kind = wish.kind
    if kind == "suit":
        return SUIT[card] == wish.value
    if kind == "rank":
        return RANK[card] == wish.value
    if kind == "free_suit":
        s = SUIT[card]
        return s is not None and s != wish.excluded_suit
    return SUIT[card] is not None and card not in r.special  # free_plain: a non-action card


def why_not_normal(t, r, card: str) -> str | None:
    """None if ``card`` (already declared) is a legal normal play now, else the reason."""
    if t.free_play:
        return None
    eff = r.effect.get(card)
    if eff is not None and eff.type == "play_again" and eff.first_must_match_suit and not t.played_in_turn:
        w = t.wish
        suit = w.value if (w is not None and w.kind == "suit") else t.effective_suit
        return None if SUIT[card] == suit else "does_not_match"
    w = t.wish
    if w is not None:
        if satisfies(w, card, r):
            return None
        if card in r.answers.get("wish:" + w.kind, ()):
            return None
        if r.joker_may_answer and card in r.wild and is_joker(card):
            return None  # the joker does not fulfil the wish: it stays for the next player
        return "does_not_match"
    if card in r.wild:
        return None
    if r.cross_answer and eff is not None and eff.type in WISH_TYPES:
        top = t.top_declared or t.discard[-1]
        top_eff = r.effect.get(top)
        if top_eff is not None and top_eff.type in WISH_TYPES:
            return None  # R#39: any J or A on any J or A
    s = SUIT[card]
    if s is not None and s == t.effective_suit:
        return None
    rank = RANK[card]
    if rank != JOKER_RANK and rank == t.effective_rank:
        return None
    return "does_not_match"


def playable(t, r) -> frozenset[str]:
    """Every card (as declared) that ``why_not_normal`` allows now. Memoised per rule set
    on everything it reads: listing moves and checking a play ask it about each card."""
    w = t.wish
    cross = False
    if r.cross_answer:  # R#39 depends on whether the top card is a wish card
        top_eff = r.effect.get(t.top_declared or t.discard[-1])
        cross = top_eff is not None and top_eff.type in WISH_TYPES
    key = (t.free_play, t.played_in_turn, t.effective_suit, t.effective_rank,
           None if w is None else (w.kind, w.value, w.excluded_suit), cross)
    hit = r.playable_memo.get(key)
    if hit is None:  # at most a few thousand keys: suits x ranks x wishes x flags
        hit = r.playable_memo[key] = frozenset(c for c in r.universe if why_not_normal(t, r, c) is None)
    return hit


def first_card_reason(t, r, card: str, ph: str) -> str | None:
    """Why ``card`` (declared) may not open a play in phase ``ph`` (None if it may)."""
    if ph in ANSWER_PHASES:
        if card in r.answers.get(answer_kind(t, ph), ()):
            return None
        return {DRAW: "must_answer_pending_draw", SKIP: "must_answer_pending_skip",
                ROBIN: "must_answer_skip_robin"}[ph]
    return None if card in playable(t, r) else "does_not_match"


def same_pack(r, ranks: list[str]) -> bool:
    """Same-rank pack (§2.9); jokers may join 2s/3s with ``easier_jokers_in_draw_packs``."""
    kinds = set(ranks)
    if len(kinds) == 1:
        return True
    if JOKER_RANK not in kinds:
        return False
    kinds.discard(JOKER_RANK)  # jokers and natural ranks
    return len(kinds) == 1 and r.jokers_in_draw_packs and kinds <= {"2", "3"}


def triggering_group(r, decl_cards: list[str]) -> list[str]:
    """The final maximal same-rank group of a play: only it triggers (§2.9, R#11)."""
    if len(decl_cards) == 1:
        return decl_cards
    i = len(decl_cards) - 1
    while i > 0 and (RANK[decl_cards[i - 1]] == RANK[decl_cards[i]]
                     or same_pack(r, [RANK[decl_cards[i - 1]], RANK[decl_cards[i]]])):
        i -= 1
    return decl_cards[i:]


def effect_counts(r, group) -> dict[str, int]:
    """How many cards of ``group`` carry each effect type."""
    counts: dict[str, int] = {}
    for c in group:
        e = r.effect.get(c)
        if e is not None:
            counts[e.type] = counts.get(e.type, 0) + 1
    return counts


def is_chain_start(r, card: str) -> bool:
    eff = r.effect.get(card)
    return eff is not None and eff.type == "play_again"


def call_may_be_due(r, left: int, last: str, hand_after=()) -> bool:
    """Whether a play leaving ``left`` cards, ``last`` (as declared) on top, may carry the
    last-card call (§2.12): it leaves one card, or it empties the hand and a forced draw
    follows (Switch special last card, Tel-Aviv 5), or "Multiple Macao" (a cosmetic call
    before a same-value pack that would empty the hand). Otherwise the call is not due: a
    play that goes out needs none."""
    if left == 1:
        return True
    if left == 0:
        return (r.special_must_draw and last in r.special) or (r.play_again_last and is_chain_start(r, last))
    return r.multiple_call and len({RANK[c] for c in hand_after}) == 1


def may_call_multiple(t, r, seat: int) -> bool:
    """"Multiple Macao" (§2.12, the Easier pack option): a seat whose hand is two or more
    cards of one value may say so, once for that hand (a call already made for it is
    not legal again: it would change nothing)."""
    if not r.multiple_call or not t.active[seat]:
        return False
    hand = t.hands[seat]
    return not t.multiple_called[seat] and len(hand) >= 2 and len({RANK[c] for c in hand}) == 1


def group_reason(t, r, decl_cards: list[str], ph: str, hand: tuple[str, ...], one_rank: bool = False) -> str | None:
    """Why a play of several cards is not a legal group (None if it is). ``one_rank``:
    the caller knows they are natural cards of one rank (so they make a pack)."""
    if len(decl_cards) == 1:
        return None
    if ph == DRAWN:
        return "drawn_card_only"
    if decl_cards[0] in r.play_again_cards and ph not in ANSWER_PHASES:
        # Tel-Aviv: 5s then one more card, each a legal follow-up of the previous (§2.10.6)
        for prev, card in zip(decl_cards, decl_cards[1:]):
            if not is_chain_start(r, prev):
                return "invalid_group"
            if not (card in r.wild or SUIT[card] == SUIT[prev] or RANK[card] == RANK[prev]):
                return "invalid_group"
        return None
    mode = r.multi_mode
    if mode == "none":
        return "invalid_group"
    obligation = ph != NORMAL or t.wish is not None
    if one_rank:
        pass  # natural cards of one rank make a pack, and a run (of one rank)
    elif mode == "same_rank" or obligation:
        if not same_pack(r, [RANK[c] for c in decl_cards]):
            return "invalid_group"
    else:  # runs (§2.9): same rank, or same suit and an adjacent rank, no wrap-around
        for prev, card in zip(decl_cards, decl_cards[1:]):
            if RANK[prev] == RANK[card]:
                continue
            if (SUIT[prev] is not None and SUIT[prev] == SUIT[card]
                    and abs(RANK_INDEX[RANK[prev]] - RANK_INDEX[RANK[card]]) == 1):
                continue
            return "invalid_group"
    if not r.multi_special and not r.special.isdisjoint(decl_cards):
        return "invalid_group"
    if not r.any_subset:
        rank = RANK[decl_cards[0]]
        if sum(1 for c in hand if RANK[c] == rank) != len(decl_cards):
            return "invalid_group"
    return None


# ------------------------------------------------------------------ wishes (§2.10.3)
def suit_in_play(t) -> str | None:
    """Z21: the wished suit, the excluded suit of a free-suit wish, else the top card's."""
    w = t.wish
    if w is not None and w.kind == "suit":
        return w.value
    if w is not None and w.kind == "free_suit":
        return w.excluded_suit
    top = t.top_declared or (t.discard[-1] if t.discard else None)
    return (SUIT[top] if top else None) or t.effective_suit


def wish_options(r, eff, hand_after, prior_wish, in_play) -> list[WishChoice]:
    """Every wish the player may make with wish card effect ``eff``."""
    if eff.type == "suit_wish":
        suits = SUITS
        if eff.restriction == "differ_from_current" and in_play is not None:
            suits = [s for s in suits if s != in_play]
        if eff.must_hold:
            held = [s for s in suits if any(SUIT[c] == s for c in hand_after)]
            if held:
                suits = held
            elif eff.free_option:
                return [FREE_WISH]
        return [WISHES["suit", s] for s in suits]
    ranks = eff.wishable
    if eff.new_must_differ and prior_wish is not None and prior_wish.kind == "rank":
        ranks = [x for x in ranks if x != prior_wish.value]
    if eff.must_hold:
        held = [x for x in ranks if any(RANK[c] == x and c not in r.special for c in hand_after)]
        if held:
            ranks = held
        elif eff.free_option:
            return [FREE_WISH]
    return [WISHES["rank", x] for x in ranks]


def wish_effect(r, group: list[str]):
    """The wish effect made by a triggering group (by its last card), or None."""
    eff = r.effect.get(group[-1])
    if eff is not None and eff.type in ("suit_wish", "rank_wish"):
        return eff
    return None
