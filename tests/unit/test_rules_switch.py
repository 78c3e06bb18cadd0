"""Rules scenarios for the ``switch`` preset (Lite Games Switch, RULES.md [S1]).

One scenario per row of the §3.2 ``switch`` card table and answer matrix, the last-card
rule (§2.13 special_must_draw, R#23), the black-Queen hand swap (§2.10.5, R#21, R#22, Z6),
the two-player rules of §2.15, and the §0 errata / §6 resolutions that change behaviour
here. All deals are fixed (API.md ``deal``); unless a test says otherwise the dealer is
the last seat, so seat 0 acts first. Every stock card a scenario draws is named."""

from __future__ import annotations

from functools import partial

import pytest

from tests.support.table import Game, play_out, seat0_game
from tests.support.table import rest_of_deck as shared_rest_of_deck

VARIANT = "switch"


def deal(hands, starter="7S", stock=(), dealer=None, **kw):
    return seat0_game(VARIANT, hands, starter, stock, dealer, **kw)


rest_of_deck = partial(shared_rest_of_deck, VARIANT)


def round_one(g):
    """Event types of the last command up to the end of the round it finished."""
    types = g.types()
    return types[:types.index("round_ended") + 1] if "round_ended" in types else types


FIVE = ["3D", "4D", "4H", "4S", "3S"]


# =====================================================================================
# §3.2 card table
# =====================================================================================
def test_card_ace_is_wild_and_sets_a_suit_wish():
    """§3.2 switch A: suit wish (any suit), wild."""
    g = deal([["AC", "9D", "9H"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]])
    g.play(0, "AC", wish="H")
    assert g.wish == ("suit", "H") and g.actor == 1
    g.rejects("does_not_match", g.play, 1, "9C")
    g.rejects("does_not_match", g.play, 1, "7D")
    g.play(1, "5H")
    assert "wish_fulfilled" in g.types()
    assert g.wish is None and g.actor == 2


def test_card_2_next_player_draws_two():
    """§3.2 switch 2: draw 2, family twos; taking it ends the turn (R#25)."""
    g = deal([["2S", "9D", "9H"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]], stock=["KC", "KD"])
    g.play(0, "2S")
    assert g.pending_draw == (2, 1) and g.actor == 1
    g.draw(1)
    assert g.hand(1) == sorted(["9C", "5H", "7D", "KC", "KD"])
    assert g.pending_draw is None and g.actor == 2


@pytest.mark.parametrize("jack", ["JS", "JC"])
def test_card_black_jack_next_player_draws_five(jack):
    """§3.2 switch J: draw 5, family jacks."""
    g = deal([[jack, "9D", "9H"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]], starter="7" + jack[-1], stock=FIVE)
    g.play(0, jack)
    assert g.pending_draw == (5, 1) and g.actor == 1
    g.draw(1)
    assert g.hand_size(1) == 8 and g.actor == 2


@pytest.mark.parametrize("jack", ["JH", "JD"])
def test_r48_red_jack_played_fresh_is_draw_five(jack):
    """§3.2 / R#48: a red Jack played with no Jack chain pending is also draw 5 (literal S1)."""
    g = deal([[jack, "9D", "9S"], ["9C", "5H", "6S"], ["5D", "6H", "10C"]], starter="7" + jack[-1])
    g.play(0, jack)
    assert g.pending_draw == (5, 1) and g.actor == 1


def test_card_8_skips_the_next_player_without_answer():
    """§3.2 switch 8: skip, mode none — the next player is skipped at once (no pending skip
    to answer) and draws nothing."""
    g = deal([["8S", "9D", "9H"], ["8C", "5H", "7D"], ["5S", "6H", "10C"]])
    g.play(0, "8S")
    skipped = [e for e in g.last if e.type == "turn_skipped"]
    assert [e.seat for e in skipped] == [1]
    assert g.pending_skip is None
    assert g.actor == 2 and g.next_regular == 2
    assert g.hand(1) == ["5H", "7D", "8C"]
    g.play(2, "5S")
    assert g.actor == 0


def test_card_10_reverses():
    """§3.2 switch 10: reverse; with three players the dealer-side neighbour is next."""
    g = deal([["10S", "9D", "9H"], ["9C", "5H", "7D"], ["5S", "6H", "10C"]])
    g.play(0, "10S")
    assert "direction_changed" in g.types()
    assert g.direction == "ccw" and g.actor == 2
    g.play(2, "10C")
    assert g.direction == "cw" and g.actor == 0


@pytest.mark.parametrize("queen", ["QS", "QC"])
def test_card_black_queen_swaps_hands_with_the_left_neighbour(queen):
    """§3.2 switch Q♠/Q♣ / §2.10.5: the player swaps his whole remaining hand with his left
    neighbour (seat+1); play then continues normally."""
    g = deal([[queen, "9D", "9H"], ["5C", "6C", "8D", "KD"], ["5S", "6H", "10C"]], starter="7" + queen[-1])
    g.play(0, queen)
    assert "hands_swapped" in g.types()
    assert g.hand(0) == ["5C", "6C", "8D", "KD"]
    assert g.hand(1) == ["9D", "9H"]
    assert g.hand(2) == ["10C", "5S", "6H"]
    assert g.actor == 1 and g.top == queen


@pytest.mark.parametrize("queen", ["QH", "QD"])
def test_red_queens_are_plain(queen):
    """§3.2 switch: Q♥, Q♦ are plain (no swap, not wild)."""
    g = deal([[queen, "9D", "9H"], ["5C", "6C", "8D"], ["5S", "6H", "10C"]], starter="7" + queen[-1])
    g.play(0, queen)
    assert "hands_swapped" not in g.types()
    assert g.hand_size(0) == 2 and g.actor == 1
    g = deal([[queen, "9D", "9H"], ["5C", "6C", "8D"], ["5S", "6H", "10C"]], starter="7C")
    g.rejects("does_not_match", g.play, 0, queen)


# =====================================================================================
# §3.2 answer matrix
# =====================================================================================
def test_twos_chain_any_2_adds():
    """§3.2 draw:twos ← any 2: add (+2)."""
    g = deal([["2S", "9D", "9H"], ["2D", "5H", "7D"], ["5S", "6H", "10C"]], stock=["KC", "KD", "KH", "KS"])
    g.play(0, "2S")
    g.play(1, "2D")
    assert g.pending_draw == (4, 2) and g.actor == 2
    g.draw(2)
    assert g.hand(2) == sorted(["5S", "6H", "10C", "KC", "KD", "KH", "KS"])
    assert g.actor == 0


def test_jacks_chain_black_jack_adds():
    """§3.2 draw:jacks ← J♣, J♠: add (+5), "the draw obligation is passed on and the sum is
    increased"."""
    g = deal([["JC", "9D", "9H"], ["JS", "5H", "7D"], ["5S", "6H", "10C"]], starter="7C")
    g.play(0, "JC")
    g.play(1, "JS")
    assert g.pending_draw == (10, 2) and g.actor == 2


@pytest.mark.parametrize("red", ["JH", "JD"])
def test_jacks_chain_red_jack_cancels(red):
    """§3.2 draw:jacks ← J♥, J♦: cancel ("all previous Jack draw cards are neutralized")."""
    g = deal([["JC", "9D", "9H"], [red, "5C", "7S"], ["5" + red[-1], "6C", "10C"]], starter="7C")
    g.play(0, "JC")
    g.play(1, red)
    assert "chain_cancelled" in g.types()
    assert g.pending_draw is None
    assert g.actor == 2 and g.top == red
    assert g.hand_size(1) == 2
    g.play(2, "5" + red[-1])  # plays on the red Jack normally
    assert g.actor == 0


def test_red_jack_also_cancels_a_chain_of_several_jacks():
    """R#48: a red Jack placed on any Jack cancels the whole Jack chain (here 10)."""
    g = deal([["JC", "9D", "9H"], ["JS", "5H", "7D"], ["JH", "6C", "10C"]], starter="7C")
    g.play(0, "JC")
    g.play(1, "JS")
    g.play(2, "JH")
    assert g.pending_draw is None and g.actor == 0


def test_r48_red_jack_does_not_answer_a_twos_chain():
    """R#48 / §3.2 "The 2 and the Jack cannot be combined": no Jack answers a 2."""
    g = deal([["2S", "9D", "9H"], ["JH", "JD", "JC", "7D"], ["5S", "6H", "10C"]])
    g.play(0, "2S")
    for jack in ("JH", "JD", "JC"):
        g.rejects("must_answer_pending_draw", g.play, 1, jack)


def test_two_does_not_answer_a_jacks_chain():
    """§3.2 "The 2 and the Jack cannot be combined": no 2 answers a Jack."""
    g = deal([["JC", "9D", "9H"], ["2C", "2H", "7D"], ["5S", "6H", "10C"]], starter="7C")
    g.play(0, "JC")
    g.rejects("must_answer_pending_draw", g.play, 1, "2C")
    g.rejects("must_answer_pending_draw", g.play, 1, "2H")


@pytest.mark.parametrize("card", ["AS", "8S", "10S", "QS"])
def test_wild_and_other_special_cards_do_not_answer_a_draw(card):
    """§3.2 / R#59: only the listed cards answer a pending draw (no A, 8, 10, black Q)."""
    g = deal([["2S", "9D", "9H"], ["AS", "8S", "10S", "QS"], ["5S", "6H", "10C"]])
    g.play(0, "2S")
    g.rejects("must_answer_pending_draw", g.play, 1, card)


def test_suit_wish_replaced_by_any_ace():
    """§3.2 wish:suit ← any A: replace_wish (stackable)."""
    g = deal([["AC", "9D", "9H"], ["AD", "5C", "7D"], ["5H", "6C", "10S"]])
    g.play(0, "AC", wish="H")
    g.play(1, "AD", wish="S")
    assert g.wish == ("suit", "S")
    g.rejects("does_not_match", g.play, 2, "5H")
    g.play(2, "10S")
    assert g.wish is None


def test_suit_wish_satisfied_by_a_special_card_of_the_suit():
    """§3.2 wish:suit ← card of the wished suit (a Jack of the suit is no exception: it
    satisfies and opens its draw 5)."""
    g = deal([["AC", "9D", "9H"], ["JH", "5C", "7D"], ["5H", "6C", "10S"]])
    g.play(0, "AC", wish="H")
    g.play(1, "JH")
    assert g.wish is None
    assert g.pending_draw == (5, 2)


# =====================================================================================
# §2.13 special card as the last card (R#23)
# =====================================================================================
def test_r23_special_last_card_draws_one_and_its_effect_applies():
    """R#23: a 2 as the last card → the player draws 1 first, the next player still faces
    draw 2, and the player (now holding one card) must call."""
    g = deal([["2S"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]], stock=["KC", "4C", "4D", "5C", "6D"])
    g.play(0, "2S")
    types = g.types()
    assert "round_ended" not in types
    assert types.index("cards_drawn") < types.index("draw_pending")
    assert g.hand(0) == ["KC"]
    assert g.pending_draw == (2, 1) and g.actor == 1
    assert g.state.call_window is not None and g.state.call_window.seat == 0
    g.draw(1)  # the next action applies the missed-call penalty (2) first
    types = g.types()
    assert types.index("call_penalty_applied") < types.index("penalty_taken")
    assert g.hand(0) == ["4C", "4D", "KC"]
    assert g.hand(1) == sorted(["9C", "5H", "7D", "5C", "6D"])


def test_r23_call_can_be_sent_with_the_last_special_card():
    """R#23 / §2.12: announce=True with the special last card covers the call required after
    the forced draw."""
    g = deal([["2S"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]], stock=["KC", "4C", "4D"])
    g.play(0, "2S", announce=True)
    assert "call_made" in g.types()
    assert g.state.call_window is None
    g.draw(1)
    assert "call_penalty_applied" not in g.types()
    assert g.hand(0) == ["KC"]


def test_r23_last_ace_draws_one_and_still_wishes():
    """R#23: an Ace as the last card → draw 1, the wish still applies."""
    g = deal([["AS"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]], stock=["KC"])
    g.play(0, "AS", wish="H", announce=True)
    assert g.hand(0) == ["KC"]
    assert g.wish == ("suit", "H") and g.actor == 1
    assert "round_ended" not in g.types()


def test_r23_last_eight_draws_one_and_still_skips():
    """R#23: an 8 as the last card → draw 1, the next player is still skipped."""
    g = deal([["8S"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]], stock=["KC"])
    g.play(0, "8S", announce=True)
    assert g.hand(0) == ["KC"]
    assert g.actor == 2
    assert [e.seat for e in g.last if e.type == "turn_skipped"] == [1]


def test_r23_last_ten_draws_one_and_still_reverses():
    """R#23: a 10 as the last card → draw 1, the direction still flips."""
    g = deal([["10S"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]], stock=["KC"])
    g.play(0, "10S", announce=True)
    assert g.hand(0) == ["KC"]
    assert g.direction == "ccw" and g.actor == 2


def test_r23_forced_draw_reshuffles_when_the_stock_is_empty():
    """R#23 with §2.8.1: the forced last-card draw reshuffles the discard pile (except the
    top card) when the stock is empty."""
    big = rest_of_deck(["2S", "9C", "5H"], ["7S"])
    g = deal([["2S"], big, ["9C", "5H"]], stock=[])
    g.play(0, "2S", announce=True)
    assert "stock_reshuffled" in g.types()
    assert g.hand(0) == ["7S"]
    assert g.state.discard == ("2S",)
    assert g.pending_draw == (2, 1)


def test_going_out_on_a_plain_card_ends_the_round():
    """§2.13 first_out / §2.14: a plain last card goes out; the round ends with a win
    point, and the next round is dealt."""
    g = deal([["9S"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]])
    g.play(0, "9S")
    assert "round_ended" in g.types() and "cards_drawn" not in round_one(g)
    assert g.state.rounds[0].reason == "first_out"
    assert g.state.rounds[0].points == (1, 0, 0)
    assert g.state.scores == (1, 0, 0) and g.state.round == 2 and g.state.result is None
    started = [e for e in g.last if e.type == "round_started"][0]
    assert started.dealer == 0


@pytest.mark.parametrize("group", [("9S", "9H"), ("KS", "KH")])
def test_going_out_on_a_plain_group_needs_no_call(group):
    """§2.9 / §2.12: a same-rank group from two cards straight to zero needs no call."""
    g = deal([list(group), ["9C", "5H", "7D"], ["5D", "6H", "10C"]], starter="7" + group[0][-1])
    g.play(0, *group)
    assert "round_ended" in g.types() and "call_window_opened" not in g.types()


# =====================================================================================
# §2.10.5 hand swap: R#21, R#22, Z6
# =====================================================================================
def test_r21_swap_is_with_seat_plus_one_regardless_of_direction():
    """R#21: "left" = seat+1 independent of the current direction: after a 10 (ccw), seat 2's
    Q♠ swaps with seat 0, not with the next player (seat 1)."""
    g = deal([["10S", "9D", "9H"], ["9C", "5H", "7D", "8D"], ["QS", "6H", "10C"]])
    g.play(0, "10S")
    assert g.direction == "ccw" and g.actor == 2
    g.play(2, "QS")
    swap = [e for e in g.last if e.type == "hands_swapped"][0]
    assert (swap.seat, swap.with_seat) == (2, 0)
    assert g.hand(2) == ["9D", "9H"]
    assert g.hand(0) == ["10C", "6H"]
    assert g.hand(1) == ["5H", "7D", "8D", "9C"]
    assert g.actor == 1


def test_r22_queen_as_last_card_forced_draw_first_then_swap():
    """R#22(b): a black Queen as the last card — the forced draw happens first, then the
    swap: the neighbour receives the single drawn card; nobody goes out, no call is due."""
    g = deal([["QS"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]], stock=["KC", "KD"])
    g.play(0, "QS")
    types = g.types()
    assert "round_ended" not in types
    assert types.index("cards_drawn") < types.index("hands_swapped")
    assert g.hand(0) == ["5H", "7D", "9C"]
    assert g.hand(1) == ["KC"]
    assert g.state.call_window is None
    assert g.actor == 1
    g.draw(1)  # the next action: nobody is penalised
    assert "call_penalty_applied" not in g.types()
    assert g.hand(1) == ["KC", "KD"]


def test_z6_swapper_is_judged_on_his_final_hand():
    """Z6 / R#22(a): playing Q♠ from two cards and swapping for a 3-card hand creates no
    call obligation; the neighbour who receives one card is not obliged either."""
    g = deal([["QS", "9H"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]], stock=["KC"])
    g.play(0, "QS")
    assert g.hand(0) == ["5H", "7D", "9C"] and g.hand(1) == ["9H"]
    assert g.state.call_window is None
    g.draw(1)
    assert "call_penalty_applied" not in g.types()
    assert g.hand(1) == ["9H", "KC"]


def test_z6_swap_that_leaves_the_swapper_with_one_card_creates_no_obligation():
    """Z6 (overrides R#22(c)): even when the neighbour had one card, so the swapper ends with
    one card, a black-Queen swap never creates a call obligation."""
    g = deal([["QS", "9H", "9D"], ["5H"], ["5D", "6H", "10C"]], stock=["KC"])
    g.play(0, "QS")
    assert g.hand(0) == ["5H"] and g.hand(1) == ["9D", "9H"]
    assert g.state.call_window is None
    g.rejects("not_obliged_to_announce", g.announce, 0)
    g.draw(1)
    assert "call_penalty_applied" not in g.types()
    assert g.hand(0) == ["5H"]


def test_two_players_skip_gives_the_same_player_another_turn():
    """§2.15: an 8 with two players — the same player plays again."""
    g = deal([["8S", "9S", "9D"], ["5H", "6H", "10C"]])
    g.play(0, "8S")
    assert [e.seat for e in g.last if e.type == "turn_skipped"] == [1]
    assert g.actor == 0 and g.next_regular == 0
    g.play(0, "9S")
    assert g.actor == 1


def test_two_players_reverse_acts_as_skip():
    """§2.15 / R#19: a 10 with two players acts as skip: the same player plays again."""
    g = deal([["10S", "9S", "9D"], ["5H", "6H", "10C"]])
    g.play(0, "10S")
    assert g.direction == "ccw"
    assert g.actor == 0 and g.next_regular == 0


def test_two_players_swap_is_with_the_opponent():
    """§2.15: the black-Queen swap with two players is with the opponent."""
    g = deal([["QS", "9S", "9D"], ["5H", "6H", "10C", "KD"]])
    g.play(0, "QS")
    assert g.hand(0) == ["10C", "5H", "6H", "KD"]
    assert g.hand(1) == ["9D", "9S"]
    assert g.actor == 1


def test_two_players_draw_card_as_last_card_does_not_finish():
    """§2.15 finishing on a draw card: in switch a 2 or J is special, so the last-card rule
    applies first (draw 1) and the opponent faces the draw; the round goes on."""
    g = deal([["JS"], ["5H", "6H", "10C"]], stock=["KC", "3C", "4C", "5C", "6C", "9C"])
    g.play(0, "JS", announce=True)
    assert "round_ended" not in g.types()
    assert g.hand(0) == ["KC"]
    assert g.pending_draw == (5, 1) and g.actor == 1
    g.draw(1)
    assert g.hand_size(1) == 8 and g.actor == 0


def test_two_players_finishing_on_a_plain_card_ends_the_round():
    """§2.15 / §2.13: with two players a plain last card ends the round at once."""
    g = deal([["9S"], ["5H", "6H", "10C"]])
    g.play(0, "9S")
    assert g.state.rounds[0].points == (1, 0)
    assert g.state.scores == (1, 0)


# =====================================================================================
# §2.4 / Z25 / Z4 / Z5: the starter is the dealer's play
# =====================================================================================
def test_z25_starter_2_the_first_player_faces_draw_two():
    """§2.4 / Z25: a 2 starter → the first player faces draw 2 and may answer."""
    g = deal([["2H", "9D"], ["5C", "6C"], ["5D", "6D"]], starter="2S")
    assert g.pending_draw == (2, 0) and g.actor == 0
    g.play(0, "2H")
    assert g.pending_draw == (4, 1)


def test_z25_starter_jack_the_first_player_faces_draw_five():
    """§2.4 / Z25: a Jack starter (red Jacks too, R#48) → the first player faces draw 5."""
    g = deal([["JD", "9D"], ["5C", "6C"], ["5D", "6D"]], starter="JH")
    assert g.pending_draw == (5, 0) and g.actor == 0
    g.play(0, "JD")  # a red Jack cancels it
    assert g.pending_draw is None and g.actor == 1


def test_z25_starter_8_skips_the_first_player():
    """§2.4 / Z25: an 8 starter → the first player (dealer's next) is skipped."""
    g = deal([["9S", "9D"], ["5S", "6C"], ["5D", "6D"]], starter="8S")
    # dealer 2: seat 0 is skipped, seat 1 acts
    assert g.actor == 1 and g.next_regular == 1
    assert g.pending_skip is None


def test_z25_starter_8_two_players_dealer_plays_first():
    """§2.4 / Z25 / §2.15: an 8 starter with two players skips the first player, so the
    dealer plays first."""
    g = deal([["9S", "9D"], ["5S", "6C"]], starter="8S", dealer=1)
    assert g.actor == 1


def test_z25_starter_10_reverses_before_anyone_acts():
    """§2.4 / Z25: a 10 starter → the direction flips, the dealer's other neighbour starts."""
    g = deal([["9S", "9D"], ["5S", "6C"], ["5D", "6D"]], starter="10S")
    # dealer 2: other neighbour = seat 1
    assert g.direction == "ccw"
    assert g.actor == 1 and g.next_regular == 1


def test_z4_starter_10_two_players_dealer_plays_first():
    """Z4: a reversing starter with two players (acts as skip): the dealer plays first."""
    g = deal([["9S", "9D"], ["5S", "6C"]], starter="10S", dealer=1)
    assert g.actor == 1 and g.direction == "ccw"


def test_z5_starter_ace_wishes_its_own_suit():
    """Z5: a suit-wish starter wishes its own suit, no choice needed."""
    g = deal([["9S", "9D"], ["5C", "6C"], ["5H", "6H"]], starter="AD")
    assert g.wish == ("suit", "D") and g.actor == 0
    g.rejects("does_not_match", g.play, 0, "9S")
    g.play(0, "9D")
    assert g.wish is None


def test_z25_starter_black_queen_dealer_swaps_with_his_left_neighbour():
    """§2.4 / R#9: a black-Queen starter → the dealer swaps hands with his left neighbour
    (the first player), who then plays first with the dealer's hand."""
    g = deal([["9S", "9D"], ["5C", "6C"], ["5H", "6H", "10H"]], starter="QS")
    assert g.hand(2) == ["9D", "9S"]
    assert g.hand(0) == ["10H", "5H", "6H"]
    assert g.hand(1) == ["5C", "6C"]
    assert g.actor == 0
    assert g.state.call_window is None


# =====================================================================================
# §0 / §6 resolutions
# =====================================================================================
def test_r16_wish_choice_is_mandatory():
    """R#16: the wish must be chosen when an Ace is played."""
    g = deal([["AC", "9D", "9H"], ["5H", "6H", "10C"], ["5D", "6D", "10D"]])
    g.rejects("wish_required", g.play, 0, "AC")
    g.rejects("invalid_wish", g.play, 0, "AC", wish="8")


def test_r16_wish_lasts_until_fulfilled_and_a_draw_passes_it_on():
    """R#16: a player who cannot fulfil the wish draws 1; the wish passes to the next."""
    g = deal([["AC", "9D", "9H"], ["5C", "6C"], ["5D", "6D"]], stock=["10C", "10D"])
    g.play(0, "AC", wish="S")
    g.draw(1)
    assert g.wish == ("suit", "S") and g.actor == 2
    g.rejects("does_not_match", g.play, 2, "5D")
    g.draw(2)
    assert g.wish == ("suit", "S") and g.actor == 0


def test_z3_own_suit_may_be_wished():
    """Z3: naming the Ace's own suit is allowed and creates an active wish."""
    g = deal([["AH", "9D", "9C"], ["5H", "9S", "5D"], ["5S", "6S", "10S"]], starter="7H")
    g.play(0, "AH", wish="H")
    assert g.wish == ("suit", "H")
    g.rejects("does_not_match", g.play, 1, "9S")
    g.play(1, "5H")
    assert g.wish is None


def test_r24_drawn_card_may_not_be_played_the_turn_ends():
    """R#24 (apps): after a draw the turn ends at once, even if the drawn card matches."""
    g = deal([["9H", "9D"], ["5C", "6C"], ["5S", "6H"]], stock=["7H"])
    g.draw(0)
    assert g.hand(0) == ["7H", "9D", "9H"]
    assert g.actor == 1
    g.rejects("not_your_turn", g.play, 0, "7H")


def test_r26_any_subset_of_same_rank_cards():
    """R#26: any subset of the other same-rank (plain) cards may be added."""
    g = deal([["9S", "9C", "9D", "5H"], ["5C", "6C"], ["5S", "6H"]])
    g.play(0, "9S", "9D")
    assert g.hand(0) == ["5H", "9C"] and g.top == "9D" and g.actor == 1


@pytest.mark.parametrize("group", [
    ("AS", "AC"), ("2S", "2C"), ("8S", "8C"), ("10S", "10C"), ("JS", "JC"), ("JS", "JH"), ("QS", "QC"),
])
def test_r51_special_cards_may_not_be_grouped(group):
    """R#51: switch special cards (A, 2, 8, 10, J, Q♠, Q♣) are excluded from a multi-play."""
    g = deal([list(group) + ["5D"], ["5C", "6C"], ["5H", "6H"]])
    g.rejects("invalid_group", g.play, 0, *group)


@pytest.mark.parametrize("group", [("QH", "QD"), ("KS", "KH"), ("QS", "QH")])
def test_r51_groups_with_plain_queens_and_kings(group):
    """R#51: Q♥+Q♦ and kings are plain in switch and may be grouped; Q♠ with Q♥ may not."""
    g = deal([list(group) + ["5D"], ["5C", "6C"], ["5H", "6H"]], starter="7" + group[0][-1])
    if "QS" in group:
        g.rejects("invalid_group", g.play, 0, *group)
        return
    g.play(0, *group)
    assert g.top == group[-1] and g.hand(0) == ["5D"] and g.actor == 1


def test_missed_call_penalty_two_at_the_next_action():
    """§2.12: switch penalty is 2 cards, applied at the next action by anyone."""
    g = deal([["9S", "9D"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]], stock=["KC", "KD"])
    g.play(0, "9S")
    assert g.state.call_window.seat == 0
    g.play(1, "9C")
    types = g.types()
    assert types.index("call_penalty_applied") < types.index("card_played")
    assert g.hand(0) == ["9D", "KC", "KD"]
    assert g.state.call_window is None


def test_call_with_the_play_or_inside_the_window_avoids_the_penalty():
    """§2.12: the call with the play, or as a separate announce within the window."""
    g = deal([["9S", "9D"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]])
    g.play(0, "9S", announce=True)
    assert g.state.call_window is None
    g = deal([["9S", "9D"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]])
    g.play(0, "9S")
    g.advance(2.0)
    g.announce(0)
    g.play(1, "9C")
    assert "call_penalty_applied" not in g.types()
    assert g.hand(0) == ["9D"]


def test_missed_call_penalty_when_the_window_time_is_up():
    """§2.12: the clock closes the window after window=5s → penalty 2."""
    g = deal([["9S", "9D"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]], stock=["KC", "KD"])
    g.play(0, "9S")
    g.rejects("window_still_open", g.close_window)
    g.advance(5.0)
    g.close_window()
    assert g.hand(0) == ["9D", "KC", "KD"]
    assert g.actor == 1


def test_missed_call_penalty_when_the_same_player_plays_again():
    """§2.12: with two players after an 8 the same player acts again; his next action
    applies the penalty first."""
    g = deal([["8S", "9S"], ["5H", "6H", "10C"]], stock=["KC", "KD"])
    g.play(0, "8S")
    assert g.actor == 0 and g.state.call_window.seat == 0
    g.play(0, "9S")
    assert "call_penalty_applied" in g.types()
    assert g.hand(0) == ["KC", "KD"]
    assert "round_ended" not in g.types()


def test_r45_false_announce_and_catch_are_rejected():
    """R#45 / §2.12: a false announce is rejected; catch is rejected (nothing_to_catch) in
    this automatic-enforcement variant."""
    g = deal([["9S", "9D", "9H"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]])
    g.rejects("not_obliged_to_announce", g.announce, 0)
    g.rejects("not_obliged_to_announce", g.play, 0, "9S", announce=True)
    g = deal([["9S", "9D"], ["9C", "5H", "7D"], ["5D", "6H", "10C"]])
    g.play(0, "9S")
    g.rejects("nothing_to_catch", g.catch, 1, 0)


# =====================================================================================
# §2.8 stock and §2.14 scoring
# =====================================================================================
def test_blocked_round_fewest_cards_wins_the_point():
    """§2.8.4: a full cycle of passes with nothing to draw ends the round; fewest cards wins."""
    hands = [["9D"], None, ["5D", "6D"]]
    hands[1] = rest_of_deck(["9D", "5D", "6D"], ["7S"])
    g = deal(hands, stock=[])
    g.rejects("nothing_to_draw", g.draw, 0)
    g.pass_(0)
    g.pass_(1)
    g.pass_(2)
    assert g.state.rounds[0].reason == "blocked"
    assert g.state.rounds[0].points == (1, 0, 0)
    assert g.state.round == 2


def test_shortfall_forfeits_the_rest_of_a_jack_penalty():
    """§2.8.2: only two cards can be drawn for a penalty of 5 → draw them, forfeit the rest."""
    named = ["JS", "9H", "9D", "JC", "5C", "6C"]
    big = rest_of_deck(named, ["7S"])
    g = deal([["JS", "9H", "9D"], ["JC", "5C", "6C"], big], stock=[])
    g.play(0, "JS")
    g.play(1, "JC")
    g.draw(2)
    taken = [e for e in g.last if e.type == "penalty_taken"][0]
    assert (taken.amount, taken.drawn) == (10, 2)
    assert g.pending_draw is None and g.actor == 0


def test_first_to_two_win_points_wins_the_game():
    """§2.14 / §5.3: rounds are dealt automatically until a player has 2 win points; he wins."""
    g = Game(VARIANT, hands=[["9S"], ["5C", "6C"]], starter="7S", dealer=1, seed=5)
    g.play(0, "9S")
    assert g.state.scores == (1, 0) and g.state.round == 2
    play_out(g)
    res = g.state.result
    (winner,) = res.winners
    assert res.scores[winner] == 2 and max(res.scores) == 2
    assert res.standings[winner] == 1
    assert all(sum(rr.points) <= 1 for rr in g.state.rounds)
    assert sum(res.scores) == sum(sum(rr.points) for rr in g.state.rounds)
