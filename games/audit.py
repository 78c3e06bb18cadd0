"""Re-verify a game from its log alone (API.md ``/audit``, ``macau verify``).

Checks, each named: the hash chain is unbroken up to the head recorded beside the log;
the log replays without error under the rule set it records; every card is accounted
for after every event; every round's result and the game's follow from the play (the
rules engine's scoring, applied to the replayed table, gives what the log records); every
shuffle (deal and reshuffle) matches the commitment published with it, using the salts
revealed when the game ended; the log ends with the game's end (``game_ended``, or
``table_expired`` for a table that closed before a card was dealt), which only the offer
of a rematch (one ``rematch_offered``) may follow. Once a game is archived, one more: its
log matches the seal the server signed when it archived it (``seal``, events.seal)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Optional

from domain import evolve
from domain.engine.context import commit
from domain.engine.scoring import game_outcome, round_outcome
from domain.table import thaw
from events import codec, logfile
from events.chain import verify_chain
from events.seal import PublicKey, Verdict, judge
from events.envelope import StoredEvent
from events.mapping import is_domain_event, to_domain_event

from .records import apply_events


def _check(name: str, ok: bool, detail: str) -> dict:
    return {"name": name, "ok": bool(ok), "detail": detail}


def audit(game_id: str, events: list[StoredEvent], head: Optional[str] = None) -> dict:
    """``head``: the chain head recorded beside the log (the store's, an archive's)."""
    checks = []
    ok, detail = verify_chain(events, head)
    checks.append(_check("hash_chain", ok, detail))
    run = _replay(game_id, events)
    checks.append(_check("replay", run.replayed, run.replay_detail))
    checks.append(_check("cards_accounted", run.cards_ok, run.cards_detail))
    checks.append(_check("results", run.results_ok, run.results_detail))
    expired = bool(events) and events[-1].type == "table_expired"
    checks.append(_check("commitments", True, "no shuffle was made: the table expired before the deal")
                  if expired and not run.shuffles else _check_commitments(events, run.shuffles))
    ends = [i for i, e in enumerate(events) if e.type == "game_ended"]
    after = [e.type for e in events[ends[-1] + 1:]] if ends else []
    if ends and after not in ([], ["rematch_offered"]):
        checks.append(_check("game_finished", False, f"events after game_ended: {after[:4]} (only one "
                                                     "rematch_offered may follow it)"))
    else:
        checks.append(_check("game_finished", bool(ends) or expired, (
            "the log ends with game_ended" + (", then the offer of a rematch" if after else "")) if ends
            else "the table expired before a card was dealt" if expired
            else "the game has not ended: its salts are not revealed yet"))
    return {"verified": all(c["ok"] for c in checks), "events": len(events), "checks": checks}


@dataclass
class _Run:
    replayed: bool = True
    replay_detail: str = ""
    cards_ok: bool = True
    cards_detail: str = ""
    results_ok: bool = True
    results_detail: str = ""
    results: int = 0
    shuffles: list = field(default_factory=list)  # (seq, order, commitment)

    def fail_results(self, seq: int, what: str) -> None:
        if self.results_ok:
            self.results_ok, self.results_detail = False, f"seq {seq}: {what}"


def _replay(game_id: str, events: list[StoredEvent]) -> _Run:
    """Fold event by event, checking the card count after each one and every result."""
    run = _Run()
    record = None
    deck = None
    try:
        for e in events:
            if not is_domain_event(e.type):
                record = apply_events(record, game_id, [e])
                continue
            if e.type in ("round_ended", "game_ended"):
                _check_result(run, record.state, e)
            state = evolve(record.state, to_domain_event(e))
            record = replace(record, state=state, version=e.seq)
            if e.type == "round_started":
                d = e.data
                order = [c for h in d["hands"] for c in h] + [d["upcard"]] + list(d["stock"])
                run.shuffles.append((e.seq, order, d["commitment"]))
                deck = Counter(state.setup.rules.compiled.full_deck(state.setup.seats))
            elif e.type == "stock_reshuffled":
                run.shuffles.append((e.seq, list(e.data["stock"]), e.data["commitment"]))
            if deck is not None and run.cards_ok:
                held = Counter(state.stock)
                held.update(state.discard)
                for h in state.hands:
                    held.update(h)
                if held != deck:
                    diff = (held - deck) + (deck - held)
                    run.cards_ok = False
                    run.cards_detail = f"seq {e.seq}: cards out of place: {sorted(diff.elements())[:6]}"
    except Exception as exc:  # a log that does not replay is a failed check, not a crash
        at = e.seq if events else 0
        return _Run(False, f"seq {at}: {type(exc).__name__}: {exc}", False, "not checked: replay failed",
                    False, "not checked: replay failed", shuffles=run.shuffles)
    n = len(events)
    run.replay_detail = f"{n} events replayed"
    if run.cards_ok:
        run.cards_detail = f"every card accounted for after each of {n} events"
    if run.results_ok:
        run.results_detail = (f"{run.results} results follow from the play" if run.results
                              else "no round has ended yet")
    return run


def _check_result(run: _Run, state, e: StoredEvent) -> None:
    """What the rules engine's scoring makes of the table just before ``e`` must be what
    ``e`` records."""
    d, rules = e.data, state.setup.rules.compiled
    if e.type == "round_ended":
        standings, points, scores = round_outcome(thaw(state), rules, d["reason"])
        expected = {"standings": list(standings), "points": list(points), "scores": list(scores),
                    "hands": [list(h) for h in state.hands]}
    else:
        outcome = game_outcome(thaw(state), rules)
        if outcome is None:
            run.fail_results(e.seq, "the game ended though no player reached its end (the scores say it goes on)")
            return
        winners, losers, standings = outcome
        expected = {"winners": list(winners), "losers": list(losers), "standings": list(standings),
                    "scores": list(state.scores)}
    wrong = [k for k, v in expected.items() if [list(x) if isinstance(x, (list, tuple)) else x
                                                   for x in d.get(k, [])] != v]
    if wrong:
        run.fail_results(e.seq, f"{e.type} records {', '.join(wrong)} other than the play gives")
    else:
        run.results += 1


def _check_commitments(events: list[StoredEvent], shuffles) -> dict:
    ended = [e for e in events if e.type == "game_ended"]
    if not ended:
        return _check("commitments", False, "the salts are revealed only when the game ends")
    salts = ended[-1].data.get("salts") or []
    if len(salts) < len(shuffles):
        return _check("commitments", False, f"{len(shuffles)} shuffles but {len(salts)} salts revealed")
    for i, (seq, order, commitment) in enumerate(shuffles):
        if commit(salts[i], order) != commitment:
            return _check("commitments", False, f"seq {seq}: the deck order does not match its commitment")
    return _check("commitments", True, f"{len(shuffles)} shuffles match their commitments")


def with_seal(report: dict, verdict: Optional[Verdict]) -> dict:
    """``report`` with the ``seal`` check of an archived game (None: never archived)."""
    if verdict is None:
        return report
    return {**report, "verified": report["verified"] and verdict.ok, "checks": [*report["checks"], verdict.check()]}


def verify_file(data: bytes, public: Optional[PublicKey] = None) -> dict:
    """Check a game log file with nothing but itself and the rules engine: its format and
    checksum, the hash chain up to the head it records, then the audit (replay, cards
    accounted for, commitments against the revealed salts, the recorded result); and its
    seal, signature checked with ``public`` if given (a file without a seal then fails)."""
    try:
        log = logfile.parse(data)
        events = log.events()
    except (logfile.LogFileError, codec.CorruptEvent, codec.UpcastError) as e:
        return {"verified": False, "game_id": None, "events": 0,
                "checks": [{"name": "file", "ok": False, "detail": str(e)}]}
    report = audit(log.game_id, events, log.head)
    file_check = {"name": "file", "ok": True, "detail": f"{logfile.FORMAT} v{logfile.VERSION}, {log.version} events, checksum ok"}
    report = {"verified": report["verified"], "game_id": log.game_id, "events": report["events"],
              "checks": [file_check, *report["checks"]]}
    if log.seal is None:
        if public is None:
            return report
        return with_seal(report, Verdict(False, True, "the file carries no seal (a game is sealed when it is "
                                                      "archived: export it again once it is)"))
    return with_seal(report, judge(log.game_id, log, None, public))
