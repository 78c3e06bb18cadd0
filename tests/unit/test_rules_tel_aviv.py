"""Rules scenarios for the ``tel_aviv`` preset (Tel-Aviv / London Macau).

Every test plays a fixed deal through the scenario DSL (tests/support/table.py) and asserts the
resulting state. Citations are to /work/shared/RULES.md: the §3.2 card table and answer matrix of
``tel_aviv``, §2.10.6 (5s), §2.12/§2.13 (last card), §2.14/§5.2 (scoring), §2.15 (two players), the
errata Z10, Z22, Z24, Z25 and the resolutions R#29–R#33.

Seats: unless a test says otherwise the dealer is the last seat, so seat 0 acts first and play
passes clockwise 0 → 1 → 2 (§2.3: "Play starts to the dealer's left").
"""

from __future__ import annotations

import pytest

from domain import InvalidSetup, RuleSet
from tests.support.table import Game

# §5.2 penalty values, used to check the scoring arithmetic
VALUES = {"2": 20, "3": 30, "4": 5, "5": 5, "6": 5, "7": 5, "8": 5, "9": 5, "10": 10, "J": 10, "Q": 10,
          "K": 10, "A": 50}


def points(hand):
    return sum(150 if c == "KH" else VALUES[c[:-1]] for c in hand)


# Z10: exactly the cards of the §3.2 table are special
SPECIAL = {r + s for r in ("2", "3", "5", "A", "Q") for s in "CDHS"} | {"KH"}


def game(hands, starter="7H", stock=(), **kw):
    """Seat 0 acts first (the dealer is the last seat)."""
    kw.setdefault("dealer", len(hands) - 1)
    return Game("tel_aviv", hands=hands, starter=starter, stock=stock, **kw)


def finish_round_one(seats, seed):
    """A game whose fixed round 1 ends at once (seat 0 plays its only card), so that round 2 is a
    normal shuffled deal of the preset."""
    others = [["8C", "8D"], ["10C", "10D"], ["JC", "JD"], ["KC", "KD"]]
    g = game([["9H"]] + others[:seats - 1], seed=seed)
    g.play(0, "9H")
    return g


# ===================================================================== §3.2 card table
def test_two_makes_the_next_player_draw_two_and_drawing_ends_his_turn():
    """§3.2 tel_aviv: 2 = draw 2, family twos, target next; the attacked player "must pick up … and the
    next player is allowed to play" (R#25)."""
    g = game([["2H", "9C", "10C"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]], stock=["4C", "4D"])
    g.play(0, "2H")
    assert g.pending_draw == (2, 1)
    assert g.state.pending_draw.family == "twos"
    assert g.actor == 1
    g.draw(1)
    assert "penalty_taken" in g.types()
    assert g.hand(1) == sorted(["6D", "8D", "JD", "4C", "4D"])
    assert g.pending_draw is None
    assert g.actor == 2 and g.next_regular == 2
    assert g.top == "2H"


def test_three_makes_the_next_player_draw_three():
    """§3.2 tel_aviv: 3 = draw 3, family threes, target next."""
    g = game([["3H", "9C", "10C"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]], stock=["4C", "4D", "4S"])
    g.play(0, "3H")
    assert g.pending_draw == (3, 1)
    assert g.state.pending_draw.family == "threes"
    g.draw(1)
    assert g.hand(1) == sorted(["6D", "8D", "JD", "4C", "4D", "4S"])
    assert g.actor == 2


def test_king_of_hearts_makes_the_next_player_draw_five():
    """§3.2 tel_aviv: K♥ = draw 5, family kh, target next."""
    g = game([["KH", "9C", "10C"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]],
             stock=["4C", "4D", "4S", "6C", "6H"])
    g.play(0, "KH")
    assert g.pending_draw == (5, 1)
    assert g.state.pending_draw.family == "kh"
    g.draw(1)
    assert g.hand_size(1) == 8
    assert g.actor == 2 and g.pending_draw is None


@pytest.mark.parametrize("wished", ["C", "D", "H", "S"])
def test_ace_is_wild_and_wishes_any_suit(wished):
    """§3.2 tel_aviv: A = suit wish (any suit), wild. §2.10.3: "apps and Tel-Aviv and Romania: any of
    the four suits" — the suit in play (H) and the Ace's own suit (Z3) included."""
    g = game([["AS", "9C", "10C"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]])
    g.play(0, "AS", wish=wished)  # on 7H: wild
    assert g.wish == ("suit", wished)
    assert g.state.effective_suit == wished
    assert g.top == "AS" and g.actor == 1


def test_ace_requires_a_wish():
    """§2.10.3: choosing is mandatory when a wish card is played (R#16)."""
    g = game([["AS", "9C", "10C"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]])
    g.rejects("wish_required", g.play, 0, "AS")


def test_queen_is_wild_and_sets_its_own_suit():
    """§3.2 tel_aviv: Q is wild and "changes the suit of the discard pile to whatever suit the queen is";
    afterwards it acts as an ordinary card of its own suit. It makes no wish."""
    g = game([["QS", "9C", "10C"], ["9H", "9S", "JD"], ["6S", "8S", "JS"]])
    g.rejects("invalid_wish", g.play, 0, "QS", wish="H")
    g.play(0, "QS")  # on 7H: wild
    assert g.wish is None
    assert g.state.effective_suit == "S" and g.top == "QS"
    assert g.actor == 1
    g.rejects("does_not_match", g.play, 1, "9H")
    g.play(1, "9S")
    assert g.actor == 2


def test_five_makes_the_same_player_play_again():
    """§3.2 tel_aviv / §2.10.6 / §2.11: a 5 sets follow_up_required := X; X acts again."""
    g = game([["5H", "9H", "10C"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]])
    g.play(0, "5H")
    assert "follow_up_required" in g.types()
    assert g.state.follow_up == 0
    assert g.actor == 0 and g.top == "5H"
    g.play(0, "9H")
    assert g.actor == 1 and g.state.follow_up is None
    assert g.hand(0) == ["10C"]


# ===================================================================== §3.2 answer matrix
def test_draw_twos_any_two_adds_and_passes_to_the_next_player():
    """§3.2 answer matrix: draw:twos ← any 2 → add; next_only targeting (§2.10.1)."""
    g = game([["2H", "9C", "10C"], ["2S", "8D", "JD"], ["6S", "8S", "JS"]], stock=["4C", "4D", "4S", "4H"])
    g.play(0, "2H")
    g.play(1, "2S")  # any suit
    assert g.pending_draw == (4, 2)
    assert g.actor == 2
    g.draw(2)
    assert g.hand(2) == sorted(["6S", "8S", "JS", "4C", "4D", "4S", "4H"])
    assert g.actor == 0


def test_draw_threes_any_three_adds():
    """§3.2 answer matrix: draw:threes ← any 3 → add."""
    g = game([["3H", "9C", "10C"], ["3C", "8D", "JD"], ["6S", "8S", "JS"]],
             stock=["4C", "4D", "4S", "4H", "6C", "6H"])
    g.play(0, "3H")
    g.play(1, "3C")
    assert g.pending_draw == (6, 2)
    g.draw(2)
    assert g.hand_size(2) == 9
    assert g.actor == 0


@pytest.mark.parametrize("opener,other", [("2H", "3D"), ("3H", "2D")])
def test_twos_and_threes_do_not_answer_each_other(opener, other):
    """§3.2 answer matrix lists only 2 on 2 and 3 on 3 (`easier_draw_cards_interchangeable` is off,
    §4.2)."""
    g = game([[opener, "9C", "10C"], [other, "8D", "JD"], ["6S", "8S", "JS"]])
    g.play(0, opener)
    g.rejects("must_answer_pending_draw", g.play, 1, other)


def test_king_of_hearts_cannot_be_answered():
    """§3.2 answer matrix: draw:kh ← nothing: the target must draw 5 (R#30)."""
    g = game([["KH", "9C", "10C"], ["2D", "3D", "AS", "QS", "KS"], ["6S", "8S", "JS"]],
             stock=["4C", "4D", "4S", "4H", "6C"])
    g.play(0, "KH")
    for card in ("2D", "3D", "AS", "QS", "KS"):
        g.rejects("must_answer_pending_draw", g.play, 1, card)
    assert g.play_moves(1) == []
    g.draw(1)
    assert g.hand_size(1) == 10 and g.actor == 2


def test_wish_is_satisfied_only_by_the_wished_suit():
    """§3.2 answer matrix: wish:suit ← card of the wished suit → satisfy; the Ace's own suit does not
    count while the wish is active (§2.5 row 3)."""
    g = game([["AS", "9C", "10C"], ["9S", "9D", "10D"], ["6S", "8S", "JS"]])
    g.play(0, "AS", wish="D")
    g.rejects("does_not_match", g.play, 1, "9S")
    g.play(1, "9D")
    assert "wish_fulfilled" in g.types()
    assert g.wish is None and g.actor == 2


def test_ace_on_a_wish_replaces_it():
    """§3.2 answer matrix: wish:suit ← any A → replace_wish."""
    g = game([["AS", "9C", "10C"], ["AC", "9S", "10S"], ["6S", "8H", "JS"]])
    g.play(0, "AS", wish="D")
    g.play(1, "AC", wish="H")
    assert g.wish == ("suit", "H")
    assert g.state.wish.wisher == 1
    assert g.actor == 2
    g.rejects("does_not_match", g.play, 2, "6S")
    g.play(2, "8H")
    assert g.wish is None


def test_queen_ends_an_ace_wish_by_fixing_its_own_suit():
    """§3.2 answer matrix: wish:suit ← any Q (sets its own suit, ends the wish); R#30."""
    g = game([["AS", "9C", "10C"], ["QC", "9S", "10S"], ["9D", "8C", "JS"]])
    g.play(0, "AS", wish="D")
    g.play(1, "QC")
    assert g.wish is None
    assert g.state.effective_suit == "C" and g.top == "QC"
    assert g.actor == 2
    g.rejects("does_not_match", g.play, 2, "9D")  # the old wish is gone
    g.play(2, "8C")


@pytest.mark.parametrize("follow,wish,actor,follow_up,suit", [
    ("9H", None, 1, None, "H"),   # same suit as the 5
    ("5S", None, 0, 0, "S"),      # another 5 (by rank) → a further follow-up is due
    ("AC", "S", 1, None, "S"),    # any A (wish)
    ("QD", None, 1, None, "D"),   # any Q (sets its own suit)
])
def test_follow_up_after_a_five(follow, wish, actor, follow_up, suit):
    """§3.2 answer matrix: follow-up after a 5 ← card of the 5's suit, another 5, any A, any Q."""
    g = game([["5H", "9H", "5S", "AC", "QD", "10C", "JC"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]])
    g.play(0, "5H")
    g.play(0, follow, wish=wish)
    assert g.actor == actor
    assert g.state.follow_up == follow_up
    assert g.state.effective_suit == suit
    assert g.top == follow


def test_follow_up_rejects_other_cards_and_a_pass():
    """§2.10.6: after a 5 only a legal follow-up or a draw; J and K♠ are plain in Tel-Aviv (Z10), so they
    follow only by suit."""
    g = game([["5H", "9S", "JS", "KS", "10C"], ["6D", "8D", "JD"], ["6S", "8S", "4S"]])
    g.play(0, "5H")
    for card in ("9S", "JS", "KS"):
        g.rejects("does_not_match", g.play, 0, card)
    g.rejects("pass_not_allowed", g.pass_, 0)
    assert g.actor == 0 and g.state.follow_up == 0
    moves = g.moves(0)
    assert {"action": "draw"} in moves and {"action": "pass"} not in moves


# ===================================================================== Z10: plain cards
def test_four_is_plain():
    """Z10: a 4 is plain in Tel-Aviv: no skip (§3.1 skip: –)."""
    g = game([["4H", "9C", "10C"], ["4D", "8D", "JD"], ["6S", "8S", "JS"]])
    g.play(0, "4H")
    assert g.actor == 1 and g.pending_skip is None
    assert g.state.turns_to_miss == (0, 0, 0)
    g.play(1, "4D")  # by rank, like any plain card
    assert g.actor == 2


def test_jack_is_plain_and_not_wild():
    """Z10: J is plain in Tel-Aviv: no wish, and it matches only by suit or rank."""
    g = game([["JH", "JS", "10C"], ["9D", "8D", "JD"], ["6S", "8S", "4S"]])
    g.rejects("does_not_match", g.play, 0, "JS")
    g.rejects("invalid_wish", g.play, 0, "JH", wish="8")
    g.play(0, "JH")
    assert g.wish is None and g.actor == 1
    g.play(1, "JD")
    assert g.actor == 2


@pytest.mark.parametrize("king,starter", [("KS", "7S"), ("KC", "7C"), ("KD", "7D")])
def test_kings_other_than_hearts_are_plain(king, starter):
    """Z10: K♠, K♣, K♦ are plain in Tel-Aviv (only K♥ draws)."""
    g = game([[king, "9H", "10H"], ["6D", "8H", "JH"], ["6S", "8S", "JS"]], starter=starter)
    g.play(0, king)
    assert g.pending_draw is None
    assert g.actor == 1 and g.next_regular == 1
    assert g.hand_size(2) == 3


def test_no_jokers_in_the_deck():
    """§2.1: "Jokers are not used in this version" — a deal naming a joker is invalid."""
    with pytest.raises(InvalidSetup):
        game([["JKR", "9C"], ["6D", "8D"], ["6S", "8S"]])
    assert len(RuleSet.preset("tel_aviv").compiled.one_deck) == 52


def test_only_one_card_per_turn_except_fives():
    """§2.9: tel_aviv multi.mode = none except 5-chains ("only 1 card per turn, with the exception of a
    5")."""
    g = game([["7C", "7S", "9H", "9C"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]])
    g.rejects("invalid_group", g.play, 0, "7C", "7S")
    g.rejects("invalid_group", g.play, 0, "9H", "9C")


# ===================================================================== Z22 / R#29: the first 5
@pytest.mark.parametrize("starter", ["5C", "9C"])
def test_first_five_must_match_the_top_card_by_suit(starter):
    """R#29/Z22: the first 5 of a turn must match by suit — not by rank (top 5♣), not as a wild
    (top 9♣)."""
    g = game([["5D", "10C", "JC"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]], starter=starter)
    g.rejects("does_not_match", g.play, 0, "5D")
    g.play(0, "10C")


def test_first_five_must_match_the_wished_suit_while_a_wish_is_active():
    """Z22: the first 5 must match the effective suit — the wished suit while a wish is active, not
    the Ace's suit."""
    g = game([["AS", "9C", "10C"], ["5S", "5D", "9D", "10D"], ["6S", "8S", "JS"]])
    g.play(0, "AS", wish="D")
    g.rejects("does_not_match", g.play, 1, "5S")
    g.play(1, "5D")
    assert g.wish is None
    assert g.actor == 1 and g.state.follow_up == 1


def test_fives_and_a_follow_up_in_one_action():
    """R#29 / §2.10.6: "the player would play the 5s then another card"; later 5s follow by rank:
    g.play(0, "5H", "5S", "9S")."""
    g = game([["5H", "5S", "9S", "10C", "JC"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]])
    g.play(0, "5H", "5S", "9S")
    assert g.top == "9S" and g.state.effective_suit == "S"
    assert g.actor == 1 and g.state.follow_up is None
    assert g.hand(0) == ["10C", "JC"]


def test_fives_one_action_at_a_time():
    """§2.10.6: "a follow-up 5 again requires a further follow-up"."""
    g = game([["5H", "5S", "9S", "10C", "JC"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]])
    g.play(0, "5H")
    g.play(0, "5S")
    assert g.actor == 0 and g.state.follow_up == 0
    g.play(0, "9S")
    assert g.actor == 1


@pytest.mark.parametrize("cards", [("5H", "9S"), ("5H", "5S", "9H"), ("5S", "5H")])
def test_invalid_five_chains(cards):
    """§2.10.6: each card of a 5-chain must be a legal follow-up of the 5 before it, and the first 5
    must match the top card (7♥) by suit."""
    g = game([["5H", "5S", "9S", "9H", "10C"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]])
    reason = "does_not_match" if cards[0] == "5S" else "invalid_group"
    g.rejects(reason, g.play, 0, *cards)


def test_follow_up_draw_that_follows_may_be_played():
    """§2.10.6: "If he cannot (or does not) follow, he draws 1 and may play it if it is a legal
    follow-up"."""
    g = game([["5H", "9S", "10C"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]], stock=["8H"])
    g.play(0, "5H")
    g.draw(0)
    assert g.state.drawn_card == "8H" and g.actor == 0
    g.rejects("drawn_card_only", g.play, 0, "9S")
    g.play(0, "8H")
    assert g.actor == 1 and g.top == "8H"
    assert g.hand(0) == ["10C", "9S"]


def test_follow_up_draw_that_follows_may_be_kept():
    """§2.6 row 6 / §2.7: after the draw he may play the drawn card or pass."""
    g = game([["5H", "9S", "10C"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]], stock=["8H"])
    g.play(0, "5H")
    g.draw(0)
    g.pass_(0)
    assert g.actor == 1 and g.top == "5H"
    assert g.hand(0) == sorted(["9S", "10C", "8H"])


def test_follow_up_draw_that_does_not_follow_ends_the_turn():
    """§2.10.6: "otherwise his turn ends"."""
    g = game([["5H", "9S", "10C"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]], stock=["8C"])
    g.play(0, "5H")
    g.draw(0)
    assert g.actor == 1 and g.top == "5H"
    assert g.hand(0) == sorted(["9S", "10C", "8C"])


def test_a_follow_up_card_keeps_its_own_effect():
    """§2.10.6: "The follow-up card's own effect applies normally (5 then 2 → next player draws 2)"."""
    g = game([["5H", "2H", "10C"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]])
    g.play(0, "5H", "2H")
    assert g.pending_draw == (2, 1)
    assert g.actor == 1


@pytest.mark.parametrize("drawn,playable", [("5S", False), ("5H", True)])
def test_a_drawn_five_is_the_first_five_of_the_turn(drawn, playable):
    """§2.7 (tel_aviv may play the drawn card) with R#29: a 5 drawn in a normal turn is the first 5 of
    that turn and is playable only if it matches the top card (7♥) by suit."""
    g = game([["9C", "10C", "JC"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]], stock=[drawn])
    g.draw(0)
    if playable:
        assert g.actor == 0 and g.state.drawn_card == drawn
        g.play(0, drawn)
        assert g.actor == 0 and g.state.follow_up == 0
    else:
        assert g.actor == 1
        assert drawn in g.hand(0)


# ===================================================================== R#30: A and Q
@pytest.mark.parametrize("opener,card", [("2H", "AS"), ("2H", "QS"), ("3H", "AC"), ("3H", "QC"),
                                         ("KH", "AD"), ("KH", "QD")])
def test_aces_and_queens_do_not_answer_draws(opener, card):
    """R#30: A and Q "may be played at any time" but are not answers to a pending 2, 3 or K♥ draw."""
    g = game([[opener, "9C", "10C"], [card, "8D", "JD"], ["6S", "8S", "JS"]])
    g.play(0, opener)
    g.rejects("must_answer_pending_draw", g.play, 1, card)


def test_aces_and_queens_may_be_played_on_anything_else():
    """R#30: wild with respect to the top card and to an active Ace wish."""
    g = game([["AS", "9C", "10C"], ["QC", "8D", "JD"], ["AD", "8S", "JS"]])
    g.play(0, "AS", wish="H")
    g.play(1, "QC")      # Q on an Ace wish
    g.play(2, "AD", wish="S")  # A on a Queen of another suit
    assert g.wish == ("suit", "S") and g.actor == 0


# ===================================================================== R#31: 5 as the last card
def test_last_five_drawn_card_follows_and_wins():
    """R#31 / §2.13 play_again_last: draw 1; if it is a legal follow-up he may play it and wins; the
    player who went out scores 0 (Z24)."""
    g = game([["5H"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]], stock=["9H"])
    g.play(0, "5H")
    assert g.actor == 0 and g.state.drawn_card == "9H"
    assert g.hand(0) == ["9H"]
    g.play(0, "9H")
    r1 = g.state.rounds[0]
    assert r1.reason == "first_out"
    assert r1.points == (0, points(["6D", "8D", "JD"]), points(["6S", "8S", "JS"]))
    assert r1.standings[0] == 1
    assert "call_penalty_applied" not in [e.type for e in g.log]


def test_last_five_drawn_card_follows_but_is_kept_then_he_must_call():
    """R#31: "he *may* play it"; if he keeps it he holds one card after playing this turn and the
    normal call obligation applies (§2.12)."""
    g = game([["5H"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]], stock=["9H", "2C", "2D", "4C"])
    g.play(0, "5H")
    g.pass_(0)
    assert g.hand(0) == ["9H"] and g.actor == 1
    assert g.state.call_window.seat == 0
    g.draw(1)
    assert "call_penalty_applied" in g.types()
    assert g.hand(0) == sorted(["9H", "2C", "2D"])


def test_last_five_drawing_another_five_repeats():
    """R#31: "another 5 → repeat"."""
    g = game([["5H"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]], stock=["5S", "9S"])
    g.play(0, "5H")
    assert g.state.drawn_card == "5S"
    g.play(0, "5S")
    assert g.state.drawn_card == "9S" and g.actor == 0
    g.play(0, "9S")
    assert g.state.rounds[0].points[0] == 0
    assert g.state.rounds[0].reason == "first_out"


def test_last_five_drawn_card_does_not_follow_he_keeps_it_and_calls():
    """R#31 / §2.12: otherwise he keeps it and the normal call obligation applies; a call in time means
    no penalty."""
    g = game([["5H"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]], stock=["9S", "2C", "2D"])
    g.play(0, "5H")
    assert g.actor == 1
    assert g.hand(0) == ["9S"]
    assert g.state.call_window is not None and g.state.call_window.seat == 0
    g.announce(0)
    assert g.state.call_window is None
    g.draw(1)  # the next action: nothing more happens to seat 0
    assert "call_penalty_applied" not in g.types()
    assert g.hand(0) == ["9S"]


def test_last_five_drawn_card_does_not_follow_missed_call_costs_two():
    """R#31 + R#32: no call before the next player's action → 2 cards, automatically."""
    g = game([["5H"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]], stock=["9S", "2C", "2D", "4C"])
    g.play(0, "5H")
    assert g.hand(0) == ["9S"]
    g.draw(1)
    assert g.types()[:2] == ["call_penalty_applied", "cards_drawn"]
    assert g.hand(0) == sorted(["9S", "2C", "2D"])
    assert g.hand(1) == sorted(["6D", "8D", "JD", "4C"])


def test_last_five_call_bundled_with_the_play_counts():
    """§2.12: the call "may be made bundled with the play action … from the moment the obligation can
    arise"; with a last 5 it arises within that very action (R#31)."""
    g = game([["5H"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]], stock=["9S", "2C", "2D"])
    g.play(0, "5H", announce=True)
    assert g.state.call_window is None
    g.draw(1)
    assert g.hand(0) == ["9S"]


# ===================================================================== R#32: the call
def test_missed_call_costs_two_cards_at_the_next_action():
    """R#32 / §2.12: automatic enforcement — "If he fails to do so before the next player's turn, he must
    then pick up 2 cards"; the penalty is applied before the next action and ends nobody's turn."""
    g = game([["9H", "10C"], ["9D", "8H", "JD"], ["6S", "8S", "JS"]], stock=["2C", "2D"])
    g.play(0, "9H")
    assert g.state.call_window.seat == 0
    g.play(1, "8H")
    assert g.types()[:2] == ["call_penalty_applied", "cards_drawn"]
    assert g.hand(0) == sorted(["10C", "2C", "2D"])
    assert g.top == "8H" and g.actor == 2


def test_missed_call_penalty_when_the_window_times_out():
    """R#32 / API window: the window also closes announce_window_s after it opened; the automatic penalty
    is applied then, and the next player keeps his turn."""
    g = game([["9H", "10C"], ["9D", "8H", "JD"], ["6S", "8S", "JS"]], stock=["2C", "2D"])
    g.play(0, "9H")
    g.rejects("window_still_open", g.close_window)
    g.advance(5.0)
    g.close_window()
    assert g.types() == ["call_penalty_applied", "cards_drawn"]
    assert g.hand_size(0) == 3
    assert g.actor == 1


@pytest.mark.parametrize("how", ["with_play", "separately"])
def test_a_call_in_time_avoids_the_penalty(how):
    """§2.12: the call may be bundled with the play or sent as `announce` while the window is open."""
    g = game([["9H", "10C"], ["9D", "8H", "JD"], ["6S", "8S", "JS"]], stock=["2C", "2D"])
    if how == "with_play":
        g.play(0, "9H", announce=True)
    else:
        g.play(0, "9H")
        g.announce(0)
    assert g.state.call_window is None
    g.play(1, "8H")
    assert g.hand(0) == ["10C"]


def test_false_calls_and_catches_are_rejected():
    """§2.12 / R#45: a call without obligation is rejected; tel_aviv enforces automatically, so there is
    nothing to catch."""
    g = game([["9H", "10C", "JC"], ["9D", "8H", "JD"], ["6S", "8S", "JS"]])
    g.rejects("not_obliged_to_announce", g.announce, 0)
    g.rejects("not_obliged_to_announce", g.play, 0, "9H", announce=True)
    g.play(0, "9H")
    g.rejects("nothing_to_catch", g.catch, 1, 0)


def test_five_and_last_card_played_together_need_no_call():
    """§2.12 / §2.13: "If a player has a 5 and another card as his last cards and can play them together,
    he need not say Macau after the 5 is played"."""
    g = game([["5H", "9H"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]])
    g.play(0, "5H", "9H")
    types = [e.type for e in g.log]
    assert "call_window_opened" not in types and "call_penalty_applied" not in types
    r1 = g.state.rounds[0]
    assert r1.reason == "first_out" and r1.points[0] == 0 and r1.standings[0] == 1


def test_five_then_last_card_in_two_actions_need_no_call():
    """§2.12: the obligation is judged when the turn ends; after the 5 the turn goes on."""
    g = game([["5H", "9H"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]])
    g.play(0, "5H")
    assert g.state.call_window is None and g.hand(0) == ["9H"]
    g.play(0, "9H")
    assert g.state.rounds[0].points[0] == 0
    assert "call_penalty_applied" not in [e.type for e in g.log]


# ===================================================================== R#33 / Z24: scoring
def test_round_scores_penalty_points_and_the_game_goes_on_below_500():
    """Z24 / §5.2 / R#33: everyone who did not go out scores his hand (K♥ 150, A 50, 3 30, 2 20, 10 and
    courts 10, 4–9 5); the player who went out scores 0; nobody at 500 → a new round."""
    seat1 = ["KH", "AS", "2C", "3D", "10C", "JC", "QC", "KS", "4C", "9D"]
    seat2 = ["5S", "6S", "7S", "8S"]
    g = game([["9H"], seat1, seat2])
    g.play(0, "9H")
    r1 = g.state.rounds[0]
    assert points(seat1) == 300 and points(seat2) == 20
    assert r1.points == (0, 300, 20)
    assert r1.scores == (0, 300, 20) and g.state.scores == (0, 300, 20)
    assert r1.standings == (1, 3, 2)
    assert g.state.result is None and g.state.status == "playing"
    assert g.state.round == 2


def test_game_ends_after_the_round_in_which_someone_reaches_500_and_all_at_500_lose():
    """R#33 / §2.14 / §5.2: the game ends after the round in which a score reaches ≥ 500; every player
    at ≥ 500 loses; the lowest total wins. Two decks (a card-independent parameter, Z10) so that two
    hands can reach 500 in one round."""
    seat1 = ["KH", "AS", "AC", "AD", "AH", "3C", "3D", "3S", "3H", "10C", "JC", "QC"]
    seat2 = ["KH", "AS", "AC", "AD", "AH", "3C", "3D", "3S", "3H", "2C", "2D"]
    assert points(seat1) == 500 and points(seat2) == 510
    g = game([["9H"], seat1, seat2], rules={"deck": {"count": 2}})
    g.play(0, "9H")
    assert g.state.rounds[-1].points == (0, 500, 510)
    assert g.state.status == "finished"
    res = g.state.result
    assert res.winners == (0,)
    assert res.losers == (1, 2)
    assert res.scores == (0, 500, 510)
    assert res.standings == (1, 2, 3)
    assert "game_ended" in g.types()


def test_going_out_on_a_draw_card_discards_its_effect():
    """§2.13 first_out / R#44: the round ends at once; the pending draw of the last card is discarded
    and hands are scored as they are (two players, `two_player_attack_finish = immediate`)."""
    g = game([["2H"], ["6D", "8D", "JD"]])
    g.play(0, "2H")
    r1 = g.state.rounds[0]
    assert r1.reason == "first_out"
    assert r1.points == (0, points(["6D", "8D", "JD"]))
    assert [e for e in g.log if e.type == "penalty_taken"] == []


# ===================================================================== §2.4 / Z25: the first upcard
@pytest.mark.parametrize("starter", ["2H", "3H", "KH", "5H", "AH", "QH"])
def test_fixed_starter_is_never_redrawn_and_its_effect_is_ignored(starter):
    """Z25: a fixed deal's starter is never redrawn; under `redraw_until_plain` it is treated as
    `ignore_effect` (§2.4): no draw, no follow-up, no wish; a wild upcard sets its own suit."""
    g = game([["9H", "9C", "10C"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]], starter=starter)
    started = [e for e in g.log if e.type == "round_started"][0]
    assert started.upcard == starter and started.redraws == 0
    assert g.top == starter
    assert g.pending_draw is None and g.wish is None and g.state.follow_up is None
    assert g.actor == 0 and g.hand_size(0) == 3
    g.rejects("does_not_match", g.play, 0, "9C")
    g.play(0, "9H")
    assert g.actor == 1


def test_shuffled_deal_redraws_until_the_upcard_is_plain():
    """§2.4 `redraw_until_plain` (R#9): in a shuffled deal (round 2 after a fixed round 1) a special
    upcard is buried and the next card turned, until a plain card shows. Special = exactly the cards of
    the §3.2 table (Z10)."""
    redrawn = 0
    for seed in range(30):
        g = finish_round_one(3, seed)
        started = [e for e in g.log if e.type == "round_started"][-1]
        assert started.round == 2 and not started.fixed_deal
        assert started.upcard not in SPECIAL, (seed, started.upcard)
        assert g.pending_draw is None and g.wish is None and g.state.follow_up is None
        redrawn += started.redraws > 0
    assert redrawn > 0  # some seed actually turned a special card first
    assert RuleSet.preset("tel_aviv").compiled.special == frozenset(SPECIAL)


# ===================================================================== §2.2 / §2.15: two players
@pytest.mark.parametrize("seats,size", [(2, 7), (3, 5), (4, 5)])
def test_deal_size_is_seven_with_two_players_else_five(seats, size):
    """§2.2 / §2.15: "2 players are dealt 7 cards each, 3 or more players are dealt 5 cards each"; the
    dealer moves one seat clockwise and play starts to his left (§2.3)."""
    g = finish_round_one(seats, seed=1)
    started = [e for e in g.log if e.type == "round_started"][-1]
    assert [len(h) for h in started.hands] == [size] * seats
    assert started.dealer == 0
    assert g.actor == 1


def test_two_players_a_draw_card_makes_the_opponent_lose_his_turn():
    """§2.15 with §3.2: with two players the attacked opponent draws and the attacker plays again."""
    g = game([["KH", "9H", "10C"], ["6D", "8D", "JD"]], stock=["4C", "4D", "4S", "4H", "6C"])
    g.play(0, "KH")
    assert g.pending_draw == (5, 1)
    g.draw(1)
    assert g.hand_size(1) == 8
    assert g.actor == 0
    g.play(0, "9H")
    assert g.actor == 1


def test_first_player_is_left_of_the_dealer():
    """§2.3 tel_aviv: clockwise, "Play starts to the dealer's left" (dealer + 1)."""
    g = Game("tel_aviv", hands=[["9C"], ["9D"], ["9S"], ["10C"]], starter="7C", dealer=1)
    assert g.actor == 2 and g.direction == "cw"
