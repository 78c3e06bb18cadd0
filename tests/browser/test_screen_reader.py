"""Playing by screen reader (issue 40): a whole game, to its end, from the keyboard and with
nothing but the accessibility tree (Playwright's role and name locators, the buttons'
disabled state; keys pressed on the element found), in English and in Polish. Meanwhile
every move of every seat is said once, in the page's language, in the page's polite live
region; and your turn, your hand and your legal moves can be read as text."""

from __future__ import annotations

import re
import time

import pytest

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from .catalogs import text

# Macau, Ann against a normal bot (bot delay 0), one round to win; the others' moves are
# shown one at a time, as a player sees them.
BODY = {"variant": "macau", "seats": 2, "players": [{"name": "Ann"}], "bots": [{"level": "normal"}],
        "rules": {"score": {"target": 1}}, "bot_delay_s": 0, "turn_timeout_s": None,
        "deal": {"dealer": 1, "hands": [["7H", "8H", "9D", "KH", "5S"], ["7C", "8C", "9C", "10C", "QC"]], "starter": "6H"}}
MOVES = {"card_played", "cards_drawn", "player_passed", "turn_skipped", "skip_accepted", "turn_timed_out", "call_made",
         "call_penalty_applied", "hands_swapped", "pass_card_chosen"}

# What the live region said, each item once: [first seq, last seq, text]
LISTEN = """
window.__said = [];
new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) {
    if (n.nodeType === 1 && n.parentElement && n.parentElement.matches('[data-announcer]'))
      window.__said.push([Number(n.dataset.firstSeq || 0), Number(n.dataset.lastSeq || 0), n.textContent]);
  }
}).observe(document, { subtree: true, childList: true });
"""


class ByTree:
    """The page as a screen reader's user reaches it: roles and names, in the page's language."""

    def __init__(self, page, lang: str):
        self.page, self.lang = page, lang

    def name(self, key, **params):
        return text(self.lang, key, **params)

    def button(self, key, root=None):
        return (root or self.page).get_by_role("button", name=self.name(key), exact=True)

    def hand(self):
        return self.page.get_by_role("group", name=re.compile("^" + re.escape(self.name("hand.heading"))))

    def press(self, locator):
        locator.focus()
        self.page.keyboard.press("Enter")

    def state(self) -> str:
        """What the tree says of the hand and the actions now (to see that a move was made);
        nothing once they are gone (the game is over, or a round)."""
        out = ""
        for part in (self.hand(), self.page.get_by_role("group", name=self.name("hand.actions"))):
            try:
                out += part.aria_snapshot(timeout=500) if part.count() else "-"
            except PlaywrightTimeout:  # gone between the count and the snapshot
                out += "-"
        return out

    def over(self) -> bool:
        return self.page.get_by_role("region", name=self.name("table.game_over"), exact=True).count() > 0

    def my_turn(self) -> bool:
        if self.hand().count() == 0:
            return False
        if self.hand().get_by_role("button", disabled=False).count():
            return True
        return any(self.button(k).count() and self.button(k).is_enabled() for k in ("action.draw", "action.pass",
                                                                                     "action.announce"))

    def wait(self, ready, timeout_s=60):
        deadline = time.monotonic() + timeout_s
        while not ready():
            assert time.monotonic() < deadline, "the table did not come to the point"
            if self.button("round_end.next").count():
                self.press(self.button("round_end.next"))
            self.page.wait_for_timeout(100)

    def take_turn(self) -> str:
        before = self.state()
        if self.button("action.announce").count():
            self.press(self.button("action.announce"))
            done = "announce"
        else:
            cards = self.hand().get_by_role("button", disabled=False)
            done = None
            if cards.count():
                self.press(cards.first)
                for group in ("hand.joker_group", "hand.wish_group"):
                    picker = self.page.get_by_role("group", name=self.name(group), exact=True)
                    if picker.count():
                        self.press(picker.get_by_role("button").first)
                if self.button("action.play").is_enabled():
                    self.press(self.button("action.play"))
                    done = "play"
                else:
                    self.press(self.button("action.clear"))
            if done is None:
                key = "action.draw" if self.button("action.draw").count() else "action.pass"
                assert self.button(key).count(), f"nothing to do: {self.state()}"
                self.press(self.button(key))
                done = key
        deadline = time.monotonic() + 20
        busy = self.page.get_by_role("region", name=re.compile("^" + re.escape(self.name("hand.heading"))))
        sending = lambda: busy.evaluate_all("els => els.some((e) => e.getAttribute('aria-busy') === 'true')")  # noqa: E731
        while not self.over() and (self.state() == before or sending()):
            assert self.page.get_by_role("alert").count() == 0, self.page.get_by_role("alert").all_inner_texts()
            assert time.monotonic() < deadline, f"{done}: nothing happened"
            self.page.wait_for_timeout(50)
        return done


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_whole_game_by_keyboard_and_the_accessibility_tree_every_move_said_once(open_page, service, lang):
    http = service["http"]
    status, g = http("POST", "/v1/games", BODY)
    assert status == 201, g
    game_id, token = g["game_id"], g["players"][0]["token"]
    locale = {"en": "en-GB", "pl": "pl-PL"}[lang]
    page = open_page(f"/play/{game_id}#token={token}", pace=True, locale=locale, init_script=LISTEN)
    tree = ByTree(page, lang)
    tree.wait(tree.my_turn)
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == [lang, "ltr"]
    loaded = int(page.get_attribute("#table", "data-version"))  # what was there before: not read out
    # your turn, your hand and what you may do, as text
    hand = tree.hand()
    assert hand.get_by_role("button").count() == 5
    names = hand.get_by_role("button").evaluate_all("bs => bs.map((b) => b.getAttribute('aria-label'))")
    assert any(n.startswith(text(lang, "card.name", rank=text(lang, "card.rank.K"), suit=text(lang, "card.suit.H")))
               for n in names), names
    may = text(lang, "moves.may", moves="").rstrip(".").strip()
    expect(hand).to_have_accessible_description(re.compile(re.escape(may)))

    actions = []
    for _ in range(200):
        tree.wait(lambda: tree.over() or tree.my_turn())
        if tree.over():
            break
        actions.append(tree.take_turn())
    assert tree.over(), actions
    status, final = http("GET", f"/v1/games/{game_id}")
    assert final["status"] == "finished"
    assert "play" in actions

    # every move of every seat after the page loaded, said once, in the page's language
    page.wait_for_timeout(200)
    said = page.evaluate("window.__said")
    status, log = http("GET", f"/v1/games/{game_id}/events?after={loaded}&limit=1000")
    moves = [e for e in log["events"] if e["type"] in MOVES]
    assert moves and {e["seat"] for e in moves} == {0, 1}, "both seats moved"
    for e in moves:
        covering = [s for s in said if s[0] <= e["seq"] <= s[1]]
        assert len(covering) == 1, (e, covering)
    spans = [(s[0], s[1]) for s in said if s[0]]
    assert len(spans) == len(set(spans)), "an item was said twice"
    your_turn = text(lang, "announce.your_turn_moves", moves="").split(".")[0].strip().lower()
    assert any(s[2].lower().startswith(your_turn) for s in said), said
    game_over = text(lang, "ev.game_ended")
    assert any(game_over in s[2] for s in said), said
    if lang != "en":
        english = {"played", "drew", "passed", "your turn", "you may"}
        assert not [s for s in said if any(w in s[2].lower() for w in english)], said
