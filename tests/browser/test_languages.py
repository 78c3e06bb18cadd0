"""The web table in the family's languages (issue 40): English (the default), German,
Hungarian, Polish, Romanian and Hebrew (right to left). One catalog per language
(service/web/static/i18n/<code>.json), loaded for that language only.

- every catalog has exactly English's keys, the same parameters, and every plural form its
  language needs (by the browser's own Intl.PluralRules); every key the page's modules name
  is in them;
- each page, in each language, at 360x640 and 1280x800: `<html lang>` and `dir` set, no
  English text left (the service's own words excepted, marked `lang="en"`), nothing wider
  than the screen, no button, seat box or badge whose text overflows it (measured), and
  axe-core finds no serious or critical violation;
- the language comes from the browser, and a choice made in the menu is kept."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from .catalogs import LANGUAGES, catalog, text
from .conftest import screenshot
from .driver import Table
from .games import finished_bots_game, fixed_table
from .test_accessibility import axe_source, finished_seat, serious  # noqa: F401 (the fixture)

JS = pathlib.Path(__file__).resolve().parents[2] / "service" / "web" / "static" / "js"
SIZES = [(360, 640), (1280, 800)]
LOCALES = {"en": "en-US", "de": "de-AT", "hu": "hu-HU", "pl": "pl-PL", "ro": "ro-RO", "he": "iw-IL"}  # iw: Hebrew's old code
# where a translation may say it its own way: (parameters it may add, English parameters it may leave out)
OWN_WAY = {"ev.player_out": ({"n"}, {"place"}), "ev.player_out.you": ({"n"}, {"place"}),
           "pile.top": ({"card"}, set()), "pile.top_by": ({"card"}, set())}
CATEGORIES = {"zero", "one", "two", "few", "many", "other"}


def parameters(message) -> set:
    return set(re.findall(r"\{(\w+)\}", json.dumps(message, ensure_ascii=False)))


def catalog_problems(english: dict, other: dict, categories: dict) -> list:
    """What is wrong with a catalog beside English's. `categories`: the plural categories of
    its language, {"cardinal": [...], "ordinal": [...]}, as the browser's Intl says."""
    problems = [f"missing {k}" for k in english if k not in other]
    problems += [f"not in English: {k}" for k in other if k not in english]
    for key, message in other.items():
        if key not in english:
            continue
        added, dropped = OWN_WAY.get(key, (set(), set()))
        if parameters(message) - added != parameters(english[key]) - dropped and message is not english[key]:
            problems.append(f"{key}: parameters {sorted(parameters(message))}, English {sorted(parameters(english[key]))}")
        if isinstance(english[key], dict) != isinstance(message, dict):
            problems.append(f"{key}: plural forms in one catalog, not the other")
        if isinstance(message, dict):
            needed = set(categories["ordinal" if key.endswith(".ordinal") else "cardinal"])
            if needed - set(message) or set(message) - CATEGORIES:
                problems.append(f"{key}: forms {sorted(message)}, the language needs {sorted(needed)}")
        for form in (message.values() if isinstance(message, dict) else [message]):
            if not isinstance(form, str) or not form.strip():
                problems.append(f"{key}: empty")
    return problems


@pytest.fixture(scope="module")
def plural_categories(browser):
    page = browser.new_page()
    try:
        return page.evaluate("""(langs) => Object.fromEntries(langs.map((l) => [l, {
          cardinal: new Intl.PluralRules(l).resolvedOptions().pluralCategories,
          ordinal: new Intl.PluralRules(l, { type: 'ordinal' }).resolvedOptions().pluralCategories }]))""", LANGUAGES)
    finally:
        page.close()


def test_every_catalog_has_englishs_keys_parameters_and_its_languages_plural_forms(plural_categories):
    english = catalog("en")
    assert len(english) > 500
    assert not catalog_problems(english, english, plural_categories["en"])
    bad = {lang: catalog_problems(english, catalog(lang), plural_categories[lang]) for lang in LANGUAGES[1:]}
    assert not any(bad.values()), {k: v for k, v in bad.items() if v}
    # the check itself: a key dropped, a parameter renamed, a plural form missing are each found
    broken = dict(catalog("pl"))
    broken.pop("action.play")
    broken["table.to_play"] = "Ruch: {kto}"
    broken["count.cards"] = {"one": "{n} kartę", "other": "{n} karty"}
    found = catalog_problems(english, broken, plural_categories["pl"])
    assert "missing action.play" in found
    assert any(p.startswith("table.to_play: parameters") for p in found)
    assert any(p.startswith("count.cards: forms") for p in found)


def test_every_key_the_page_names_is_in_the_catalogs():
    english = catalog("en")
    named, prefixes = set(), set()
    for path in JS.glob("*.js"):
        source = path.read_text(encoding="utf-8")
        # every literal shaped like a key ('hand.heading', `ev.card_played`), and the prefixes built on (`last.${…}`)
        named |= {k for k in re.findall(r"['`]([a-z][a-z_]*(?:\.[a-z_0-9]+)+)['`]", source) if not k.endswith((".js", ".json"))}
        prefixes |= set(re.findall(r"`([a-z][a-z_]*\.(?:[a-z_]+\.)*)\$\{", source))
    assert len(named) > 300
    assert sorted(k for k in named if k not in english) == []
    for prefix in prefixes:
        assert any(k.startswith(prefix) for k in english), prefix
    # and none is dead: each is named, built on a named prefix, or a named sentence's ".you"/".first" form
    base = lambda k: re.sub(r"(\.(you|first))+$", "", k)  # noqa: E731
    built = prefixes | {"ev.wish_set."}  # words.js: `ev.wish_set.${kind}${form}${you}`
    assert [k for k in english if k not in named and base(k) not in named and not any(k.startswith(p) for p in built)] == []
    # the English catalog names the variants as the service does
    from domain.rules import NAMES
    assert {k[len("variant."):]: v for k, v in english.items() if k.startswith("variant.")} == NAMES


# Every text a reader meets (visible text, accessible names and descriptions, titles,
# placeholders, options), outside elements marked lang="en" (the service's own words) and
# code: [[text, where]]
PAGE_TEXT = """() => {
  const out = [];
  const skip = (el) => !!el.closest('[lang="en"], code, script, style, noscript, template');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.textContent.trim() && !skip(n.parentElement)) out.push([n.textContent.trim(), n.parentElement.className || n.parentElement.tagName]);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if (skip(el)) continue;
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) if (el.getAttribute(a)) out.push([el.getAttribute(a), a]);
  }
  out.push([document.title, 'title']);
  return out;
}"""
PROPER = {"macau", "macao", "switch", "mau", "makaó", "makao", "pławno", "london", "tel", "aviv", "json", "api", "rules",
          "shift", "alt", "anna"}


def english_words(lang: str) -> set:
    """Words of the English catalog that the language's own catalog does not use."""
    def words(messages):
        out = set()
        for m in messages.values():
            for form in (m.values() if isinstance(m, dict) else [m]):
                out |= set(re.findall(r"[^\W\d_]{3,}", re.sub(r"\{\w+\}", " ", form).lower()))
        return out
    return words(catalog("en")) - words(catalog(lang)) - PROPER


def english_left(page, lang: str) -> list:
    leaks = english_words(lang)
    found = []
    for text_, where in page.evaluate(PAGE_TEXT):
        hits = set(re.findall(r"[^\W\d_]{3,}", text_.lower())) & leaks
        if hits:
            found.append(f"{sorted(hits)} in {where}: {text_[:80]!r}")
    return found


# Buttons, seat boxes, badges, tags and labels whose content is wider than they are, or
# that end past the screen's edge (the hand's cards are pictures, not text: not measured):
# [what, text, scrollWidth, clientWidth, right]
OVERFLOW = """() => {
  const out = [];
  for (const el of document.querySelectorAll('button, a.button, select, .seat, .badge, .tag, .pile-label, .countdown, summary')) {
    const r = el.getBoundingClientRect();
    if (!r.width || getComputedStyle(el).visibility === 'hidden' || el.closest('.sr-only') || el.matches('.card')
        || el.closest('details:not([open]) > :not(summary)')) continue;
    if (el.scrollWidth > el.clientWidth + 1 || r.right > innerWidth + 0.5 || r.left < -0.5)
      out.push([el.tagName + '.' + el.className, el.textContent.trim().slice(0, 40), el.scrollWidth, el.clientWidth, Math.round(r.right)]);
  }
  return out;
}"""


def check_page(page, lang, name, axe_source):
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")  # menus measured open
    page.wait_for_timeout(50)
    problems = []
    got = page.evaluate("[document.documentElement.lang, document.documentElement.dir]")
    if got != [lang, "rtl" if lang == "he" else "ltr"]:
        problems.append(f"lang/dir {got}")
    width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    if width[0] > width[1]:
        problems.append(f"sideways scroll: {width[0]} px in {width[1]}")
    problems += [f"overflows: {row}" for row in page.evaluate(OVERFLOW)]
    if lang != "en":
        problems += [f"English: {line}" for line in english_left(page, lang)]
    problems += [f"axe: {line}" for line in serious(page, axe_source)]
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = false; })")
    return {name: problems} if problems else {}


@pytest.fixture(scope="module")
def replayed(service):
    return finished_bots_game(service["http"], bots=("easy", "normal", "easy"), seed=11)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_page_speaks_its_language_fits_the_screen_and_is_accessible(open_page, service, axe_source, replayed, lang):
    http = service["http"]
    found = {}
    wish_hand = ["JH", "5C", "6C", "7C", "8C", "9C", "10C", "QC", "KC", "2D", "3D", "4S", "AS"]
    game_id, tokens = fixed_table(http, variant="makao", hands=[wish_hand, ["8H", "2C", "JD", "6S", "5D"]],
                                  starter="5H", stock=["9H", "2S"], names=("Anna-Maria Wiśniewska-Kowalczyk", "Bartholomäus"))
    over_id, over_tokens = finished_seat(http)
    replay_id, _ = replayed
    for size in SIZES:
        where = f"{size[0]}x{size[1]}"
        lobby = open_page("/", viewport=size, locale=LOCALES[lang])
        lobby.wait_for_selector(".lobby form")
        lobby.locator("#f-opp-1").select_option("human")
        lobby.locator("#f-person-wait").wait_for()
        found.update(check_page(lobby, lang, f"lobby {where}", axe_source))

        seat = open_page(f"/play/{game_id}#token={tokens[0]}", viewport=size, locale=LOCALES[lang])
        table = Table(seat)
        table.wait_status("playing")
        table.card("JH").click()
        seat.locator("[data-wish]").first.wait_for()
        found.update(check_page(seat, lang, f"table, a wish to choose {where}", axe_source))
        if size == (360, 640):
            screenshot(seat, f"language-{lang}-phone")
        else:
            screenshot(seat, f"language-{lang}-desktop")

        watcher = open_page(f"/play/{game_id}", viewport=size, locale=LOCALES[lang])
        Table(watcher).wait_status("playing")
        found.update(check_page(watcher, lang, f"spectator {where}", axe_source))

        over = open_page(f"/play/{over_id}#token={over_tokens[1]}", viewport=size, locale=LOCALES[lang])
        over.get_by_role("button", name=text(lang, "rematch.ask"), exact=True).wait_for()
        found.update(check_page(over, lang, f"finished table {where}", axe_source))

        replay = open_page(f"/replay/{replay_id}", viewport=size, locale=LOCALES[lang])
        replay.locator("[data-check]").first.wait_for()
        found.update(check_page(replay, lang, f"replay {where}", axe_source))

        me = open_page("/me", viewport=size, locale=LOCALES[lang])
        me.locator("[data-player-name]").wait_for()
        found.update(check_page(me, lang, f"your player {where}", axe_source))
        me.goto("/leaderboards/makao")
        me.locator("[data-leaderboard]").wait_for()
        found.update(check_page(me, lang, f"leaderboard {where}", axe_source))
    assert not found, "\n".join(f"{name}: {p}" for name, problems in found.items() for p in problems)


def test_the_language_comes_from_the_browser_and_a_choice_is_kept(open_page, service):
    page = open_page("/", locale="de-CH")
    page.wait_for_selector(".lobby form")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.get_by_role("button", name=text("de", "lobby.create"), exact=True).count() == 1
    # the switch, in the header: Polish, and Polish it stays
    page.get_by_label(text("de", "language.label")).select_option("pl")
    page.wait_for_function("() => document.documentElement.lang === 'pl' && !!document.querySelector('.lobby form')")
    assert page.get_by_role("button", name=text("pl", "lobby.create"), exact=True).count() == 1
    page.reload()
    page.wait_for_selector(".lobby form")
    assert page.evaluate("document.documentElement.lang") == "pl"
    # at the table the switch is in the menu
    game_id, tokens = fixed_table(service["http"])
    page.goto(f"/play/{game_id}#token={tokens[0]}")
    Table(page).wait_status("playing")
    page.get_by_text(text("pl", "menu.menu"), exact=True).click()
    page.get_by_label(text("pl", "language.label")).select_option("he")
    page.wait_for_function("() => document.documentElement.dir === 'rtl' && !!document.querySelector('#table')")
    assert page.get_by_role("button", name=text("he", "action.play"), exact=True).count() == 1
    # a browser in a language the table does not speak gets English; only the catalog shown is fetched
    fetched = []
    other = open_page("about:blank", locale="ja-JP")
    other.on("request", lambda r: "/i18n/" in r.url and fetched.append(r.url.rsplit("/", 1)[1]))
    other.goto("/")
    other.wait_for_selector(".lobby form")
    assert other.evaluate("document.documentElement.lang") == "en" and fetched == ["en.json"]


def test_cards_are_named_as_players_of_each_language_name_them(open_page, service):
    """The catalogs' card names (docs/web-table.md): the queen of hearts and the jack of
    clubs, and the letter in the corner, in each language."""
    expected = {"en": ("queen of hearts", "jack of clubs", "Q"), "de": ("Herz Dame", "Kreuz Bube", "D"),
                "hu": ("kőr dáma", "treff bubi", "D"), "pl": ("dama kier", "walet trefl", "D"),
                "ro": ("damă de cupă", "valet de treflă", "Q"), "he": ("מלכה לב", "נסיך תלתן", "Q")}
    page = open_page("/assets/app.css")
    for lang, (queen, jack, mark) in expected.items():
        got = page.evaluate("""async (lang) => { const i = await import('/assets/js/i18n.js'); await i.loadLanguage(lang);
          const c = await import('/assets/js/cards.js'); return [c.cardName('QH'), c.cardName('JC'), c.cardText('QH')]; }""", lang)
        assert got == [queen, jack, f"{mark}♥"], (lang, got)
