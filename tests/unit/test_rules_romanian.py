"""Rules scenarios for the `romanian` preset (Romanian Macao, RULES.md §3.2 `romanian`).

`romanian` inherits `makao` except where §3.2 says otherwise: 2/3/jokers draw (black 5, red 10,
both wild), 4 skips (accumulate), A is a free suit wish, 7 cancels a pending draw, a pending skip or
an Ace wish, J/Q/K are plain, no multi-play (R#10/Z14), free play after a joker penalty (R#14), and
the call word is "Macao". Options of §4.2 that change this behaviour are tested at the end.

Seat numbering as in the makao tests: counter-clockwise play (inherited R#8), turn order
A -> B -> C -> D -> A with A=3, B=2, C=1, D=0; B acts first unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from domain import RuleSet
from domain.cards import one_deck
from tests.support.table import Game

A, B, C, D = 3, 2, 1, 0


def unused(k, *named):
    """``k`` plain cards named nowhere in ``named`` (lists of cards), to name the drawn stock."""
    used = {c for group in named for c in group}
    return [c for c in one_deck(["5", "6", "8", "9", "10", "Q"], 0, []) if c not in used][:k]


def four(a, b, c, d, starter, *, first=B, stock=(), draws=0, rules=None, **kw):
    """A four-player `romanian` table; ``first`` acts first (dealer = first + 1, his left).
    ``draws`` names that many further plain stock cards (no 7s) not used anywhere else."""
    hands = [None] * 4
    hands[A], hands[B], hands[C], hands[D] = a, b, c, d
    stock = list(stock) + unused(draws, a, b, c, d, [starter], stock)
    return Game("romanian", hands=hands, starter=starter, stock=stock, dealer=(first + 1) % 4, rules=rules,
                **kw)


def drawn_stock(g, k):
    """The ``k`` top stock cards (named by the deal), top first."""
    return list(reversed(g.state.stock))[:k]


# ====================================================================== §3.2 romanian card table
def test_card_2_draw_two_at_next_player():
    """§3.2 romanian: 2 = draw 2, family `twos`, target next."""
    g = four(["5C", "6C"], ["2H", "8D"], ["8C", "9D"], ["10C", "JD"], "9H", draws=2)
    drawn = drawn_stock(g, 2)
    g.play(B, "2H")
    assert g.pending_draw == (2, C) and g.state.pending_draw.family == "twos"
    assert g.actor == C
    g.draw(C)
    assert g.hand(C) == sorted(["8C", "9D"] + drawn)
    assert g.actor == D and g.state.free_play is False


def test_card_3_draw_three_at_next_player():
    """§3.2 romanian: 3 = draw 3, family `threes`."""
    g = four(["5C", "6C"], ["3H", "8D"], ["8C", "9D"], ["10C", "JD"], "9H", draws=3)
    g.play(B, "3H")
    assert g.pending_draw == (3, C) and g.state.pending_draw.family == "threes"
    g.draw(C)
    assert g.hand_size(C) == 5 and g.actor == D


def test_card_black_joker_is_wild_and_draws_five():
    """§3.2 romanian / R#15: the black joker is wild and means draw 5 (family `jokers`)."""
    g = four(["5C", "6C"], ["JKB", "8D"], ["8C", "9D"], ["10C", "JD"], "9H", draws=5)
    g.play(B, "JKB")  # a 9H is on top: only its wildness makes the joker legal
    assert g.pending_draw == (5, C) and g.state.pending_draw.family == "jokers"
    assert g.direction == "ccw"  # no reversal in romanian
    g.draw(C)
    assert g.hand_size(C) == 7 and g.actor == D


def test_card_red_joker_is_wild_and_draws_ten():
    """§3.2 romanian / R#15: the coloured (red) joker is wild and means draw 10."""
    g = four(["5C", "6C"], ["JKR", "8D"], ["8C", "9D"], ["10C", "JD"], "9S", draws=10)
    g.play(B, "JKR")
    assert g.pending_draw == (10, C) and g.state.pending_draw.family == "jokers"
    g.draw(C)
    assert g.hand_size(C) == 12 and g.actor == D


def test_card_4_skip_accumulates_as_in_makao():
    """§3.2 romanian: 4 = skip, `accumulate` (inherited): the target answers with a 4 or accepts."""
    g = four(["5C", "6C"], ["4H", "8D"], ["8C", "9D"], ["10C", "JD"], "9H")
    g.play(B, "4H")
    assert g.pending_skip == (1, C) and g.actor == C
    g.rejects("must_answer_pending_skip", g.play, C, "9D")
    g.pass_(C)
    assert g.pending_skip is None and g.state.turns_to_miss == (0, 0, 0, 0)
    assert g.actor == D


def test_card_ace_wishes_any_suit():
    """§3.2 romanian: A = wild suit wish, any suit — the current suit and unheld suits included
    (no makao "differ from the suit in play" / "must hold" restriction, §4.1 E)."""
    g = four(["5C", "6C"], ["AC", "8D"], ["8C", "9D"], ["10C", "JD"], "9H")
    g.play(B, "AC", wish="H")  # the suit in play, not held
    assert g.wish == ("suit", "H")
    g = four(["5C", "6C"], ["AC", "8D"], ["8C", "9D"], ["10C", "JD"], "9H")
    g.rejects("invalid_wish", g.play, B, "AC", wish={"free": True})
    g.play(B, "AC", wish="S")
    assert g.wish == ("suit", "S") and g.actor == C


def test_card_7_is_plain_unless_cancelling():
    """§3.2 romanian / R#12 (`cancel_wild_when_cancelling`): a 7 played with nothing to cancel is
    a normal card — it must match, and the next player follows its suit or plays a 7."""
    g = four(["5C", "6C"], ["7C", "7H", "8D"], ["8C", "9D", "7S"], ["10C", "JD"], "9H")
    g.rejects("does_not_match", g.play, B, "7C")
    g.play(B, "7H")
    assert g.pending_draw is None and g.pending_skip is None and g.wish is None
    assert g.actor == C
    g.rejects("does_not_match", g.play, C, "9D")
    g.play(C, "7S")
    assert g.actor == D


def test_card_jacks_queens_and_kings_are_plain():
    """§3.2 romanian: "Jacks and Kings are normal playing cards"; Q♥ is plain too."""
    g = four(["5C", "6C"], ["KS", "JS", "QS", "8D"], ["8C", "9D"], ["10C", "JD"], "9S")
    g.rejects("invalid_wish", g.play, B, "JS", wish="8")  # a Jack makes no wish
    g.play(B, "KS")
    assert g.pending_draw is None and g.actor == C
    g = four(["5C", "6C"], ["JS", "8D"], ["QH", "9D"], ["10C", "JD"], "9S")
    g.play(B, "JS")
    assert g.wish is None and g.actor == C
    g.rejects("does_not_match", g.play, C, "QH")  # a Queen is not wild either


# ====================================================================== §3.2 romanian answer matrix
def test_answer_twos_chain_adds_a_two():
    """§3.2 romanian answer matrix: `draw:twos` ← any 2 → add."""
    g = four(["5C", "6C"], ["2H", "8D"], ["2C", "9D"], ["10C", "JD"], "9H", draws=4)
    g.play(B, "2H")
    g.play(C, "2C")
    assert g.pending_draw == (4, D) and g.actor == D
    g.draw(D)
    assert g.hand_size(D) == 6 and g.actor == A


def test_answer_twos_chain_adds_a_joker():
    """§3.2 romanian answer matrix: `draw:twos` ← any joker → add (2 + 10 = 12)."""
    g = four(["5C", "6C"], ["2H", "8D"], ["JKR", "9D"], ["10C", "JD"], "9H")
    g.play(B, "2H")
    g.play(C, "JKR")
    assert g.pending_draw == (12, D) and g.actor == D


def test_answer_threes_chain_adds_a_three():
    """§3.2 romanian answer matrix: `draw:threes` ← any 3 → add."""
    g = four(["5C", "6C"], ["3H", "8D"], ["3S", "9D"], ["10C", "JD"], "9H")
    g.play(B, "3H")
    g.play(C, "3S")
    assert g.pending_draw == (6, D) and g.state.pending_draw.family == "threes"


def test_answer_threes_chain_adds_a_joker():
    """§3.2 romanian answer matrix: `draw:threes` ← any joker → add (3 + 5 = 8)."""
    g = four(["5C", "6C"], ["3H", "8D"], ["JKB", "9D"], ["10C", "JD"], "9H")
    g.play(B, "3H")
    g.play(C, "JKB")
    assert g.pending_draw == (8, D) and g.actor == D


def test_answer_jokers_chain_adds_a_joker():
    """§3.2 romanian answer matrix: `draw:jokers` ← any joker → add (5 + 10 = 15)."""
    g = four(["5C", "6C"], ["JKB", "8D"], ["JKR", "9D"], ["10C", "JD"], "9H", draws=15)
    g.play(B, "JKB")
    g.play(C, "JKR")
    assert g.pending_draw == (15, D) and g.actor == D
    g.draw(D)
    assert g.hand_size(D) == 17 and g.actor == A


@pytest.mark.parametrize("opener", ["2H", "3H", "JKB", "JKR"])
def test_answer_any_draw_is_cancelled_by_any_7(opener):
    """§3.2 romanian answer matrix: any `draw:*` ← any 7 → cancel, regardless of suit (R#12,
    R#13); nobody draws and the 7 is the new top."""
    g = four(["5C", "6C"], [opener, "8D"], ["7S", "9D"], ["10C", "JD"], "9H")
    g.play(B, opener)
    g.play(C, "7S")
    assert "chain_cancelled" in g.types()
    assert g.pending_draw is None
    assert (g.actor, g.top) == (D, "7S")
    assert g.hand(C) == ["9D"] and g.hand(D) == ["10C", "JD"]
    assert g.state.free_play is False


def test_answer_skip_accumulates_with_a_4():
    """§3.2 romanian answer matrix: `skip` ← any 4 → accumulate; one victim loses both turns."""
    g = four(["5C", "6C"], ["4H", "8D"], ["4C", "9D"], ["10C", "JD"], "9H")
    g.play(B, "4H")
    g.play(C, "4C")
    assert g.pending_skip == (2, D) and g.actor == D
    g.pass_(D)
    assert g.state.turns_to_miss[D] == 1 and g.actor == A


def test_answer_skip_is_cancelled_by_a_7():
    """§3.2 romanian answer matrix: `skip` ← any 7 → cancel (R#13: "skipping a turn")."""
    g = four(["5C", "6C"], ["4H", "8D"], ["7C", "9D"], ["10C", "JD", "5D"], "9H")
    g.play(B, "4H")
    g.play(C, "7C")
    assert "chain_cancelled" in g.types()
    assert g.pending_skip is None
    assert g.state.turns_to_miss == (0, 0, 0, 0)
    assert (g.actor, g.top) == (D, "7C")
    g.rejects("does_not_match", g.play, D, "5D")
    g.play(D, "10C")


def test_answer_suit_wish_is_satisfied_by_the_wished_suit():
    """§3.2 romanian answer matrix: `wish:suit` ← card of the wished suit → satisfy."""
    g = four(["5C", "6C"], ["AC", "8D"], ["9S", "10H"], ["10C", "JD"], "9H")
    g.play(B, "AC", wish="S")
    g.rejects("does_not_match", g.play, C, "10H")
    g.play(C, "9S")
    assert g.wish is None and g.actor == D


def test_answer_suit_wish_is_replaced_by_an_ace():
    """§3.2 romanian answer matrix: `wish:suit` ← any A → replace_wish (any suit, even the same)."""
    g = four(["5C", "6C"], ["AC", "8D"], ["AD", "9D"], ["10C", "JD"], "9H")
    g.play(B, "AC", wish="S")
    g.play(C, "AD", wish="S")
    assert g.wish == ("suit", "S") and g.state.wish.wisher == C
    assert g.actor == D


def test_answer_ace_wish_is_cancelled_by_a_7():
    """§3.2 romanian answer matrix: `wish:suit` ← any 7 → cancel (R#13 "Ace"); the next player
    follows the 7's suit."""
    g = four(["5C", "6C"], ["AC", "8D"], ["7H", "9D"], ["10C", "5S", "10H"], "9H")
    g.play(B, "AC", wish="S")
    g.play(C, "7H")
    assert "chain_cancelled" in g.types()
    assert g.wish is None
    assert (g.actor, g.top) == (D, "7H")
    g.rejects("does_not_match", g.play, D, "5S")
    g.play(D, "10H")


# ====================================================================== §6 resolutions and §0 errata
def test_r10_no_multi_play_by_default():
    """R#10 / Z14: romanian multi-play is `none`: two cards of one rank are an `invalid_group`."""
    g = four(["5C", "6C"], ["9C", "9D", "2H", "2C"], ["8C", "9S"], ["10C", "JD"], "9H")
    g.rejects("invalid_group", g.play, B, "9C", "9D")
    g.rejects("invalid_group", g.play, B, "2H", "2C")
    assert g.play_moves(B) == [["9C"], ["9D"], ["2H"]]


def test_r12_after_a_cancelling_7_the_next_player_follows_its_suit():
    """R#12: a 7 cancelling a draw is wild (any suit), and the next player must then respect
    the 7's suit or play a 7 — not the suit or rank of the draw card beneath."""
    g = four(["5C", "6C"], ["2H", "8D"], ["7S", "9D"], ["2D", "5H", "7D", "8S"], "9H")
    g.play(B, "2H")
    g.play(C, "7S")
    g.rejects("does_not_match", g.play, D, "2D")
    g.rejects("does_not_match", g.play, D, "5H")
    assert sorted(m[0] for m in g.play_moves(D)) == ["7D", "8S"]
    g.play(D, "7D")
    assert g.actor == A


def test_r14_free_play_after_a_joker_penalty_is_taken():
    """R#14 / §2.5: after a joker penalty has been taken the next player may play any card."""
    g = four(["5C", "6C"], ["JKB", "8D"], ["8C", "9D"], ["3C", "JD", "10S"], "9H", draws=5)
    g.play(B, "JKB")
    g.draw(C)
    assert g.state.free_play is True
    assert g.actor == D
    g.play(D, "3C")  # any card, an action card included, is legal
    assert g.state.free_play is False
    assert g.pending_draw == (3, A)


def test_r14_free_play_lasts_until_a_card_is_played():
    """R#14 [decided here]: free play is "the next player's", but if he draws and passes, the
    joker is still on top with nothing to match, so the following player keeps `free_play`."""
    g = four(["5C", "6C"], ["JKB", "8D"], ["8C", "9D"], ["10C", "JD"], "9H", draws=6)
    g.play(B, "JKB")
    g.draw(C)
    g.draw(D)  # any card is playable now, so D may keep it
    assert g.actor == D
    g.pass_(D)
    assert g.actor == A and g.state.free_play is True
    g.play(A, "5C")
    assert g.state.free_play is False


def test_r14_free_play_when_a_chain_topped_by_a_joker_is_taken():
    """R#14: "when a chain whose top card is a joker is taken, the next player gets free_play"."""
    g = four(["5C", "6C"], ["2H", "8D"], ["JKB", "9D"], ["10C", "JD"], "9H", draws=7)
    g.play(B, "2H")
    g.play(C, "JKB")
    g.draw(D)
    assert g.hand_size(D) == 9
    assert g.state.free_play is True and g.actor == A
    g.play(A, "5C")


def test_r14_no_free_play_after_a_plain_two_penalty():
    """R#14: a penalty from a chain topped by a 2 gives no free play: the 2 must be matched."""
    g = four(["5C", "6C"], ["2H", "8D"], ["8C", "9D"], ["10C", "JD", "5H"], "9H", draws=2)
    g.play(B, "2H")
    g.draw(C)
    assert g.state.free_play is False
    g.rejects("does_not_match", g.play, D, "10C")
    g.play(D, "5H")


def test_r14_twos_and_threes_do_not_mix():
    """R#14 / R#57 (inherited): 2s answer only 2s, 3s only 3s (jokers answer both)."""
    g = four(["5C", "6C"], ["2H", "8D"], ["3C", "9D"], ["10C", "JD"], "9H")
    g.play(B, "2H")
    g.rejects("must_answer_pending_draw", g.play, C, "3C")
    g = four(["5C", "6C"], ["3H", "8D"], ["2C", "9D"], ["10C", "JD"], "9H")
    g.play(B, "3H")
    g.rejects("must_answer_pending_draw", g.play, C, "2C")


def test_z19_joker_turns_a_twos_chain_into_a_jokers_chain():
    """Z19: once a joker answers a 2 chain, only jokers add; 2s no longer do; a 7 cancels."""
    g = four(["5C", "6C"], ["2H", "8D"], ["JKB", "9D"], ["2C", "JKR", "7D", "5D"], "9H")
    g.play(B, "2H")
    g.play(C, "JKB")
    assert g.pending_draw == (7, D)
    assert g.state.pending_draw.family == "jokers"
    g.rejects("must_answer_pending_draw", g.play, D, "2C")
    assert sorted(m[0] for m in g.play_moves(D)) == ["7D", "JKR"]
    g.play(D, "JKR")
    assert g.pending_draw == (17, A)


def test_z19_jokers_chain_from_threes_is_cancelled_by_a_7():
    """Z19: a joker answering a 3 chain makes it a jokers chain, which a 7 cancels."""
    g = four(["5C", "6C"], ["3H", "8D"], ["JKR", "9D"], ["3C", "7C", "5D"], "9H")
    g.play(B, "3H")
    g.play(C, "JKR")
    g.rejects("must_answer_pending_draw", g.play, D, "3C")
    g.play(D, "7C")
    assert g.pending_draw is None and g.actor == A
    assert g.state.free_play is False  # a chain cancelled by a 7 follows the 7 rule (R#14)


def test_z2_joker_may_not_be_played_on_an_ace_wish():
    """Z2: a joker may not be played while a wish is active (not a `wish:suit` answer)."""
    g = four(["5C", "6C"], ["AC", "8D"], ["JKB", "9D"], ["10C", "JD"], "9H")
    g.play(B, "AC", wish="S")
    g.rejects("does_not_match", g.play, C, "JKB")


def test_r59_ace_and_joker_are_no_answers_to_a_skip():
    """R#59: wild cards are not answers to pending obligations unless the matrix lists them."""
    g = four(["5C", "6C"], ["4H", "8D"], ["AC", "JKB", "9D"], ["10C", "JD"], "9H")
    g.play(B, "4H")
    g.rejects("must_answer_pending_skip", g.play, C, "AC", wish="H")
    g.rejects("must_answer_pending_skip", g.play, C, "JKB")


def test_call_word_is_macao_and_a_missed_call_is_caught_for_five():
    """§4.1 G: romanian says "Macao"; enforcement `catch` with 5 cards (inherited, R#7)."""
    data = RuleSet.preset("romanian").to_dict()
    assert data["call_word"] == "Macao"
    assert data["announce"]["enforcement"] == "catch" and data["announce"]["penalty_cards"] == 5
    g = four(["5C", "6C"], ["9C", "8D"], ["9D", "8C", "5D"], ["10C", "JD"], "9H", draws=5)
    drawn = drawn_stock(g, 5)
    g.play(B, "9C")
    assert g.state.call_window.seat == B
    g.catch(A, B)
    assert g.hand(B) == sorted(["8D"] + drawn)
    g.play(C, "9D")
    g.rejects("nothing_to_catch", g.catch, A, B)


def test_inherited_counter_clockwise_and_dealers_right_starts():
    """R#8 (inherited from makao): romanian plays counter-clockwise from the dealer's right."""
    g = Game("romanian", hands=[["5H", "6C"], ["8H", "8C"], ["10H", "9C"], ["QH", "JC"]], starter="9H", dealer=1)
    assert g.direction == "ccw" and g.actor == 0
    g.play(0, "5H")
    assert g.actor == 3


def test_inherited_drawn_card_may_be_played_at_once():
    """R#24 (inherited): a drawn playable card may be played at once; only that card."""
    g = four(["5C", "6C"], ["8D", "10H"], ["8C", "9D"], ["10C", "JD"], "9H", stock=["9C"])
    g.draw(B)
    assert g.actor == B
    g.rejects("drawn_card_only", g.play, B, "10H")
    g.play(B, "9C")
    assert g.actor == C


@pytest.mark.parametrize("starter", ["2H", "3H", "4H", "7H", "JKB", "JKR"])
def test_z25_special_fixed_starter_has_no_effect(starter):
    """R#9 / Z25: the fixed starter is kept and treated as `ignore_effect`: no draw, no skip;
    the first player acts normally."""
    g = four(["5C", "6C"], ["5H", "8D"], ["8C", "9D"], ["10C", "JD"], starter)
    assert g.top == starter
    assert g.pending_draw is None and g.pending_skip is None
    assert (g.actor, g.next_regular) == (B, B)
    g.play(B, "5H")
    assert g.actor == C and g.pending_draw is None


def test_z25_ace_starter_sets_its_own_suit_without_a_wish():
    """Z25: a wild starter sets its own suit/rank; no wish is made."""
    g = four(["5C", "6C"], ["5H", "5S"], ["8C", "9D"], ["10C", "JD"], "AS")
    assert g.wish is None
    g.rejects("does_not_match", g.play, B, "5H")
    g.play(B, "5S")


def test_inherited_last_one_standing_final_joker_hits_the_next_active_player():
    """R#44 / R#49 (inherited `last_one_standing`): a finishing joker's draw goes to the next
    active player; the finisher takes placement 1."""
    g = four(["5C", "6C"], ["JKR"], ["8C", "9D"], ["10C", "JD"], "9H", draws=10)
    g.play(B, "JKR")
    assert g.state.finished == (B,)
    assert g.pending_draw == (10, C) and g.actor == C
    g.draw(C)
    assert g.state.free_play is True and g.actor == D


# ====================================================================== §4.2 options
def test_option_easier_same_value_packs_allows_packs_whose_effects_stack():
    """§4.2 `easier_same_value_packs`: same-value packs of any cards; draw and skip effects add."""
    rules = {"options": {"easier_same_value_packs": True}}
    g = four(["5C", "6C"], ["2H", "2C", "8D"], ["8C", "9D"], ["10C", "JD"], "9H", rules=rules)
    g.play(B, "2H", "2C")
    assert g.pending_draw == (4, C)
    g = four(["5C", "6C"], ["4H", "4C", "8D"], ["8C", "9D"], ["10C", "JD"], "9H", rules=rules)
    g.play(B, "4H", "4C")
    assert g.pending_skip == (2, C)
    g = four(["5C", "6C"], ["JKB", "JKR", "8D"], ["8C", "9D"], ["10C", "JD"], "9H", rules=rules)
    g.play(B, "JKB", "JKR")
    assert g.pending_draw == (15, C)


def test_option_easier_same_value_packs_go_out_without_calling():
    """§4.2 / §2.12: with packs a player may finish with a pack without calling; "Multiple Macao"
    is accepted as a cosmetic call."""
    rules = {"options": {"easier_same_value_packs": True}}
    g = four(["5C", "6C"], ["9C", "9D", "9S"], ["8C", "10D", "5D"], ["10C", "JD"], "9H", rules=rules)
    g.announce(B)
    assert g.types() == ["call_made"] and g.log[-1].multiple is True
    g.play(B, "9C", "9D", "9S")
    assert g.state.finished == (B,)
    assert g.state.call_window is None
    assert g.actor == C


def test_option_harder_sevens_wild_own_suit():
    """§4.2 `harder_sevens_wild_own_suit` / R#12: a 7 is wild at any time and sets its own suit;
    it still cancels."""
    rules = {"options": {"harder_sevens_wild_own_suit": True}}
    g = four(["5C", "6C"], ["7C", "8D"], ["9D", "10C", "8S"], ["10S", "JD"], "9H", rules=rules)
    g.play(B, "7C")
    assert g.top == "7C" and g.actor == C
    g.rejects("does_not_match", g.play, C, "9D")
    g.play(C, "10C")
    g = four(["5C", "6C"], ["2H", "8D"], ["7S", "9D"], ["10C", "JD"], "9H", rules=rules)
    g.play(B, "2H")
    g.play(C, "7S")
    assert g.pending_draw is None and g.actor == D


def test_option_easier_draw_cards_interchangeable():
    """§4.2 `easier_draw_cards_interchangeable`: any 2 or 3 answers any pending numeric draw —
    2s, 3s and, in romanian, jokers; amounts add."""
    rules = {"options": {"easier_draw_cards_interchangeable": True}}
    g = four(["5C", "6C"], ["2H", "8D"], ["3C", "9D"], ["2D", "JD"], "9H", rules=rules)
    g.play(B, "2H")
    g.play(C, "3C")
    assert g.pending_draw == (5, D)
    g.play(D, "2D")
    assert g.pending_draw == (7, A)
    g = four(["5C", "6C"], ["JKB", "8D"], ["2C", "9D"], ["10C", "JD"], "9H", rules=rules)
    g.play(B, "JKB")
    g.play(C, "2C")
    assert g.pending_draw == (7, D)


def test_option_seven_mode_plain_sevens_cancel_nothing():
    """§4.2 `seven_mode = plain` ("not used at all"): a 7 neither cancels nor is wild."""
    rules = {"options": {"seven_mode": "plain"}}
    g = four(["5C", "6C"], ["2H", "8D"], ["7S", "9D"], ["10C", "JD"], "9H", rules=rules)
    g.play(B, "2H")
    g.rejects("must_answer_pending_draw", g.play, C, "7S")
    g = four(["5C", "6C"], ["4H", "8D"], ["7S", "9D"], ["10C", "JD"], "9H", rules=rules)
    g.play(B, "4H")
    g.rejects("must_answer_pending_skip", g.play, C, "7S")
    g = four(["5C", "6C"], ["AC", "8D"], ["7H", "9D"], ["10C", "JD"], "9H", rules=rules)
    g.play(B, "AC", wish="S")
    g.rejects("does_not_match", g.play, C, "7H")


def test_option_easier_jokers_in_draw_packs():
    """§4.2 `easier_jokers_in_draw_packs` (with packs): a pack may mix jokers with 2s or 3s."""
    rules = {"options": {"easier_same_value_packs": True, "easier_jokers_in_draw_packs": True}}
    g = four(["5C", "6C"], ["2H", "JKB", "8D"], ["8C", "9D"], ["10C", "JD"], "9H", rules=rules)
    g.play(B, "2H", "JKB")
    assert g.pending_draw == (7, C)
    g = four(["5C", "6C"], ["2H", "JKB", "8D"], ["8C", "9D"], ["10C", "JD"], "9H",
             rules={"options": {"easier_same_value_packs": True}})
    g.rejects("invalid_group", g.play, B, "2H", "JKB")
