"""Re-verify a game from its log alone (API.md ``/audit``).

Checks, each named: the hash chain is unbroken; the log replays without error under the
rule set it records; every card is accounted for after every event; every shuffle (deal
and reshuffle) matches the commitment published with it, using the salts revealed when
the game ended; the log ends with the game's end (``game_ended``, or ``table_expired`` for
a table that closed before a card was dealt)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from domain import evolve
from domain.engine.context import commit

from .envelope import StoredEvent, verify_chain
from .mapping import is_domain_event, to_domain_event
from .records import apply_events


def _check(name: str, ok: bool, detail: str) -> dict:
    return {"name": name, "ok": bool(ok), "detail": detail}


def audit(game_id: str, events: list[StoredEvent]) -> dict:
    checks = []
    ok, detail = verify_chain(events)
    checks.append(_check("hash_chain", ok, detail))
    replayed, cards, shuffles, replay_detail, cards_detail = _replay(game_id, events)
    checks.append(_check("replay", replayed, replay_detail))
    checks.append(_check("cards_accounted", cards, cards_detail))
    expired = bool(events) and events[-1].type == "table_expired"
    checks.append(_check("commitments", True, "no shuffle was made: the table expired before the deal")
                  if expired and not shuffles else _check_commitments(events, shuffles))
    ended = bool(events) and events[-1].type == "game_ended"
    checks.append(_check("game_finished", ended or expired, "the log ends with game_ended" if ended
                         else "the table expired before a card was dealt" if expired
                         else "the game has not ended: its salts are not revealed yet"))
    return {"verified": all(c["ok"] for c in checks), "events": len(events), "checks": checks}


def _replay(game_id: str, events: list[StoredEvent]):
    """Fold event by event, checking the card count after each one."""
    shuffles: list[tuple[int, list[str], str]] = []  # (seq, order, commitment)
    record = None
    deck = None
    try:
        for e in events:
            if is_domain_event(e.type):
                state = evolve(record.state, to_domain_event(e))
                record = replace(record, state=state, version=e.seq)
                if e.type == "round_started":
                    d = e.data
                    order = [c for h in d["hands"] for c in h] + [d["upcard"]] + list(d["stock"])
                    shuffles.append((e.seq, order, d["commitment"]))
                    deck = Counter(state.setup.rules.compiled.full_deck(state.setup.seats))
                elif e.type == "stock_reshuffled":
                    shuffles.append((e.seq, list(e.data["stock"]), e.data["commitment"]))
                if deck is not None:
                    held = Counter(state.stock)
                    held.update(state.discard)
                    for h in state.hands:
                        held.update(h)
                    if held != deck:
                        diff = (held - deck) + (deck - held)
                        return True, False, shuffles, f"replayed up to seq {e.seq}", \
                            f"seq {e.seq}: cards out of place: {sorted(diff.elements())[:6]}"
            else:
                record = apply_events(record, game_id, [e])
    except Exception as exc:  # a log that does not replay is a failed check, not a crash
        at = e.seq if events else 0
        return False, False, shuffles, f"seq {at}: {type(exc).__name__}: {exc}", "not checked: replay failed"
    n = len(events)
    return True, True, shuffles, f"{n} events replayed", f"every card accounted for after each of {n} events"


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
