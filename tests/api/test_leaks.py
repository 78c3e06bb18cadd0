"""API.md: hidden information never leaks. Random games are played through HTTP; from
every seat, a spectator (no token) and a stranger (a token of another game), every
string of every view, move response, event list, SSE message and error is scanned for
card codes the caller may not know at that point of the game.

What a caller may know after event N, derived from the auditor's unredacted log:
- everyone: every played card (and Pławno joker declaration) and every upcard;
- a seat, besides: every card it has held (dealt, drawn, received by swap or pass).
Never: another hand, the stock order, cards drawn by others, buried upcards."""

from __future__ import annotations

import bisect
import json
import random

import pytest

from .conftest import AUDITOR
from .helpers import (CARD_RE, Stream, acting_seats, as_event, assert_problem, bearer, body_of, create, events, move,
                      strings)

# keys whose values are not card locations: rule sets name cards ("card:KS"), and a Pławno
# joker may be declared as any card (legal_moves list every declaration)
SKIP_KEYS = ("rules",)


@pytest.fixture
def app(module_app):
    return module_app


class Knowledge:
    """allowed(viewer, seq): the cards ``viewer`` may know once event ``seq`` is public."""

    def __init__(self, seats: int):
        self.seats = seats
        self.seqs: list[int] = []
        self.public: list[frozenset] = []
        self.held: list[list[frozenset]] = []
        self._public: set = set()
        self._held = [set() for _ in range(seats)]

    def feed(self, auditor_events: list[dict]) -> None:
        for e in auditor_events:
            d, s = e["data"], e["seat"]
            t = e["type"]
            if t == "round_started":
                for i, hand in enumerate(d["hands"]):
                    self._held[i] |= set(hand)
                self._public.add(d["upcard"])
            elif t == "cards_drawn":
                self._held[s] |= set(d["cards"])
            elif t == "card_played":
                self._public |= set(d["cards"])
                if d.get("joker_as"):
                    self._public.add(d["joker_as"])
            elif t == "hands_swapped":
                both = set(d["seat_hand"]) | set(d["with_hand"])
                self._held[s] |= both
                self._held[d["with_seat"]] |= both
            elif t == "cards_passed":
                for a, b, card in d["transfers"]:
                    self._held[a].add(card)
                    self._held[b].add(card)
            self.seqs.append(e["seq"])
            self.public.append(frozenset(self._public))
            self.held.append([frozenset(h) for h in self._held])

    def allowed(self, viewer, seq: int) -> frozenset:
        i = bisect.bisect_right(self.seqs, seq) - 1
        if i < 0:
            return frozenset()
        if isinstance(viewer, int):
            return self.public[i] | self.held[i][viewer]
        return self.public[i]


SECRETS: set[str] = set()  # every seat token handed out in this module: none is ever shown again


def scan(obj, allowed, where: str, extra: frozenset = frozenset()):
    """Every card code in any string of ``obj`` is one the caller may know, and no string
    holds a seat token (a token is returned once, when the seat is taken)."""
    blob = json.dumps(obj)
    for secret in SECRETS:
        assert secret not in blob, f"{where}: a seat token shows"
    obj = _without_joker_declarations(obj)
    for path, text in strings(obj, SKIP_KEYS):
        for code in CARD_RE.findall(text):
            assert code in allowed or code in extra, f"{where}: {code!r} leaks at {path}: {text[:200]!r}"


def _without_joker_declarations(obj):
    if isinstance(obj, dict):
        out = {}
        for k, v in obj.items():
            if k == "legal_moves" and isinstance(v, list):
                v = [{kk: vv for kk, vv in m.items() if kk != "joker_as"} for m in v]
            out[k] = _without_joker_declarations(v)
        return out
    if isinstance(obj, list):
        return [_without_joker_declarations(x) for x in obj]
    return obj


def scan_events(evs, knowledge, viewer, where):
    for e in evs:
        scan(e, knowledge.allowed(viewer, e["seq"]), f"{where} seq {e['seq']} {e['type']}")


class Table:
    def __init__(self, client, variant, seats, seed, rules=None):
        self.client = client
        self.g = create(client, variant, seats=seats, seed=seed, rules=rules, turn_timeout_s=None)
        self.id = self.g["game_id"]
        self.tokens = self.g["tokens"]
        SECRETS.update(self.tokens.values())
        self.seats = seats
        self.k = Knowledge(seats)
        self.version = 0
        self.sync()

    def sync(self):
        new = events(self.client, self.id, AUDITOR, after=self.version)["events"]
        self.k.feed(new)
        if new:
            self.version = new[-1]["seq"]

    def viewers(self):
        return [(s, self.tokens[s]) for s in range(self.seats)] + [("spectator", None)]

    def look(self) -> dict:
        """Every viewer's view, scanned; by viewer."""
        out = {}
        for viewer, token in self.viewers():
            r = self.client.get(f"/v1/games/{self.id}", headers=bearer(token))
            assert r.status_code == 200
            v = r.get_json()
            assert v["version"] == self.version
            scan(v, self.k.allowed(viewer, self.version), f"view of {viewer} at {self.version}")
            if isinstance(viewer, int):
                assert "hands" not in v and "stock" not in v
                assert v["you"]["seat"] == viewer
            else:
                assert "you" not in v and "hands" not in v and "stock" not in v
            out[viewer] = v
        return out

    def send(self, seat, body):
        before = self.version
        r = move(self.client, self.id, self.tokens[seat], body)
        assert r.status_code == 200, (body, r.get_json())
        self.sync()
        resp = r.get_json()
        assert resp["version"] == self.version
        for e in resp["events"]:
            assert before < e["seq"] <= self.version
        scan_events(resp["events"], self.k, seat, f"move response of seat {seat}")
        scan(resp["game"], self.k.allowed(seat, self.version), f"move response view of seat {seat}")

    def probe_errors(self, rng):
        """Rejected moves naming hidden cards: the error names nothing else, and is the
        same whether the card sits in another hand or in the stock (no oracle)."""
        truth = self.client.get(f"/v1/games/{self.id}", headers=bearer(AUDITOR)).get_json()
        for seat in range(self.seats):
            own = set(truth["hands"][seat])
            # plain cards only: a joker's error may differ by what it is (Pławno needs joker_as),
            # never by where it lies
            elsewhere = [c for s, h in enumerate(truth["hands"]) if s != seat for c in h
                         if c not in own and not c.startswith("JK")]
            stock = [c for c in truth["stock"][:5] if c not in own and not c.startswith("JK")]
            details = []
            for card in (rng.choice(elsewhere) if elsewhere else None, stock[0] if stock else None):
                if card is None:
                    continue
                body = {"action": "play", "cards": [card]}
                r = move(self.client, self.id, self.tokens[seat], body)
                problem = assert_problem(r, 422)
                scan(problem, self.k.allowed(seat, self.version), f"error to seat {seat}", frozenset([card]))
                details.append((problem["reason"], problem["detail"].replace(card, "<card>")))
            if len(details) == 2:
                assert details[0] == details[1], details
            # out-of-turn actions that are not allowed now
            for body in ({"action": "announce"}, {"action": "catch", "target_seat": (seat + 1) % self.seats}):
                r = move(self.client, self.id, self.tokens[seat], body)
                if r.status_code == 200:
                    self.sync()
                    scan_events(r.get_json()["events"], self.k, seat, "out-of-turn move")
                    continue
                scan(assert_problem(r), self.k.allowed(seat, self.version), f"error to seat {seat}")
        self.sync()

    def final_sweep(self, sse_client):
        """The whole log as each viewer gets it, by list and by SSE."""
        for viewer, token in self.viewers():
            evs = []
            while len(evs) < self.version:  # pages of at most `limit` events
                evs += events(self.client, self.id, token, after=len(evs), limit=200)["events"]
            assert [e["seq"] for e in evs] == list(range(1, self.version + 1))
            scan_events(evs, self.k, viewer, f"event list of {viewer}")
            with Stream(sse_client, self.id, token) as s:
                streamed = [as_event(m) for m in s.events(self.version)]
            assert streamed == evs
            scan_events(streamed, self.k, viewer, f"SSE of {viewer}")


def play(table: Table, rng: random.Random, max_steps: int, probe_every: int = 15):
    for step in range(max_steps):
        views = table.look()
        if views["spectator"]["status"] != "playing":
            return views["spectator"]
        if step % probe_every == 3:
            table.probe_errors(rng)
            views = table.look()
            if views["spectator"]["status"] != "playing":
                return views["spectator"]
        # now and then an out-of-turn call or catch from whoever may send one
        if rng.random() < 0.15:
            for seat in rng.sample(range(table.seats), table.seats):
                extra = [m for m in views[seat]["you"]["legal_moves"] if m["action"] in ("announce", "catch")]
                if extra:
                    table.send(seat, body_of(rng.choice(extra), rng))
                    break
            continue
        seat = acting_seats(views["spectator"])[0]
        moves = views[seat]["you"]["legal_moves"]
        plays = [m for m in moves if m["action"] == "play"]
        m = rng.choice(plays if plays and rng.random() < 0.9 else moves)
        table.send(seat, body_of(m, rng))
    return table.look()["spectator"]


MAX_STEPS = 300
SHORT = {"deal": {"hand_size": 3}}  # shorter games, so each one reaches its end within the budget
GAMES = [
    ("macau", 3, 101, {**SHORT, "score": {"target": 1}}),
    ("switch", 2, 102, {**SHORT, "score": {"target": 1}}),
    ("makao", 3, 103, SHORT),
    ("plawno", 3, 104, SHORT),
    ("tel_aviv", 2, 105, {"deal": {"hand_size_two_players": 3}, "score": {"target": 1}}),
    ("romanian", 3, 106, SHORT),
    ("mau_mau", 2, 107, {**SHORT, "score": {"target": 1}}),
]


@pytest.mark.parametrize("variant,seats,seed,rules", GAMES, ids=[g[0] for g in GAMES])
def test_no_card_leaks_in_a_random_game(make_client, variant, seats, seed, rules):
    client = make_client(sse_keepalive_s=0.2)
    rng = random.Random(seed)
    table = Table(client, variant, seats, seed, rules)
    final = play(table, rng, max_steps=MAX_STEPS)
    table.final_sweep(client)
    # after the end the spectator view still shows no hand
    if final["status"] == "finished":
        assert "you" not in final and "hands" not in final


def test_a_stranger_gets_403_and_no_card(make_client):
    client = make_client(sse_keepalive_s=0.2)
    g = create(client, "macau", seats=2, seed=7)
    other = create(client, "macau", seats=2, seed=8)
    stranger = other["tokens"][0]
    gid = g["game_id"]
    truth = client.get(f"/v1/games/{gid}", headers=bearer(AUDITOR)).get_json()
    victim_card = truth["hands"][0][0]
    for method, path, body in [
        ("GET", f"/v1/games/{gid}", None), ("GET", f"/v1/games/{gid}/events", None),
        ("GET", f"/v1/games/{gid}/events?after=0&wait=0.1", None), ("GET", f"/v1/games/{gid}/stream", None),
        ("GET", f"/v1/games/{gid}/replay", None), ("GET", f"/v1/games/{gid}/replay?at=3", None),
        ("GET", f"/v1/games/{gid}/audit", None), ("POST", f"/v1/games/{gid}/moves", {"action": "draw"}),
        ("POST", f"/v1/games/{gid}/moves", {"action": "play", "cards": [victim_card]}),
        ("POST", f"/v1/games/{gid}/leave", None), ("POST", f"/v1/games/{gid}/bots", {"level": "easy"}),
    ]:
        r = client.open(path, method=method, json=body, headers=bearer(stranger))
        problem = assert_problem(r, 403)
        assert not CARD_RE.findall(json.dumps(problem)), (path, problem)
    # a token in the URL is refused outright (URLs end up in logs), a stranger's as any other
    assert assert_problem(client.get(f"/v1/games/{gid}/stream?token={stranger}"), 400)["code"] == "token_in_query"
    assert client.get(f"/v1/games/{gid}", headers=bearer(AUDITOR)).get_json() == truth, "nothing changed"


def lobby_cards(body) -> set[str]:
    """Card codes in a lobby response, outside seat tokens: a token's random secret (URL-safe
    base64) spells a card code between two of its "-" or "_" about once in a thousand
    tokens (issue 25: this test failed so, once in a full run)."""
    return {c for _, text in strings(body, ("token",)) for c in CARD_RE.findall(text)}


def test_lobby_responses_name_no_card(client):
    g = create(client, "macau", seats=3, players=2, seed=9)
    joined = client.post(f"/v1/games/{g['game_id']}/players", json={"name": "late"})
    assert joined.status_code == 201
    for r in (joined, client.get("/v1/games?status=playing"), client.get("/v1/games?status=waiting")):
        assert not lobby_cards(r.get_json())
    started = client.post("/v1/games", json={"variant": "makao", "seats": 2,
                                             "players": [{"name": "a"}, {"name": "b"}], "seed": 3})
    assert started.get_json()["status"] == "playing"
    assert not lobby_cards(started.get_json()), "create shows sizes, not cards"


def test_the_lobby_check_skips_only_tokens():
    assert lobby_cards({"players": [{"name": "p0", "token": "0a1b2c3d4e5f6a7b.x_9C-yz"}]}) == set()
    assert lobby_cards({"players": [{"name": "holds 9C"}]}) == {"9C"}


def test_a_fixed_deal_is_not_published(client):
    deal = {"hands": [["7H", "9C"], ["8D", "KS"]], "starter": "5H", "stock": ["QD", "2C"]}
    g = create(client, "macau", seats=2, deal=deal, seed=3)
    for viewer, token in ((0, g["tokens"][0]), (1, g["tokens"][1]), ("spectator", None)):
        seen = [client.get(f"/v1/games/{g['game_id']}", headers=bearer(token)).get_json(),
                events(client, g["game_id"], token)["events"]]
        codes = {c for _, text in strings(seen, SKIP_KEYS) for c in CARD_RE.findall(text)}
        hidden = {"QD", "2C"} | ({"8D", "KS"} if viewer != 1 else set()) | ({"7H", "9C"} if viewer != 0 else set())
        assert not hidden & codes, viewer


def test_errors_do_not_tell_where_a_card_is(client):
    """The same card asked for while in an opponent's hand, on top of the stock, somewhere
    in the stock or beneath the discard: the same error each time (no oracle)."""
    answers = []
    for where in ("hand", "stock", "deep", "discard"):
        hands = [["7S", "9C"], ["8D", "6H"] + (["KS"] if where == "hand" else [])]
        stock = ["6D"] + (["KS"] if where == "stock" else [])
        starter = "KS" if where == "discard" else "5S"
        g = create(client, "makao", seats=2, seed=5, deal={"hands": hands, "starter": starter, "stock": stock})
        assert move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["7S"]}).status_code == 200
        drew = move(client, g["game_id"], g["tokens"][1], {"action": "draw"})
        assert drew.status_code == 200 and drew.get_json()["game"]["current_seat"] == 0  # 6D does not fit 7S
        truth = client.get(f"/v1/games/{g['game_id']}", headers=bearer(AUDITOR)).get_json()
        assert ("KS" in truth["stock"][:1]) == (where == "stock")
        r = move(client, g["game_id"], g["tokens"][0], {"action": "play", "cards": ["KS"]})
        answers.append(assert_problem(r, 422, "card_not_in_hand"))
    assert all(a == answers[0] for a in answers), answers


def test_buried_upcards_stay_hidden(client):
    """redraw_until_plain buries special upcards in the stock; nobody learns them."""
    for seed in range(40):
        g = create(client, "makao", seats=2, seed=seed)
        started = next(e for e in events(client, g["game_id"], AUDITOR)["events"] if e["type"] == "round_started")
        if started["data"]["redraws"]:
            break
    else:
        pytest.skip("no redraw in 40 seeds")
    for token in (g["tokens"][0], g["tokens"][1], None):
        redacted = next(e for e in events(client, g["game_id"], token)["events"] if e["type"] == "round_started")
        assert redacted["data"]["redraws"] == started["data"]["redraws"]
        codes = set(CARD_RE.findall(json.dumps(redacted["data"])))
        own = set(redacted["data"]["hands"][0] or []) | set(redacted["data"]["hands"][1] or [])
        assert codes <= own | {started["data"]["upcard"]}
