"""What a viewer may see of an event (hidden information at the edge).

A viewer is a seat number, ``SPECTATOR`` or ``AUDITOR``. A seat sees its own hand, the
discard pile and every played card; never another hand, the stock order, or cards drawn
or passed by others. Spectators see only public facts. The auditor sees everything.
Every event that leaves the service goes through ``redact_event``; the game view goes
through ``games.views``."""

from __future__ import annotations

from typing import Callable, Union

from events.envelope import StoredEvent

from .identity import ERASED_NAME

SPECTATOR = "spectator"
AUDITOR = "auditor"
Viewer = Union[int, str]


def _hands(hands: list, viewer: Viewer) -> dict:
    return {"hands": [h if s == viewer else None for s, h in enumerate(hands)],
            "hand_sizes": [len(h) for h in hands]}


def _created(d: dict, seat, viewer) -> dict:
    out = {k: v for k, v in d.items() if k not in ("seed", "deal")}
    out["fixed_deal"] = d.get("deal") is not None
    return out


def _joined(d: dict, seat, viewer) -> dict:
    return {k: v for k, v in d.items() if k != "token_hash"}


def _round_started(d: dict, seat, viewer) -> dict:
    out = {k: v for k, v in d.items() if k not in ("hands", "stock")}
    out.update(_hands(d["hands"], viewer))
    out["stock_size"] = len(d["stock"])
    return out


def _reshuffled(d: dict, seat, viewer) -> dict:
    return {"stock_size": len(d["stock"]), "commitment": d["commitment"]}


def _drawn(d: dict, seat, viewer) -> dict:
    out = {"count": len(d["cards"]), "reason": d["reason"]}
    if viewer == seat:
        out["cards"] = d["cards"]
    return out


def _swapped(d: dict, seat, viewer) -> dict:
    out = {"with_seat": d["with_seat"], "seat_hand_size": len(d["seat_hand"]),
           "with_hand_size": len(d["with_hand"])}
    if viewer in (seat, d["with_seat"]):  # each of the two held both hands
        out["seat_hand"], out["with_hand"] = d["seat_hand"], d["with_hand"]
    return out


def _pass_chosen(d: dict, seat, viewer) -> dict:
    return {"card": d["card"]} if viewer == seat else {}


def _passed(d: dict, seat, viewer) -> dict:
    return {"transfers": [[a, b, card if viewer in (a, b) else None] for a, b, card in d["transfers"]]}


def _round_ended(d: dict, seat, viewer) -> dict:
    out = {k: v for k, v in d.items() if k != "hands"}
    out.update(_hands(d["hands"], viewer))
    return out


REDACT: dict[str, Callable[[dict, object, Viewer], dict]] = {
    "game_created": _created,
    "player_joined": _joined,
    "round_started": _round_started,
    "stock_reshuffled": _reshuffled,
    "cards_drawn": _drawn,
    "hands_swapped": _swapped,
    "pass_card_chosen": _pass_chosen,
    "cards_passed": _passed,
    "round_ended": _round_ended,
}


def redact_event(event: StoredEvent, viewer: Viewer, names=None) -> dict:
    """The event in API shape (``seq, type, at, seat, data``) as ``viewer`` may see it.
    ``names`` (``identity.Names``) reads the name a seat taken with a player key sealed:
    every viewer sees the name and the player's public id, never the subject or the sealed
    bytes (an erased player's seat: ``ERASED_NAME``); the auditor sees the stored data."""
    public = event.public()
    if viewer == AUDITOR:
        return public
    fn = REDACT.get(event.type)
    if fn is not None:
        public["data"] = fn(event.data, event.seat, viewer)
    if event.type == "player_joined" and "subject" in public["data"]:
        data = public["data"]
        subject, sealed = data.pop("subject"), data.pop("sealed", "")
        ident = names.one(subject, sealed) if names is not None else None
        data["name"] = ident.name if ident is not None else ERASED_NAME
        data["profile_id"] = ident.player_id if ident is not None else None
    return public

