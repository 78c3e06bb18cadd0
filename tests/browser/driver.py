"""Reading and playing the table page through its accessibility contract (README, "The
web table"): data-* attributes, button names and roles, as a player's browser sees them."""

from __future__ import annotations

WISH_RANKS = ("J", "A")  # Makaó's wish cards: the driver prefers them, to be asked for a wish

READY_JS = """() => {
  const t = document.querySelector('#table');
  if (!t) return false;
  if (t.dataset.status === 'finished') return true;
  const named = (n) => [...document.querySelectorAll('.actions button')].some(
    (b) => !b.disabled && b.childNodes[0] && b.childNodes[0].textContent === n);
  if (named('Announce')) return true;
  if (t.dataset.currentSeat !== t.dataset.yourSeat || t.dataset.status !== 'playing') return false;
  return !!document.querySelector('.hand [data-card][aria-disabled="false"]') || named('Draw') || named('Pass');
}"""


class CardButton:
    """A card of the hand. Cards overlap when the hand is wider than the screen: a card is
    pressed on its own visible strip, as a finger or a mouse does: at its left, or at its
    right on a page read from right to left."""

    STRIP = {"x": 8, "y": 30}

    def __init__(self, locator):
        self.locator = locator

    def click(self, **kwargs):
        position = dict(self.STRIP)
        if self.locator.evaluate("e => getComputedStyle(e).direction") == "rtl":
            position["x"] = self.locator.bounding_box()["width"] - self.STRIP["x"]
        self.locator.click(position=position, **kwargs)

    def __getattr__(self, name):
        return getattr(self.locator, name)


class Table:
    def __init__(self, page):
        self.page = page

    # ------------------------------------------------------------------ reading
    def attr(self, name):
        return self.page.get_attribute("#table", name)

    @property
    def status(self):
        return self.attr("data-status")

    @property
    def version(self) -> int:
        return int(self.attr("data-version"))

    @property
    def your_seat(self):
        v = self.attr("data-your-seat")
        return None if v is None else int(v)

    def hand(self) -> list[str]:
        return self.page.eval_on_selector_all(".hand button[data-card]", "els => els.map(e => e.dataset.card)")

    def enabled_cards(self) -> list[str]:
        return self.page.eval_on_selector_all('.hand button[data-card][aria-disabled="false"]',
                                              "els => els.map(e => e.dataset.card)")

    def button(self, name):
        return self.page.get_by_role("button", name=name, exact=True)

    def has_button(self, name) -> bool:
        b = self.button(name)
        return b.count() > 0 and b.first.is_enabled()

    def wait_for(self, js: str, arg=None, timeout=15_000):
        self.page.wait_for_function(js, arg=arg, timeout=timeout)

    def wait_version_above(self, version: int, timeout=15_000):
        self.wait_for("v => Number(document.querySelector('#table').dataset.version) > v", version, timeout)

    def wait_status(self, status: str, timeout=15_000):
        self.wait_for("s => document.querySelector('#table')?.dataset.status === s", status, timeout)

    # ------------------------------------------------------------------ acting
    def card(self, code) -> CardButton:
        return CardButton(self.page.locator(f'.hand button[data-card="{code}"]').first)

    def act(self, click) -> None:
        """Click, then wait until the table has moved on (or the move was refused)."""
        before = self.version
        click()
        self.wait_for("v => Number(document.querySelector('#table').dataset.version) > v"
                      " || !!document.querySelector('[role=alert] .alert')", before)

    def take_turn(self) -> str:
        """One action by clicking, as a player would: a play if a card fits (a wish card
        first, choosing the first wish offered), else Draw, else Pass. Returns what it did."""
        if self.has_button("Announce"):
            self.act(lambda: self.button("Announce").click())
            return "announce"
        enabled = self.enabled_cards()
        if enabled:
            first = sorted(enabled, key=lambda c: (c[:-1] not in WISH_RANKS, enabled.index(c)))[0]
            self.card(first).click()
            wished = False
            for _ in range(6):
                if self.page.locator("[data-joker-as][aria-pressed=true]").count() == 0 and \
                        self.page.locator("[data-joker-as]").count():
                    self.page.locator("[data-joker-as]").first.click()
                if self.page.locator("[data-wish]").count() and not wished:
                    self.page.locator("[data-wish]").first.click()
                    wished = True
                if self.button("Play").is_enabled():
                    self.act(lambda: self.button("Play").click())
                    return "play+wish" if wished else "play"
                follow = self.page.locator('.hand button.follows[aria-disabled="false"]')
                if follow.count() == 0:
                    break
                follow.first.click()
            self.button("Clear selection").click()
        if self.has_button("Draw"):
            self.act(lambda: self.button("Draw").click())
            return "draw"
        if self.has_button("Pass"):
            self.act(lambda: self.button("Pass").click())
            return "pass"
        raise AssertionError(f"nothing to do: hand {self.hand()}, enabled {enabled}")

    def play_to_the_end(self, max_actions=400) -> list[str]:
        done = []
        for _ in range(max_actions):
            self.wait_for(READY_JS, timeout=30_000)
            if self.status == "finished":
                return done
            done.append(self.take_turn())
        raise AssertionError(f"the game did not end after {max_actions} actions: {done[-20:]}")
