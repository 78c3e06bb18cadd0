"""Rules scenarios for the ``macau`` preset (Lite Games Macau, RULES.md [S0]).

One scenario per row of the §3.2 ``macau`` card table and answer matrix (plus its
"Forbidden" line), the forward-model worked examples F1–F8 of §2.10.1, the two-player
rules of §2.15, and every §0 erratum / §6 resolution that changes behaviour here.
All deals are fixed (API.md ``deal``); seats are clockwise and the first player is the
dealer's next seat. Unless a test says otherwise the dealer is the last seat, so seat 0
acts first. Every stock card a scenario draws is named."""

from __future__ import annotations

from functools import partial

import pytest

from tests.support.table import Game, play_out, seat0_game
from tests.support.table import rest_of_deck as shared_rest_of_deck

VARIANT = "macau"


def deal(hands, starter="7S", stock=(), dealer=None, **kw):
    return seat0_game(VARIANT, hands, starter, stock, dealer, **kw)


rest_of_deck = partial(shared_rest_of_deck, VARIANT)


# stock cards for draw penalties (tests that use them keep these cards out of the hands)
FIVE = ["2C", "3C", "5C", "6C", "8C"]
TEN = FIVE + ["2D", "3D", "5D", "6D", "8D"]
FIFTEEN = TEN + ["9C", "10C", "QC", "9D", "10D"]


def round_one(g):
    """Event types of the last command up to the end of the round it finished."""
    types = g.types()
    return types[:types.index("round_ended") + 1] if "round_ended" in types else types


# =====================================================================================
# §3.2 card table
# =====================================================================================
def test_card_2_next_player_draws_two():
    """§3.2 macau card 2: draw 2, family numeric, target next; taking it ends the turn (R#25)."""
    g = deal([["2S", "9C", "9D"], ["5C", "6D", "8H"], ["5D", "6H", "10C"]], stock=["KC", "QC"])
    g.play(0, "2S")
    assert g.pending_draw == (2, 1)
    assert g.actor == 1 and g.top == "2S"
    g.draw(1)
    assert "penalty_taken" in g.types()
    assert g.hand(1) == sorted(["5C", "6D", "8H", "KC", "QC"])
    assert g.pending_draw is None
    assert g.actor == 2 and g.next_regular == 2


def test_card_3_next_player_draws_three():
    """§3.2 macau card 3: draw 3, family numeric, target next."""
    g = deal([["3S", "9C", "9D"], ["5C", "6D", "8H"], ["5D", "6H", "10C"]], stock=["KC", "QC", "KD"])
    g.play(0, "3S")
    assert g.pending_draw == (3, 1)
    assert g.actor == 1
    g.draw(1)
    assert g.hand(1) == sorted(["5C", "6D", "8H", "KC", "QC", "KD"])
    assert g.pending_draw is None and g.actor == 2


def test_card_4_skips_next_player_who_draws_nothing():
    """§3.2 macau card 4: skip 1 (pass_on); the skipped player accepts with pass, draws
    nothing (§2.7) and play goes on after him."""
    g = deal([["4S", "9C", "9D"], ["5C", "6D", "8H"], ["5D", "6H", "10C"]])
    g.play(0, "4S")
    assert g.pending_skip == (1, 1)
    assert g.actor == 1
    g.pass_(1)
    types = g.types()
    assert "skip_accepted" in types
    # §7.3 names the lost turn turn_skipped, here as for every skip
    assert types.index("turn_skipped") == types.index("skip_accepted") + 1
    skipped = next(e for e in g.last if e.type == "turn_skipped")
    assert (skipped.seat, skipped.turns_to_miss) == (1, 0)
    assert g.pending_skip is None
    assert g.hand(1) == ["5C", "6D", "8H"]
    assert g.actor == 2 and g.next_regular == 2
    assert g.state.turns_to_miss == (0, 0, 0)


def test_card_j_is_wild_and_sets_a_rank_wish():
    """§3.2 macau J: wild (played on 7S although neither suit nor rank match), rank wish;
    the next player must play the wished rank, not the Jack's suit."""
    g = deal([["JD", "9C", "9H"], ["9D", "8C", "5H"], ["5D", "6H", "10C"]])
    g.play(0, "JD", wish="8")
    assert g.wish == ("rank", "8")
    assert g.actor == 1
    g.rejects("does_not_match", g.play, 1, "9D")  # the Jack's suit does not count
    g.play(1, "8C")
    assert "wish_fulfilled" in g.types()
    assert g.wish is None
    assert g.top == "8C" and g.actor == 2


@pytest.mark.parametrize("rank", ["2", "3", "4", "J", "A"])
def test_card_j_rank_wish_only_5_to_10_q_k(rank):
    """§3.2 macau J: rank wish among 5,6,7,8,9,10,Q,K only (§2.10.3)."""
    g = deal([["JD", "9C", "9H"], ["9D", "8C", "5H"], ["5D", "6H", "10C"]])
    g.rejects("invalid_wish", g.play, 0, "JD", wish=rank)


@pytest.mark.parametrize("rank", ["5", "6", "7", "8", "9", "10", "Q", "K"])
def test_card_j_wishable_ranks(rank):
    """§3.2 macau J: each of 5–10, Q, K may be wished (K on the same footing as Q)."""
    g = deal([["JD", "9C", "9H"], ["9D", "8C", "5H"], ["5D", "6H", "10C"]])
    g.play(0, "JD", wish=rank)
    assert g.wish == ("rank", rank)


def test_card_a_is_wild_and_sets_a_suit_wish():
    """§3.2 macau A: wild, suit wish (any suit); the next player must play the wished suit."""
    g = deal([["AC", "9D", "9H"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]])
    g.play(0, "AC", wish="H")
    assert g.wish == ("suit", "H")
    assert g.actor == 1
    g.rejects("does_not_match", g.play, 1, "9C")  # the Ace's own suit no longer matches
    g.rejects("does_not_match", g.play, 1, "7D")  # nor the rank beneath the Ace
    g.play(1, "5H")
    assert g.wish is None and g.top == "5H" and g.actor == 2


def test_card_king_of_spades_hits_the_previous_player():
    """§3.2 macau K♠: draw 5, family kings, target previous ("Macau Special")."""
    g = deal([["KS", "9D", "9H"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]],
             stock=["2C", "3C", "5C", "6C", "8C"])
    g.play(0, "KS")
    assert g.pending_draw == (5, 2)
    assert g.actor == 2 and g.next_regular == 1
    g.draw(2)
    assert g.hand_size(2) == 8
    assert g.actor == 1 and g.pending_draw is None


def test_card_king_of_hearts_hits_the_next_player():
    """§3.2 macau K♥: draw 5, family kings, target next."""
    g = deal([["KH", "9D", "9H"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]],
             starter="7H", stock=["2C", "3C", "5C", "6C", "8C"])
    g.play(0, "KH")
    assert g.pending_draw == (5, 1)
    assert g.actor == 1
    g.draw(1)
    assert g.hand(1) == sorted(["9C", "5H", "7D", "2C", "3C", "5C", "6C", "8C"])
    assert g.actor == 2


def test_card_queen_of_hearts_is_plain_when_nothing_is_pending():
    """§3.2 macau Q♥: not wild (needs a match) and a plain card when nothing is pending."""
    g = deal([["QH", "9D", "9H"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]])
    g.rejects("does_not_match", g.play, 0, "QH")  # on 7S
    g = deal([["QH", "9D", "9S"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]], starter="7H")
    g.play(0, "QH")
    assert "chain_cancelled" not in g.types()
    assert g.pending_draw is None and g.pending_skip is None and g.wish is None
    assert g.actor == 1 and g.top == "QH"


def test_card_joker_reverses_and_is_transparent():
    """§3.2 macau joker: wild, reverse; transparent for matching (§2.5, R#17): the next
    player matches the 7S beneath it."""
    g = deal([["JKR", "9D", "9H"], ["9C", "5H", "7D"], ["9S", "6H", "10C"]])
    g.play(0, "JKR")
    assert "direction_changed" in g.types()
    assert g.direction == "ccw"
    assert g.actor == 2 and g.top == "JKR"
    g.rejects("does_not_match", g.play, 2, "6H")
    g.play(2, "9S")
    assert g.actor == 1


def test_king_of_spades_hits_the_previous_seat_in_the_current_direction():
    """§2.11: "previous" is relative to the current direction: after a joker (ccw) seat 2's
    K♠ hits seat 0, and seat 1 holds the regular turn."""
    g = deal([["JKR", "9D", "9H"], ["9C", "5H", "7D"], ["KS", "6H", "10C"]], stock=FIVE)
    g.play(0, "JKR")
    g.play(2, "KS")
    assert g.pending_draw == (5, 0)
    assert g.actor == 0 and g.next_regular == 1
    g.draw(0)
    assert g.actor == 1


def test_draw_card_is_inert_after_its_penalty_was_taken():
    """§1.5: effects live in state; after the penalty is taken the 2 stays on top but is
    inert: the next player plays normally on it and nobody draws again."""
    g = deal([["2S", "9D", "9H"], ["9C", "5H", "7D"], ["5S", "6H", "10C"]], stock=["KC", "KD"])
    g.play(0, "2S")
    g.draw(1)
    assert g.top == "2S" and g.pending_draw is None
    g.rejects("does_not_match", g.play, 2, "6H")
    g.play(2, "5S")
    assert g.pending_draw is None and g.actor == 0


# =====================================================================================
# §3.2 answer matrix
# =====================================================================================
def test_numeric_chain_any_2_or_3_adds_forward():
    """§3.2 draw:numeric ← any 2, any 3: add (+2/+3) regardless of colour or rank; forward."""
    g = deal([["2S", "9D", "9H"], ["3D", "5H", "7D"], ["2H", "6H", "10C"]],
             stock=["4C", "5C", "6C", "8C", "9C", "10D", "QC"])
    g.play(0, "2S")
    g.play(1, "3D")
    assert g.pending_draw == (5, 2)
    g.play(2, "2H")
    assert g.pending_draw == (7, 0)
    assert g.actor == 0
    g.draw(0)
    assert g.hand_size(0) == 9
    assert g.pending_draw is None and g.actor == 1


def test_numeric_chain_queen_of_hearts_cancels():
    """§3.2 draw:numeric ← Q♥: cancel; nobody draws; next regular player plays on the Q♥."""
    g = deal([["2S", "9D", "9H"], ["QH", "5C", "7D"], ["5H", "6C", "10C"]])
    g.play(0, "2S")
    g.play(1, "QH")
    assert "chain_cancelled" in g.types()
    assert g.pending_draw is None
    assert g.top == "QH" and g.actor == 2
    assert g.hand(1) == ["5C", "7D"]
    g.play(2, "5H")  # matches the Q♥'s suit
    assert g.actor == 0


def test_king_chain_king_adds_forward():
    """§3.2 draw:kings ← K♠, K♥: add (+5), forward (F2)."""
    g = deal([["KH", "9D", "9H"], ["KS", "5C", "7D"], ["5H", "6C", "10C"]], starter="7H")
    g.play(0, "KH")
    g.play(1, "KS")
    assert g.pending_draw == (10, 2)
    assert g.actor == 2


def test_king_chain_queen_of_hearts_cancels():
    """§3.2 draw:kings ← Q♥: cancel."""
    g = deal([["KH", "9D", "9H"], ["QH", "5C", "7D"], ["5H", "6C", "10C"]], starter="7H")
    g.play(0, "KH")
    g.play(1, "QH")
    assert "chain_cancelled" in g.types()
    assert g.pending_draw is None and g.actor == 2 and g.top == "QH"


def test_skip_any_4_passes_it_on_unchanged():
    """§3.2 skip ← any 4: pass_on; the next player faces exactly one skip (R#18: no
    accumulation), and the answerer is not skipped."""
    g = deal([["4S", "9D", "9H"], ["4D", "5C", "7D"], ["5H", "6C", "10C"]])
    g.play(0, "4S")
    g.play(1, "4D")
    assert g.pending_skip == (1, 2)
    assert g.actor == 2
    g.pass_(2)
    assert g.actor == 0 and g.pending_skip is None
    assert g.state.turns_to_miss == (0, 0, 0)


def test_suit_wish_satisfied_by_wished_suit():
    """§3.2 wish:suit ← any card of the wished suit: satisfy (the wish ends)."""
    g = deal([["AC", "9D", "9H"], ["2H", "5C", "7D"], ["5H", "6C", "10C"]])
    g.play(0, "AC", wish="H")
    g.play(1, "2H")  # any card of the suit, even a draw card
    assert "wish_fulfilled" in g.types()
    assert g.wish is None
    assert g.pending_draw == (2, 2)


def test_suit_wish_replaced_by_any_ace():
    """§3.2 wish:suit ← any A: replace_wish ("a new suit may be determined")."""
    g = deal([["AC", "9D", "9H"], ["AD", "5C", "7D"], ["5H", "6C", "10S"]])
    g.play(0, "AC", wish="H")
    g.play(1, "AD", wish="S")
    assert g.wish == ("suit", "S")
    g.rejects("does_not_match", g.play, 2, "5H")
    g.play(2, "10S")
    assert g.wish is None


def test_rank_wish_satisfied_by_several_cards_of_that_rank():
    """§3.2 wish:rank ← any card of the wished rank, several of that rank allowed when not
    special (§2.9)."""
    g = deal([["JC", "9D", "9H"], ["8C", "8D", "7D"], ["5H", "6C", "10S"]])
    g.play(0, "JC", wish="8")
    g.play(1, "8C", "8D")
    assert g.wish is None
    assert g.top == "8D" and g.hand(1) == ["7D"]
    assert g.actor == 2


def test_suit_wish_satisfied_by_a_group_whose_first_card_fulfils_it():
    """§2.9: under an active wish a same-rank group is allowed when its first card satisfies
    the wish; the last card becomes the top the next player must match."""
    g = deal([["AC", "9D", "7H"], ["9H", "9C", "7D"], ["5H", "6C", "10S"]])
    g.play(0, "AC", wish="H")
    g.rejects("does_not_match", g.play, 1, "9C", "9H")
    g.play(1, "9H", "9C")
    assert g.wish is None and g.top == "9C" and g.hand(1) == ["7D"]
    g.rejects("does_not_match", g.play, 2, "5H")
    g.play(2, "6C")


def test_rank_wish_replaced_by_any_jack():
    """§3.2 wish:rank ← any J: replace_wish."""
    g = deal([["JC", "9D", "9H"], ["JD", "8C", "7D"], ["5H", "QC", "10S"]])
    g.play(0, "JC", wish="8")
    g.play(1, "JD", wish="Q")
    assert g.wish == ("rank", "Q")
    g.rejects("does_not_match", g.play, 2, "5H")
    g.play(2, "QC")
    assert g.wish is None


def test_rank_wish_group_may_not_contain_a_special_card():
    """§3.2 wish:rank "(incl. several of that rank, if not special)" / R#51: Q♣+Q♠ satisfy a
    wish for Q together, Q♣+Q♥ may not be grouped."""
    g = deal([["JC", "9D", "9H"], ["QC", "QS", "QH", "7D"], ["5H", "6C", "10S"]])
    g.play(0, "JC", wish="Q")
    g.rejects("invalid_group", g.play, 1, "QC", "QH")
    g.play(1, "QC", "QS")
    assert g.wish is None and g.top == "QS"


def test_z8_queen_of_hearts_satisfies_a_queen_wish_as_a_plain_card():
    """Z8: Q♥ satisfies a wish for Q; with nothing pending its cancel has nothing to do."""
    g = deal([["JC", "9D", "9H"], ["QH", "5C", "7D"], ["5H", "6C", "10S"]])
    g.play(0, "JC", wish="Q")
    g.play(1, "QH")
    assert g.wish is None and g.pending_draw is None
    assert g.top == "QH" and g.actor == 2
    g.rejects("does_not_match", g.play, 2, "6C")
    g.play(2, "5H")


def test_forbidden_kings_on_numeric_chain_and_2_3_on_king_chain():
    """§3.2 Forbidden / R#50: kings and 2/3 are separate families; Q♥ cancels both."""
    g = deal([["2S", "KH", "9H"], ["KS", "QC", "3D"], ["5H", "6C", "10S"]])
    g.play(0, "2S")
    g.rejects("must_answer_pending_draw", g.play, 1, "KS")
    g = deal([["KH", "9D", "9H"], ["2H", "3H", "7D"], ["5H", "6C", "10S"]], starter="7H")
    g.play(0, "KH")
    g.rejects("must_answer_pending_draw", g.play, 1, "2H")
    g.rejects("must_answer_pending_draw", g.play, 1, "3H")


def test_forbidden_ace_on_rank_wish():
    """§3.2 Forbidden, Z1: an Ace is never playable on an active rank wish."""
    g = deal([["JC", "9D", "9H"], ["AH", "AC", "7D"], ["5H", "6C", "10S"]])
    g.play(0, "JC", wish="8")
    g.rejects("does_not_match", g.play, 1, "AH")
    g.rejects("does_not_match", g.play, 1, "AC")  # not even of the Jack's suit


def test_forbidden_jack_of_another_suit_on_suit_wish():
    """§3.2 Forbidden, Z1: a Jack of another suit may not be played on a suit wish."""
    g = deal([["AC", "9D", "9H"], ["JD", "JC", "7D"], ["5H", "6C", "10S"]])
    g.play(0, "AC", wish="H")
    g.rejects("does_not_match", g.play, 1, "JD")
    g.rejects("does_not_match", g.play, 1, "JC")


@pytest.mark.parametrize("card", ["AS", "JS", "JKR"])
def test_forbidden_wild_cards_on_a_pending_draw(card):
    """§3.2 Forbidden, R#59: A, J and joker are not answers to a pending draw."""
    g = deal([["2S", "9D", "9H"], ["AS", "JS", "JKR"], ["5H", "6C", "10S"]])
    g.play(0, "2S")
    g.rejects("must_answer_pending_draw", g.play, 1, card)


@pytest.mark.parametrize("card", ["AS", "JS", "JKR", "QH"])
def test_forbidden_wild_cards_on_a_pending_skip(card):
    """§3.2 Forbidden, R#18: only a 4 answers a skip (no A, J, joker, nor Q♥)."""
    g = deal([["4S", "9D", "9H"], ["AS", "JS", "JKR", "QH"], ["5H", "6C", "10S"]])
    g.play(0, "4S")
    g.rejects("must_answer_pending_skip", g.play, 1, card)


# =====================================================================================
# §2.10.1 worked examples F1–F8 (forward model). Seats A=0, B=1, C=2, D=3; B starts.
# =====================================================================================
def four(hands, stock=(), starter="7S", **kw):
    return Game(VARIANT, hands=hands, starter=starter, stock=stock, dealer=0, **kw)


def test_f1_king_of_hearts():
    """F1: B K♥ → C must draw 5 (or answer K♠/K♥, or cancel with Q♥); if C draws: D."""
    g = four([["9H", "9D", "10D"], ["KH", "9S", "10S"], ["KS", "QH", "5H"], ["5S", "6S", "7D"]],
             stock=FIVE, starter="7H")
    assert g.actor == 1
    g.play(1, "KH")
    assert g.pending_draw == (5, 2)
    assert g.actor == 2
    assert sorted(m[0] for m in g.play_moves(2)) == ["KS", "QH"]
    g.draw(2)
    assert g.hand_size(2) == 8
    assert g.actor == 3


def test_f2_king_answered_passes_ten_to_the_next():
    """F2: B K♥; C K♠ → D must draw 10 ("the next player must draw ten cards"); then A."""
    g = four([["9H", "9D", "10D"], ["KH", "9S", "10S"], ["KS", "5H", "6H"], ["5S", "6S", "7D"]],
             stock=TEN, starter="7H")
    g.play(1, "KH")
    g.play(2, "KS")
    assert g.pending_draw == (10, 3)
    assert g.actor == 3
    g.draw(3)
    assert g.hand_size(3) == 13
    assert g.actor == 0


def test_f3_king_of_spades_hits_previous_out_of_turn():
    """F3: B K♠ → A (previous) must draw 5 out of turn; if A draws: C (B's turn is over)."""
    g = four([["9H", "9D", "10D"], ["KS", "9S", "10S"], ["5H", "6H", "7H"], ["5S", "6S", "7D"]], stock=FIVE)
    g.play(1, "KS")
    assert g.pending_draw == (5, 0)
    assert g.actor == 0 and g.next_regular == 2
    g.draw(0)
    assert g.hand_size(0) == 8
    assert g.actor == 2


def test_f3_z7_hit_out_of_turn_keeps_own_next_turn():
    """F3 + Z7: A, hit out of turn, who takes the penalty loses nothing more: after C and D
    it is A's regular turn."""
    g = four([["9H", "9D", "10D"], ["KS", "9S", "10S"], ["5S", "6H", "7H"], ["6S", "5D", "7D"]], stock=FIVE)
    g.play(1, "KS")
    g.draw(0)
    g.play(2, "5S")
    g.play(3, "6S")
    assert g.actor == 0 and g.next_regular == 0


def test_f4_answer_to_king_of_spades_goes_to_the_player_after_next():
    """F4: B K♠; A K♥ → C must draw 10 ("the player after the next" from A); then D."""
    g = four([["KH", "9D", "10D"], ["KS", "9S", "10S"], ["5H", "6H", "7H"], ["5S", "6S", "7D"]], stock=TEN)
    g.play(1, "KS")
    g.play(0, "KH")
    assert g.pending_draw == (10, 2)
    assert g.actor == 2 and g.next_regular == 2
    g.draw(2)
    assert g.hand_size(2) == 13
    assert g.actor == 3


def test_f4_answer_with_king_of_spades_also_goes_forward():
    """F4 "(or K♠)": A answers B's K♠ with K♠ (two decks) → still C must draw 10."""
    g = four([["KS", "9D", "10D"], ["KS", "9S", "10S"], ["5H", "6H", "7H"], ["5S", "6S", "7D"]], stock=TEN,
             rules={"deck": {"count": 2}})
    g.play(1, "KS")
    g.play(0, "KS")
    assert g.pending_draw == (10, 2)
    assert g.actor == 2


def test_f5_three_kings():
    """F5: B K♠; A K♥; C K♠ → D must draw 15; if D draws: A."""
    g = four([["KH", "9D", "10D"], ["KS", "9S", "10S"], ["KS", "6H", "7H"], ["5S", "6S", "7D"]], stock=FIFTEEN,
             rules={"deck": {"count": 2}})
    g.play(1, "KS")
    g.play(0, "KH")
    g.play(2, "KS")
    assert g.pending_draw == (15, 3)
    assert g.actor == 3
    g.draw(3)
    assert g.hand_size(3) == 18
    assert g.actor == 0


def test_f6_queen_of_hearts_stops_a_backward_king():
    """F6: B K♠; A Q♥ → chain cancelled, nobody draws; C plays on the Q♥."""
    g = four([["QH", "9D", "10D"], ["KS", "9S", "10S"], ["5H", "6C", "7H"], ["5S", "6S", "7D"]])
    g.play(1, "KS")
    g.play(0, "QH")
    assert g.pending_draw is None
    assert g.actor == 2 and g.top == "QH"
    assert [g.hand_size(s) for s in range(4)] == [2, 2, 3, 3]
    g.play(2, "5H")
    assert g.actor == 3


def test_f7_three_players():
    """F7: 3 players A,B,C — B K♠; A K♥ → C must draw 10; if C draws: A."""
    g = Game(VARIANT, hands=[["KH", "9D", "10D"], ["KS", "9S", "10S"], ["5H", "6H", "7H"]], starter="7S",
             stock=TEN, dealer=0)
    assert g.actor == 1
    g.play(1, "KS")
    assert g.pending_draw == (5, 0)
    g.play(0, "KH")
    assert g.pending_draw == (10, 2)
    assert g.actor == 2
    g.draw(2)
    assert g.actor == 0


def test_f8_two_players_king_of_spades_hits_the_opponent():
    """F8 / R#6 / §2.15: 2 players — B K♠ → A must draw 5 (treated as K♥); then B."""
    g = Game(VARIANT, hands=[["9H", "9D", "10D"], ["KS", "9S", "10S"]], starter="7S", stock=FIVE, dealer=0)
    assert g.actor == 1
    g.play(1, "KS")
    assert g.pending_draw == (5, 0)
    assert g.actor == 0 and g.next_regular == 0
    g.draw(0)
    assert g.hand_size(0) == 8
    assert g.actor == 1


def test_backward_answer_out_of_turn_counts_as_a_turn_for_the_call():
    """§2.12: an out-of-turn answer to a backward attack counts as a turn: A answering a
    K♠ down to one card is obliged to call."""
    g = four([["KH", "9D"], ["KS", "9S"], ["5H", "6H"], ["5S", "6S"]])
    g.play(1, "KS")
    g.play(0, "KH")
    assert g.state.call_window is not None and g.state.call_window.seat == 0


# =====================================================================================
# §2.15 two players
# =====================================================================================
def test_two_players_skip_gives_the_same_player_another_turn():
    """§2.15: skip with two players — the skipping player plays again."""
    g = deal([["4S", "9S", "9D"], ["5H", "6H", "10C"]])
    g.play(0, "4S")
    assert g.pending_skip == (1, 1)
    g.pass_(1)
    assert g.actor == 0 and g.next_regular == 0


def test_two_players_joker_reverse_acts_as_skip():
    """§2.15, R#19: reverse with two players acts as skip (same player again); the joker
    stays transparent, so he plays on the 7S beneath."""
    g = deal([["JKR", "9S", "9D"], ["5H", "6H", "10C"]])
    g.play(0, "JKR")
    assert "direction_changed" in g.types()
    assert g.direction == "ccw"
    assert g.actor == 0
    g.rejects("does_not_match", g.play, 0, "9D")
    g.play(0, "9S")
    assert g.actor == 1


def test_two_players_finishing_on_a_draw_card_ends_the_round_at_once():
    """§2.15 / §2.13 immediate, R#44: going out on a 2 ends the round; the opponent draws
    nothing and the winner scores the win point."""
    g = deal([["2S"], ["5H", "6H", "10C"]])
    g.play(0, "2S")
    types = g.types()
    assert "round_ended" in types and "draw_pending" not in round_one(g)
    ended = g.state.rounds[0]
    assert ended.reason == "first_out"
    assert ended.points == (1, 0)
    assert g.state.scores == (1, 0)
    assert "round_started" in types and g.state.round == 2


# =====================================================================================
# §0 errata and §6 resolutions
# =====================================================================================
def test_r16_wish_choice_is_mandatory():
    """R#16: choosing is mandatory when a wish card is played."""
    g = deal([["AC", "JC", "9D"], ["5H", "6H", "10C"], ["5D", "6D", "10D"]])
    g.rejects("wish_required", g.play, 0, "AC")
    g.rejects("wish_required", g.play, 0, "JC")
    g.rejects("invalid_wish", g.play, 0, "AC", wish="8")  # an Ace names a suit
    g.rejects("invalid_wish", g.play, 0, "JC", wish="H")  # a Jack names a rank
    g.rejects("invalid_wish", g.play, 0, "AC", wish="free")  # no "free suit" in macau


def test_r16_wish_lasts_until_fulfilled_and_a_draw_passes_it_on():
    """R#16: a player who cannot fulfil the wish draws 1 as a normal draw; the wish then
    applies to the next player, and again after him, until fulfilled."""
    g = deal([["AC", "9D", "9H"], ["5C", "6C"], ["5D", "6D"]], stock=["10C", "10D", "KH"])
    g.play(0, "AC", wish="S")
    g.draw(1)
    assert g.wish == ("suit", "S") and g.actor == 2
    g.rejects("does_not_match", g.play, 2, "5D")
    g.draw(2)
    assert g.wish == ("suit", "S") and g.actor == 0
    g.rejects("does_not_match", g.play, 0, "9D")
    g.draw(0)
    assert g.wish == ("suit", "S") and g.actor == 1


def test_z3_own_suit_may_be_wished_and_still_blocks_jacks_and_jokers():
    """Z3 (with Z1, Z2): wishing the Ace's own suit creates an active wish; a Jack of another
    suit and a joker then cannot be played on it, a Jack of the suit can."""
    g = deal([["AH", "9D", "9C"], ["JC", "JKB", "JH", "5D"], ["5S", "6S", "10S"]], starter="7H")
    g.play(0, "AH", wish="H")
    assert g.wish == ("suit", "H")
    g.rejects("does_not_match", g.play, 1, "JC")
    g.rejects("does_not_match", g.play, 1, "JKB")
    g.play(1, "JH", wish="9")
    assert g.wish == ("rank", "9")


def test_z1_jack_of_the_wished_suit_satisfies_and_sets_a_rank_wish():
    """Z1: a Jack of the wished suit satisfies the suit wish (it ends) and sets its own
    rank wish."""
    g = deal([["AC", "9D", "9H"], ["JH", "5C", "7D"], ["5H", "6C", "10S"]])
    g.play(0, "AC", wish="H")
    g.play(1, "JH", wish="10")
    types = g.types()
    assert "wish_fulfilled" in types and "wish_set" in types
    assert g.wish == ("rank", "10")
    g.rejects("does_not_match", g.play, 2, "5H")
    g.play(2, "10S")
    assert g.wish is None


@pytest.mark.parametrize("wish", [("suit", "H"), ("rank", "8")])
def test_z2_joker_may_not_be_played_on_a_wish(wish):
    """Z2 (R#17 "including an active wish" void): a joker may not be played while a wish is
    active."""
    card = "AC" if wish[0] == "suit" else "JC"
    g = deal([[card, "9D", "9H"], ["JKR", "JKB", "7D"], ["5H", "6C", "10S"]])
    g.play(0, card, wish=wish[1])
    g.rejects("does_not_match", g.play, 1, "JKR")
    g.rejects("does_not_match", g.play, 1, "JKB")


def test_r17_joker_with_nothing_beneath_gives_free_play():
    """R#17 / §2.5: a transparent joker with nothing beneath gives free play. Z25: the
    starter joker is the dealer's play: the direction flips before anyone acts, so the
    dealer's other neighbour starts, and he may play any card."""
    g = Game(VARIANT, hands=[["5D", "6D"], ["9H", "9C"], ["10S", "QC"]], starter="JKB", dealer=0)
    assert g.direction == "ccw"
    assert g.actor == 2 and g.next_regular == 2
    g.play(2, "QC")
    assert g.top == "QC" and g.actor == 1


def test_r17_joker_on_joker_still_matches_the_card_beneath():
    """R#17: jokers stay transparent when stacked: after JKR and JKB the 7S beneath both
    decides; each joker reverses (two reverses restore clockwise)."""
    g = deal([["JKR", "9D", "9S"], ["9C", "5C", "7D"], ["JKB", "6H", "10C"]])
    g.play(0, "JKR")
    assert g.direction == "ccw" and g.actor == 2
    g.play(2, "JKB")
    assert g.direction == "cw" and g.actor == 0
    assert g.top == "JKB"
    g.rejects("does_not_match", g.play, 0, "9D")
    g.play(0, "9S", announce=True)
    assert g.actor == 1


def test_r18_skipped_player_may_only_answer_with_a_4_or_accept():
    """R#18: the skipped player's only legal actions are a 4 or accepting (pass); he may
    not play another card nor draw."""
    g = deal([["4S", "9D", "9H"], ["9S", "7C", "4H"], ["5H", "6C", "10C"]])
    g.play(0, "4S")
    g.rejects("must_answer_pending_skip", g.play, 1, "9S")
    g.rejects("must_answer_pending_skip", g.draw, 1)
    assert g.play_moves(1) == [["4H"]]
    actions = {m["action"] for m in g.moves(1)}
    assert actions == {"play", "pass"}


def test_z8_action_card_satisfying_a_rank_wish_keeps_its_effect():
    """Z8: K♥ used to satisfy a wish for K still opens its draw 5."""
    g = deal([["JC", "9D", "9H"], ["KH", "5C", "7D"], ["5H", "6C", "10S"]])
    g.play(0, "JC", wish="K")
    g.play(1, "KH")
    assert g.wish is None
    assert g.pending_draw == (5, 2)
    assert g.actor == 2


def test_z8_king_of_spades_satisfying_a_rank_wish_hits_the_previous_player():
    """Z8: K♠ used to satisfy a wish for K still hits the previous seat."""
    g = deal([["JC", "9D", "9H"], ["KS", "5C", "7D"], ["5H", "6C", "10S"]])
    g.play(0, "JC", wish="K")
    g.play(1, "KS")
    assert g.wish is None
    assert g.pending_draw == (5, 0)
    assert g.actor == 0 and g.next_regular == 2


# ------------------------------------------------------------------ Z25 / Z4 / Z5 / §2.4
def test_z25_starter_2_the_first_player_faces_draw_two():
    """§2.4 / Z25: a 2 starter is the dealer's play: the first player faces draw 2 and may
    answer."""
    g = deal([["3H", "9D"], ["5C", "6C"], ["5D", "6D"]], starter="2S")
    assert g.pending_draw == (2, 0)
    assert g.actor == 0
    g.play(0, "3H")
    assert g.pending_draw == (5, 1)


def test_z25_starter_king_of_spades_hits_the_dealers_previous_seat():
    """§2.4 / Z25: a K♠ starter → the dealer's previous seat must answer or draw 5; then the
    first player (dealer's next) plays."""
    g = deal([["5H", "9D"], ["5S", "6S"], ["5D", "6D"]], starter="KS", stock=FIVE)
    # dealer = 2: previous = 1, first player = 0
    assert g.pending_draw == (5, 1)
    assert g.actor == 1 and g.next_regular == 0
    g.draw(1)
    assert g.hand_size(1) == 7
    assert g.actor == 0


def test_z25_starter_king_of_hearts_hits_the_first_player():
    """§2.4 / Z25: a K♥ starter → the first player must answer or draw 5."""
    g = deal([["5H", "9D"], ["5C", "6C"], ["5D", "6D"]], starter="KH")
    assert g.pending_draw == (5, 0) and g.actor == 0


def test_z25_starter_4_skips_the_first_player_who_may_answer_with_a_4():
    """§2.4 / Z25: a 4 starter → the first player is skipped; in pass_on mode he may answer
    with a 4."""
    g = deal([["4H", "9D"], ["5C", "6C"], ["5D", "6D"]], starter="4S")
    assert g.pending_skip == (1, 0) and g.actor == 0
    g.play(0, "4H")
    assert g.pending_skip == (1, 1) and g.actor == 1


def test_z5_starter_ace_wishes_its_own_suit():
    """Z5: a suit-wish starter needs no choice: it wishes its own suit."""
    g = deal([["9S", "JH", "5D"], ["5C", "6C"], ["5H", "6D"]], starter="AD")
    assert g.wish == ("suit", "D")
    assert g.actor == 0
    g.rejects("does_not_match", g.play, 0, "JH")  # Z1: Jack of another suit
    g.rejects("does_not_match", g.play, 0, "9S")
    g.play(0, "5D")
    assert g.wish is None


def test_z5_starter_jack_wishes_nothing_and_matches_like_a_plain_card():
    """Z5: a rank-wish starter wishes nothing and is matched by its suit or rank."""
    g = deal([["9S", "9D", "5H"], ["5C", "6C"], ["5S", "6H"]], starter="JD")
    assert g.wish is None and g.actor == 0
    g.rejects("does_not_match", g.play, 0, "9S")
    g.play(0, "9D")
    assert g.actor == 1


def test_z4_two_players_reversing_starter_lets_the_dealer_play_first():
    """Z4: a reversing starter with two players (acts as skip): the dealer plays first."""
    g = Game(VARIANT, hands=[["5C", "6C"], ["9S", "9D"]], starter="JKR", dealer=1)
    assert g.direction == "ccw"
    assert g.actor == 1 and g.next_regular == 1


def test_z25_starter_queen_of_hearts_has_no_effect():
    """§2.4: Q♥ as starter is the dealer's play of a plain card (nothing to cancel)."""
    g = deal([["9H", "9D"], ["5C", "6C"], ["5S", "6H"]], starter="QH")
    assert g.pending_draw is None and g.actor == 0 and g.wish is None


# ------------------------------------------------------------------ drawing
def test_r24_drawn_card_may_not_be_played_the_turn_ends():
    """R#24 (apps): after a voluntary draw the turn ends at once, even if the drawn card
    would match."""
    g = deal([["9H", "9D"], ["5C", "6C"], ["5S", "6H"]], stock=["7H"])
    g.draw(0)
    assert g.hand(0) == ["7H", "9D", "9H"]
    assert g.actor == 1 and g.next_regular == 1
    g.rejects("not_your_turn", g.play, 0, "7H")
    g.rejects("not_your_turn", g.pass_, 0)


def test_voluntary_draw_allowed_with_a_playable_card():
    """§2.6: nobody is forced to play; drawing while holding a playable card is allowed."""
    g = deal([["9S", "9D"], ["5C", "6C"], ["5S", "6H"]], stock=["8C"])
    assert ["9S"] in g.play_moves(0)
    g.draw(0)
    assert g.hand_size(0) == 3 and g.actor == 1


def test_r25_draw_penalty_ends_the_turn():
    """R#25: taking a draw penalty ends the drawer's turn (he may not play afterwards)."""
    g = deal([["2S", "9D", "9H"], ["5H", "6D", "8H"], ["5D", "6H", "10C"]], stock=["9S", "QC"])
    g.play(0, "2S")
    g.draw(1)
    assert g.actor == 2
    g.rejects("not_your_turn", g.play, 1, "9S")


# ------------------------------------------------------------------ multi-play
def test_r26_any_subset_of_same_rank_cards():
    """R#26: any subset of the other same-rank cards may be added; the first must match,
    the last is the new top."""
    g = deal([["9S", "9C", "9D", "5H"], ["5C", "6C"], ["5S", "6H"]])
    g.rejects("does_not_match", g.play, 0, "9C", "9S")  # first card must be legal
    g.play(0, "9S", "9C")
    assert g.hand(0) == ["5H", "9D"]
    assert g.top == "9C" and g.actor == 1


@pytest.mark.parametrize("group", [
    ("2S", "2C"), ("3S", "3C"), ("4S", "4C"), ("JS", "JC"), ("AS", "AC"), ("KS", "KC"), ("QS", "QH"),
])
def test_r51_special_cards_may_not_be_grouped(group):
    """R#51 / §2.9: special cards (2, 3, 4, J, A, K♠, K♥, Q♥, joker) are excluded from a
    multi-play."""
    g = deal([list(group) + ["5D"], ["5C", "6C"], ["5H", "6H"]])
    g.rejects("invalid_group", g.play, 0, *group)


@pytest.mark.parametrize("group", [("KS", "KH"), ("JKB", "JKR")])
def test_r51_special_group_rejected_even_first_card_legal(group):
    """R#51: K♠+K♥ and the two jokers are special and cannot be played together either."""
    g = deal([list(group) + ["5D"], ["5C", "6C"], ["5H", "6H"]])
    g.rejects("invalid_group", g.play, 0, *group)


@pytest.mark.parametrize("group,top", [(("KC", "KD"), "KD"), (("QS", "QC"), "QC")])
def test_r51_plain_kings_and_queens_may_be_grouped(group, top):
    """R#51: K♣+K♦ and Q♣+Q♠ are plain and may be grouped."""
    g = deal([list(group) + ["5D"], ["5C", "6C"], ["5H", "6H"]], starter="7" + group[0][-1])
    g.play(0, *group)
    assert g.top == top and g.hand(0) == ["5D"]
    assert g.pending_draw is None and g.actor == 1


def test_r51_two_draw_cards_cannot_answer_together():
    """R#51: several 2s are special and cannot answer a numeric chain as a group."""
    g = deal([["2S", "9D"], ["2H", "2C", "6C"], ["5H", "6H"]])
    g.play(0, "2S")
    g.rejects("invalid_group", g.play, 1, "2H", "2C")


# ------------------------------------------------------------------ R#44 going out
def test_r44_going_out_on_king_of_spades_discards_its_effect():
    """R#44 (first_out): going out on a K♠ ends the round; the previous seat draws nothing."""
    g = deal([["KS"], ["5C", "6C"], ["5H", "6H"]])
    g.play(0, "KS")
    assert "round_ended" in round_one(g) and "draw_pending" not in round_one(g)
    assert g.state.rounds[0].standings[2] > 1
    assert g.state.rounds[0].points == (1, 0, 0)
    assert g.state.rounds[0].standings[0] == 1


def test_r44_going_out_on_a_4_skips_nobody():
    """R#44: a finishing 4's skip is discarded."""
    g = deal([["4S"], ["5C", "6C"], ["5H", "6H"]])
    g.play(0, "4S")
    assert "skip_pending" not in round_one(g) and "round_ended" in round_one(g)


def test_going_out_on_an_ace_ends_the_round():
    """§2.13 / R#44: a wish card played as the last card ends the round at once."""
    g = deal([["AS"], ["5C", "6C"], ["5H", "6H"]])
    g.play(0, "AS", wish="H")
    assert "round_ended" in round_one(g)
    assert g.state.rounds[0].points == (1, 0, 0)


# ------------------------------------------------------------------ §2.8 stock
def test_reshuffle_when_the_stock_is_empty_keeps_the_top_card():
    """§2.8.1: drawing from an empty stock reshuffles the discard pile except its top card."""
    named = ["9H", "7H", "5C", "JC"]
    big = rest_of_deck(named, ["7S"])
    g = deal([["9H", "7H", "5C"], big, ["JC"]], stock=[])
    assert g.state.stock == ()
    g.play(0, "7H")
    # seat 1 holds the rest of the deck: he draws -> reshuffle of [7S]
    g.draw(1)
    assert "stock_reshuffled" in g.types()
    assert g.state.discard == ("7H",)
    assert "7S" in g.hand(1)
    assert g.actor == 2


def test_reshuffle_in_the_middle_of_a_penalty():
    """§2.8.1: a multi-card penalty reshuffles in the middle of the draw; pending effects are
    unaffected."""
    named = ["9H", "2S", "2H", "5C", "JD"]
    big = rest_of_deck(named, ["7S", "KD"])
    g = deal([["9H", "2S", "2H"], ["5C", "JD"], big], stock=["KD"])
    g.play(0, "2S")
    g.draw(1)  # draws KD, reshuffles [7S], draws 7S
    assert g.types().count("stock_reshuffled") == 1
    assert g.hand(1) == sorted(["5C", "JD", "KD", "7S"])
    assert g.state.discard == ("2S",) and g.state.stock == ()
    assert g.actor == 2


def test_shortfall_draws_what_is_available_and_forfeits_the_rest():
    """§2.8.2 / R#54: fewer cards available than the penalty → draw them all, the rest is
    forfeited, the chain ends and the turn is consumed."""
    named = ["2S", "9H", "9D", "3H", "5C", "JD"]
    big = rest_of_deck(named, ["7S"])
    g = deal([["2S", "9H", "9D"], ["3H", "5C", "JD"], big], stock=[])
    g.play(0, "2S")
    g.play(1, "3H")  # 5 pending on seat 2; only 7S and 2S can be drawn
    assert g.pending_draw == (5, 2)
    g.draw(2)
    taken = [e for e in g.last if e.type == "penalty_taken"][0]
    assert taken.amount == 5 and taken.drawn == 2
    assert g.pending_draw is None
    assert g.state.discard == ("3H",)
    assert g.actor == 0


def test_nothing_to_draw_pass_is_allowed_and_a_pending_draw_becomes_zero():
    """§2.8.3: stock empty and discard = top only: the player passes; a draw obligation
    becomes 0."""
    big = rest_of_deck(["9D", "5C", "6C"], ["2S"])
    g = deal([["9D"], big, ["5C", "6C"]], starter="2S", dealer=2)
    assert g.pending_draw == (2, 0)
    g.pass_(0)
    assert g.pending_draw is None
    assert g.hand(0) == ["9D"] and g.actor == 1


def test_pass_is_not_allowed_while_cards_can_be_drawn():
    """§2.6/§2.8.3: a pass without a draw is only for when nothing can be drawn."""
    g = deal([["9H", "9D"], ["5C", "6C"], ["5S", "6H"]])
    g.rejects("pass_not_allowed", g.pass_, 0)


def test_blocked_round_fewest_cards_wins_the_point():
    """§2.8.4 / §5.3: a full cycle of passes with nothing to draw ends the round as blocked;
    the player with the fewest cards gets the win point."""
    hands = [["9D"], None, ["5D", "6D"]]
    hands[1] = rest_of_deck(["9D", "5D", "6D"], ["7S"])
    g = deal(hands, stock=[])
    g.pass_(0)
    g.pass_(1)
    g.pass_(2)
    assert "round_ended" in g.types()
    ended = g.state.rounds[0]
    assert ended.reason == "blocked"
    assert ended.points == (1, 0, 0)
    assert g.state.scores == (1, 0, 0) and g.state.round == 2


def test_blocked_round_tie_gives_nobody_the_point():
    """§2.8.4 / §5.3: blocked round, tie for fewest cards → nobody scores."""
    hands = [["9D"], None, ["5D"]]
    hands[1] = rest_of_deck(["9D", "5D"], ["7S"])
    g = deal(hands, stock=[])
    g.pass_(0)
    g.pass_(1)
    g.pass_(2)
    assert g.state.rounds[0].reason == "blocked"
    assert g.state.rounds[0].points == (0, 0, 0)


# ------------------------------------------------------------------ §2.12 last-card call
def test_call_with_the_play_needs_no_window():
    """§2.12: the call may be bundled with the play (announce=True)."""
    g = deal([["9S", "9D"], ["5C", "6C"], ["5S", "6H"]], stock=["8C"])
    g.play(0, "9S", announce=True)
    assert "call_made" in g.types()
    assert g.state.call_window is None
    g.draw(1)
    assert "call_penalty_applied" not in g.types()
    assert g.hand(0) == ["9D"]


def test_separate_announce_inside_the_window():
    """§2.12: a separate announce is accepted while the window is open; no penalty."""
    g = deal([["9S", "9D"], ["5C", "6C"], ["5S", "6H"]], stock=["8C"])
    g.play(0, "9S")
    w = g.state.call_window
    assert w is not None and w.seat == 0 and w.deadline == g.now + 5.0
    g.advance(4.0)
    g.announce(0)
    assert "call_made" in g.types() and g.state.call_window is None
    g.draw(1)
    assert g.hand(0) == ["9D"]


def test_missed_call_penalty_applied_at_the_next_draw_by_anyone():
    """§2.12 automatic: with no call, the next action (here seat 1's draw) applies the
    penalty of 5 first."""
    g = deal([["9S", "9D"], ["5D", "6D"], ["5S", "6H"]], stock=FIVE + ["10H"])
    g.play(0, "9S")
    g.draw(1)
    types = g.types()
    assert types.index("call_penalty_applied") < types.index("cards_drawn")
    assert g.hand(0) == sorted(["9D"] + FIVE)
    assert g.hand(1) == ["10H", "5D", "6D"]
    assert g.state.call_window is None


def test_missed_call_penalty_applied_at_the_next_play_by_anyone():
    """§2.12 automatic: the next player's play also closes the window: penalty 5 first."""
    g = deal([["9S", "9D"], ["5S", "6H", "10H"], ["5D", "6D"]], stock=FIVE)
    g.play(0, "9S")
    g.play(1, "5S")
    assert "call_penalty_applied" in g.types()
    assert g.hand(0) == sorted(["9D"] + FIVE)
    assert g.state.call_window is None


def test_no_late_call_after_the_next_player_played():
    """§2.12: once the next turn has started with an action, the missed call can no longer
    be made."""
    g = deal([["9S", "9D"], ["5S", "6H", "10H"], ["5D", "6D"]], stock=FIVE)
    g.play(0, "9S")
    g.play(1, "5S")
    g.rejects("not_obliged_to_announce", g.announce, 0)


def test_missed_call_penalty_when_the_window_time_is_up():
    """§2.12: the window's time is up (close_window after the deadline) → penalty 5."""
    g = deal([["9S", "9D"], ["5D", "6D"], ["5S", "6H"]], stock=FIVE)
    g.play(0, "9S")
    g.advance(4.9)
    g.rejects("window_still_open", g.close_window)
    g.advance(0.1)
    g.close_window()
    assert g.types() == ["call_penalty_applied", "cards_drawn"]
    assert g.hand_size(0) == 6
    assert g.actor == 1
    g.rejects("not_obliged_to_announce", g.announce, 0)


def test_missed_call_penalty_applies_when_the_same_player_acts_again():
    """§2.12: the window also ends at the next action of the same player when he plays
    again (two players, joker acts as skip); his draw applies the penalty first."""
    g = deal([["JKR", "9D"], ["5D", "6D"]], stock=FIVE + ["10H"])
    g.play(0, "JKR")
    assert g.actor == 0 and g.state.call_window.seat == 0
    g.draw(0)
    types = g.types()
    assert types.index("call_penalty_applied") < types.index("cards_drawn")
    assert g.hand_size(0) == 7


def test_missed_call_penalty_applies_before_the_same_player_plays_again():
    """§2.12: the penalty applies at the start of the same player's next action, so playing
    his last card then leaves him with the 5 penalty cards instead of going out."""
    g = deal([["JKR", "9S"], ["5D", "6D"]], stock=FIVE)
    g.play(0, "JKR")
    g.play(0, "9S")
    assert "call_penalty_applied" in g.types()
    assert g.hand(0) == sorted(FIVE)
    assert "round_ended" not in g.types()


def test_r45_false_announce_is_rejected():
    """R#45: an announce by a player who is not obliged is rejected without penalty."""
    g = deal([["9S", "9D", "9H"], ["5C", "6C"], ["5S", "6H"]])
    g.rejects("not_obliged_to_announce", g.announce, 0)
    g.rejects("not_obliged_to_announce", g.announce, 1)
    g.rejects("not_obliged_to_announce", g.play, 0, "9S", announce=True)  # 2 cards would be left


def test_a_play_that_goes_out_carries_no_call():
    """§2.12 / R#45: going out (a last card, or a pack straight to zero) leaves no one card
    to call for, so a call bundled with it is not due: rejected, and not listed."""
    g = deal([["9S", "9D"], ["5C", "6C"], ["5S", "6H"]])
    assert not [m for m in g.moves(0) if m["action"] == "play" and len(m["cards"]) == 2 and m.get("announce")]
    assert [m for m in g.moves(0) if m["action"] == "play" and len(m["cards"]) == 1 and m.get("announce")]
    g.rejects("not_obliged_to_announce", g.play, 0, "9S", "9D", announce=True)
    g = deal([["9S"], ["5C", "6C"], ["5S", "6H"]])
    assert not [m for m in g.moves(0) if m.get("announce")]
    g.rejects("not_obliged_to_announce", g.play, 0, "9S", announce=True)


def test_r45_catch_is_rejected_in_automatic_variants():
    """§2.12 / R#45: macau enforces the call automatically: catch → nothing_to_catch, even
    while a window is open."""
    g = deal([["9S", "9D"], ["5C", "6C"], ["5S", "6H"]])
    g.rejects("nothing_to_catch", g.catch, 1, 0)
    g.play(0, "9S")
    g.rejects("nothing_to_catch", g.catch, 1, 0)
    g.rejects("nothing_to_catch", g.catch, 2, 0)


def test_holding_one_card_without_playing_is_no_call_obligation():
    """§2.12: the obligation needs a card played this turn; a player holding one card
    after someone else's play is not obliged."""
    g = deal([["9S", "9D"], ["9C"], ["5S", "6H"]], stock=["8C"])
    g.rejects("not_obliged_to_announce", g.announce, 1)


def test_playing_all_cards_at_once_needs_no_call():
    """§2.9 / §2.12: a multi-play from two cards straight to zero needs no call and wins."""
    g = deal([["9S", "9D"], ["5C", "6C"], ["5S", "6H"]])
    g.play(0, "9S", "9D")
    assert "round_ended" in g.types() and "call_window_opened" not in g.types()
    assert g.state.scores == (1, 0, 0)


# ------------------------------------------------------------------ §2.14 scoring
def test_round_end_scores_a_win_point_and_deals_the_next_round():
    """§2.14 / §2.3: round winner +1; a new round is dealt automatically by the next dealer."""
    g = deal([["9S"], ["5C", "6C"], ["5S", "6H"]])
    assert g.state.dealer == 2
    g.play(0, "9S")
    types = g.types()
    assert types.index("round_ended") < types.index("round_started")
    assert g.state.rounds[0].points == (1, 0, 0)
    assert g.state.scores == (1, 0, 0)
    assert g.state.round == 2 and g.state.result is None
    started = [e for e in g.last if e.type == "round_started"][0]
    assert started.dealer == 0 and g.state.dealer == 0
    assert all(len(h) == 5 for h in started.hands)


def test_first_to_two_win_points_wins_the_game():
    """§2.14 / §5.3: the game ends when a player has 2 win points; he wins."""
    g = Game(VARIANT, hands=[["9S"], ["5C", "6C"]], starter="7S", dealer=1, seed=3)
    g.play(0, "9S")
    assert g.state.scores == (1, 0) and g.state.round == 2
    play_out(g)
    res = g.state.result
    assert res is not None and max(res.scores) == 2
    (winner,) = res.winners
    assert res.scores[winner] == 2
    assert res.standings[winner] == 1
    assert g.state.scores == res.scores
    for rr in g.state.rounds:
        assert sum(rr.points) <= 1
    assert sum(res.scores) == sum(sum(rr.points) for rr in g.state.rounds)
