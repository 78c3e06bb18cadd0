"""Rules scenarios for the two-player ``bounce`` option (RULES.md §2.13, §2.15, R#44), in
every preset (the option exists in all of them, §4.1 H).

With exactly two active players, a player who goes out on a draw card is not out until
the chain is resolved. The opponent then answers (the pending draw comes back to the
player with no cards, who must draw it and stays in), cancels it where the preset has a
cancel card, or takes the penalty: either way the chain is resolved, the player is out,
and the round ends as the preset's ``round.end_mode`` says (§2.13), scored by its
``score.scheme`` (§2.14): the win point (``macau``, ``switch``), penalty points of the
opponent's hand, penalty cards included (``mau_mau``, ``tel_aviv``), or first place, which
ends the game (``makao``, ``romanian``, ``plawno``).

All deals are fixed; the dealer is seat 1, so seat 0 (the player who goes out) acts first."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import pytest

from tests.support.table import Game

BOUNCE = {"last_card": {"two_player_attack_finish": "bounce"}}
SWITCH_BOUNCE = {"last_card": {"two_player_attack_finish": "bounce", "special_must_draw": False}}
STARTER = "9H"


@dataclass(frozen=True)
class Spec:
    variant: str
    last: str  # seat 0's last card, a draw card
    amount: int  # what it makes the opponent draw
    answer: str  # a draw card the opponent may add
    others: tuple[str, ...]  # the opponent's other cards: none answers or cancels
    stock: tuple[str, ...]  # the penalty cards, top first
    cancel: Optional[str] = None  # a card that cancels ``last``, where the preset has one
    take_points: Optional[int] = None  # penalty schemes: the opponent's points after taking
    starter: str = STARTER

    @property
    def opponent(self) -> list[str]:
        return [self.answer, *self.others]


SPECS = {
    "macau": Spec("macau", "2H", 2, "2C", ("9C", "6D", "8D", "10D"), ("5C", "6C", "7C"), cancel="QH"),
    # the preset's special last card draws one first (special_must_draw), so nobody goes
    # out on a draw card there (see the switch test below): these run with it off
    "switch": Spec("switch", "2H", 2, "2C", ("9C", "6D", "8D", "10D"), ("5C", "6C", "7C")),
    "mau_mau": Spec("mau_mau", "7H", 2, "7C", ("9C", "8D", "10D"), ("KC", "QC"),
                    take_points=7 + 9 + 8 + 10 + 4 + 3),  # §5.1: the hand and the penalty cards
    "makao": Spec("makao", "2H", 2, "2C", ("9D", "6D", "8D", "10D"), ("5C", "6C")),
    "romanian": Spec("romanian", "2H", 2, "2C", ("9D", "6D", "8D", "10D"), ("5C", "6C"), cancel="7C"),
    "tel_aviv": Spec("tel_aviv", "2H", 2, "2C", ("9D", "6D", "8D", "10D"), ("6C", "8C"),
                     take_points=20 + 5 + 5 + 5 + 10 + 5 + 5),  # §5.2, Z24
    "plawno": Spec("plawno", "2H", 2, "2C", ("9D", "6D", "8D", "10D"), ("5C", "6C"), cancel="QH"),
}
# the cancel cards of makao and switch stop only a king / a Jack chain: their own cases
KING_CANCELS = {
    "makao": Spec("makao", "KH", 5, "KS", ("9D", "6D", "8D", "10D"), ("5C", "6C", "7C", "8C", "10C"), cancel="QH"),
    "switch": Spec("switch", "JS", 5, "JC", ("9C", "6D", "8D", "10D"), ("5C", "6C", "7C", "8C", "10C"),
                   cancel="JH", starter="9S"),
}
CANCELLING = {**{v: s for v, s in SPECS.items() if s.cancel}, **KING_CANCELS}


def bounce_game(spec: Spec, opponent=None, **kw) -> Game:
    opponent = list(spec.opponent if opponent is None else opponent)
    if spec.cancel and spec.cancel not in opponent:
        opponent.append(spec.cancel)
    return two_seats(spec.variant, [spec.last], opponent, list(spec.stock), spec.starter, **kw)


def two_seats(variant: str, hand0, hand1, stock, starter=STARTER, **kw) -> Game:
    rules = SWITCH_BOUNCE if variant == "switch" else BOUNCE
    g = Game(variant, hands=[hand0, hand1], starter=starter, stock=stock, dealer=1, rules=rules, **kw)
    assert g.actor == 0
    return g


def go_out_deferred(g: Game, spec: Spec) -> None:
    g.play(0, spec.last)
    assert g.types()[:2] == ["card_played", "going_out_deferred"]
    assert g.hand(0) == [] and g.state.pending_out == 0
    assert g.pending_draw == (spec.amount, 1) and g.actor == 1
    assert "round_ended" not in g.types()


def assert_seat_0_won_the_round(g: Game, spec: Spec, points_1: Optional[int] = None) -> None:
    """Seat 0 is out first; the round's result follows the preset's scheme (§2.14)."""
    assert "player_out" in g.types() and "round_ended" in g.types()
    out = next(e for e in g.last if e.type == "player_out")
    assert (out.seat, out.place) == (0, 1)
    ended = g.state.rounds[0]
    assert ended.standings == (1, 2)
    scheme = g.setup.rules.compiled.scheme
    if scheme == "win_points":
        assert ended.reason == "first_out" and ended.points == (1, 0) and g.state.scores == (1, 0)
        assert g.state.status == "playing" and g.state.round == 2  # first to 2 win points
    elif scheme == "placement":
        assert ended.reason == "last_one_standing"
        assert g.state.status == "finished"
        assert g.state.result.winners == (0,) and g.state.result.losers == (1,)
    else:
        assert scheme == "penalty_points"
        assert ended.reason == "first_out" and ended.points == (0, points_1)


# ------------------------------------------------------------------ the opponent takes the penalty
@pytest.mark.parametrize("variant", list(SPECS))
def test_taking_the_penalty_resolves_the_chain_and_the_player_is_out(variant):
    """The reported stuck round (issue 12): seat 0 goes out on a draw card, seat 1 draws
    the penalty; seat 0 is out and the round ends (he used to stay on turn with no cards)."""
    spec = SPECS[variant]
    g = bounce_game(spec)
    go_out_deferred(g, spec)
    before = g.hand_size(1)
    g.draw(1)
    assert g.types().count("penalty_taken") == 1
    drawn = next(e for e in g.last if e.type == "penalty_taken").drawn
    assert drawn == spec.amount
    assert [c for e in g.last if e.type == "cards_drawn" for c in e.cards] == list(spec.stock[:drawn])
    ended_hand = next(e for e in g.last if e.type == "round_ended").hands
    assert ended_hand[0] == () and len(ended_hand[1]) == before + drawn
    assert_seat_0_won_the_round(g, spec, spec.take_points)


def test_macau_going_out_on_the_king_of_spades_then_the_opponent_takes_five():
    """Issue 12 saw it with K♠ too: with two players it hits the opponent (§2.15), who draws 5."""
    g = Game("macau", hands=[["KS"], ["9C", "6D", "8D", "10D"]], starter="9S", dealer=1, rules=BOUNCE,
             stock=["5C", "6C", "7C", "8C", "10C"])
    g.play(0, "KS")
    assert g.types()[:2] == ["card_played", "going_out_deferred"] and g.pending_draw == (5, 1)
    g.draw(1)
    assert len(next(e for e in g.last if e.type == "round_ended").hands[1]) == 4 + 5
    assert_seat_0_won_the_round(g, SPECS["macau"])


def test_taking_the_penalty_by_the_turn_clock_also_resolves_the_chain():
    """A timeout in a pending draw takes the penalty (§2.6): the same resolution."""
    spec = SPECS["macau"]
    g = bounce_game(spec, turn_timeout=30)
    go_out_deferred(g, spec)
    g.advance(31)
    g.timeout(1)
    assert g.types()[:3] == ["turn_timed_out", "cards_drawn", "penalty_taken"]
    assert_seat_0_won_the_round(g, spec)


def test_makao_an_opponent_sitting_out_takes_the_penalty_automatically_and_the_player_is_out():
    """Z13: an attack arriving in the regular turn of a seat that sits out is taken at once;
    that resolves the chain too. Seat 0 plays three 4s (Z12: three turns to miss), seat 1
    accepts, so seat 0 plays on and goes out on a 2 while seat 1 still sits out a turn."""
    g = Game("makao", hands=[["4H", "4S", "4D", "9S", "2S"], ["9D", "6D", "8D", "10D"]], starter="4C", dealer=1,
             rules=BOUNCE, stock=["5C", "6C"])
    g.play(0, "4H", "4D", "4S")
    assert g.pending_skip == (3, 1)
    g.pass_(1)
    assert g.state.turns_to_miss[1] == 2 and g.actor == 0
    g.play(0, "9S")
    assert g.actor == 0 and g.state.turns_to_miss[1] == 1  # seat 1's second missed turn
    g.play(0, "2S")
    assert "going_out_deferred" in g.types() and "penalty_taken" in g.types()
    assert g.hand(1) == sorted(["9D", "6D", "8D", "10D", "5C", "6C"])
    assert_seat_0_won_the_round(g, SPECS["makao"])


# ------------------------------------------------------------------ the opponent answers
@pytest.mark.parametrize("variant", list(SPECS))
def test_an_answer_sends_the_chain_back_and_the_player_must_draw_it(variant):
    """If the opponent answers, the pending draw targets the player, who has nothing to
    answer with: his one legal move is draw; he draws and plays on (§2.13)."""
    spec = SPECS[variant]
    g = bounce_game(spec)
    go_out_deferred(g, spec)
    g.play(1, spec.answer)
    assert "round_ended" not in g.types() and g.pending_draw == (2 * spec.amount, 0)
    assert g.actor == 0 and g.hand(0) == []
    assert g.moves(0) == [{"action": "draw"}]
    g.draw(0)
    drawn = next(e for e in g.last if e.type == "penalty_taken").drawn
    assert drawn > 0 and g.hand_size(0) == drawn
    assert "player_out" not in g.types() and g.state.pending_out is None
    assert g.actor == 1 and g.state.round == 1 and g.state.finished == ()


def test_an_answer_with_the_opponents_own_last_draw_card_bounces_back_to_him():
    """Both go out on draw cards: seat 1 answers with his last card, so his going out is
    deferred in turn; seat 0 draws the chain (he is in again), which resolves it: seat 1
    is out and wins."""
    g = two_seats("macau", ["2H"], ["2C"], ["5C", "6C", "7C", "8C"])
    g.play(0, "2H")
    g.play(1, "2C")
    assert g.types()[:2] == ["card_played", "going_out_deferred"] and g.state.pending_out == 1
    g.draw(0)
    out = next(e for e in g.last if e.type == "player_out")
    assert out.seat == 1
    ended = g.state.rounds[0]
    assert ended.points == (0, 1) and ended.standings == (2, 1)


# ------------------------------------------------------------------ the opponent cancels
@pytest.mark.parametrize("variant", list(CANCELLING))
def test_a_cancel_resolves_the_chain_and_the_player_is_out(variant):
    """Q♥ (macau, makao on a king, plawno), a red Jack (switch, on a Jack) or a 7
    (romanian) cancels the chain: nobody draws, and the player who went out is out."""
    spec = CANCELLING[variant]
    g = bounce_game(spec)
    go_out_deferred(g, spec)
    before = g.hand_size(1)
    g.play(1, spec.cancel)
    assert g.types()[:2] == ["card_played", "chain_cancelled"]
    assert "cards_drawn" not in g.types()
    assert len(next(e for e in g.last if e.type == "round_ended").hands[1]) == before - 1
    assert_seat_0_won_the_round(g, spec)


@pytest.mark.parametrize("variant", ["macau", "makao", "switch"])
def test_a_cancel_with_the_opponents_last_card_puts_him_out_first(variant):
    """The cancel empties the opponent's hand: he goes out at once (§2.16 step 5) before
    the cancel takes effect (step 6), so he is first and seat 0 never went out."""
    spec = CANCELLING[variant]
    g = two_seats(variant, [spec.last], [spec.cancel], list(spec.stock), spec.starter)
    g.play(0, spec.last)
    g.play(1, spec.cancel)
    outs = [e for e in g.last if e.type == "player_out"]
    assert [(e.seat, e.place) for e in outs] == [(1, 1)]
    assert g.types().count("round_ended") == 1
    assert g.state.rounds[0].standings == (2, 1)
    assert g.types().index("round_ended") > g.types().index("player_out")


# ------------------------------------------------------------------ switch as preset
def test_switch_preset_a_special_last_card_draws_one_first_so_nothing_bounces():
    """In ``switch`` a special last card (a 2 or a Jack) makes its player draw one before
    its effect (§2.13 special_must_draw, R#22): he is not out, so a bounce never arises
    there, even with the option on; the 2's draw goes to the opponent as usual."""
    g = Game("switch", hands=[["2H"], ["9C", "6D", "8D", "10D"]], starter=STARTER, dealer=1, rules=BOUNCE,
             stock=["5C", "6C", "7C"])
    g.play(0, "2H")
    assert g.types()[:2] == ["card_played", "cards_drawn"] and "going_out_deferred" not in g.types()
    assert g.hand(0) == ["5C"] and g.state.pending_out is None
    assert g.pending_draw == (2, 1) and g.actor == 1
