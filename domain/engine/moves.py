"""Legal moves (API.md ``legal_moves``): every move a seat may send now, in API body form.

Complete for single cards and same-rank groups (ordered by first and last card; the
middle of a group keeps hand order, which changes nothing). Runs and Tel-Aviv 5-chains are
listed as far as the limit allows."""

from __future__ import annotations

from itertools import combinations

from ..cards import JOKER_RANK, RANK, RANK_INDEX, SUIT, is_joker, remove_cards
from .matching import (ANSWER_PHASES, DRAW, DRAWN, NORMAL, ROBIN, SKIP, WISH_TYPES, answer_kind, call_may_be_due,
                       declared, first_card_reason, group_reason, is_chain_start, may_call_multiple, phase, playable,
                       same_pack, suit_in_play, triggering_group, why_not_normal, wish_options)

from .context import Ctx
from .turns import close_call_window

LIMIT = 200


def legal_moves(state, seat: int, limit: int = LIMIT, at: float | None = None) -> tuple[list[dict], bool]:
    """(moves, truncated) for ``seat``; with ``at``, a last-card window whose time is up
    counts as closed."""
    t = state
    r = t.setup.rules.compiled
    if t.status != "playing" or not 0 <= seat < len(t.active):
        return [], False
    if t.passing is not None:
        moves = []
        if seat in t.passing.waiting:
            moves = [{"action": "choose_pass_card", "card": c} for c in dict.fromkeys(t.hands[seat])]
        return moves + out_of_turn_moves(t, r, seat, at), False
    moves: list[dict] = []
    truncated = False
    if seat == t.actor:
        w = state.call_window
        own_window = w is not None and w.seat == seat
        if w is not None and not own_window:
            t = after_window_closes(state, at)
        ph = phase(t)
        plays, extended = _plays(t, r, seat, limit, ph)
        if extended:
            room = max(0, limit - len(plays))
            plays, truncated = plays + extended[:room], len(extended) > room
        can_draw = bool(t.stock) or len(t.discard) > 1
        if own_window and r.enforcement == "automatic":
            # he acts again with his own window open: it closes first and its penalty joins
            # his hand unseen. List what holds either way, judging the stock by counts only.
            plays = [m for m in plays if not m.get("announce")]
            can_draw = len(t.stock) + len(t.discard) - 1 > r.call_penalty
        moves = plays
        if ph == DRAW:
            if r.may_decline_answer or not plays:
                moves.append({"action": "draw"})
        elif ph in (SKIP, ROBIN, DRAWN):
            moves.append({"action": "pass"})
        elif can_draw:
            if r.voluntary_draw or not plays or ph != NORMAL:
                moves.append({"action": "draw"})
        else:
            moves.append({"action": "pass"})
    if state.call_window is not None or (seat == state.actor and state.played_in_turn) or r.multiple_call:
        moves.extend(out_of_turn_moves(state, r, seat, at))  # these do not close the window
    return moves, truncated


def after_window_closes(state, at):
    """The actor's next action first closes an open last-card window, which may apply a
    penalty (§2.12): his moves are those of the state after that."""
    if state.call_window is None:
        return state
    ctx = Ctx(state, state.call_window.deadline if at is None else at)
    close_call_window(ctx)
    return ctx.t


def out_of_turn_moves(t, r, seat: int, at: float | None = None) -> list[dict]:
    out = []
    hand = t.hands[seat]
    w = t.call_window
    if w is not None and w.deadline is not None and at is not None and at >= w.deadline:
        w = None
    if (w is not None and w.seat == seat) or (
            seat == t.actor and t.played_in_turn and len(hand) == 1 and not t.called_in_turn):
        out.append({"action": "announce"})
    elif may_call_multiple(t, r, seat):
        out.append({"action": "announce"})
    if r.enforcement == "catch" and w is not None and w.seat != seat and t.active[seat]:
        out.append({"action": "catch", "target_seat": w.seat})
    return out


def plays_for(t, r, seat: int, limit: int = LIMIT) -> list[dict]:
    """Single cards and same-rank groups first, all of them; then runs and 5-chains while
    the list stays within ``limit``."""
    core, extended = _plays(t, r, seat, limit)
    return core + extended[:max(0, limit - len(core))]


def _plays(t, r, seat: int, limit: int, ph: str | None = None) -> tuple[list[dict], list[dict]]:
    if seat != t.actor:
        return [], []
    hand = t.hands[seat]
    if ph is None:
        ph = phase(t)
    out: list[dict] = []
    extended: list[dict] = []
    answers = r.answers.get(answer_kind(t, ph)) if ph in ANSWER_PHASES else None
    allowed = playable(t, r) if answers is None else answers
    declared_jokers = r.declared_jokers
    multi = ph != DRAWN and r.multi_mode != "none"
    joker_joins = multi and declared_jokers and any(is_joker(c) for c in hand)
    always_group = r.always_pack_search
    packable = None
    left = len(hand) - 1
    candidates = (t.drawn_card,) if ph == DRAWN else dict.fromkeys(hand)
    for card in candidates:
        if declared_jokers and is_joker(card):
            _joker_plays(t, r, hand, card, ph, out, extended)
        else:
            if card not in allowed:
                continue
            eff = r.effect.get(card)
            if not r.multiple_call and (eff is None or eff.type not in WISH_TYPES):
                # the common case, as _as_moves lists it: the card, and with the call if due
                out.append({"action": "play", "cards": [card]})
                if left == 1 or (left == 0 and call_may_be_due(r, 0, card)):
                    out.append({"action": "play", "cards": [card], "announce": True})
            else:
                _as_moves(t, r, hand, (card,), None, out)
            if card in r.play_again_cards:
                _group_plays(t, r, hand, card, None, card, ph, out, extended, limit)
            elif multi and (r.multi_special or card not in r.special):
                if packable is None:  # the rank each card brings to a pack (§2.9), or None
                    packable = list(map(r.pack_rank.__getitem__, hand))
                if always_group or packable.count(RANK[card]) > 1:
                    _group_plays(t, r, hand, card, None, card, ph, out, extended, limit)
            if joker_joins:
                _joker_joins(t, r, hand, card, ph, out, extended, limit)
        if limit <= 1 and out:
            return out, extended  # a caller asking whether any play exists
    return out, extended


def _joker_plays(t, r, hand, card, ph, out, extended):
    for joker_as in _declarations(t, r, card, ph):
        d = joker_as
        if first_card_reason(t, r, d, ph) is not None:
            continue
        _as_moves(t, r, hand, (card,), joker_as, out)
        _group_plays(t, r, hand, card, joker_as, d, ph, out, extended, LIMIT)


def _joker_joins(t, r, hand, card, ph, out, extended, limit):
    """Packs led by the real ``card`` that a declared joker joins as a card of its rank
    (anywhere after the first card: the last one decides the top)."""
    if not r.multi_special and card in r.special:
        return
    for joker_as in _declarations(t, r, next(c for c in hand if is_joker(c)), ph):
        if same_pack(r, [RANK[card], RANK[joker_as]]) and (r.multi_special or joker_as not in r.special):
            _group_plays(t, r, hand, card, joker_as, card, ph, out, extended, limit, with_joker=True)


def _group_plays(t, r, hand, card, joker_as, d, ph, out, extended, limit, with_joker=False):
    """Same-rank groups go to ``out`` (always complete); runs and chains to ``extended``
    (only as many as could still be listed). ``with_joker``: only groups a joker joins."""
    seen = set()
    for same_rank, orderings in _groups(t, r, hand, card, joker_as, d, ph):
        valid = None  # group_reason does not depend on the order after the first card
        for cards in orderings:
            if cards in seen:
                continue
            if with_joker and not any(is_joker(c) for c in cards):
                continue
            decl = cards if joker_as is None else [declared(c, joker_as, r) for c in cards]
            pack = same_rank or same_pack(r, [RANK[c] for c in decl])
            if not pack and len(out) + len(extended) > limit:
                return  # _groups yields every same-rank group first; the runs after them are exponential
            seen.add(cards)
            if valid is None:
                valid = group_reason(t, r, decl, ph, hand, same_rank) is None
            if valid:
                _as_moves(t, r, hand, cards, joker_as, out if pack else extended, same_rank)


def _declarations(t, r, card: str, ph: str):
    if not (is_joker(card) and r.joker_mode == "declared"):
        return (None,)
    return [c for c in sorted(r.universe) if not is_joker(c)]


def _groups(t, r, hand, card, joker_as, d, ph):
    """The groups of two or more cards led by ``card``, in families: each family holds the
    orderings of one set of cards (any of them last; the middle keeps hand order), with
    True when they are natural cards of one rank (else whether they make a pack is open)."""
    if ph == DRAWN:
        return
    if d in r.play_again_cards and ph not in ANSWER_PHASES:
        for chain in _chains(r, (card,), remove_cards(hand, [card]), d, depth=4):
            yield False, (chain,)
        return
    mode = r.multi_mode
    if mode == "none":
        return
    if not r.multi_special and d in r.special:
        return
    obligation = ph != NORMAL or t.wish is not None
    rank = RANK[d]
    if joker_as is None and not r.jokers_in_draw_packs:  # no joker joins: the other cards of its rank
        mates = [c for c in hand if RANK[c] == rank and (r.multi_special or c not in r.special)]
        mates.remove(card)
        one_rank = rank != JOKER_RANK
    else:
        rest = remove_cards(hand, [card])
        if joker_as is not None and not is_joker(card):  # one declared joker joins a real card's pack
            mates = [c for c in rest if not is_joker(c)] + [c for c in rest if is_joker(c)][:1]
        else:
            mates = [c for c in rest if not is_joker(c) or joker_as is None]
        mates = [c for c in mates if RANK[c] == rank
                 or (JOKER_RANK in (rank, RANK[c]) and same_pack(r, [rank, RANK[declared(c, joker_as, r)]]))]
        if not r.multi_special:
            mates = [c for c in mates if c not in r.special]
        one_rank = joker_as is None and rank != JOKER_RANK and all(RANK[c] == rank for c in mates)
    sizes = range(1, len(mates) + 1) if r.any_subset else [len(mates)] if mates else []
    for k in sizes:
        for combo in combinations(range(len(mates)), k):
            chosen = [mates[i] for i in combo]
            yield one_rank, tuple((card, *chosen[:j], *chosen[j + 1:], chosen[j]) for j in range(len(chosen)))
    if mode == "same_rank_and_runs" and not obligation:
        rest = remove_cards(hand, [card])
        for run in _runs(r, (card,), rest, depth=len(rest)):
            yield False, (run,)


def _runs(r, path, rest, depth):
    if depth <= 0:
        return
    prev = path[-1]
    for c in dict.fromkeys(rest):
        if is_joker(c) or is_joker(prev):
            continue
        same_rank = RANK[c] == RANK[prev]
        step = SUIT[c] == SUIT[prev] and abs(RANK_INDEX[RANK[c]] - RANK_INDEX[RANK[prev]]) == 1
        if not (same_rank or step):
            continue
        nxt = path + (c,)
        if not all(RANK[x] == RANK[nxt[0]] for x in nxt):  # pure same-rank groups come from _groups
            yield nxt
        yield from _runs(r, nxt, remove_cards(rest, [c]), depth - 1)


def _chains(r, path, rest, prev, depth):
    if depth <= 0:
        return
    for c in dict.fromkeys(rest):
        if not (c in r.wild or SUIT[c] == SUIT[prev] or RANK[c] == RANK[prev]):
            continue
        nxt = path + (c,)
        yield nxt
        if is_chain_start(r, c):
            yield from _chains(r, nxt, remove_cards(rest, [c]), c, depth - 1)


def _as_moves(t, r, hand, cards, joker_as, out: list, one_rank: bool = False) -> None:
    """Append the moves playing ``cards`` (``one_rank``: natural cards of one rank): with
    the call (§2.12) as a second move where it may be due, and a wish card's options."""
    move = {"action": "play", "cards": list(cards)}
    decl = [declared(c, joker_as, r) for c in cards] if joker_as is not None else cards
    group = decl if one_rank else triggering_group(r, decl)
    if joker_as is not None:
        move["joker_as"] = joker_as
    weff = r.effect.get(group[-1])  # wish_effect, inlined
    hand_after = None
    if weff is not None and weff.type in WISH_TYPES:
        if weff.must_hold:
            hand_after = remove_cards(hand, cards)
        move["wish_options"] = [{key: value} for key, value in _wish_bodies(t, r, weff, hand_after, decl, group)]
    out.append(move)
    left = len(hand) - len(cards)
    if left <= 1 or r.multiple_call:  # else no call can be due (call_may_be_due)
        if hand_after is None:
            hand_after = remove_cards(hand, cards)
        if call_may_be_due(r, left, decl[-1], hand_after):
            out.append({**move, "announce": True})


def _wish_bodies(t, r, weff, hand_after, decl, group) -> tuple[tuple[str, object], ...]:
    """The wishes a play may make, as (key, value) of their API body. They depend on the
    hand left only for a must-hold wish, so the others are memoised per rule set."""
    if weff.type == "suit_wish" and weff.restriction == "differ_from_current":
        # Z21/R#34: the suit in play just before the wish card
        in_play = SUIT[decl[-len(group) - 1]] if len(group) < len(decl) else suit_in_play(t)
    else:
        in_play = None  # not read
    if weff.must_hold:
        return tuple(_body(o) for o in wish_options(r, weff, hand_after, t.wish, in_play))
    w = t.wish
    prior = w.value if weff.new_must_differ and w is not None and w.kind == "rank" else None
    key = (group[-1], prior, in_play)  # the wish card stands for its effect
    hit = r.wish_memo.get(key)
    if hit is None:  # a few keys per wish card
        hit = r.wish_memo[key] = tuple(_body(o) for o in wish_options(r, weff, (), w, in_play))
    return hit


def _body(o) -> tuple[str, object]:
    return ("free", True) if o.kind == "free" else (o.kind, o.value)


__all__ = ["legal_moves", "plays_for", "why_not_normal"]
