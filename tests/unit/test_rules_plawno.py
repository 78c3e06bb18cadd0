"""Rules scenarios for the ``plawno`` preset (Pławno Makao).

Every test plays a fixed deal through the scenario DSL (tests/support/table.py) and asserts the
resulting state. Citations are to /work/shared/RULES.md: the §3.2 card table and answer matrix of
``plawno``, the by_card worked examples P1–P5 (§2.10.1), the skip robin (§2.10.7), multi-plays (§2.9),
the last-card catch (§2.12), last_one_standing (§2.13), two players (§2.15), the errata Z8, Z11,
Z16–Z18, Z20, Z21, Z23, Z25 and the resolutions R#5, R#34, R#35, R#38–R#41.

Pławno plays counter-clockwise: next(s) = s − 1. Unless a test says otherwise the dealer is seat 1,
so seat 0 acts first and, with three players, play passes 0 → 2 → 1 → 0 (prev(0) = 1).
The four-player examples P1–P5 map A, B, C, D onto seats 3, 2, 1, 0, so that the turn order
A → B → C → D is the counter-clockwise order; the dealer is A and B acts first.
"""

from __future__ import annotations

import pytest

from domain import InvalidRuleSet, RuleSet
from domain.state import Robin
from tests.support.table import Game

A, B, C, D = 3, 2, 1, 0


def game(hands, starter="7H", stock=(), **kw):
    """Seat 0 acts first; next(s) = s − 1."""
    kw.setdefault("dealer", 1)
    return Game("plawno", hands=hands, starter=starter, stock=stock, **kw)


def abcd(a, b, c, d, starter="7S", stock=(), **kw):
    """Four players in the turn order A → B → C → D (seats 3, 2, 1, 0); B acts first."""
    return Game("plawno", hands=[d, c, b, a], starter=starter, stock=stock, dealer=A, **kw)


PLAIN = [r + s for s in "CDHS" for r in ("5", "6", "7", "8", "9", "10")] + ["QC", "QD", "QS", "KC", "KD"]


def fresh(n, *hands, starter="7S"):
    """``n`` plain cards that are in none of ``hands`` and are not the starter: a stock to draw from."""
    used = {c for h in hands for c in h} | {starter}
    out = [c for c in PLAIN if c not in used][:n]
    assert len(out) == n
    return out


# ===================================================================== §3.2 card table
def test_two_makes_the_next_player_draw_two():
    """§3.2 plawno: 2 = draw 2, family war, target next (counter-clockwise: seat 0 → seat 2)."""
    g = game([["2H", "9S", "10S"], ["6S", "8S", "JS"], ["6H", "8H", "JH"]], stock=["5C", "5D"])
    g.play(0, "2H")
    assert g.pending_draw == (2, 2)
    assert g.state.pending_draw.family == "war"
    assert g.actor == 2
    g.draw(2)
    assert g.hand(2) == sorted(["6H", "8H", "JH", "5C", "5D"])
    assert g.actor == 1 and g.pending_draw is None


def test_three_makes_the_next_player_draw_three():
    """§3.2 plawno: 3 = draw 3, family war, target next."""
    g = game([["3H", "9S", "10S"], ["6S", "8S", "JS"], ["6H", "8H", "JH"]], stock=["5C", "5D", "6C"])
    g.play(0, "3H")
    assert g.pending_draw == (3, 2)
    g.draw(2)
    assert g.hand_size(2) == 6 and g.actor == 1


def test_king_of_spades_hits_the_previous_player_out_of_turn():
    """§3.2 plawno: K♠ = draw 5 to the previous player; his answer or draw is out of turn and the
    regular turn then goes on after the K♠ player (R#40, §2.11)."""
    g = game([["KS", "9H", "10H"], ["6H", "8H", "JH"], ["6D", "8D", "JD"]], starter="7S",
             stock=["5C", "5D", "6C", "6S", "8C"])
    g.play(0, "KS")
    assert g.pending_draw == (5, 1)
    assert g.state.pending_draw.target_is_regular is False
    assert g.actor == 1 and g.next_regular == 2
    g.draw(1)
    assert g.hand_size(1) == 8
    assert g.actor == 2 and g.next_regular == 2


def test_king_of_hearts_makes_the_next_player_draw_five():
    """§3.2 plawno: K♥ = draw 5, family war, target next."""
    g = game([["KH", "9S", "10S"], ["6S", "8S", "JS"], ["6D", "8D", "JD"]])
    g.play(0, "KH")
    assert g.pending_draw == (5, 2) and g.actor == 2


def test_queen_of_hearts_is_plain_without_a_war():
    """§3.2 plawno: Q♥ is "plain otherwise": not wild, no effect outside a war."""
    g = game([["QH", "9D", "10D"], ["6S", "8S", "JS"], ["6D", "8D", "JD"]], starter="7S")
    g.rejects("does_not_match", g.play, 0, "QH")
    g = game([["QH", "9D", "10D"], ["6S", "8S", "JS"], ["6D", "8D", "JD"]], starter="7H")
    g.play(0, "QH")
    assert g.pending_draw is None and g.wish is None
    assert g.actor == 2


def test_queen_of_hearts_stops_the_war():
    """§3.2 plawno answer matrix: draw:war ← Q♥ → cancel, regardless of the top card; the next player
    then plays on the Q♥ (§2.10.8)."""
    g = game([["2C", "9S", "10S"], ["9C", "9H", "JS"], ["QH", "8D", "JD"]], starter="7C")
    g.play(0, "2C")
    g.play(2, "QH")
    assert "chain_cancelled" in g.types()
    assert g.pending_draw is None and g.top == "QH"
    assert g.actor == 1 and g.hand_size(2) == 2
    g.rejects("does_not_match", g.play, 1, "9C")
    g.play(1, "9H")


def test_queen_of_hearts_stops_a_king_of_spades_out_of_turn():
    """§3.2 plawno: Q♥ "can be played anytime to stop the war"; a cancel out of turn leaves the regular
    turn where it was (§2.11 "cancel answer by T: if R: next_regular := next(T)")."""
    g = game([["KS", "9S", "10S"], ["QH", "8H", "JH"], ["6D", "8D", "JD"]], starter="7S")
    g.play(0, "KS")
    g.play(1, "QH")
    assert g.pending_draw is None
    assert g.actor == 2 and g.next_regular == 2


def test_four_starts_a_skip_robin():
    """§3.2 plawno: 4 = skip_robin; §2.10.7(1): X plays k 4s → {count: k, last_seat: X}, the turn
    passes around the table."""
    g = game([["4H", "9S", "10S"], ["6S", "8S", "JS"], ["6D", "8D", "JD"]])
    g.play(0, "4H")
    assert "skip_robin_started" in g.types()
    assert g.state.robin == Robin(count=1, last_seat=0, asked_since=0)
    assert g.actor == 2 and g.pending_skip is None


def test_jack_wishes_a_rank():
    """§3.2 plawno: J = rank wish (as makao); any card of the wished rank satisfies it and suit no longer
    counts (§2.5 row 3)."""
    g = game([["JH", "8C", "10S"], ["6S", "8S", "JS"], ["9H", "8D", "JD"]])
    g.play(0, "JH", wish="8")
    assert g.wish == ("rank", "8")
    assert g.state.effective_rank == "8" and g.state.effective_suit is None
    assert g.actor == 2
    g.rejects("does_not_match", g.play, 2, "9H")
    g.play(2, "8D")
    assert g.wish is None and g.actor == 1


def test_ace_wishes_a_held_suit_other_than_the_suit_in_play():
    """§3.2 plawno: A = suit wish (as makao), wild: the suit must differ from the suit in play and be
    held by the caller (R#34)."""
    g = game([["AH", "8H", "9C", "10C"], ["6S", "8S", "JS"], ["9S", "5C", "JD"]], starter="7H")
    g.rejects("invalid_wish", g.play, 0, "AH", wish="H")  # the suit in play
    g.rejects("invalid_wish", g.play, 0, "AH", wish="S")  # not held
    g.play(0, "AH", wish="C")
    assert g.wish == ("suit", "C") and g.actor == 2
    g.rejects("does_not_match", g.play, 2, "9S")
    g.play(2, "5C")
    assert g.wish is None


def test_a_joker_may_join_a_pack_after_its_first_card_and_is_listed_so():
    """§2.9 / Z11: the first card must be legal and the rest share its rank; a declared
    joker is the card it names, so it may come after the first card — last, it decides the
    top. legal_moves lists these packs too (API.md: complete for same-rank groups)."""
    g = game([["JKB", "5C", "6D"], ["5D", "6H", "QC", "9S"], ["5S", "9C", "JH", "QD"]], starter="8C")
    listed = {(tuple(m["cards"]), m.get("joker_as")) for m in g.moves(0) if m["action"] == "play"}
    assert {(("5C", "JKB"), f"5{s}") for s in "CDHS"} <= listed
    assert (("JKB", "5C"), "5C") in listed
    assert not any(cards == ("6D", "JKB") for cards, _ in listed), "6D cannot lead on 8C"
    g.play(0, "5C", "JKB", joker_as="5H")
    assert g.top == "JKB" and g.state.top_declared == "5H" and g.state.effective_suit == "H"


def test_a_joker_joins_an_answer_to_a_war_after_the_first_card():
    g = game([["2C", "5S", "6D"], ["QS", "KH", "JD", "8D"], ["3D", "JKR", "9H", "QD"]], starter="8C")
    g.play(0, "2C")
    listed = {(tuple(m["cards"]), m.get("joker_as")) for m in g.moves(2) if m["action"] == "play"}
    assert (("3D", "JKR"), "3S") in listed and (("JKR", "3D"), "3C") in listed
    g.play(2, "3D", "JKR", joker_as="3S")
    assert g.pending_draw[0] == 8


def test_joker_is_the_card_it_is_declared_as():
    """§3.2 plawno: "the player names any card (rank+suit); the joker is that card for matching and
    effects" (Z11)."""
    g = game([["JKR", "9S", "10S"], ["6S", "8S", "JS"], ["8C", "9C", "JD"]])
    g.play(0, "JKR", joker_as="9H")
    assert g.top == "JKR" and g.state.top_declared == "9H"
    assert (g.state.effective_suit, g.state.effective_rank) == ("H", "9")
    assert g.actor == 2
    g.rejects("does_not_match", g.play, 2, "8C")
    g.play(2, "9C")


# ===================================================================== §3.2 answer matrix
@pytest.mark.parametrize("answer,amount,target,next_regular", [
    ("2H", 4, 1, 1),   # any 2 → next of the answerer
    ("3S", 5, 1, 1),   # any 3 (2s and 3s mix: easier_draw_cards_interchangeable built in)
    ("KH", 7, 1, 1),   # K♥ → next
    ("KS", 7, 0, 1),   # K♠ → previous of the answerer (R#5 by_card)
])
def test_war_is_answered_by_any_2_3_KS_KH_regardless_of_suit(answer, amount, target, next_regular):
    """§3.2 plawno answer matrix: draw:war ← any 2, 3, K♠, K♥ (any suit) → add, by_card targeting."""
    g = game([["2C", "9D", "10D"], ["6S", "8S", "JS"], [answer, "6D", "8D"]], starter="7C")
    g.play(0, "2C")
    g.play(2, answer)
    assert g.pending_draw == (amount, target)
    assert g.actor == target and g.next_regular == next_regular


def test_war_answer_may_be_several_cards_of_one_rank():
    """§3.2 plawno answer matrix: "several of one rank allowed"; the amounts add (§2.9)."""
    g = game([["2C", "9D", "10D"], ["6S", "8S", "JS"], ["3S", "3D", "8D"]], starter="7C")
    g.play(0, "2C")
    g.play(2, "3S", "3D")
    assert g.pending_draw == (8, 1)
    assert g.hand(2) == ["8D"]


def test_interchangeable_draw_cards_are_built_in():
    """§4.2: `easier_draw_cards_interchangeable` is built in (true) for plawno — 2s and 3s answer each
    other (see the 3♠-on-2♣ case above) — and the flag cannot be switched off on the preset."""
    assert RuleSet.preset("plawno").to_dict()["options"]["easier_draw_cards_interchangeable"] is True
    with pytest.raises(InvalidRuleSet):
        RuleSet.build("plawno", {"options": {"easier_draw_cards_interchangeable": False}})
    g = game([["3C", "9D", "10D"], ["6S", "8S", "JS"], ["2H", "6D", "8D"]], starter="7C")
    g.play(0, "3C")
    g.play(2, "2H")
    assert g.pending_draw == (5, 1)


def test_war_rejects_every_other_card():
    """§1.4: anything not listed for the pending kind is illegal; A, J, plain kings, a 4 and even a card
    of the top card's suit do not answer a war (R#59)."""
    hand = ["7D", "9C", "AC", "JC", "KC", "KD", "QS", "4C"]
    g = game([["2C", "9D", "10D"], ["6S", "8S", "JS"], hand], starter="7C")
    g.play(0, "2C")
    for card in hand:
        g.rejects("must_answer_pending_draw", g.play, 2, card)
    assert g.play_moves(2) == []


@pytest.mark.parametrize("declared,expected", [("KS", (7, 0)), ("2D", (4, 1)), ("QH", None)])
def test_war_answered_by_a_declared_joker(declared, expected):
    """§3.2 plawno answer matrix: draw:war ← joker declared as one of the above → as declared (Z11)."""
    g = game([["2C", "9D", "10D"], ["6S", "8S", "JS"], ["JKB", "6D", "8D"]], starter="7C")
    g.play(0, "2C")
    g.play(2, "JKB", joker_as=declared)
    assert g.pending_draw == expected
    assert g.state.top_declared == declared


def test_war_rejects_a_joker_declared_as_another_card():
    """Z11: the joker is legal exactly when the declared card would be — a 7♣ does not answer a war."""
    g = game([["2C", "9D", "10D"], ["6S", "8S", "JS"], ["JKB", "6D", "8D"]], starter="7C")
    g.play(0, "2C")
    g.rejects("must_answer_pending_draw", g.play, 2, "JKB", joker_as="7C")


def test_robin_answer_any_fours_add_one_each_and_take_over_last_seat():
    """§3.2 plawno answer matrix: robin ← any 4 → count +1 per 4; §2.10.7(2)–(3): last_seat := him,
    and when the asking returns to him he takes count consecutive bonus turns."""
    g = game([["4H", "9S", "10S"], ["6S", "8S", "JS"], ["4C", "4D", "8D", "9D"]])
    g.play(0, "4H")
    g.play(2, "4C", "4D")
    assert g.state.robin == Robin(count=3, last_seat=2, asked_since=0)
    assert g.actor == 1
    g.pass_(1)
    assert g.actor == 0
    g.pass_(0)
    assert "bonus_turns_granted" in g.types()
    assert g.state.robin is None
    assert g.actor == 2 and g.state.bonus == (2, 2)  # this turn plus 2 more


@pytest.mark.parametrize("card,wish,expected", [
    ("5C", None, None),               # card of the wished suit → satisfy
    ("AS", "D", ("suit", "D")),       # any A → replace_wish
    ("JD", "8", ("rank", "8")),       # any J → replace_wish with a rank wish (R#39)
])
def test_suit_wish_answers(card, wish, expected):
    """§3.2 plawno answer matrix: wish:suit ← card of the wished suit; any A (replace_wish); any J
    (replace_wish with a rank wish)."""
    g = game([["AH", "9C", "10S"], ["6S", "8S", "JS"], [card, "8D", "10D"]])
    g.play(0, "AH", wish="C")
    g.play(2, card, wish=wish)
    assert g.wish == expected
    assert g.actor == 1


@pytest.mark.parametrize("card,wish,expected", [
    ("8D", None, None),               # card of the wished rank → satisfy
    ("JS", "9", ("rank", "9")),       # any J → replace_wish (a different value)
    ("AS", "D", ("suit", "D")),       # any A → replace_wish with a suit wish (R#39)
])
def test_rank_wish_answers(card, wish, expected):
    """§3.2 plawno answer matrix: wish:rank ← card of the wished rank; any J (replace_wish); any A
    (replace_wish with a suit wish)."""
    g = game([["JH", "8C", "10S"], ["6S", "8S", "QS"], [card, "9S", "9D"]])
    g.play(0, "JH", wish="8")
    g.play(2, card, wish=wish)
    assert g.wish == expected
    assert g.actor == 1


# ===================================================================== §2.10.1 P1–P5 (by_card)
def test_P1_king_of_spades_hits_A_who_draws_then_C_plays():
    """§2.10.1 P1: B: K♠ → A must draw 5 or answer, out of turn; if A draws: C."""
    g = abcd(a=["6C", "8C", "10C"], b=["KS", "9D", "10D"], c=["9S", "8H", "JH"], d=["10S", "8D", "JD"],
             stock=["5C", "5D", "9C", "QC", "KC"])
    assert g.actor == B
    g.play(B, "KS")
    assert g.pending_draw == (5, A)
    assert g.actor == A and g.next_regular == C
    g.draw(A)
    assert g.hand(A) == sorted(["6C", "8C", "10C", "5C", "5D", "9C", "QC", "KC"])
    assert g.actor == C and g.pending_draw is None
    g.play(C, "9S")
    g.play(D, "10S")
    assert g.actor == A  # A's own next turn is unaffected (Z7)


@pytest.mark.parametrize("answer,amount", [("2D", 7), ("3C", 8), ("KH", 10)])
def test_P2_answer_to_king_of_spades_goes_back_to_the_king_player(answer, amount):
    """§2.10.1 P2: B: K♠; A: 2 (or 3, or K♥) → B must draw 7 (8, 10) or answer; if B draws: C."""
    hands = dict(a=[answer, "8C", "10C"], b=["KS", "9D", "10D"], c=["6H", "8H", "JH"], d=["6D", "8D", "JD"])
    g = abcd(**hands, stock=fresh(amount, *hands.values()))
    g.play(B, "KS")
    g.play(A, answer)
    assert g.pending_draw == (amount, B)
    assert g.actor == B and g.next_regular == C
    g.draw(B)
    assert g.hand_size(B) == 2 + amount
    assert g.actor == C


def test_P3_king_of_spades_answered_by_king_of_spades_hits_D():
    """§2.10.1 P3: B: K♠; A: K♠ → D (previous of A) must draw 10 or answer; if D draws: C. (Two decks,
    so that there are two K♠.)"""
    hands = dict(a=["KS", "8C", "10C"], b=["KS", "9D", "10D"], c=["6H", "8H", "JH"], d=["6D", "8D", "JD"])
    g = abcd(**hands, stock=fresh(10, *hands.values()), rules={"deck": {"count": 2}})
    g.play(B, "KS")
    g.play(A, "KS")
    assert g.pending_draw == (10, D)
    assert g.actor == D and g.next_regular == C
    g.draw(D)
    assert g.hand_size(D) == 13
    assert g.actor == C


def test_P4_king_of_spades_answer_to_king_of_hearts_hits_B_out_of_turn():
    """§2.10.1 P4: B: K♥; C: K♠ → B (previous of C) must draw 10 or answer, out of turn; if B draws: D."""
    hands = dict(a=["6C", "8C", "10C"], b=["KH", "9S", "10S"], c=["KS", "8H", "JH"], d=["6D", "8D", "JD"])
    g = abcd(**hands, starter="7H", stock=fresh(10, *hands.values(), starter="7H"))
    g.play(B, "KH")
    assert g.pending_draw == (5, C)
    g.play(C, "KS")
    assert g.pending_draw == (10, B)
    assert g.actor == B and g.next_regular == D
    g.draw(B)
    assert g.hand_size(B) == 12
    assert g.actor == D


def test_P5_war_accumulates_seventeen():
    """§2.10.1 P5: B: 2; C: 3; D: 2; A: K♠; D: K♥ → 2+3+2+5+5 = 17 → A (next of D) must draw 17 or
    answer, out of turn; A's K♠ used his regular turn, so if A draws: B."""
    hands = dict(a=["KS", "6H", "JS"], b=["2S", "4H", "7D"], c=["3S", "4D", "7C"], d=["2C", "KH", "4C", "QS"])
    stock = fresh(17, *hands.values())
    g = abcd(**hands, starter="7S", stock=stock)
    g.play(B, "2S")
    assert g.pending_draw == (2, C)
    g.play(C, "3S")
    assert g.pending_draw == (5, D)
    g.play(D, "2C")
    assert g.pending_draw == (7, A)
    g.play(A, "KS")
    assert g.pending_draw == (12, D)
    assert g.actor == D and g.next_regular == B
    g.play(D, "KH")
    assert g.pending_draw == (17, A)
    assert g.actor == A and g.next_regular == B
    g.draw(A)
    assert g.hand(A) == sorted(["6H", "JS"] + stock)
    assert g.actor == B and g.pending_draw is None


# ===================================================================== Z11: declared jokers
def test_joker_needs_a_declaration():
    """Z11: a joker is played as a declared card; without `joker_as` → invalid_joker; `joker_as` needs
    a joker and must name a real card."""
    g = game([["JKR", "9H", "10S"], ["6S", "8S", "JS"], ["6D", "8D", "JD"]])
    g.rejects("invalid_joker", g.play, 0, "JKR")
    g.rejects("invalid_joker", g.play, 0, "9H", joker_as="9H")
    g.rejects("invalid_joker", g.play, 0, "JKR", joker_as="JKB")


def test_joker_is_legal_exactly_when_the_declared_card_is():
    """Z11: "not wild beyond that" — a joker declared as a card that does not match is rejected."""
    g = game([["JKR", "9C", "10S"], ["6S", "8S", "JS"], ["6D", "8D", "JD"]])
    g.rejects("does_not_match", g.play, 0, "JKR", joker_as="9C")
    g.play(0, "JKR", joker_as="7C")  # by rank on 7H
    assert g.state.effective_suit == "C"


@pytest.mark.parametrize("declared,wish,pending,robin,wished", [
    ("KH", None, (5, 2), None, None),
    ("4H", None, None, Robin(count=1, last_seat=0, asked_since=0), None),
    ("AS", "C", None, None, ("suit", "C")),
])
def test_joker_has_the_effect_of_the_declared_card(declared, wish, pending, robin, wished):
    """Z11 / §1.2: selectors are evaluated against the declared card, so a joker declared as K♥ draws
    5, as a 4 starts a robin, as an Ace (wild) wishes."""
    g = game([["JKR", "9C", "10S"], ["6S", "8S", "JS"], ["6D", "8D", "JD"]])
    g.play(0, "JKR", joker_as=declared, wish=wish)
    assert g.pending_draw == pending
    assert g.state.robin == robin
    assert g.wish == wished


def test_joker_answers_a_wish_only_as_a_satisfying_card():
    """Z11 / §2.10.3: "Jokers may not answer a wish except where the joker is declared as a satisfying
    card (Pławno)"."""
    g = game([["AH", "9C", "10S"], ["6S", "8S", "JS"], ["JKB", "8D", "10D"]])
    g.play(0, "AH", wish="C")
    g.rejects("does_not_match", g.play, 2, "JKB", joker_as="9H")
    g.play(2, "JKB", joker_as="5C")
    assert g.wish is None


def test_joker_in_a_same_rank_pack():
    """Z11 with §2.9: a joker declared as a 2 joins a pack of 2s; the amounts add."""
    g = game([["2H", "JKR", "10S"], ["6S", "8S", "JS"], ["6D", "8D", "JD"]])
    g.play(0, "2H", "JKR", joker_as="2C")
    assert g.pending_draw == (4, 2)


# ===================================================================== §2.10.7 robin, Z16–Z18
def test_declining_a_robin_costs_nothing():
    """Z16 / §2.10.7(2): an asked player who declines (`pass`) misses that go and draws nothing; he may
    only add a 4 or decline."""
    g = game([["4H", "9S", "9H", "JS"], ["6S", "8S", "QS"], ["6D", "8D", "JD"]])
    g.play(0, "4H")
    g.rejects("must_answer_skip_robin", g.draw, 2)
    g.rejects("must_answer_skip_robin", g.play, 2, "6D")
    g.pass_(2)
    assert "cards_drawn" not in g.types()
    assert g.hand(2) == ["6D", "8D", "JD"]
    assert g.state.robin == Robin(count=1, last_seat=0, asked_since=1)
    assert g.actor == 1
    g.pass_(1)
    assert g.hand(1) == ["6S", "8S", "QS"]
    assert g.actor == 0 and g.state.bonus == (0, 0)  # one 4 → one bonus turn
    g.rejects("does_not_match", g.play, 0, "9S")  # the 4♥ is on top: normal matching
    g.play(0, "9H")
    assert g.actor == 2 and g.state.turns_to_miss == (0, 0, 0)  # the decliners miss nothing more


def test_bonus_turns_are_consecutive_and_then_the_turn_moves_on():
    """§2.10.7(3): the last 4-player "plays as many times as there are 4s"; afterwards
    next_regular := next(X) (§2.11)."""
    g = game([["4H", "4C", "8C", "9C", "10C", "JC"], ["6S", "8S", "QS"], ["6D", "8D", "JD"]], starter="4S")
    g.play(0, "4H", "4C")
    g.pass_(2)
    g.pass_(1)
    assert g.actor == 0 and g.state.bonus == (0, 1)
    g.play(0, "8C")
    assert g.actor == 0 and g.state.bonus == (0, 0)
    g.play(0, "9C")
    assert g.actor == 2 and g.state.bonus is None
    assert g.hand(0) == ["10C", "JC"]


def test_own_draw_during_bonus_turns_is_taken_at_the_next_bonus_turn():
    """Z17 / §2.10.7(4): during bonus turns his 2 is a pending draw against himself; he draws it at the
    start of his next bonus turn, which that uses up."""
    g = game([["4H", "4C", "2C", "9C", "10C", "JC"], ["6S", "8S", "QS"], ["6D", "8D", "JD"]], starter="4S",
             stock=["5C", "5D"])
    g.play(0, "4H", "4C")
    g.pass_(2)
    g.pass_(1)
    g.play(0, "2C")  # bonus turn 1 of 2
    assert g.types()[-2:] == ["penalty_taken", "turn_started"]
    assert g.hand(0) == sorted(["9C", "10C", "JC", "5C", "5D"])
    assert g.pending_draw is None
    assert g.actor == 2 and g.state.bonus is None  # bonus turn 2 was used up by the draw


def test_own_draw_with_bonus_turns_left_over():
    """Z17: with three bonus turns, a 2 on the first is drawn at the start of the second, and he still
    plays the third."""
    g = game([["4H", "4C", "4D", "2C", "9C", "10C", "JC"], ["6S", "8S", "QS"], ["6D", "8D", "JD"]],
             starter="4S", stock=["5C", "5D"])
    g.play(0, "4H", "4D", "4C")
    g.pass_(2)
    g.pass_(1)
    assert g.state.bonus == (0, 2)
    g.play(0, "2C")
    assert g.hand(0) == sorted(["9C", "10C", "JC", "5C", "5D"])
    assert g.actor == 0 and g.state.bonus == (0, 0)
    g.play(0, "9C")
    assert g.actor == 2


def test_effects_on_the_last_bonus_turn_target_the_normal_next_player():
    """Z17 / §2.10.7(4): "Effects created on the last bonus turn target the normal next player"."""
    g = game([["4H", "2H", "9C", "10C"], ["6S", "8S", "QS"], ["6D", "8D", "JD"]])
    g.play(0, "4H")
    g.pass_(2)
    g.pass_(1)
    assert g.state.bonus == (0, 0)
    g.play(0, "2H")
    assert g.pending_draw == (2, 2)
    assert g.actor == 2


def test_own_wish_during_bonus_turns_binds_himself():
    """§2.10.7(4): "his wish must be satisfied by himself"."""
    g = game([["4H", "4C", "AC", "9D", "10D", "8S"], ["6S", "9S", "QS"], ["6D", "8D", "JD"]], starter="4S")
    g.play(0, "4H", "4C")
    g.pass_(2)
    g.pass_(1)
    g.play(0, "AC", wish="D")
    assert g.wish == ("suit", "D") and g.actor == 0
    g.rejects("does_not_match", g.play, 0, "8S")
    g.play(0, "9D")
    assert g.wish is None and g.actor == 2


def test_four_during_bonus_turns_restarts_the_robin_with_unused_turns():
    """§2.10.7(5) / R#38: a 4 played during bonus turns starts a new robin whose count = new 4s + unused
    bonus turns."""
    g = game([["4H", "4C", "4D", "9D", "10D", "JD"], ["6S", "8S", "QS"], ["6C", "8C", "JC"]], starter="4S")
    g.play(0, "4H", "4C")
    g.pass_(2)
    g.pass_(1)
    assert g.state.bonus == (0, 1)
    g.play(0, "4D")  # one new 4 + one unused bonus turn
    assert g.state.robin == Robin(count=2, last_seat=0, asked_since=0)
    assert g.actor == 2
    g.pass_(2)
    g.pass_(1)
    assert g.actor == 0 and g.state.bonus == (0, 1)


def test_robin_whose_last_seat_has_left_play():
    """Z18: if the robin's last_seat has left play, the robin ends once every active player has been
    asked since the last 4: no bonus turns, and the turn goes to the first active seat after last_seat.
    (B goes out on a 4; C, D and A decline; C plays.)"""
    g = abcd(a=["6C", "8C", "10C"], b=["4H"], c=["6H", "8H", "JH"], d=["6D", "8D", "JD"], starter="7H")
    g.play(B, "4H")
    assert g.state.finished == (B,)
    assert g.actor == C and g.state.robin.last_seat == B
    g.pass_(C)
    g.pass_(D)
    assert g.actor == A
    g.pass_(A)
    assert "bonus_turns_granted" not in [e.type for e in g.log]
    assert g.state.robin is None and g.state.bonus is None
    assert g.actor == C and g.next_regular == C
    g.play(C, "8H")
    assert g.actor == D


# ===================================================================== R#39, R#34, R#35, Z21, Z8
def test_jack_and_ace_go_on_any_jack_or_ace_regardless_of_suit_and_wish():
    """R#39: "any Jack can be placed on any Ace and any Ace can be placed on any Jack, … ignoring the
    requested suit or value"; each replaces the wish with one of its own kind."""
    g = game([["AH", "9C", "10S"], ["AD", "8D", "QS"], ["JS", "8S", "10D"]])
    g.play(0, "AH", wish="C")
    g.play(2, "JS", wish="8")       # J♠ on A♥ with a club wish
    assert g.wish == ("rank", "8")
    g.play(1, "AD", wish="D")      # A♦ on J♠ with an 8 wish
    assert g.wish == ("suit", "D") and g.actor == 0


def test_jack_on_an_ace_without_a_wish():
    """R#39 with Z25: a fixed Ace starter makes no wish (ignore_effect) but is still an Ace, so any Jack
    may be placed on it regardless of suit."""
    g = game([["JC", "8C", "9D"], ["9C", "10C", "JD"], ["9H", "10H", "QD"]], starter="AH")
    g.play(0, "JC", wish="8")
    assert g.wish == ("rank", "8")


def test_jack_is_not_wild_elsewhere():
    """R#39: "elsewhere … Jacks need normal matching"."""
    g = game([["JC", "8C", "9D"], ["9C", "10C", "JD"], ["9H", "10H", "QD"]])
    g.rejects("does_not_match", g.play, 0, "JC", wish="8")


@pytest.mark.parametrize("wish,ok", [("8", True), ("Q", True), ("9", False), ("K", False), ("2", False),
                                     ("A", False)])
def test_jack_wish_must_be_a_held_non_action_value(wish, ok):
    """R#35 / §2.10.3: wishable 5–10, Q, K; the caller must hold a non-action card of that rank after
    the play (here 8♣ and Q♠ count, K♥ does not — it is an action card)."""
    g = game([["JH", "8C", "KH", "2C", "QS", "AC"], ["6S", "8S", "JS"], ["6D", "8D", "JD"]])
    if ok:
        g.play(0, "JH", wish=wish)
        assert g.wish == ("rank", wish)
    else:
        g.rejects("invalid_wish", g.play, 0, "JH", wish=wish)


def test_jack_without_a_non_action_card_calls_any_non_action_card():
    """R#35 / §2.10.3 free_plain: "if they do not hold the value they are calling, they must call 'any
    non-action card'"; it is satisfied by any plain card of any suit."""
    g = game([["JC", "2H", "4H"], ["6S", "8S", "JS"], ["2S", "9S", "QD"]], starter="7C")
    g.rejects("invalid_wish", g.play, 0, "JC", wish="8")
    g.play(0, "JC", wish="free")
    assert g.wish == ("free_plain", None)
    g.rejects("does_not_match", g.play, 2, "2S")  # an action card
    g.play(2, "9S")
    assert g.wish is None and g.actor == 1


def test_ace_without_another_suit_calls_free_suit():
    """R#34 / §2.10.3 free_suit: an Ace whose caller holds no card of another suit than the suit in play
    calls "free suit" = any suit except that one."""
    g = game([["AC", "8H", "9H"], ["6S", "8S", "JS"], ["10H", "9S", "10S"]], starter="7H")
    g.rejects("invalid_wish", g.play, 0, "AC", wish="C")
    g.play(0, "AC", wish="free")
    assert g.wish == ("free_suit", "H")
    g.rejects("does_not_match", g.play, 2, "10H")
    g.play(2, "9S")
    assert g.wish is None


def test_replacing_ace_must_differ_from_the_wished_suit():
    """Z21: "the suit in play" for an Ace on a suit wish is the wished suit (not the top Ace's suit)."""
    g = game([["AH", "9C", "10S"], ["6S", "8S", "JS"], ["AS", "9H", "5C"]])
    g.play(0, "AH", wish="C")
    g.rejects("invalid_wish", g.play, 2, "AS", wish="C")
    g.play(2, "AS", wish="H")  # the Ace's suit H is fine: it is not "in play"
    assert g.wish == ("suit", "H")


def test_ace_on_a_free_suit_wish_must_differ_from_the_excluded_suit():
    """Z21: under a free-suit wish "the suit in play" is the excluded suit."""
    g = game([["AC", "8H", "9H"], ["6S", "8S", "JS"], ["AS", "10H", "9D"]], starter="7H")
    g.play(0, "AC", wish="free")
    g.rejects("invalid_wish", g.play, 2, "AS", wish="H")
    g.play(2, "AS", wish="D")
    assert g.wish == ("suit", "D")


def test_ace_on_a_rank_wish_must_differ_from_the_top_jacks_suit():
    """Z21: otherwise (a rank wish) "the suit in play" is the top card's suit."""
    g = game([["JH", "8C", "10S"], ["6S", "8S", "JS"], ["AS", "9H", "9D"]])
    g.play(0, "JH", wish="8")
    g.rejects("invalid_wish", g.play, 2, "AS", wish="H")
    g.play(2, "AS", wish="D")
    assert g.wish == ("suit", "D")


@pytest.mark.parametrize("king,target", [("KH", 1), ("KS", 0)])
def test_action_king_satisfying_a_rank_wish_keeps_its_effect(king, target):
    """Z8 / R#35: an action card used to satisfy a rank wish (K♥, K♠ for a wish of K) still triggers its
    own effect."""
    g = game([["JH", "KC", "10S"], ["6S", "8S", "JS"], [king, "9H", "9D"]])
    g.play(0, "JH", wish="K")
    g.play(2, king)
    assert g.wish is None
    assert g.pending_draw == (5, target)


# ===================================================================== Z20 / R#41, §2.9 packs
@pytest.mark.parametrize("starter,cards,expected", [
    ("7H", ("KH", "KS"), (10, 1)),   # last draw king K♠ → previous of seat 0
    ("7S", ("KS", "KH"), (10, 2)),   # last draw king K♥ → next
    ("7H", ("KH", "KC"), (5, 2)),    # plain K♣ adds nothing; K♥ decides
    ("7S", ("KS", "KD"), (5, 1)),    # plain K♦ adds nothing; K♠ decides
    ("7C", ("KC", "KH"), (5, 2)),
])
def test_king_packs_are_additive_and_the_last_draw_king_decides(starter, cards, expected):
    """Z20 / R#41 / §2.9: in a pack of kings the amounts add (K♠+K♥ = 10), the last draw king decides
    the target, plain kings add nothing."""
    g = game([list(cards) + ["9D", "10D"], ["6D", "8D", "JD"], ["6C", "8C", "JC"]], starter=starter)
    g.play(0, *cards)
    assert g.pending_draw == expected
    assert g.actor == expected[1]


def test_king_pack_as_a_war_answer():
    """Z20 with §3.2: a K♥+K♠ pack answering a 2 adds 10 and K♠ (last) aims at the answerer's previous
    player."""
    g = game([["2C", "9D", "10D"], ["6S", "8S", "JS"], ["KH", "KS", "8D"]], starter="7C")
    g.play(0, "2C")
    g.play(2, "KH", "KS")
    assert g.pending_draw == (12, 0)


def test_same_rank_pack_of_plain_cards():
    """§2.9 plawno: same_rank — two or more cards of the same value; the last one ends on top."""
    g = game([["9H", "9C", "9S", "10D"], ["6D", "8D", "JD"], ["6C", "8C", "JC"]])
    g.play(0, "9H", "9C", "9S")
    assert g.top == "9S" and g.hand(0) == ["10D"]
    assert g.actor == 2


def test_pack_of_action_cards_adds_its_effects():
    """§2.9: "three 2s … pick up 6 … same for 3's, 4's and Kings"; a 4 pack counts each 4."""
    g = game([["2H", "2C", "2S", "10D"], ["6D", "8D", "JD"], ["6C", "8C", "JC"]])
    g.play(0, "2H", "2C", "2S")
    assert g.pending_draw == (6, 2)
    g = game([["4H", "4C", "4S", "10D"], ["6D", "8D", "JD"], ["6C", "8C", "JC"]])
    g.play(0, "4H", "4C", "4S")
    assert g.state.robin == Robin(count=3, last_seat=0, asked_since=0)


def test_pack_of_aces_makes_one_wish():
    """§2.9: "a wish is made once (by the last card)"."""
    g = game([["AH", "AC", "9D", "10D"], ["6D", "8D", "JD"], ["6C", "8C", "JC"]])
    g.play(0, "AH", "AC", wish="D")
    assert [e.type for e in g.last].count("wish_set") == 1
    assert g.wish == ("suit", "D") and g.top == "AC"


@pytest.mark.parametrize("cards,reason", [
    (("9H", "10H"), "invalid_group"),         # a run: "cards cannot be played in runs" [E12]
    (("9H", "9C", "10C"), "invalid_group"),
    (("9C", "9H"), "does_not_match"),         # the first card must be legal (§2.9)
])
def test_invalid_packs(cards, reason):
    """§2.9 plawno: same_rank only; the first card must be legal by §2.5."""
    g = game([["9H", "9C", "10H", "10C"], ["6D", "8D", "JD"], ["6C", "8C", "JC"]])
    g.rejects(reason, g.play, 0, *cards)


# ===================================================================== §2.12 catch
def test_catch_while_the_window_is_open_costs_five():
    """§2.12 catch enforcement: any opponent may catch an obliged player who has not called while the
    window is open; the penalty is 5 cards (R#7) and ends nobody's turn."""
    g = game([["9H", "10S"], ["6D", "8D", "JD"], ["6C", "8C", "JC"]], stock=["5C", "5D", "6H", "6S", "8S"])
    g.play(0, "9H")
    assert g.state.call_window.seat == 0
    g.catch(1, 0)
    assert g.types()[:2] == ["call_penalty_applied", "cards_drawn"]
    assert g.last[0].caught_by == 1
    assert g.hand(0) == sorted(["10S", "5C", "5D", "6H", "6S", "8S"])
    assert g.state.call_window is None
    assert g.actor == 2


def test_no_catch_no_penalty_and_the_window_closes_at_the_next_action():
    """§2.12: "No catch → no penalty"; the window closes at the start of the next turn."""
    g = game([["9H", "10S"], ["6D", "8D", "JD"], ["6C", "8C", "9C"]])
    g.play(0, "9H")
    g.play(2, "9C")
    assert "call_window_closed" in g.types() and "call_penalty_applied" not in g.types()
    g.rejects("nothing_to_catch", g.catch, 1, 0)
    assert g.hand(0) == ["10S"]


def test_catch_after_the_window_timed_out_is_rejected():
    """§2.12 / API: the window also closes announce_window_s after it opened."""
    g = game([["9H", "10S"], ["6D", "8D", "JD"], ["6C", "8C", "JC"]])
    g.play(0, "9H")
    g.advance(5.0)
    g.rejects("nothing_to_catch", g.catch, 1, 0)


def test_a_call_in_time_cannot_be_caught_and_false_catches_are_rejected():
    """§2.12 / R#45: a player who called cannot be caught; catching a player with no obligation, or
    oneself, is rejected without penalty (false_catch_penalty = 0)."""
    g = game([["9H", "10S"], ["6D", "8D", "JD"], ["6C", "8C", "JC"]])
    g.play(0, "9H", announce=True)
    g.rejects("nothing_to_catch", g.catch, 1, 0)
    g.rejects("nothing_to_catch", g.catch, 1, 2)
    g = game([["9H", "10S"], ["6D", "8D", "JD"], ["6C", "8C", "JC"]])
    g.play(0, "9H")
    g.rejects("nothing_to_catch", g.catch, 0, 0)
    g.announce(0)
    g.rejects("nothing_to_catch", g.catch, 2, 0)
    assert g.hand(0) == ["10S"]


# ===================================================================== §2.13 last_one_standing
def test_last_one_standing_placements_and_result():
    """§2.13 / §2.14 / §5.4: a player who goes out takes the next placement and leaves play; the round
    goes on until one player holds cards; first out wins, the last holder loses (`state.result`)."""
    g = game([["9H"], ["10C", "JD", "QD"], ["9C", "10S"]])
    g.play(0, "9H")
    assert g.state.finished == (0,) and g.state.active == (False, True, True)
    assert g.state.status == "playing" and g.actor == 2
    g.play(2, "9C")
    g.play(1, "10C")
    assert g.actor == 2  # seat 0 is skipped: next/prev over active seats only
    g.play(2, "10S")
    r1 = g.state.rounds[0]
    assert r1.reason == "last_one_standing"
    assert r1.standings == (1, 3, 2)
    assert g.state.status == "finished"
    res = g.state.result
    assert res.winners == (0,) and res.losers == (1,)
    assert res.standings == (1, 3, 2)


def test_final_card_effect_goes_to_the_next_active_player():
    """§2.13 leaving play / R#44: "Effects of his final card stay live and go to the next active
    player"."""
    g = game([["KH"], ["6D", "8D", "JD"], ["6C", "8C", "JC"]])
    g.play(0, "KH")
    assert g.state.finished == (0,)
    assert g.pending_draw == (5, 2) and g.actor == 2


def test_departing_king_of_spades_hits_his_previous_seat():
    """Z23: targets of a player's final card are computed while he is still seated: a departing K♠ hits
    his previous seat; the regular turn then goes to his next seat."""
    g = game([["KS"], ["6D", "8D", "JD"], ["6C", "8C", "JC"]], starter="7S",
             stock=["5C", "5D", "6H", "6S", "8S"])
    g.play(0, "KS")
    assert g.pending_draw == (5, 1)
    assert g.actor == 1 and g.next_regular == 2
    g.draw(1)
    assert g.actor == 2


def test_bonus_turns_of_a_player_who_goes_out_are_void():
    """§2.13 leaving play: "Pławno bonus turns of a player who goes out are void"; the turn goes to the
    next active seat."""
    g = game([["4H", "4C", "9C"], ["6S", "8S", "QS"], ["6D", "8D", "JD"], ["6C", "8C", "JC"]], starter="4S")
    g.play(0, "4H", "4C")
    for seat in (3, 2, 1):
        g.pass_(seat)
    assert g.actor == 0 and g.state.bonus == (0, 1)
    g.play(0, "9C")
    assert g.state.finished == (0,)
    assert g.state.bonus is None
    assert g.actor == 3 and g.next_regular == 3


def test_wish_of_a_finished_player_stays_until_fulfilled():
    """§2.13 leaving play: "A wish made by a finished player stays until fulfilled"."""
    g = game([["AH"], ["6D", "8D", "JD"], ["6H", "8C", "JC"]])
    g.rejects("wish_required", g.play, 0, "AH")  # choosing is mandatory (R#16), also on the last card
    g.rejects("invalid_wish", g.play, 0, "AH", wish="C")  # he holds no club after the play (R#34)
    g.play(0, "AH", wish="free")
    assert g.state.finished == (0,)
    assert g.wish == ("free_suit", "H") and g.actor == 2
    g.rejects("does_not_match", g.play, 2, "6H")
    g.play(2, "8C")
    assert g.wish is None


# ===================================================================== §2.15 two players
def test_two_players_robin_opponent_declines_and_the_four_player_plays_count_times():
    """§2.15 / §2.10.7(6): "opponent declines → X plays count times in a row"."""
    g = game([["4H", "4C", "8C", "9C", "10C", "JC"], ["6D", "8D", "JD"]], starter="4S")
    g.play(0, "4H", "4C")
    assert g.actor == 1
    g.pass_(1)
    assert g.hand(1) == ["6D", "8D", "JD"]
    assert g.actor == 0 and g.state.bonus == (0, 1)
    g.play(0, "8C")
    assert g.actor == 0
    g.play(0, "9C")
    assert g.actor == 1


def test_two_players_king_of_spades_hits_the_opponent_who_loses_his_turn():
    """§2.15 / R#6: a `previous` target is treated as `next`; the opponent draws and loses his turn."""
    g = game([["KS", "9S", "10S"], ["6D", "8D", "JD"]], starter="7S", stock=["5C", "5D", "6H", "6S", "8S"])
    g.play(0, "KS")
    assert g.pending_draw == (5, 1)
    assert g.state.pending_draw.target_is_regular is True
    g.draw(1)
    assert g.actor == 0


def test_two_players_round_ends_when_one_goes_out():
    """§2.15: last_one_standing "ends as soon as one of two goes out"; going out on a draw card is
    immediate (§2.13 default) — nobody draws."""
    g = game([["2H"], ["6D", "8D", "JD"]])
    g.play(0, "2H")
    r1 = g.state.rounds[0]
    assert r1.reason == "last_one_standing"
    assert r1.standings == (1, 2)
    assert g.state.result.winners == (0,) and g.state.result.losers == (1,)
    assert [e for e in g.log if e.type == "penalty_taken"] == []


# ===================================================================== §2.3 / Z25
def test_first_player_is_right_of_the_dealer():
    """§2.3 plawno: counter-clockwise, "Play starts to the dealer's right" (dealer − 1)."""
    g = Game("plawno", hands=[["9C"], ["9D"], ["9S"], ["10C"]], starter="7C", dealer=1)
    assert g.actor == 0 and g.direction == "ccw"
    g = Game("plawno", hands=[["9C"], ["9D"], ["9S"], ["10C"]], starter="7C", dealer=0)
    assert g.actor == 3


@pytest.mark.parametrize("starter", ["2H", "3H", "KH", "4H", "AH", "JH", "QH"])
def test_fixed_special_starter_has_no_effect(starter):
    """Z25: a fixed deal's starter is never redrawn; under `redraw_until_plain` it is treated as
    `ignore_effect` — no war, no robin, no wish."""
    g = game([["9H", "9C", "10C"], ["6D", "8D", "JD"], ["6S", "8S", "JS"]], starter=starter)
    assert g.top == starter
    assert g.pending_draw is None and g.state.robin is None and g.wish is None
    assert g.actor == 0
    g.rejects("does_not_match", g.play, 0, "9C")
    g.play(0, "9H")
