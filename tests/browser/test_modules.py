"""The page's pure modules, run in the browser itself: matching a selection against
legal_moves (the page's only source of what may be played) and events in words."""

from __future__ import annotations

import pytest

LEGAL = [
    {"action": "play", "cards": ["JKR"], "joker_as": "10H"},
    {"action": "play", "cards": ["JKR", "5C"], "joker_as": "5H"},
    {"action": "play", "cards": ["JKR"], "joker_as": "AS", "wish_options": [{"suit": "C"}, {"suit": "D"}]},
    {"action": "play", "cards": ["KS"]},
    {"action": "play", "cards": ["KS", "KS"]},
    {"action": "play", "cards": ["JH"], "wish_options": [{"rank": "8"}, {"free": True}]},
    {"action": "play", "cards": ["5H"]},
    {"action": "play", "cards": ["5H"], "announce": True},
    {"action": "draw"},
    {"action": "catch", "target_seat": 2},
]


@pytest.fixture
def run(open_page):
    page = open_page("/assets/app.css")  # any page of the origin: modules are imported from it

    def call(module: str, body: str, arg=None, language="en"):
        return page.evaluate(f"async (arg) => {{ await (await import('/assets/js/i18n.js')).loadLanguage('{language}');"
                             f" const m = await import('/assets/js/{module}'); {body} }}", arg)

    return call


def test_cards_are_pressable_only_towards_a_listed_play(run):
    hand = ["JKR", "KS", "9D", "KS", "5C", "5H"]
    start = run("moves.js", "return m.pressable(arg.hand, arg.legal, []);", {"hand": hand, "legal": LEGAL})
    assert start == [True, True, False, True, False, True]  # 5C only ever follows the joker
    after_king = run("moves.js", "return m.pressable(arg.hand, arg.legal, [1]);", {"hand": hand, "legal": LEGAL})
    assert after_king == [False, True, False, True, False, False]  # the other KS (two decks), or take it back


def test_a_selection_is_ready_once_its_joker_and_wish_are_chosen(run):
    def choices(cards, joker=None, wish=None):
        return run("moves.js", "return m.choices(arg.legal, arg.cards, arg.joker, arg.wish);",
                   {"legal": LEGAL, "cards": cards, "joker": joker, "wish": wish})

    c = choices(["JKR"])
    assert c["jokerOptions"] == ["10H", "AS"] and not c["ready"]
    assert choices(["JKR"], "10H")["ready"]
    c = choices(["JKR"], "AS")
    assert [w.get("suit") for w in c["wishOptions"]] == ["C", "D"] and not c["ready"]
    assert choices(["JKR"], "AS", "D")["ready"]
    assert choices(["JKR"], "AS", "H")["ready"] is False  # not an offered wish
    assert choices(["JKR", "5C"])["chosenJoker"] == "5H"  # one option: chosen for the player
    assert [run("moves.js", "return m.wishKey(arg);", w) for w in choices(["JH"])["wishOptions"]] == ["8", "free"]
    assert choices(["9D"])["matches"] is False
    body = run("moves.js", "const c = m.choices(arg.legal, ['JKR'], 'AS', 'D'); return m.playBody(['JKR'], c, 'D', true);",
               {"legal": LEGAL})
    assert body == {"action": "play", "cards": ["JKR"], "joker_as": "AS", "wish": {"suit": "D"}}
    bodies = run("moves.js", "const c = m.choices(arg.legal, ['5H'], null, null);"
                             " return [m.playBody(['5H'], c, null, true), m.playBody(['5H'], c, null, false)];",
                 {"legal": LEGAL})
    assert bodies == [{"action": "play", "cards": ["5H"], "announce": True}, {"action": "play", "cards": ["5H"]}]
    assert run("moves.js", "return m.catchTargets(arg);", LEGAL) == [2]


def test_events_in_words_join_a_play_and_its_effects(run):
    events = [
        {"seq": 10, "type": "card_played", "seat": 1, "data": {"cards": ["KS"]}},
        {"seq": 11, "type": "draw_pending", "seat": None, "data": {"amount": 5, "target": 0, "family": "war"}},
        {"seq": 12, "type": "turn_started", "seat": 0, "data": {}},
        {"seq": 13, "type": "cards_drawn", "seat": 0, "data": {"count": 5, "reason": "penalty", "cards": ["2C", "3C", "4C", "5C", "6C"]}},
        {"seq": 14, "type": "penalty_taken", "seat": 0, "data": {"amount": 5, "drawn": 5}},
        {"seq": 15, "type": "card_played", "seat": 2, "data": {"cards": ["AH"]}},
        {"seq": 16, "type": "wish_set", "seat": 2, "data": {"kind": "suit", "value": "S"}},
    ]
    lines = run("words.js", """
      const names = ['you', 'Hard bot 1', '<b>Zoë</b>'];
      return m.logLines(arg, { name: (s) => names[s], you: 0, callWord: 'Macau' })
        .map((l) => [l.first, l.last, l.quiet, l.text]);""", events)
    assert lines == [
        [10, 11, False, "Hard bot 1 played K♠: you must draw 5 or answer"],
        [12, 12, True, "Your turn"],
        [13, 14, False, "You drew 2♣, 3♣, 4♣, 5♣, 6♣ as a penalty"],
        [15, 16, False, "<b>Zoë</b> played A♥ and wishes for ♠ spades"],
    ]


def test_the_first_card_s_wish_is_nobody_s_choice(run):
    """RULES.md Z5: a suit-wish first card wishes its own suit; the dealer chose nothing,
    so the log does not say "you wish" (issue 25)."""
    events = [
        {"seq": 4, "type": "round_started", "seat": None,
         "data": {"round": 1, "dealer": 0, "upcard": "AD", "hands": [["5C"], None]}},
        {"seq": 5, "type": "wish_set", "seat": 0, "data": {"kind": "suit", "value": "D"}},
        {"seq": 9, "type": "card_played", "seat": 0, "data": {"cards": ["AH"]}},
        {"seq": 10, "type": "wish_set", "seat": 0, "data": {"kind": "suit", "value": "S"}},
    ]
    got = run("words.js", """
      const ctx = { name: (s) => ['you', 'Ann'][s], you: 0, callWord: 'Macau' };
      return [m.logLines(arg, ctx).map((l) => l.text), m.describe(arg[1], ctx, arg[0]), m.describe(arg[3], ctx, arg[2])];""",
               events)
    lines, alone, played = got
    assert lines[1] == "The first card wishes for ♦ diamonds"
    assert alone == "the first card wishes for ♦ diamonds"
    assert lines[2] == "You played A♥ and wish for ♠ spades" and played == "you wish for ♠ spades"
