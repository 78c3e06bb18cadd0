"""The ``play`` action (RULES.md §2.16): validate, move the cards, clear a satisfied
wish, apply last-card rules, apply the triggering group's effects, advance the turn."""

from __future__ import annotations

from .. import events as ev
from ..cards import RANK, SUIT, is_joker, remove_cards
from ..commands import Play
from ..errors import RuleViolation
from .context import Ctx
from .matching import (ANSWER_PHASES, DRAW, DRAWN, ROBIN, SKIP, answer_kind, call_may_be_due, declared, effect_counts,
                       first_card_reason, group_reason, is_chain_start, phase, satisfies, suit_in_play,
                       triggering_group, why_not_normal, wish_effect, wish_options)
from .rounds import go_out, round_over
from .turns import CONTINUE, Next, finish_turn

DETAIL = {
    "does_not_match": "{card} does not match the discard pile",
    "must_answer_pending_draw": "a draw penalty is pending: answer it with a listed card or send draw to take it",
    "must_answer_pending_skip": "a skip is pending: answer it with a listed card or send pass to accept it",
    "must_answer_skip_robin": "a skip robin is asking you: add a 4 or send pass to decline",
    "invalid_group": "these cards cannot be played together in this variant",
    "drawn_card_only": "after drawing you may play only the card you drew, or pass",
}


def violation(reason: str, **kw) -> RuleViolation:
    return RuleViolation(reason, DETAIL.get(reason, reason).format(**kw))


def validate_play(ctx: Ctx, cmd: Play):
    """Check a play against the rules (``decide.play`` has checked that the cards are in
    the hand); returns what resolving it needs."""
    t, r = ctx.t, ctx.r
    x = cmd.seat
    cards = tuple(cmd.cards)
    if not cards:
        raise RuleViolation("invalid_group", "play at least one card")
    joker_as = cmd.joker_as
    if joker_as is not None or r.joker_mode == "declared":
        has_joker = any(is_joker(c) for c in cards)
        if joker_as is not None:
            if r.joker_mode != "declared":
                raise RuleViolation("invalid_joker", "joker_as is used only where jokers are declared cards (Pławno)")
            if not has_joker:
                raise RuleViolation("invalid_joker", "joker_as given but no joker is played")
            if joker_as not in r.universe or is_joker(joker_as):
                raise RuleViolation("invalid_joker", f"a joker must be declared as a card of the deck, not {joker_as!r}")
        elif has_joker:
            raise RuleViolation("invalid_joker", "a joker is played as a declared card: give joker_as")
    hand = t.hands[x]
    ph = phase(t)
    if ph == DRAWN and (len(cards) != 1 or cards[0] != t.drawn_card):
        raise violation("drawn_card_only")
    decl = cards if joker_as is None else tuple(declared(c, joker_as, r) for c in cards)
    reason = first_card_reason(t, r, decl[0], ph)
    if reason is not None:
        if reason == "does_not_match" and t.wish is not None:
            w = t.wish
            what = {"suit": f"the suit {w.value}", "rank": f"the rank {w.value}",
                    "free_suit": f"any suit but {w.excluded_suit}", "free_plain": "any non-action card"}[w.kind]
            raise RuleViolation(reason, f"{cards[0]} does not fulfil the active wish for {what}")
        raise violation(reason, card=cards[0])
    if len(decl) > 1:
        reason = group_reason(t, r, decl, ph, hand)
        if reason is not None:
            raise violation(reason)
    group = triggering_group(r, decl)
    weff = wish_effect(r, group)
    wish = in_play = hand_after = None
    if weff is not None:
        hand_after = remove_cards(hand, cards)
        # Z21/R#34: the suit in play immediately before the wish card — the run's previous
        # card when the wish cards end a run, else what lay on the pile
        in_play = SUIT[decl[-len(group) - 1]] if len(group) < len(decl) else suit_in_play(t)
        options = wish_options(r, weff, hand_after, t.wish, in_play)
        if cmd.wish is None:
            if r.data["wish"]["choice_mandatory"]:
                raise RuleViolation("wish_required", f"{cards[-1]} makes a wish: choose one of "
                                    f"{[o.as_body() for o in options]}")
        elif cmd.wish not in options:
            raise RuleViolation("invalid_wish", f"{cmd.wish.as_body()} is not allowed here; choose one of "
                                f"{[o.as_body() for o in options]}")
        else:
            wish = cmd.wish
    elif cmd.wish is not None:
        raise RuleViolation("invalid_wish", f"{cards[-1]} makes no wish")
    if cmd.announce:
        if hand_after is None:
            hand_after = remove_cards(hand, cards)
        if not call_may_be_due(r, len(hand_after), decl[-1], hand_after):
            raise RuleViolation("not_obliged_to_announce",
                                f"you would hold {len(hand_after)} cards after this play: no call is due")
    return ph, decl, group, wish, in_play


def play(ctx: Ctx, cmd: Play) -> None:
    t, r = ctx.t, ctx.r
    x = cmd.seat
    ph, decl, group, wish, in_play = validate_play(ctx, cmd)
    regular = x == t.next_regular
    prior_wish = t.wish
    answer = r.answers[answer_kind(t, ph)][decl[0]] if ph in ANSWER_PHASES else None
    ctx.emit(ev.CardPlayed(x, tuple(cmd.cards), cmd.joker_as))

    if prior_wish is not None and ph not in ANSWER_PHASES:
        first = decl[0]
        if satisfies(prior_wish, first, r):
            if r.wish_duration == "until_fulfilled":
                ctx.emit(ev.WishFulfilled(x))
        else:
            result = r.answers.get("wish:" + prior_wish.kind, {}).get(first)
            if result == "cancel" or (result == "replace_wish" and wish is None):
                ctx.emit(ev.ChainCancelled(x, "wish"))

    out = False
    if not t.hands[x]:
        out = last_card_rules(ctx, x, group, cmd.announce, answer == "cancel")
        if out is CONTINUE:
            return
        if out and (r.end_mode == "first_out" or r.scheme == "championship"):
            go_out(ctx, x)  # the round ends; pending effects of the last card are discarded (R#44)
            return
    # last_one_standing: the final card's targets are computed while he is seated (Z23)
    nxt = resolve_effects(ctx, x, group, ph, answer, regular, wish, in_play)
    if nxt is CONTINUE and round_over(t):
        return  # a cancel resolved a two-player bounce: the opponent went out
    if cmd.announce and t.active[x] and t.hands[x]:
        ctx.emit(ev.CallMade(x, len(t.hands[x]) > 1))
    if out:
        if go_out(ctx, x):
            return
        if t.passing is not None:
            return
        if nxt is CONTINUE or nxt.seat == x:
            nxt = Next(ctx.next(x), ctx.next(x))
    if nxt is CONTINUE:
        return
    finish_turn(ctx, x, nxt)


def last_card_rules(ctx: Ctx, x: int, group: list[str], announce: bool = False, cancels: bool = False):
    """§2.13: the hand is empty after a play. Returns True if ``x`` goes out, False if he
    stays in (a forced draw, a deferred two-player finish), CONTINUE if his turn goes on.
    ``cancels``: the play cancels a pending draw (then it attacks nobody, even if its
    card is a draw card, like Switch's red Jack, so it does not bounce)."""
    t, r = ctx.t, ctx.r
    last = group[-1]
    if r.special_must_draw and last in r.special and ctx.can_draw():
        ctx.forced_draw = True
        ctx.draw_cards(x, 1, "forced")  # Switch: draw first, then the effect resolves (R#22)
        return False
    if r.play_again_last and is_chain_start(r, last):
        if not ctx.can_draw():
            return True
        # Tel-Aviv 5 as the last card: draw one; play it if it follows, else keep it (R#31)
        ctx.forced_draw = True
        ctx.emit(ev.FollowUpRequired(x))
        ctx.draw_cards(x, 1, "forced")
        if announce:  # the call made with the play counts (§2.12)
            ctx.emit(ev.CallMade(x))
        if why_not_normal(t, r, t.drawn_card) is None:
            return CONTINUE
        nxt = Next(ctx.next(x), ctx.next(x))
        finish_turn(ctx, x, nxt)
        return CONTINUE
    if (r.bounce and not cancels and ctx.n_active() == 2
            and any((e := r.effect.get(c)) is not None and e.type == "draw" for c in group)):
        ctx.emit(ev.GoingOutDeferred(x))
        return False
    return True


def draw_totals(r, group: list[str]):
    draws = [(c, r.effect[c]) for c in group if c in r.effect and r.effect[c].type == "draw"]
    if not draws:
        return 0, None, "next"
    last_card, last = draws[-1]
    amount = sum(e.amount for _, e in draws)
    if r.king_top_only and RANK[last_card] == "K":
        amount = last.amount
    return amount, last.family, last.target


def resolve_effects(ctx: Ctx, x: int, group: list[str], ph: str, answer, regular: bool, wish, in_play):
    """Apply the triggering group's effect (§2.16 step 6) and say who acts next."""
    t, r = ctx.t, ctx.r
    if ph == DRAW:
        nr = ctx.next(x) if regular else t.next_regular
        if answer == "cancel":
            ctx.emit(ev.ChainCancelled(x, "draw"))
            # the chain is resolved: a seat that went out on it in a two-player bounce
            # is out now, unless this cancel empties x's own hand: x went out first
            # (§2.16 step 5 comes before the effect, step 6)
            if t.pending_out is not None and t.hands[x] and go_out(ctx, t.pending_out):
                return CONTINUE
            return Next(nr, nr)
        amount, family, target = draw_totals(r, group)
        pd = t.pending_draw
        regular = True
        if r.targeting == "by_card":
            victim = ctx.prev(x) if target == "previous" else ctx.next(x)
            regular = victim == nr and not (target == "previous" and ctx.n_active() == 2
                                            and not r.backward_as_forward)
        else:
            victim = nr
        ctx.emit(ev.DrawPending(pd.amount + amount, family or pd.family, victim, regular))
        return Next(victim, nr)
    if ph == SKIP:
        nxt = ctx.next(x)
        if answer == "cancel":
            ctx.emit(ev.ChainCancelled(x, "skip"))
            return Next(nxt, nxt)
        turns = t.pending_skip.turns
        if answer == "accumulate":
            turns += sum(1 for c in group if c in r.answers["skip"])
        ctx.emit(ev.SkipPending(turns, nxt))
        return Next(nxt, nxt)
    if ph == ROBIN:
        k = sum(1 for c in group if c in r.answers["robin"])
        ctx.emit(ev.RobinJoined(x, t.robin.count + k))
        return ask_robin(ctx, ctx.next(x))

    nxt = ctx.next(x)
    if len(group) == 1 and group[0] not in r.effect:
        return Next(nxt, nxt)  # a plain card
    counts = effect_counts(r, group)
    bonus = t.bonus if (t.bonus is not None and t.bonus[0] == x) else None
    self_target = bonus is not None and bonus[1] > 0  # §2.10.7: effects hit himself

    if "reverse" in counts and counts["reverse"] % 2:
        ctx.emit(ev.DirectionChanged(-t.direction))
        if ctx.n_active() == 2 and r.reverse_two_as_skip:
            return Next(x, x)
        nxt = ctx.next(x)
    if wish is not None:
        ctx.wish_made = True
        weff = wish_effect(r, group)
        if wish.kind == "free":
            if weff.type == "suit_wish":
                ctx.emit(ev.WishSet(x, "free_suit", None, in_play))
            else:
                ctx.emit(ev.WishSet(x, "free_plain", None))
        else:
            ctx.emit(ev.WishSet(x, wish.kind, wish.value))
    if "hand_swap" in counts and counts["hand_swap"] % 2:
        nb = ctx.left_neighbour(x)
        if nb != x:
            ctx.emit(ev.HandsSwapped(x, nb, t.hands[nb], t.hands[x]))
            ctx.swapped = True
    if "draw" in counts:
        amount, family, target = draw_totals(r, group)
        if self_target:
            ctx.emit(ev.DrawPending(amount, family, x, True))
            return Next(x, x)
        if target == "previous" and (ctx.n_active() >= 3 or not r.backward_as_forward):
            # a backward attack hits out of turn: after drawing, the victim's regular turn
            # still comes (Z7); with two players that is the very next turn (R#6 off)
            victim = ctx.prev(x)
            ctx.emit(ev.DrawPending(amount, family, victim, False))
            return Next(victim, nxt)
        ctx.emit(ev.DrawPending(amount, family, nxt, True))
        return Next(nxt, nxt)
    skips = counts.get("skip", 0)
    if skips and r.skip_mode != "skip_robin":
        if r.skip_mode == "none":
            ctx.emit(ev.TurnSkipped(nxt, t.turns_to_miss[nxt] + skips - 1))
            after = ctx.next(nxt)
            return Next(after, after)
        turns = skips if r.skip_mode == "accumulate" else 1
        ctx.emit(ev.SkipPending(turns, nxt))
        return Next(nxt, nxt)
    robins = counts.get("skip_robin", 0) + (skips if r.skip_mode == "skip_robin" else 0)
    if robins:
        unused = bonus[1] if bonus is not None else 0
        ctx.emit(ev.RobinStarted(x, robins + unused))
        return ask_robin(ctx, ctx.next(x))
    if "play_again" in counts:
        ctx.emit(ev.FollowUpRequired(x))
        return CONTINUE
    if "pass_left" in counts:
        choosers = tuple(s for s in range(len(t.active)) if t.active[s] and t.hands[s])
        if choosers:
            ctx.emit(ev.PassCardsRequested(x, choosers, nxt, nxt))
            return CONTINUE  # the turn moves on once every chooser has chosen
    return Next(nxt, nxt)


def ask_robin(ctx: Ctx, seat: int):
    """The robin asks ``seat`` next, or ends (§2.10.7, Z18)."""
    t = ctx.t
    robin = t.robin
    if not t.active[robin.last_seat] and robin.asked_since >= ctx.n_active():
        ctx.emit(ev.RobinEnded(None))
        nxt = ctx.next(robin.last_seat)
        return Next(nxt, nxt)
    if seat == robin.last_seat:
        ctx.emit(ev.RobinEnded(seat))
        ctx.emit(ev.BonusTurnsGranted(seat, robin.count))
        return Next(seat, seat, robin.count - 1)
    return Next(seat, seat)
