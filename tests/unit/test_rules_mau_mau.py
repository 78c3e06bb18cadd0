"""Rules scenarios for the ``mau_mau`` preset (Lite Games Mau-Mau, RULES.md [S3]).

One scenario per row of the §3.2 ``mau_mau`` card table and answer matrix, the two-player
rules of §2.15, one card per turn (R#27), penalty-point scoring with the §5.1 table and
the ≥100 game end (R#28), Jack on Jack (R#52), and the §0 errata / §6 resolutions that
change behaviour here. All deals are fixed (API.md ``deal``); unless a test says
otherwise the dealer is the last seat, so seat 0 acts first. Every stock card a scenario
draws is named."""

from __future__ import annotations

from functools import partial

import pytest

from domain import InvalidSetup, RuleSet
from tests.support.table import seat0_game
from tests.support.table import rest_of_deck as shared_rest_of_deck

VARIANT = "mau_mau"

# §5.1 mau_default: 7 8 9 10 J Q K A → 7 8 9 10 20 3 4 11
POINTS = {"7": 7, "8": 8, "9": 9, "10": 10, "J": 20, "Q": 3, "K": 4, "A": 11}


def deal(hands, starter="10S", stock=(), dealer=None, **kw):
    return seat0_game(VARIANT, hands, starter, stock, dealer, **kw)


rest_of_deck = partial(shared_rest_of_deck, VARIANT)


def value(hand):
    return sum(POINTS[c[:-1]] for c in hand)


def round_one(g):
    """Event types of the last command up to the end of the round it finished."""
    types = g.types()
    return types[:types.index("round_ended") + 1] if "round_ended" in types else types


# =====================================================================================
# deck and plain cards
# =====================================================================================
def test_deck_is_seven_to_ace():
    """§2.1: the mau_mau deck is 32 cards, 7 to Ace; a 2 is not a card of it."""
    assert len(RuleSet.preset(VARIANT).compiled.one_deck) == 32
    with pytest.raises(InvalidSetup):
        deal([["2H", "9D"], ["8C", "9C"]])


@pytest.mark.parametrize("card", ["AH", "10H", "QH", "KH"])
def test_aces_tens_queens_kings_are_plain(card):
    """§3.2 mau_mau: only J, 7, 8 are special — an Ace is not wild, a 10 does not reverse."""
    g = deal([[card, "9D", "9C"], ["8C", "KC", "QD"], ["10D", "8D", "AD"]], starter="9S")
    g.rejects("does_not_match", g.play, 0, card)  # on 9S
    g = deal([[card, "9D", "9C"], ["8C", "KC", "QD"], ["10D", "8D", "AD"]], starter="9H")
    g.play(0, card)
    assert g.types() == ["card_played", "turn_started"]
    assert g.actor == 1 and g.direction == "cw" and g.wish is None


# =====================================================================================
# §3.2 card table
# =====================================================================================
def test_card_jack_is_wild_and_sets_a_suit_wish():
    """§3.2 mau_mau J: wild (on any top card), suit wish (any suit)."""
    g = deal([["JD", "9C", "9H"], ["9D", "8H", "KC"], ["10D", "QH", "AC"]])
    g.play(0, "JD", wish="H")
    assert g.wish == ("suit", "H") and g.actor == 1
    g.rejects("does_not_match", g.play, 1, "9D")  # the Jack's own suit no longer matches
    g.play(1, "8H")  # the wished suit; an 8 still skips
    assert "wish_fulfilled" in g.types()
    assert g.wish is None
    assert g.actor == 0


def test_card_7_next_player_draws_two():
    """§3.2 mau_mau 7: draw 2, family sevens; taking it ends the turn (R#25)."""
    g = deal([["7H", "9C", "9H"], ["9D", "8C", "KC"], ["10D", "QH", "AC"]], starter="10H", stock=["KD", "KH"])
    g.play(0, "7H")
    assert g.pending_draw == (2, 1) and g.actor == 1
    g.draw(1)
    assert g.hand(1) == sorted(["9D", "8C", "KC", "KD", "KH"])
    assert g.pending_draw is None and g.actor == 2


def test_card_8_skips_the_next_player_without_answer():
    """§3.2 mau_mau 8: skip, mode none — the next player is skipped at once and draws nothing."""
    g = deal([["8S", "9C", "9H"], ["8C", "9D", "KC"], ["QS", "QH", "AC"]])
    g.play(0, "8S")
    assert [e.seat for e in g.last if e.type == "turn_skipped"] == [1]
    assert g.pending_skip is None
    assert g.actor == 2 and g.next_regular == 2
    assert g.hand(1) == ["8C", "9D", "KC"]


# =====================================================================================
# §3.2 answer matrix
# =====================================================================================
def test_sevens_chain_any_7_adds():
    """§3.2 draw:sevens ← any 7 ("another draw card"): add (+2)."""
    g = deal([["7H", "9C", "9H"], ["7D", "8C", "KC"], ["10D", "QH", "AC"]], starter="10H",
             stock=["KD", "KH", "KS", "QC"])
    g.play(0, "7H")
    g.play(1, "7D")
    assert g.pending_draw == (4, 2) and g.actor == 2
    g.draw(2)
    assert g.hand(2) == sorted(["10D", "QH", "AC", "KD", "KH", "KS", "QC"])
    assert g.actor == 0


@pytest.mark.parametrize("card", ["JC", "8H", "AH"])
def test_only_a_7_answers_a_draw(card):
    """§3.2 / R#59: J (wild), 8 and other cards do not answer a pending 7."""
    g = deal([["7H", "9C", "9H"], ["JC", "8H", "AH"], ["10D", "QH", "AC"]], starter="10H")
    g.play(0, "7H")
    g.rejects("must_answer_pending_draw", g.play, 1, card)


def test_suit_wish_satisfied_by_a_card_of_the_wished_suit():
    """§3.2 wish:suit ← card of the wished suit (a 7 of the suit satisfies and still draws)."""
    g = deal([["JC", "9C", "9H"], ["7D", "8C", "KC"], ["10D", "QH", "AC"]])
    g.play(0, "JC", wish="D")
    g.play(1, "7D")
    assert g.wish is None
    assert g.pending_draw == (2, 2)


def test_r52_jack_on_jack_replaces_the_wish():
    """§3.2 wish:suit ← any J: replace_wish; R#52 Jack on Jack is allowed (seed wins)."""
    g = deal([["JC", "9C", "9H"], ["JD", "8C", "KC"], ["QS", "QH", "AC"]])
    g.play(0, "JC", wish="H")
    g.play(1, "JD", wish="S")
    assert g.wish == ("suit", "S")
    g.rejects("does_not_match", g.play, 2, "QH")
    g.play(2, "QS")
    assert g.wish is None


# =====================================================================================
# §6 resolutions and §0 errata
# =====================================================================================
@pytest.mark.parametrize("group", [("9S", "9C"), ("KS", "KH"), ("10C", "10D")])
def test_r27_one_card_per_turn(group):
    """R#27: Mau-Mau has no multi-play: one card per turn."""
    g = deal([list(group) + ["8D"], ["8C", "9D", "KC"], ["10H", "QH", "AC"]])
    g.rejects("invalid_group", g.play, 0, *group)


def test_r27_no_multi_play_even_to_go_out():
    """R#27: two cards of a rank cannot be played together, even as the last two."""
    g = deal([["9S", "9C"], ["8C", "9D", "KC"], ["10H", "QH", "AC"]])
    g.rejects("invalid_group", g.play, 0, "9S", "9C")
    assert all(len(cards) == 1 for cards in g.play_moves(0))


def test_r16_wish_choice_is_mandatory():
    """R#16: a suit must be chosen when a Jack is played."""
    g = deal([["JC", "9C", "9H"], ["8C", "9D", "KC"], ["10H", "QH", "AC"]])
    g.rejects("wish_required", g.play, 0, "JC")
    g.rejects("invalid_wish", g.play, 0, "JC", wish="9")


def test_r16_wish_lasts_until_fulfilled_and_a_draw_passes_it_on():
    """R#16: a player who cannot fulfil the wish draws 1; the wish passes to the next."""
    g = deal([["JC", "9C", "9H"], ["8C", "9D"], ["10D", "QD"]], stock=["KD", "KC"])
    g.play(0, "JC", wish="S")
    g.draw(1)
    assert g.wish == ("suit", "S") and g.actor == 2
    g.rejects("does_not_match", g.play, 2, "10D")
    g.draw(2)
    assert g.wish == ("suit", "S") and g.actor == 0


def test_z3_own_suit_may_be_wished():
    """Z3: naming the Jack's own suit is allowed and creates an active wish."""
    g = deal([["JH", "9C", "9D"], ["8C", "9S", "KH"], ["10D", "QD", "AC"]])
    g.play(0, "JH", wish="H")
    assert g.wish == ("suit", "H")
    g.rejects("does_not_match", g.play, 1, "9S")
    g.play(1, "KH")
    assert g.wish is None


def test_r24_drawn_card_may_not_be_played_the_turn_ends():
    """R#24 (apps): after a draw the turn ends at once, even if the drawn card matches."""
    g = deal([["9H", "9D"], ["8C", "KC"], ["10H", "QD"]], stock=["KS"])
    g.draw(0)
    assert g.hand(0) == ["9D", "9H", "KS"]
    assert g.actor == 1
    g.rejects("not_your_turn", g.play, 0, "KS")


# =====================================================================================
# §2.4 / Z25 / Z5: the starter is the dealer's play
# =====================================================================================
def test_z25_starter_7_the_first_player_faces_draw_two():
    """§2.4 / Z25: a 7 starter → the first player faces draw 2 and may answer with a 7."""
    g = deal([["7H", "9D"], ["8C", "KC"], ["10H", "QD"]], starter="7S")
    assert g.pending_draw == (2, 0) and g.actor == 0
    g.play(0, "7H")
    assert g.pending_draw == (4, 1)


def test_z25_starter_8_skips_the_first_player():
    """§2.4 / Z25: an 8 starter → the first player is skipped."""
    g = deal([["9S", "9D"], ["8C", "KC"], ["10H", "QD"]], starter="8S")
    assert g.actor == 1 and g.next_regular == 1


def test_z5_starter_jack_wishes_its_own_suit():
    """Z5: a Jack starter wishes its own suit, no choice needed."""
    g = deal([["9S", "9D"], ["8C", "KC"], ["10H", "QD"]], starter="JD")
    assert g.wish == ("suit", "D") and g.actor == 0
    g.rejects("does_not_match", g.play, 0, "9S")
    g.play(0, "9D")
    assert g.wish is None


# =====================================================================================
# §2.15 two players
# =====================================================================================
def test_two_players_skip_gives_the_same_player_another_turn():
    """§2.15: an 8 with two players — the same player plays again."""
    g = deal([["8S", "9S", "9D"], ["8H", "QH", "10C"]])
    g.play(0, "8S")
    assert g.actor == 0 and g.next_regular == 0
    g.play(0, "9S")
    assert g.actor == 1


def test_two_players_finishing_on_a_7_ends_the_round_at_once():
    """§2.15 / R#44: going out on a 7 ends the round immediately; the opponent draws nothing
    and scores his hand."""
    g = deal([["7H"], ["8H", "QH", "10C"]], starter="9H")
    g.play(0, "7H")
    assert "draw_pending" not in round_one(g)
    ended = g.state.rounds[0]
    assert ended.reason == "first_out"
    assert ended.points == (0, value(["8H", "QH", "10C"]))
    assert g.state.round == 2


# =====================================================================================
# §2.14 / §5.1 / R#28 penalty points
# =====================================================================================
def test_r28_round_scores_the_cards_left_with_the_mau_default_table():
    """R#28 / §5.1: every player adds the values of the cards left in his hand; the winner
    scores 0; below 100 a new round is dealt."""
    g = deal([["9S"], ["7C", "8C", "9C", "10C"], ["JC", "QC", "KC", "AC"]])
    g.play(0, "9S")
    ended = g.state.rounds[0]
    assert ended.points == (0, 7 + 8 + 9 + 10, 20 + 3 + 4 + 11)
    assert g.state.scores == (0, 34, 38)
    types = g.types()
    assert "round_ended" in types and "round_started" in types and "game_ended" not in types
    assert g.state.round == 2 and g.state.result is None


def test_missed_call_penalty_before_the_winning_play_counts_in_the_score():
    """§2.12 with §2.14: the winner's final play is the next action, so the missed-call
    penalty (2) is applied first and the penalty cards are scored at the round end."""
    g = deal([["9S", "9D"], ["9C"], ["QH", "KD"]], stock=["KC", "KH"])
    g.play(0, "9S")
    g.play(1, "9C")
    types = g.types()
    assert types.index("call_penalty_applied") < types.index("round_ended")
    assert g.state.rounds[0].points == (value(["9D", "KC", "KH"]), 0, value(["QH", "KD"]))


def test_r28_game_ends_when_a_score_reaches_100():
    """R#28: "reaches the target score of 100" → the game ends at ≥ 100 (exactly 100 here);
    the lowest score wins."""
    loser = ["JC", "JD", "JH", "JS", "10C", "10D"]
    assert value(loser) == 100
    g = deal([["9S"], loser, ["QC", "KC"]])
    g.play(0, "9S")
    assert "game_ended" in g.types() and "round_started" not in g.types()
    res = g.state.result
    assert res.scores == (0, 100, 7)
    assert res.winners == (0,)
    assert res.standings == (1, 3, 2)
    assert g.state.status == "finished"


def test_r28_game_goes_on_at_99():
    """R#28: a score of 99 does not end the game."""
    hand = ["JC", "JD", "JH", "JS", "10C", "9C"]
    assert value(hand) == 99
    g = deal([["9S"], hand, ["QC", "KC"]])
    g.play(0, "9S")
    assert g.state.scores == (0, 99, 7)
    assert g.state.result is None and g.state.round == 2


def test_blocked_round_every_player_scores_his_hand_and_ties_share_the_win():
    """§2.8.4 blocked round under penalty points: every player scores his hand, nobody
    scores 0; R#28: equal lowest scores share the win."""
    big = rest_of_deck(["9D", "9H"], ["10S"])
    g = deal([["9D"], big, ["9H"]], stock=[])
    g.pass_(0)
    g.pass_(1)
    g.pass_(2)
    ended = g.state.rounds[0]
    assert ended.reason == "blocked"
    assert ended.points == (9, value(big), 9)
    res = g.state.result
    assert res is not None and res.winners == (0, 2)


# =====================================================================================
# §2.12 last-card call ("Mau", automatic, 2 cards)
# =====================================================================================
def test_missed_call_penalty_two_at_the_next_action():
    """§2.12: the Mau-Mau penalty is 2 cards, applied at the next action by anyone."""
    g = deal([["9S", "9D"], ["9C", "QH", "KD"], ["10H", "QD", "AC"]], stock=["KC", "KH"])
    g.play(0, "9S")
    assert g.state.call_window.seat == 0
    g.play(1, "9C")
    types = g.types()
    assert types.index("call_penalty_applied") < types.index("card_played")
    assert g.hand(0) == ["9D", "KC", "KH"]


def test_call_with_the_play_avoids_the_penalty():
    """§2.12: the call may be sent with the play."""
    g = deal([["9S", "9D"], ["9C", "QH", "KD"], ["10H", "QD", "AC"]])
    g.play(0, "9S", announce=True)
    assert "call_made" in g.types() and g.state.call_window is None
    g.play(1, "9C")
    assert g.hand(0) == ["9D"]


def test_separate_call_inside_the_window_avoids_the_penalty():
    """§2.12: a separate announce while the window is open."""
    g = deal([["9S", "9D"], ["9C", "QH", "KD"], ["10H", "QD", "AC"]])
    g.play(0, "9S")
    g.advance(4.5)
    g.announce(0)
    g.play(1, "9C")
    assert "call_penalty_applied" not in g.types()
    assert g.hand(0) == ["9D"]


def test_missed_call_penalty_when_the_window_time_is_up():
    """§2.12: the clock closes the window at its deadline → penalty 2; then no late call."""
    g = deal([["9S", "9D"], ["9C", "QH", "KD"], ["10H", "QD", "AC"]], stock=["KC", "KH"])
    g.play(0, "9S")
    g.advance(5.0)
    g.close_window()
    assert g.hand(0) == ["9D", "KC", "KH"]
    g.rejects("not_obliged_to_announce", g.announce, 0)


def test_missed_call_penalty_when_the_same_player_plays_again():
    """§2.12: after his 8 (two players) the same player acts again; the penalty applies
    before that play, so he does not go out."""
    g = deal([["8S", "9S"], ["8H", "QH", "10C"]], stock=["KC", "KH"])
    g.play(0, "8S")
    assert g.actor == 0 and g.state.call_window.seat == 0
    g.play(0, "9S")
    assert "call_penalty_applied" in g.types() and "round_ended" not in g.types()
    assert g.hand(0) == ["KC", "KH"]


def test_r45_false_announce_and_catch_are_rejected():
    """R#45: a false announce is rejected; catch → nothing_to_catch (automatic variant)."""
    g = deal([["9S", "9D", "9H"], ["9C", "QH", "KD"], ["10H", "QD", "AC"]])
    g.rejects("not_obliged_to_announce", g.announce, 0)
    g.rejects("not_obliged_to_announce", g.play, 0, "9S", announce=True)
    g = deal([["9S", "9D"], ["9C", "QH", "KD"], ["10H", "QD", "AC"]])
    g.play(0, "9S")
    g.rejects("nothing_to_catch", g.catch, 1, 0)


# =====================================================================================
# §2.8 stock
# =====================================================================================
def test_reshuffle_keeps_the_top_card():
    """§2.8.1: drawing from an empty stock reshuffles the discard pile except its top card."""
    big = rest_of_deck(["9S", "9H", "8D", "QD", "KC"], ["10S"])
    g = deal([["9S", "9H", "8D"], big, ["QD", "KC"]], stock=[])
    g.play(0, "9S")
    g.draw(1)
    assert "stock_reshuffled" in g.types()
    assert "10S" in g.hand(1)
    assert g.state.discard == ("9S",) and g.state.stock == ()


def test_shortfall_forfeits_the_rest():
    """§2.8.2: fewer cards than the penalty → draw all available, the rest is forfeited."""
    named = ["7H", "9H", "8H", "7D", "QD", "KD"]
    big = rest_of_deck(named, ["10H"])
    g = deal([["7H", "9H", "8H"], ["7D", "QD", "KD"], big], starter="10H", stock=[])
    g.play(0, "7H")
    g.play(1, "7D")  # 4 pending; only 10H and 7H can be drawn
    g.draw(2)
    taken = [e for e in g.last if e.type == "penalty_taken"][0]
    assert (taken.amount, taken.drawn) == (4, 2)
    assert g.pending_draw is None and g.actor == 0
