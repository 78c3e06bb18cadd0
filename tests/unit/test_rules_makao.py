"""Rules scenarios for the `makao` preset (Hungarian standard rules, RULES.md §3.2 `makao`).

Every test runs a fixed deal through the scenario DSL (tests/support/table.py) and asserts the
resulting state: who acts, pending draw/skip, wishes, turns_to_miss, direction, hands, top card.

Seat numbering. `makao` plays counter-clockwise (R#8), so the player after seat s is s-1 and the
first player is the dealer's right neighbour (dealer-1). The four-player scenarios name the seats
in turn order as in §2.10.1: A -> B -> C -> D -> A, i.e. A=3, B=2, C=1, D=0 ("previous" of B is A).
"""

from __future__ import annotations

import pytest

from domain.cards import one_deck
from tests.support.table import Game

# turn order A -> B -> C -> D (counter-clockwise: next(s) = s - 1)
A, B, C, D = 3, 2, 1, 0


def unused(k, *named):
    """``k`` plain cards named nowhere in ``named`` (lists of cards), to name the drawn stock."""
    used = {c for group in named for c in group}
    return [c for c in one_deck(["5", "6", "7", "8", "9", "10", "Q"], 0, []) if c not in used][:k]


def four(a, b, c, d, starter, *, first=B, stock=(), draws=0, rules=None, **kw):
    """A four-player `makao` table; ``first`` acts first (dealer = first + 1, his left).
    ``draws`` names that many further plain stock cards not used anywhere else."""
    hands = [None] * 4
    hands[A], hands[B], hands[C], hands[D] = a, b, c, d
    stock = list(stock) + unused(draws, a, b, c, d, [starter], stock)
    return Game("makao", hands=hands, starter=starter, stock=stock, dealer=(first + 1) % 4, rules=rules, **kw)


# ====================================================================== §3.2 makao card table
def test_card_2_draw_two_at_next_player():
    """§3.2 makao: 2 = draw 2, family `twos`, target next."""
    g = four(["5C", "6C"], ["2H", "7D"], ["8C", "9D"], ["10C", "JD"], "9H", stock=["5S", "6S"])
    g.play(B, "2H")
    assert g.pending_draw == (2, C)
    assert g.state.pending_draw.family == "twos"
    assert (g.actor, g.next_regular) == (C, C)
    g.draw(C)
    assert g.hand(C) == sorted(["8C", "9D", "5S", "6S"])
    assert g.pending_draw is None and g.actor == D
    assert g.top == "2H"


def test_card_3_draw_three_at_next_player():
    """§3.2 makao: 3 = draw 3, family `threes`."""
    g = four(["5C", "6C"], ["3H", "7D"], ["8C", "9D"], ["10C", "JD"], "9H", stock=["5S", "6S", "7S"])
    g.play(B, "3H")
    assert g.pending_draw == (3, C) and g.state.pending_draw.family == "threes"
    g.draw(C)
    assert g.hand(C) == sorted(["8C", "9D", "5S", "6S", "7S"])
    assert g.actor == D


def test_card_4_opens_an_answerable_skip():
    """§3.2 makao: 4 = skip, `accumulate`; the target answers with a 4 or accepts (pass)."""
    g = four(["5C", "6C"], ["4H", "7D"], ["8C", "9D"], ["10C", "JD"], "9H")
    g.play(B, "4H")
    assert g.pending_skip == (1, C)
    assert g.actor == C
    g.rejects("must_answer_pending_skip", g.play, C, "9D")
    g.rejects("must_answer_pending_skip", g.draw, C)
    g.pass_(C)
    assert g.pending_skip is None
    assert g.state.turns_to_miss == (0, 0, 0, 0)
    assert g.actor == D and g.hand(C) == ["8C", "9D"]


def test_card_jack_makes_a_rank_wish_and_is_not_wild():
    """§3.2 makao: J = rank wish (not wild, §2.5 wild cards of makao are A and joker)."""
    g = four(["5C", "6C"], ["JH", "8C", "7D"], ["8D", "10H"], ["10C", "JD"], "9H")
    g.play(B, "JH", wish="8")
    assert g.wish == ("rank", "8")
    assert g.actor == C
    g.rejects("does_not_match", g.play, C, "10H")  # suit of the Jack no longer counts
    g.play(C, "8D")
    assert g.wish is None and g.actor == D

    g = four(["5C", "6C"], ["JH", "8H", "7D"], ["8D", "10H"], ["10C", "JD"], "9S")
    g.rejects("does_not_match", g.play, B, "JH", wish="8")


def test_card_ace_is_wild_and_makes_a_suit_wish():
    """§3.2 makao: A = wild suit wish (suit different from the suit in play, held by the caller)."""
    g = four(["5C", "6C"], ["AC", "5S", "7D"], ["10H", "6S"], ["10C", "JD"], "9H")
    g.play(B, "AC", wish="S")
    assert g.wish == ("suit", "S") and g.top == "AC"
    g.rejects("does_not_match", g.play, C, "10H")
    g.play(C, "6S")
    assert g.wish is None and g.actor == D


def test_card_king_of_spades_hits_the_previous_player():
    """§3.2 makao: K♠ = draw 5, family `kings`, target previous."""
    g = four(["5C", "6C"], ["KS", "7D"], ["8C", "9D"], ["10C", "JD"], "9S")
    g.play(B, "KS")
    assert g.pending_draw == (5, A)
    assert g.state.pending_draw.family == "kings"
    assert (g.actor, g.next_regular) == (A, C)


def test_card_king_of_hearts_hits_the_next_player():
    """§3.2 makao: K♥ = draw 5, family `kings`, target next."""
    g = four(["5C", "6C"], ["KH", "7D"], ["8C", "9D"], ["10C", "JD"], "9H")
    g.play(B, "KH")
    assert g.pending_draw == (5, C) and g.state.pending_draw.family == "kings"
    assert (g.actor, g.next_regular) == (C, C)


def test_card_queen_of_hearts_is_plain_without_a_king_chain():
    """§3.2 makao: Q♥ only cancels a pending king chain; otherwise it is a plain card."""
    g = four(["5C", "6C"], ["QH", "7D"], ["8C", "9D"], ["10C", "JD"], "9H")
    g.play(B, "QH")
    assert g.pending_draw is None and g.pending_skip is None and g.wish is None
    assert g.actor == C and g.top == "QH"
    g.rejects("does_not_match", g.play, C, "9D")
    g.rejects("does_not_match", g.play, C, "8C")


def test_card_plain_kings_have_no_effect():
    """§3.2 makao: only K♠ and K♥ are draw cards; K♣ and K♦ are plain."""
    g = four(["5C", "6C"], ["KC", "7D"], ["8C", "9D"], ["10C", "JD"], "9C")
    g.play(B, "KC")
    assert g.pending_draw is None and g.actor == C


def test_card_joker_reverses_and_is_transparent():
    """§3.2 makao: joker = reverse, wild, transparent (R#17): the next player matches what lay
    beneath it; a joker is not an answer to draws."""
    g = four(["5H", "5C", "6C"], ["JKB", "7D"], ["8C", "9D"], ["10C", "JD", "10S"], "9H")
    g.play(B, "JKB")
    assert g.direction == "cw"
    assert g.actor == A  # the direction flipped: B's other neighbour plays
    g.rejects("does_not_match", g.play, A, "5C")  # 9H is still what must be matched
    g.play(A, "5H")
    assert g.actor == D  # clockwise now: 3 -> 0

    g = four(["5C", "6C"], ["2H", "7D"], ["JKR", "9D"], ["10C", "JD"], "9H")
    g.play(B, "2H")
    g.rejects("must_answer_pending_draw", g.play, C, "JKR")


def test_ks_after_a_reverse_hits_the_previous_seat_in_the_new_direction():
    """§2.11: next/prev follow the current direction — after B's joker (now clockwise) A's K♠
    hits B, the seat before A in the new direction."""
    g = four(["KS", "5C", "6C"], ["JKB", "7D"], ["8C", "9D"], ["10C", "JD"], "9S")
    g.play(B, "JKB")
    g.play(A, "KS")
    assert g.pending_draw == (5, B)
    assert (g.actor, g.next_regular) == (B, D)


# ====================================================================== §3.2 makao answer matrix
def test_answer_twos_chain_adds_one_or_several_twos():
    """§3.2 makao answer matrix: `draw:twos` ← any 2 (one or several) → add, forward."""
    g = four(["5C", "6C"], ["2H", "7D"], ["2C", "2D", "9D"], ["10C", "JD"], "9H", draws=6)
    drawn = list(reversed(g.state.stock))[:6]
    g.play(B, "2H")
    g.play(C, "2C", "2D")
    assert g.pending_draw == (6, D)
    assert g.actor == D
    g.draw(D)
    assert g.hand(D) == sorted(["10C", "JD"] + drawn)
    assert g.actor == A


def test_answer_threes_chain_adds_threes():
    """§3.2 makao answer matrix: `draw:threes` ← any 3 → add."""
    g = four(["5C", "6C"], ["3H", "7D"], ["3S", "9D"], ["10C", "JD"], "9H")
    g.play(B, "3H")
    g.play(C, "3S")
    assert g.pending_draw == (6, D)
    assert g.state.pending_draw.family == "threes"


def test_answer_kings_chain_adds_one_or_both_kings():
    """§3.2 makao answer matrix: `draw:kings` ← K♠, K♥ (one or both) → add +5 each, forward.
    Two decks so the answering player can hold both kings."""
    g = four(["5C", "6C"], ["KH", "7D"], ["KS", "KH", "9D"], ["10C", "JD"], "9H",
             rules={"deck": {"count": 2}})
    g.play(B, "KH")
    g.play(C, "KS", "KH")
    assert g.pending_draw == (15, D)
    assert (g.actor, g.next_regular) == (D, D)


def test_answer_queen_of_hearts_cancels_a_king_chain():
    """§3.2 makao answer matrix: `draw:kings` ← Q♥ → cancel; nobody draws; play goes on on Q♥."""
    g = four(["5C", "6C"], ["KH", "7D"], ["QH", "9D"], ["5H", "JD"], "9H")
    g.play(B, "KH")
    g.play(C, "QH")
    assert "chain_cancelled" in g.types()
    assert g.pending_draw is None
    assert g.actor == D and g.top == "QH"
    assert g.hand(C) == ["9D"]
    g.rejects("does_not_match", g.play, D, "JD")
    g.play(D, "5H")


def test_answer_fours_accumulate_one_per_four():
    """§3.2 makao answer matrix: `skip` ← any 4 (one or several) → accumulate (+1 per 4)."""
    g = four(["5C", "6C"], ["4H", "7D"], ["4C", "4D", "9D"], ["10C", "JD"], "9H")
    g.play(B, "4H")
    g.play(C, "4C", "4D")
    assert g.pending_skip == (3, D)
    assert g.actor == D
    g.pass_(D)
    assert g.state.turns_to_miss[D] == 2
    assert g.actor == A


def test_answer_suit_wish_is_satisfied_by_the_wished_suit():
    """§3.2 makao answer matrix: `wish:suit` ← card of the wished suit → satisfy."""
    g = four(["5C", "6C"], ["AC", "5S", "7D"], ["9S", "10H"], ["10C", "JD"], "9H")
    g.play(B, "AC", wish="S")
    g.play(C, "9S")
    assert "wish_fulfilled" in g.types()
    assert g.wish is None and g.top == "9S" and g.actor == D


def test_unfulfilled_wish_passes_on_after_a_draw():
    """R#16 / R#36: a player who cannot fulfil the wish draws one card; the wish passes on."""
    g = four(["5C", "6C"], ["AC", "5S", "7D"], ["10H", "8C"], ["10C", "JD"], "9H", stock=["5D"])
    g.play(B, "AC", wish="S")
    g.draw(C)
    assert g.hand(C) == sorted(["10H", "5D", "8C"])
    assert g.wish == ("suit", "S")
    assert g.actor == D


def test_answer_free_suit_wish_is_satisfied_by_any_other_suit():
    """§3.2 makao answer matrix: `wish:free_suit` ← any card not of the excluded suit → satisfy."""
    g = four(["5C", "6C"], ["AC", "5H"], ["8H", "6D"], ["10C", "JD"], "9H")
    g.play(B, "AC", wish={"free": True})
    assert g.wish == ("free_suit", "H")
    g.rejects("does_not_match", g.play, C, "8H")
    g.play(C, "6D")
    assert g.wish is None and g.actor == D


def test_answer_ace_replaces_a_suit_wish_differing_from_the_wished_suit():
    """§3.2 makao answer matrix: `wish:suit` ← any A → replace_wish; the new suit must differ
    from the suit in play, which is now the wished suit (Z21) — not the top Ace's suit."""
    g = four(["5C", "6C"], ["AC", "5S", "7D"], ["AD", "9S", "8C", "10H"], ["10C", "JD"], "9H")
    g.play(B, "AC", wish="S")
    g.rejects("invalid_wish", g.play, C, "AD", wish="S")
    g.play(C, "AD", wish="C")  # clubs is the top card's suit, but spades is the suit in play
    assert g.wish == ("suit", "C")
    assert g.state.wish.wisher == C
    assert g.actor == D


def test_answer_ace_replaces_a_free_suit_wish_differing_from_the_excluded_suit():
    """§3.2 makao answer matrix: `wish:free_suit` ← any A → replace_wish; the suit in play is
    the excluded suit (Z21)."""
    g = four(["5C", "6C"], ["AC", "5H"], ["AS", "8H", "8C"], ["10C", "JD"], "9H")
    g.play(B, "AC", wish={"free": True})
    assert g.wish == ("free_suit", "H")
    g.rejects("invalid_wish", g.play, C, "AS", wish="H")
    g.play(C, "AS", wish="C")
    assert g.wish == ("suit", "C")


def test_answer_rank_wish_is_satisfied_by_the_wished_rank():
    """§3.2 makao answer matrix: `wish:rank` ← card(s) of the wished rank → satisfy."""
    g = four(["5C", "6C"], ["JH", "8C", "7D"], ["8D", "8S", "10H"], ["10C", "JD"], "9H")
    g.play(B, "JH", wish="8")
    g.play(C, "8D", "8S")
    assert g.wish is None and g.top == "8S" and g.hand(C) == ["10H"]
    assert g.actor == D


def test_answer_free_plain_wish_is_satisfied_by_any_non_action_card():
    """§3.2 makao answer matrix: `wish:free_plain` ← any non-action card → satisfy."""
    g = four(["5C", "6C"], ["JH", "2C", "KS"], ["3D", "AD", "9C"], ["10C", "JD"], "9H")
    g.play(B, "JH", wish={"free": True})
    assert g.wish == ("free_plain", None)
    g.rejects("does_not_match", g.play, C, "3D")  # an action card
    g.rejects("does_not_match", g.play, C, "AD")  # wild, but not an answer to a rank wish
    g.play(C, "9C")
    assert g.wish is None and g.actor == D


def test_answer_jack_replaces_a_rank_wish_with_a_different_value():
    """§3.2 makao answer matrix: `wish:rank` ← any J → replace_wish ("call a different value")."""
    g = four(["5C", "6C"], ["JH", "8C", "7D"], ["JC", "8D", "9S"], ["10C", "JD"], "9H")
    g.play(B, "JH", wish="8")
    g.rejects("invalid_wish", g.play, C, "JC", wish="8")
    g.play(C, "JC", wish="9")
    assert g.wish == ("rank", "9") and g.actor == D


def test_answer_jack_replaces_a_free_plain_wish():
    """§3.2 makao answer matrix: `wish:free_plain` ← any J → replace_wish."""
    g = four(["5C", "6C"], ["JH", "2C", "KS"], ["JC", "8D", "9S"], ["10C", "JD"], "9H")
    g.play(B, "JH", wish={"free": True})
    g.play(C, "JC", wish="8")
    assert g.wish == ("rank", "8") and g.actor == D


# ====================================================================== §2.10.1 forward model F1–F8
def test_f1_kh_next_player_draws_five():
    """§2.10.1 F1: B: K♥ → C must draw 5 or answer; if C draws, D plays."""
    g = four(["5C", "6C"], ["KH", "7D"], ["8C", "9D"], ["10C", "JD"], "9H", draws=5)
    drawn = list(reversed(g.state.stock))[:5]
    g.play(B, "KH")
    assert g.pending_draw == (5, C) and g.actor == C
    g.draw(C)
    assert g.hand(C) == sorted(["8C", "9D"] + drawn)
    assert g.pending_draw is None
    assert g.actor == D


def test_f2_kh_answered_by_king_next_in_sequence_draws_ten():
    """§2.10.1 F2: B: K♥; C: K♠ → D must draw 10; if D draws, A plays."""
    g = four(["5C", "6C"], ["KH", "7D"], ["KS", "9D"], ["10C", "JD"], "9H", draws=10)
    drawn = list(reversed(g.state.stock))[:10]
    g.play(B, "KH")
    g.play(C, "KS")
    assert g.pending_draw == (10, D) and g.actor == D
    g.draw(D)
    assert g.hand(D) == sorted(["10C", "JD"] + drawn)
    assert g.actor == A


def test_f3_ks_previous_draws_out_of_turn_then_regular_order_resumes():
    """§2.10.1 F3: B: K♠ → A (previous) must draw 5, out of turn; if A draws, C plays.
    Z7: A's own next regular turn is unaffected."""
    g = four(["10S", "6C"], ["KS", "7D", "8D"], ["5S", "9D"], ["6S", "JD"], "9S", draws=5)
    drawn = list(reversed(g.state.stock))[:5]
    g.play(B, "KS")
    assert g.pending_draw == (5, A)
    assert g.state.pending_draw.target_is_regular is False
    assert (g.actor, g.next_regular) == (A, C)
    g.draw(A)
    assert g.hand(A) == sorted(["10S", "6C"] + drawn)
    assert (g.actor, g.next_regular) == (C, C)
    g.play(C, "5S")
    g.play(D, "6S")
    assert g.actor == A  # A plays his regular turn normally
    g.play(A, "10S")
    assert g.actor == B


def test_f4_ks_answered_by_previous_player_goes_to_the_player_after_the_next():
    """§2.10.1 F4: B: K♠; A: K♥ → C must draw 10; if C draws, D plays."""
    g = four(["KH", "6C"], ["KS", "7D"], ["8C", "9D"], ["10C", "JD"], "9S", draws=10)
    drawn = list(reversed(g.state.stock))[:10]
    g.play(B, "KS")
    g.play(A, "KH")
    assert g.pending_draw == (10, C)
    assert (g.actor, g.next_regular) == (C, C)
    g.draw(C)
    assert g.hand(C) == sorted(["8C", "9D"] + drawn)
    assert g.actor == D


def test_f4_variant_previous_player_answers_with_ks_still_forward():
    """§2.10.1 F4 "(or K♠)": the out-of-turn answer with K♠ also goes forward to C, not to A's
    previous seat (`forward` model, R#4). Two decks for the second K♠."""
    g = four(["KS", "6C"], ["KS", "7D"], ["8C", "9D"], ["10C", "JD"], "9S", rules={"deck": {"count": 2}})
    g.play(B, "KS")
    g.play(A, "KS")
    assert g.pending_draw == (10, C)
    assert (g.actor, g.next_regular) == (C, C)


def test_f5_three_kings_next_regular_holder_draws_fifteen():
    """§2.10.1 F5: B: K♠; A: K♥; C: K♠ → D must draw 15; if D draws, A plays (two decks)."""
    g = four(["KH", "6C"], ["KS", "7D"], ["KS", "9D"], ["10C", "JD"], "9S", draws=15,
             rules={"deck": {"count": 2}})
    g.play(B, "KS")
    g.play(A, "KH")
    g.play(C, "KS")
    assert g.pending_draw == (15, D)
    assert (g.actor, g.next_regular) == (D, D)
    g.draw(D)
    assert g.hand_size(D) == 17
    assert g.actor == A


def test_f6_queen_of_hearts_stops_a_backward_attack():
    """§2.10.1 F6: B: K♠; A: Q♥ → chain cancelled, nobody draws; C plays on Q♥."""
    g = four(["QH", "6C"], ["KS", "7D"], ["10S", "5H"], ["10C", "JD"], "9S")
    g.play(B, "KS")
    g.play(A, "QH")
    assert g.pending_draw is None
    assert [g.hand_size(s) for s in (A, B, C, D)] == [1, 1, 2, 2]
    assert (g.actor, g.top) == (C, "QH")
    g.rejects("does_not_match", g.play, C, "10S")
    g.play(C, "5H")


def test_f7_three_players_ks_answered_lands_on_the_third_player():
    """§2.10.1 F7: three players A, B, C — B: K♠; A: K♥ → C must draw 10; if C draws, A plays."""
    a, b, c = 2, 1, 0  # turn order a -> b -> c (counter-clockwise)
    hands = [None] * 3
    hands[a], hands[b], hands[c] = ["KH", "6C"], ["KS", "7D"], ["8C", "9D"]
    g = Game("makao", hands=hands, starter="9S", stock=unused(10, *hands), dealer=a)
    assert g.actor == b
    g.play(b, "KS")
    assert g.pending_draw == (5, a)
    g.play(a, "KH")
    assert g.pending_draw == (10, c)
    g.draw(c)
    assert g.hand_size(c) == 12
    assert g.actor == a


def test_f8_two_players_ks_acts_like_kh():
    """§2.10.1 F8 / R#6: two players — B: K♠ → A must draw 5 (treated as K♥); if A draws, B plays."""
    a, b = 1, 0
    hands = [["KS", "7D"], ["8C", "9D"]]
    g = Game("makao", hands=hands, starter="9S", stock=unused(5, *hands), dealer=a)
    assert g.actor == b
    g.play(b, "KS")
    assert g.pending_draw == (5, a)
    assert g.state.pending_draw.target_is_regular is True
    g.draw(a)
    assert g.hand_size(a) == 7
    assert g.actor == b


# ====================================================================== §2.15 two players
def two(p0, p1, starter, stock=(), rules=None):
    """Two-player makao table where seat 0 acts first (dealer 1)."""
    return Game("makao", hands=[p0, p1], starter=starter, stock=stock, dealer=1, rules=rules)


def test_two_players_skip_lets_the_same_player_play_again():
    """§2.15: a skip with two players → the skipping player plays again."""
    g = two(["4H", "5H", "6C"], ["8C", "9D"], "9H")
    g.play(0, "4H")
    assert g.pending_skip == (1, 1)
    g.pass_(1)
    assert g.actor == 0
    assert g.state.turns_to_miss == (0, 0)
    g.play(0, "5H")
    assert g.actor == 1


def test_two_players_skip_of_two_gives_three_plays_in_a_row():
    """§2.15 with Z12 / R#53: two 4s against the only opponent — he loses this turn and sits out
    the next, so the 4-player plays three times in a row."""
    g = two(["4H", "4C", "5C", "6C", "7C"], ["8D", "10H"], "9H")
    g.play(0, "4H", "4C")
    assert g.pending_skip == (2, 1)
    g.pass_(1)
    assert g.state.turns_to_miss == (0, 1)
    assert g.actor == 0
    g.play(0, "5C")
    assert "turn_skipped" in g.types()
    assert g.state.turns_to_miss == (0, 0)
    assert g.actor == 0
    g.play(0, "6C")
    assert g.actor == 1


def test_two_players_call_window_closes_when_the_opponent_accepts_the_skip():
    """§2.12 / §2.15: the window ends at the next action — here the opponent's `pass` accepting
    the skip — even though the same player plays again afterwards."""
    g = two(["4H", "5H"], ["8C", "10D"], "9H")
    g.play(0, "4H")
    assert g.state.call_window.seat == 0
    g.pass_(1)
    assert g.state.call_window is None and g.actor == 0
    g.rejects("nothing_to_catch", g.catch, 1, 0)


def test_two_players_reverse_has_no_effect():
    """§2.15 / R#19: makao `two_player_acts_as_skip = false` — a joker reverses, which with two
    players changes nothing: the opponent plays next."""
    g = two(["JKB", "5H", "6C"], ["8C", "10H"], "9H")
    g.play(0, "JKB")
    assert g.direction == "cw"
    assert g.actor == 1


def test_two_players_ks_hits_the_opponent_who_loses_his_turn():
    """§2.15 / R#6: K♠ hits the opponent like a forward attack; if he draws he loses his turn."""
    g = two(["KS", "5S", "6C"], ["8C", "9D"], "9S", stock=unused(5, ["6C", "8C", "9D"]))
    g.play(0, "KS")
    assert g.pending_draw == (5, 1) and g.actor == 1
    g.draw(1)
    assert g.actor == 0 and g.hand_size(1) == 7


def test_two_players_last_one_standing_ends_when_one_goes_out():
    """§2.15 / §2.13: `last_one_standing` with two players ends as soon as one goes out."""
    g = two(["5H", "6H"], ["8H", "9D"], "9H")
    g.play(0, "5H", announce=True)
    g.play(1, "8H")
    g.play(0, "6H")
    assert g.state.status == "finished"
    assert g.state.finished == (0,)
    assert g.state.rounds[-1].reason == "last_one_standing"
    assert g.state.rounds[-1].standings == (1, 2)
    assert g.state.result.winners == (0,) and g.state.result.losers == (1,)


# ====================================================================== §6 resolutions and §0 errata
def test_r1_queen_of_hearts_does_nothing_to_twos_and_threes():
    """R#1 / Z15: Q♥ cancels only a king chain; it is no answer to a 2 or 3 chain."""
    g = four(["5C", "6C"], ["2H", "7D"], ["QH", "9D"], ["10C", "JD"], "9H")
    g.play(B, "2H")
    g.rejects("must_answer_pending_draw", g.play, C, "QH")
    g = four(["5C", "6C"], ["3H", "7D"], ["QH", "9D"], ["10C", "JD"], "9H")
    g.play(B, "3H")
    g.rejects("must_answer_pending_draw", g.play, C, "QH")


def test_r8_counter_clockwise_first_player_is_dealers_right():
    """R#8 / §2.3: makao plays counter-clockwise; the dealer's right neighbour (dealer-1) starts."""
    g = Game("makao", hands=[["5H", "6C"], ["7H", "8C"], ["8H", "9C"], ["10H", "JC"]], starter="9H", dealer=0)
    assert g.direction == "ccw"
    assert g.state.dealer == 0
    assert (g.actor, g.next_regular) == (3, 3)
    g.play(3, "10H")
    assert g.actor == 2
    g.play(2, "8H")
    assert g.actor == 1
    g.play(1, "7H")
    assert g.actor == 0


@pytest.mark.parametrize("starter", ["KH", "KS", "2H", "3H", "4H", "QH"])
def test_z25_special_fixed_starter_is_kept_and_has_no_effect(starter):
    """R#9 / Z25: a fixed-deal starter is never redrawn; makao's `redraw_until_plain` treats it
    as `ignore_effect` — no draw, no skip, the first player simply matches it."""
    g = four(["6C", "7C"], ["5H", "5S", "8D"], ["8C", "9D"], ["10C", "JD"], starter)
    assert g.top == starter
    assert g.state.discard == (starter,)
    assert next(e for e in g.log if e.type == "round_started").redraws == 0
    assert g.pending_draw is None and g.pending_skip is None and g.wish is None
    assert (g.actor, g.next_regular) == (B, B)
    assert g.hand_size(B) == 3
    g.play(B, "5" + starter[-1])
    assert g.actor == C and g.pending_draw is None


def test_z25_wild_starter_sets_its_own_suit_and_rank():
    """R#9 / Z25 / §2.4 `ignore_effect`: a wild starter (Ace) sets its own suit/rank, no wish."""
    g = four(["5C", "6C"], ["9H", "5S", "AD"], ["8C", "9D"], ["10C", "JD"], "AS")
    assert g.wish is None
    assert g.state.effective_suit == "S"
    g.rejects("does_not_match", g.play, B, "9H")
    g.play(B, "5S")
    assert g.actor == C


def test_z25_jack_starter_makes_no_rank_wish():
    """Z25: a rank-wish starter has no effect; the first player matches its suit or rank."""
    g = four(["5C", "6C"], ["9H", "JC", "7D"], ["8C", "9D"], ["10C", "JD"], "JH")
    assert g.wish is None
    g.play(B, "9H")
    assert g.wish is None and g.actor == C


def test_z25_joker_starter_does_not_reverse_and_leaves_free_play():
    """Z25 / §2.5: a joker starter's reversal is void (direction stays ccw); with nothing beneath
    the transparent joker the first player may play any card (`free_play`)."""
    g = four(["5C", "6C"], ["7D", "8S"], ["9D", "8C"], ["10C", "JD"], "JKR")
    assert g.direction == "ccw" and g.state.free_play is True
    assert g.actor == B
    g.play(B, "7D")
    assert g.state.free_play is False
    assert g.actor == C


def test_joker_pair_reverses_twice():
    """§2.9: within the triggering group reverses toggle once per card; two jokers = no change."""
    g = four(["5C", "6C"], ["JKB", "JKR", "7D"], ["10H", "8C"], ["10C", "JD"], "9H")
    g.play(B, "JKB", "JKR")
    assert g.direction == "ccw"
    assert g.actor == C
    g.play(C, "10H")  # still matching the 9H beneath the jokers


def test_r11_s2_run_example_is_one_legal_play():
    """R#11 / §2.9: S2's run 5♠ 6♠ 7♠ 7♥ 8♥ 8♣ 7♣ (same rank or same suit ±1, descending allowed)."""
    run = ["5S", "6S", "7S", "7H", "8H", "8C", "7C"]
    g = four(["5C", "6C"], run + ["9D"], ["8D", "9C"], ["10C", "JD"], "9S")
    g.play(B, *run)
    assert g.hand(B) == ["9D"]
    assert g.top == "7C"
    assert g.pending_draw is None and g.pending_skip is None
    assert g.actor == C


def test_r11_runs_do_not_wrap_and_must_be_adjacent():
    """R#11: rank order 2<…<A with no wrap-around; a gap breaks the run."""
    g = four(["5C", "6C"], ["KD", "AD", "2D", "5D", "7D"], ["8C", "9C"], ["10C", "JS"], "9D")
    g.rejects("invalid_group", g.play, B, "AD", "2D")
    g.rejects("invalid_group", g.play, B, "KD", "AD", "2D")
    g.rejects("invalid_group", g.play, B, "5D", "7D")


def test_r34_ace_ending_a_run_differs_from_the_suit_immediately_before_it():
    """R#34 / Z21 with R#11: "in play" is the effective suit immediately before the Ace. After
    Q♥ K♥ of a run that is hearts, so the Ace may call clubs (held) but not hearts."""
    g = four(["5C", "6C"], ["QH", "KH", "AH", "5S", "8C"], ["9D", "8D"], ["10C", "JD"], "QC")
    assert {"suit": "C"} in next(m for m in g.moves(B) if m.get("cards") == ["QH", "KH", "AH"])["wish_options"]
    g.play(B, "QH", "KH", "AH", wish="C")
    assert g.wish == ("suit", "C")


def test_r11_descending_run_is_legal():
    """R#11: descending steps are allowed (8♣→7♣ in S2)."""
    g = four(["5C", "6C"], ["9S", "8S", "7S", "QD"], ["8C", "9C"], ["10C", "JD"], "9D")
    g.play(B, "9S", "8S", "7S")
    assert g.top == "7S" and g.hand(B) == ["QD"]


def test_r11_only_the_final_same_rank_group_triggers():
    """R#11: earlier action cards in a run are inert; only the final same-rank group triggers,
    additively."""
    g = four(["5C", "6C"], ["2H", "3H", "4H", "9C"], ["8C", "9D"], ["10C", "JD"], "9H")
    g.play(B, "2H", "3H", "4H")
    assert g.pending_draw is None
    assert g.pending_skip == (1, C)

    g = four(["5C", "6C"], ["5H", "4H", "3H", "3C", "9C"], ["8C", "9D"], ["10C", "JD"], "9H")
    g.play(B, "5H", "4H", "3H", "3C")
    assert g.pending_skip is None
    assert g.pending_draw == (6, C)


def test_r11_under_a_pending_draw_only_a_same_rank_group_answers():
    """R#11: while an obligation applies only a same-rank answering group, no runs."""
    g = four(["5C", "6C"], ["2H", "7D"], ["2C", "3C", "9D"], ["10C", "JD"], "9H")
    g.play(B, "2H")
    g.rejects("invalid_group", g.play, C, "2C", "3C")


def test_r11_under_an_active_wish_only_a_same_rank_group():
    """R#11: an active wish is an obligation too: no runs, a same-rank group is fine."""
    g = four(["5C", "6C"], ["AC", "5S", "7D"], ["6S", "7S", "6D", "10H"], ["10C", "JD"], "9H")
    g.play(B, "AC", wish="S")
    g.rejects("invalid_group", g.play, C, "6S", "7S")
    g.play(C, "6S", "6D")
    assert g.wish is None and g.top == "6D"


def test_z12_k_fours_together_open_a_skip_of_k_turns():
    """Z12: a group of k skip cards opens `pending_skip` with turns = k."""
    g = four(["5C", "6C"], ["4H", "4C", "7D"], ["8C", "9D"], ["10C", "JD"], "9H")
    g.play(B, "4H", "4C")
    assert g.pending_skip == (2, C)
    g.pass_(C)
    assert g.state.turns_to_miss[C] == 1
    assert g.actor == D


def test_r53_one_victim_loses_the_turns_and_sits_out_later():
    """R#53: "the next player in sequence miss 2 goes" — one victim; he loses this turn and sits
    out his next one (`turns_to_miss`), which the engine passes automatically."""
    g = four(["5S", "6H"], ["4H", "5D", "6D"], ["4S", "9C"], ["10C", "JD", "QD"], "9H", stock=["7S"])
    g.play(B, "4H")
    g.play(C, "4S")
    assert g.pending_skip == (2, D)
    g.pass_(D)
    assert g.state.turns_to_miss == (1, 0, 0, 0)  # D is seat 0
    assert g.hand(D) == ["10C", "JD", "QD"]
    assert g.actor == A
    g.play(A, "5S")
    g.play(B, "5D")
    g.draw(C)  # 7S does not match 5D: C's turn ends; D sits out
    assert "turn_skipped" in g.types()
    assert g.state.turns_to_miss[D] == 0
    assert g.hand(D) == ["10C", "JD", "QD"]
    assert g.actor == A


def _d_sitting_out(a, b, c, stock=()):
    """B: 4♥, C: 4♠ → D accepts a skip of 2 and will sit out his next turn; A is to act on 4♠."""
    g = four(a, b, c, ["10C", "JD", "QD"], "9H", stock=stock)
    g.play(B, "4H")
    g.play(C, "4S")
    g.pass_(D)
    assert g.state.turns_to_miss[D] == 1 and g.actor == A
    return g


def test_r20_draw_attack_in_the_sitting_out_turn_is_taken_automatically():
    """Z13 / R#20: a pending draw arriving in a sitting-out player's regular turn is drawn
    automatically and counts as one of his missed turns."""
    g = _d_sitting_out(["5S", "6H"], ["4H", "5D", "6D"], ["4S", "9C", "2D"], stock=["5C", "6C"])
    g.play(A, "5S")
    g.play(B, "5D")
    g.play(C, "2D")
    assert "penalty_taken" in g.types() and "turn_skipped" in g.types()
    assert g.hand(D) == sorted(["10C", "JD", "QD", "5C", "6C"])
    assert g.pending_draw is None
    assert g.state.turns_to_miss[D] == 0
    assert g.actor == A


def test_r20_skip_arriving_on_a_sitting_out_player_adds_to_turns_to_miss():
    """R#20: a pending skip arriving on a sitting-out player adds to his `turns_to_miss`: this
    turn is consumed and one more turn is still to sit out."""
    g = _d_sitting_out(["5S", "7D", "QH"], ["4H", "5D", "6D", "QS"], ["4S", "9C", "4D", "6C"])
    g.play(A, "5S")
    g.play(B, "5D")
    g.play(C, "4D")
    assert g.pending_skip is None
    assert g.state.turns_to_miss[D] == 1
    assert g.actor == A
    g.play(A, "7D")
    g.play(B, "6D")
    g.play(C, "6C")
    assert "turn_skipped" in g.types()
    assert g.state.turns_to_miss[D] == 0
    assert g.actor == A


def test_z13_sitting_out_player_attacked_out_of_turn_answers_normally():
    """Z13: a sitting-out player hit out of turn (K♠ from the seat after him) answers normally and
    his `turns_to_miss` is unchanged."""
    g = four(["KS", "6H"], ["4H", "5D", "6D"], ["4S", "9C"], ["KH", "JD", "QD"], "9H")
    g.play(B, "4H")
    g.play(C, "4S")
    g.pass_(D)
    assert g.state.turns_to_miss[D] == 1
    g.play(A, "KS")
    assert g.pending_draw == (5, D) and g.actor == D
    g.play(D, "KH")
    assert g.pending_draw == (10, B)
    assert (g.actor, g.next_regular) == (B, B)
    assert g.state.turns_to_miss[D] == 1


def test_z13_sitting_out_player_taking_an_out_of_turn_penalty_still_sits_out():
    """Z13 / Z7: the sitting-out victim of an out-of-turn K♠ who draws keeps `turns_to_miss`;
    his next regular turn is still sat out."""
    g = four(["KS", "6H"], ["4H", "5D", "6D", "QS"], ["4S", "9C", "QC"], ["10C", "JD", "QD"], "9H", draws=5)
    g.play(B, "4H")
    g.play(C, "4S")
    g.pass_(D)
    g.play(A, "KS")
    g.draw(D)
    assert g.hand_size(D) == 8
    assert g.state.turns_to_miss[D] == 1
    assert g.actor == B
    g.play(B, "QS")
    g.play(C, "QC")
    assert g.state.turns_to_miss[D] == 0
    assert g.actor == A


def test_r24_drawn_card_may_be_played_at_once_and_only_it():
    """R#24 / §2.7: makao lets a drawn card be played at once if legal; only that card."""
    g = four(["5C", "6C"], ["8D", "7H"], ["8C", "9D"], ["10C", "JD"], "9H", stock=["9C"])
    g.draw(B)
    assert g.actor == B
    assert g.state.drawn_card == "9C"
    g.rejects("drawn_card_only", g.play, B, "7H")
    g.rejects("already_drew", g.draw, B)
    assert g.play_moves(B) == [["9C"]]
    g.play(B, "9C")
    assert g.actor == C and g.top == "9C"


def test_r24_drawn_card_may_be_kept_by_passing():
    """R#24: after drawing a playable card the player may pass instead."""
    g = four(["5C", "6C"], ["8D", "7H"], ["8C", "9D"], ["10C", "JD"], "9H", stock=["9C"])
    g.rejects("pass_not_allowed", g.pass_, B)
    g.draw(B)
    g.pass_(B)
    assert g.actor == C and g.hand(B) == ["7H", "8D", "9C"]


def test_r24_unplayable_drawn_card_ends_the_turn():
    """R#24: a drawn card that cannot be played ends the turn at once."""
    g = four(["5C", "6C"], ["8D", "7H"], ["8C", "9D"], ["10C", "JD"], "9H", stock=["5S"])
    g.draw(B)
    assert g.actor == C
    assert g.hand(B) == ["5S", "7H", "8D"]


def test_r34_ace_must_name_a_suit_different_from_the_suit_in_play():
    """R#34: the Ace's suit must differ from the suit in play (the top card's suit here)."""
    g = four(["5C", "6C"], ["AC", "5H", "5S"], ["8C", "9D"], ["10C", "JD"], "9H")
    g.rejects("invalid_wish", g.play, B, "AC", wish="H")
    g.play(B, "AC", wish="S")
    assert g.wish == ("suit", "S")


def test_r34_ace_must_name_a_suit_the_caller_holds():
    """R#34: the caller must hold a card of the named suit; `free` is refused while he does."""
    g = four(["5C", "6C"], ["AC", "5H", "5S"], ["8C", "9D"], ["10C", "JD"], "9H")
    g.rejects("invalid_wish", g.play, B, "AC", wish="D")
    g.rejects("invalid_wish", g.play, B, "AC", wish="C")  # the Ace itself does not count
    g.rejects("invalid_wish", g.play, B, "AC", wish={"free": True})


def test_r34_ace_without_another_suit_makes_a_free_suit_wish():
    """R#34 / Z21: holding only the suit in play, the caller says "free suit": any suit but that."""
    g = four(["5C", "6C"], ["AC", "5H", "6H"], ["8H", "9D"], ["10C", "JD"], "9H")
    g.rejects("invalid_wish", g.play, B, "AC", wish="S")
    g.rejects("wish_required", g.play, B, "AC")
    g.play(B, "AC", wish={"free": True})
    assert g.wish == ("free_suit", "H")
    assert g.state.wish.excluded_suit == "H"
    g.rejects("does_not_match", g.play, C, "8H")
    g.play(C, "9D")
    assert g.wish is None


def test_r35_jack_must_call_a_non_action_value_held_as_a_non_action_card():
    """R#35: wishable 5–10, Q, K; the caller must hold a non-action card of that rank
    (K♠, Q♥ are action cards and do not qualify)."""
    g = four(["5C", "6C"], ["JH", "KS", "QH", "2C", "8C"], ["8D", "9D"], ["10C", "JD"], "9H")
    g.rejects("invalid_wish", g.play, B, "JH", wish="K")
    g.rejects("invalid_wish", g.play, B, "JH", wish="Q")
    g.rejects("invalid_wish", g.play, B, "JH", wish="2")
    g.rejects("invalid_wish", g.play, B, "JH", wish="9")
    g.rejects("invalid_wish", g.play, B, "JH", wish={"free": True})
    g.play(B, "JH", wish="8")
    assert g.wish == ("rank", "8")


def test_r35_jack_without_a_non_action_card_wishes_free():
    """R#35: no non-action card held → "any non-action card" (free_plain)."""
    g = four(["5C", "6C"], ["JH", "KS", "2C"], ["8D", "9D"], ["10C", "JD"], "9H")
    g.rejects("invalid_wish", g.play, B, "JH", wish="K")
    g.play(B, "JH", wish={"free": True})
    assert g.wish == ("free_plain", None)


def test_z8_action_card_satisfying_a_rank_wish_still_triggers():
    """Z8 / R#35: K♥ satisfying a wish for K still opens its draw of 5."""
    g = four(["5C", "6C"], ["JH", "KC", "7D"], ["KH", "9D"], ["10C", "JD"], "9H")
    g.play(B, "JH", wish="K")
    g.play(C, "KH")
    assert g.wish is None
    assert g.pending_draw == (5, D) and g.actor == D

    g = four(["5C", "6C"], ["JH", "KC", "7D"], ["KS", "9D"], ["10C", "JD"], "9H")
    g.play(B, "JH", wish="K")
    g.play(C, "KS")
    assert g.pending_draw == (5, B)
    assert (g.actor, g.next_regular) == (B, D)


def test_r41_king_pack_is_additive_and_the_last_king_decides_the_target():
    """R#41 / Z20: K♠+K♥ played together draw 10; the last draw king decides the target."""
    g = four(["5C", "6C"], ["KS", "KH", "7D"], ["8C", "9D"], ["10C", "JD"], "9S")
    g.play(B, "KS", "KH")
    assert g.pending_draw == (10, C) and g.actor == C

    g = four(["5C", "6C"], ["KH", "KS", "7D"], ["8C", "9D"], ["10C", "JD"], "9H")
    g.play(B, "KH", "KS")
    assert g.pending_draw == (10, A)
    assert (g.actor, g.next_regular) == (A, C)


def test_z20_plain_kings_in_a_pack_add_nothing_and_do_not_decide_the_target():
    """Z20: in a pack of kings K♣/K♦ add nothing; the last *draw* king decides the target."""
    g = four(["5C", "6C"], ["KS", "KD", "7D"], ["8C", "9D"], ["10C", "JD"], "9S")
    g.play(B, "KS", "KD")
    assert g.pending_draw == (5, A)

    g = four(["5C", "6C"], ["KH", "KC", "7D"], ["8C", "9D"], ["10C", "JD"], "9H")
    g.play(B, "KH", "KC")
    assert g.pending_draw == (5, C)

    g = four(["5C", "6C"], ["KC", "KD", "7D"], ["8C", "9D"], ["10C", "JD"], "9C")
    g.play(B, "KC", "KD")
    assert g.pending_draw is None and g.actor == C


def test_r44_finishing_draw_card_hits_the_next_active_player():
    """R#44 / R#49: a finished player's final 2 goes to the next active player; he leaves play
    at once and takes placement 1."""
    g = four(["5H", "6C"], ["2H"], ["8C", "9D"], ["10C", "JD"], "9H")
    g.play(B, "2H")
    assert g.state.finished == (B,)
    assert g.state.active[B] is False
    assert g.pending_draw == (2, C) and g.actor == C
    g.draw(C)
    assert g.actor == D


def test_r49_finishing_four_skips_the_first_player_with_cards():
    """R#49: "a finishing 4 skips the first player who still has cards"."""
    g = four(["5H", "6C"], ["4H"], ["8C", "9D"], ["10C", "JD"], "9H")
    g.play(B, "4H")
    assert g.pending_skip == (1, C)
    g.pass_(C)
    assert g.actor == D


def test_z23_departing_ks_hits_his_previous_seat():
    """Z23: targets of a final card are computed while the player is seated — a departing K♠
    hits his previous seat, even though only two players remain afterwards (three players)."""
    a, b, c = 2, 1, 0
    hands = [None] * 3
    hands[a], hands[b], hands[c] = ["5C", "6C"], ["KS"], ["8C", "9D"]
    g = Game("makao", hands=hands, starter="9S", stock=unused(5, *hands), dealer=a)
    g.play(b, "KS")
    assert g.state.finished == (b,)
    assert g.pending_draw == (5, a)
    assert g.actor == a
    g.draw(a)
    assert g.actor == c


def test_z23_departing_ks_in_four_hits_previous_then_turn_skips_the_finished_seat():
    """Z23 / R#49: a departing K♠ (four players) hits A; the regular turn then goes to C."""
    g = four(["5C", "6C"], ["KS"], ["8C", "9D"], ["10C", "JD"], "9S", draws=5)
    g.play(B, "KS")
    assert g.pending_draw == (5, A) and g.next_regular == C
    g.draw(A)
    assert g.actor == C


def test_r49_placements_and_result_when_one_player_holds_cards():
    """R#44 / R#49 / §2.14: placements are recorded in order; the round ends when one player
    holds cards; he is the loser; `state.result` names winner and loser."""
    a, b, c = 2, 1, 0
    hands = [None] * 3
    hands[a], hands[b], hands[c] = ["5C", "6C", "7C"], ["9D"], ["9C", "8C"]
    g = Game("makao", hands=hands, starter="9H", dealer=a)
    g.play(b, "9D")
    assert g.state.finished == (b,) and "player_out" in g.types()
    assert g.state.status == "playing"
    assert g.actor == c
    g.play(c, "9C")
    g.play(a, "5C")
    g.play(c, "8C")
    assert g.state.finished == (b, c)
    assert g.state.status == "finished"
    rnd = g.state.rounds[-1]
    assert rnd.reason == "last_one_standing"
    assert (rnd.standings[b], rnd.standings[c], rnd.standings[a]) == (1, 2, 3)
    assert g.state.result.winners == (b,)
    assert g.state.result.losers == (a,)


def test_r49_backward_target_skips_a_finished_seat():
    """R#49: once A has gone out, "previous" is computed over active seats: B's K♠ hits D."""
    g = four(["9S"], ["KS", "7D"], ["8C", "9D"], ["10C", "JD", "QD"], "6S", first=A, draws=5)
    g.play(A, "9S")
    assert g.state.finished == (A,)
    g.play(B, "KS")
    assert g.pending_draw == (5, D)
    assert (g.actor, g.next_regular) == (D, C)
    g.draw(D)
    assert g.actor == C


def test_r49_final_ace_wish_stays_after_the_player_left():
    """R#49: a wish made by a finished player stays until fulfilled. Holding nothing, the
    finishing Ace can only call "free suit" (R#34 must-hold)."""
    g = four(["5C", "6C"], ["AC"], ["10H", "8C"], ["10C", "JD"], "9H")
    g.rejects("invalid_wish", g.play, B, "AC", wish="S")
    g.play(B, "AC", wish={"free": True})
    assert g.state.finished == (B,)
    assert g.wish == ("free_suit", "H")
    g.rejects("does_not_match", g.play, C, "10H")
    g.play(C, "8C")
    assert g.wish is None


def test_r57_twos_and_threes_do_not_mix():
    """R#57: a 3 does not answer a 2 chain and a 2 does not answer a 3 chain."""
    g = four(["5C", "6C"], ["2H", "7D"], ["3C", "9D"], ["10C", "JD"], "9H")
    g.play(B, "2H")
    g.rejects("must_answer_pending_draw", g.play, C, "3C")
    g = four(["5C", "6C"], ["3H", "7D"], ["2C", "9D"], ["10C", "JD"], "9H")
    g.play(B, "3H")
    g.rejects("must_answer_pending_draw", g.play, C, "2C")


def test_z2_joker_may_not_be_played_on_an_active_wish():
    """Z2: a joker may not be played while a wish is active (it is transparent, not an answer)."""
    g = four(["5C", "6C"], ["AC", "5S", "7D"], ["JKB", "10H"], ["10C", "JD"], "9H")
    g.play(B, "AC", wish="S")
    g.rejects("does_not_match", g.play, C, "JKB")


# ---------------------------------------------------------------------- §2.12 catch enforcement
def _one_card_left(**kw):
    """B plays down to one card without calling."""
    g = four(["5C", "6C"], ["9C", "7H"], ["9D", "8C", "5D"], ["10C", "JD"], "9H", **kw)
    g.play(B, "9C")
    return g


def test_catch_no_automatic_penalty():
    """§2.12 makao `catch`: a missed call is not penalised automatically; the window simply
    closes at the next action."""
    g = _one_card_left()
    assert g.state.call_window.seat == B
    g.play(C, "9D")
    assert g.state.call_window is None
    assert g.hand(B) == ["7H"]
    assert "call_penalty_applied" not in g.types()


def test_catch_while_window_open_gives_five_cards():
    """§2.12 / R#7: an opponent's catch while the window is open → the target draws 5."""
    g = _one_card_left(draws=5)
    drawn = list(reversed(g.state.stock))[:5]
    g.catch(D, B)
    assert "call_penalty_applied" in g.types()
    assert g.hand(B) == sorted(["7H"] + drawn)
    assert g.state.call_window is None
    assert g.actor == C  # a call penalty does not end anybody's turn


def test_catch_after_the_next_action_is_too_late():
    """§2.12: the window ends at the start of the next turn: then `nothing_to_catch`."""
    g = _one_card_left()
    g.play(C, "9D")
    g.rejects("nothing_to_catch", g.catch, D, B)


def test_catch_after_the_window_time_is_too_late():
    """§2.12 / API.md: the window also closes `announce_window_s` after it opened."""
    g = _one_card_left()
    g.advance(5.5)
    g.rejects("nothing_to_catch", g.catch, D, B)
    assert g.hand(B) == ["7H"]


def test_catch_false_catch_rejected_without_penalty():
    """R#45: a catch on a player who called (or has no obligation) is rejected, no penalty."""
    g = four(["5C", "6C"], ["9C", "7H"], ["9D", "8C"], ["10C", "JD"], "9H")
    g.play(B, "9C", announce=True)
    assert "call_made" in g.types() and g.state.call_window is None
    g.rejects("nothing_to_catch", g.catch, D, B)
    g.rejects("nothing_to_catch", g.catch, D, C)


def test_catch_separate_announce_while_window_open_protects():
    """§2.12: the call may be made as a separate `announce` while the window is open."""
    g = _one_card_left()
    g.announce(B)
    assert g.state.call_window is None
    g.rejects("nothing_to_catch", g.catch, D, B)
    g.rejects("not_obliged_to_announce", g.announce, C)


def test_catch_out_of_turn_answer_counts_as_a_turn():
    """§2.12: an out-of-turn answer to a backward attack counts as a turn for the call duty."""
    g = four(["KH", "6C"], ["KS", "7D", "8D"], ["8C", "9D"], ["10C", "JD"], "9S", draws=5)
    g.play(B, "KS")
    g.play(A, "KH")
    assert g.state.call_window.seat == A
    g.catch(C, A)
    assert g.hand_size(A) == 6


def test_call_multi_play_to_zero_needs_no_call_but_to_one_does():
    """§2.12: a multi-play from ≥2 cards straight to 0 needs no call; a run down to one card does."""
    g = four(["5C", "6C"], ["8H", "8D"], ["8C", "9D", "5D"], ["10C", "JD"], "9H")
    g.play(B, "8H", "8D")
    assert g.state.finished == (B,)
    assert g.state.call_window is None and "call_window_opened" not in g.types()

    g = four(["5C", "6C"], ["8C", "9C", "10S"], ["9D", "5D"], ["10C", "JD"], "8H")
    g.play(B, "8C", "9C")
    assert g.state.call_window.seat == B


# ---------------------------------------------------------------------- §2.8 blocked round
def test_blocked_round_ranks_remaining_players_by_cards():
    """§2.8 / §4.1 `rank_by_cards`: nothing to draw and a full cycle of passes ends the round as
    blocked; remaining players are ranked by fewest cards, ties share the place."""
    deck = [c for c in one_deck(["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"], 2,
                                ["black", "red"]) if c != "9H"]
    hands = [deck[:17], deck[17:35], deck[35:]]  # 17, 18, 18 cards; nothing left to draw
    g = Game("makao", hands=hands, starter="9H", dealer=1)
    assert g.actor == 0
    g.rejects("nothing_to_draw", g.draw, 0)
    g.pass_(0)
    g.pass_(2)
    assert g.state.status == "playing"
    g.pass_(1)
    assert g.state.status == "finished"
    rnd = g.state.rounds[-1]
    assert rnd.reason == "blocked"
    assert rnd.standings == (1, 2, 2)
    assert g.state.result.winners == (0,)
    assert g.state.result.losers == (1, 2)


def test_another_seat_s_multiple_macao_does_not_make_the_actor_s_last_card_call():
    """§2.12: "Multiple Macao" is cosmetic. Before issue 25 it counted as the last-card
    call of whoever held the turn: seat 1 saying it let seat 0 play down to one card with
    no window to catch him."""
    g = Game("makao", hands=[["9C", "5D"], ["7H", "7S"], ["6C", "8D", "KC"]], starter="9H")
    assert g.actor == 0
    assert g.types(g.announce(1)) == ["call_made"] and g.last[0].multiple
    g.play(0, "9C")
    assert g.state.call_window is not None and g.state.call_window.seat == 0
    assert {"action": "catch", "target_seat": 0} in g.moves(2)
    g.catch(2, 0)
    assert g.hand_size(0) == 1 + 5
