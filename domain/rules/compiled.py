"""A rule set compiled to per-card lookup tables, with the §4.2 option flags applied.

The engine consults only this object on its hot path; it never parses selectors there."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import JOKERS, RANK, one_deck, select
from .card_values import resolve
from .schemes import OWN_TABLE

DIRECTION = {"cw": 1, "ccw": -1}


@dataclass(frozen=True, slots=True)
class Effect:
    type: str
    amount: int = 0
    family: str = ""
    target: str = "next"
    restriction: str = "none"
    must_hold: bool = False
    free_option: bool = False
    wishable: tuple[str, ...] = ()
    new_must_differ: bool = False
    first_must_match_suit: bool = True
    turns: int = 1


class CompiledRules:
    def __init__(self, data: dict[str, Any]):
        self.data = data
        self.id: str = data["id"]
        deck, deal, turn, match = data["deck"], data["deal"], data["turn"], data["match"]
        draw, multi, opts = data["draw"], data["multi"], data["options"]
        self.deck_ranks: list[str] = deck["ranks"]
        self.one_deck: list[str] = one_deck(deck["ranks"], deck["jokers_per_deck"], deck["joker_colours"])
        self.deck_count = deck["count"]
        self.universe: frozenset[str] = frozenset(self.one_deck)
        self.hand_size: int = deal["hand_size"]
        self.hand_size_two: int | None = deal["hand_size_two_players"]
        self.first_card_policy: str = deal["first_card_policy"]
        self.initial_direction: int = DIRECTION[turn["initial_direction"]]
        self.voluntary_draw: bool = draw["voluntary_allowed"]
        self.may_play_drawn: bool = draw["may_play_drawn_card"]
        self.penalty_ends_turn: bool = draw["penalty_ends_turn"]
        self.may_decline_answer: bool = draw["may_decline_answer"]
        self.blocked_round: str = data["stock"]["blocked_round"]
        self.targeting: str = data["chain"]["targeting"]
        self.skip_mode: str = data["skip"]["mode"]
        self.reverse_two_as_skip: bool = data["reverse"]["two_player_acts_as_skip"]
        self.backward_as_forward: bool = data["two_player"]["backward_attack_as_forward"]
        wish = data["wish"]
        self.wish_duration: str = wish["duration"]
        self.cross_answer: bool = wish["cross_answer"]
        self.joker_may_answer: bool = wish["joker_may_answer"]
        ann = data["announce"]
        self.enforcement: str = ann["enforcement"]
        self.call_penalty: int = ann["penalty_cards"]
        self.reannounce_after_forced_draw: bool = ann["reannounce_after_forced_draw"]
        self.false_catch_penalty: int = ann["false_catch_penalty"]
        last = data["last_card"]
        self.special_must_draw: bool = last["special_must_draw"]
        self.play_again_last: bool = last["play_again_last"]
        self.bounce: bool = last["two_player_attack_finish"] == "bounce"
        self.end_mode: str = data["round"]["end_mode"]
        self.max_finishers: int | None = data["round"]["max_finishers"]
        score = data["score"]
        self.scheme: str = score["scheme"]
        self.target: int | None = score["target"]
        self.wild_double: bool = score["wild_last_card_double"]
        self.end_when: str = score["end_when"]
        values = score["card_values"]
        if values is None:
            values = OWN_TABLE.get(self.scheme)  # §5.5 schemes bring their own table
        self.card_values: dict[str, int] | None = resolve(values)
        self.king_top_only: bool = opts["king_pack_amount"] == "top_only"
        self.jokers_in_draw_packs: bool = opts["easier_jokers_in_draw_packs"]

        # ---- multi-play (§2.9, §4.2 easier_same_value_packs)
        self.multi_mode: str = multi["mode"]
        self.multi_special: bool = multi["include_special"]
        self.any_subset: bool = multi["any_subset"]
        if opts["easier_same_value_packs"]:
            if self.multi_mode == "none":
                self.multi_mode = "same_rank"
            self.multi_special = True
        self.multiple_call: bool = opts["easier_same_value_packs"]

        # ---- effects per card
        seven_mode = opts["seven_mode"]
        if opts["harder_sevens_wild_own_suit"]:
            seven_mode = "cancel_always_wild"
        effects: dict[str, Effect] = {}
        for eff in data["effects"]:
            kwargs = {k: v for k, v in eff.items() if k not in ("cards", "cancels", "with")}
            if "wishable" in kwargs:
                kwargs["wishable"] = tuple(kwargs["wishable"])
            e = Effect(**kwargs)
            for card in select(eff["cards"]):
                effects[card] = e
        sevens = [c for c, e in effects.items() if RANK[c] == "7" and e.type == "cancel"]
        if seven_mode == "plain":
            for c in sevens:
                del effects[c]
        wild = set(select(match["wild"]))
        if seven_mode == "cancel_always_wild":
            wild |= set(sevens)
        # Switch: a red Jack played fresh is a draw-5 (literal [S1]) or plain (UK tradition)
        if not opts["red_jack_fresh_draws"]:
            for c in ("JH", "JD"):
                e = effects.get(c)
                if e is not None and e.type == "draw":
                    del effects[c]
        self.effect: dict[str, Effect] = effects
        self.wild: frozenset[str] = frozenset(wild)
        self.special: frozenset[str] = frozenset(effects) | self.wild
        self.joker_mode: str | None = match["joker_mode"]
        self.free_after_penalty: frozenset[str] = frozenset(select(match["free_play_after_penalty_from"]))

        # ---- answer matrix (§1.4) with cancel effects and option flags folded in
        answers: dict[str, dict[str, str]] = {}
        for kind, rows in data["answers"].items():
            table = answers.setdefault(kind, {})
            for row in rows:
                for card in select(row["cards"]):
                    table.setdefault(card, row["result"])
        for eff in data["effects"]:
            if eff["type"] == "cancel":
                for card in select(eff["cards"]):
                    if card not in effects:
                        continue  # a seven made plain by seven_mode
                    for kind in eff["cancels"]:
                        answers.setdefault(kind, {}).setdefault(card, "cancel")
        if seven_mode == "plain":
            for table in answers.values():
                for c in sevens:
                    if table.get(c) == "cancel":
                        del table[c]
        numeric = {e.family for c, e in effects.items() if e.type == "draw" and RANK[c] in ("2", "3")}
        joker_family = {e.family for c, e in effects.items() if e.type == "draw" and c in JOKERS}
        twos_threes = [c for c in self.universe if RANK[c] in ("2", "3")]
        if opts["easier_draw_cards_interchangeable"]:
            for fam in numeric | joker_family:
                table = answers.setdefault("draw:" + fam, {})
                for c in twos_threes:
                    if effects.get(c) is not None and effects[c].type == "draw":
                        table.setdefault(c, "add")
        if opts["harder_draw_cards_not_stackable"]:
            for kind, table in answers.items():
                if kind.startswith("draw:"):
                    for c in twos_threes:
                        if table.get(c) == "add":
                            del table[c]
        if self.cross_answer:  # R#39: any J on an Ace's wish and any A on a Jack's, replacing it
            by_type = {t: [c for c, e in effects.items() if e.type == t] for t in ("suit_wish", "rank_wish")}
            for kinds, cards in ((("wish:suit", "wish:free_suit"), by_type["rank_wish"]),
                                 (("wish:rank", "wish:free_plain"), by_type["suit_wish"])):
                for kind in kinds:
                    for c in cards:
                        answers.setdefault(kind, {}).setdefault(c, "replace_wish")
        if self.skip_mode == "skip_robin" and "robin" not in answers:
            answers["robin"] = {c: "accumulate" for c, e in effects.items() if e.type == "skip_robin"}
        self.answers: dict[str, dict[str, str]] = {
            k: {c: r for c, r in v.items() if c in self.universe} for k, v in answers.items()
        }
        self.play_again_cards = frozenset(c for c, e in effects.items() if e.type == "play_again")
        self.playable_memo: dict[tuple, frozenset[str]] = {}  # engine.matching.playable
        self.wish_memo: dict[tuple, tuple] = {}  # engine.moves._wish_bodies
        self.declared_jokers: bool = self.joker_mode == "declared"
        # list every pack a card leads even without a mate of its rank: runs, joker packs
        self.always_pack_search: bool = self.jokers_in_draw_packs or self.multi_mode == "same_rank_and_runs"
        # the rank a card brings to a pack (§2.9), None if it may not join one
        self.pack_rank: dict[str, str | None] = {
            c: RANK[c] if self.multi_special or c not in self.special else None for c in self.universe}
        self.plain_ranks = sorted({RANK[c] for c in self.universe if c not in self.special and c not in JOKERS})

    # ------------------------------------------------------------ helpers
    def deck_count_for(self, players: int) -> int:
        if self.deck_count != "auto":
            return self.deck_count
        hand = self.hand_size_for(players)
        count = 1
        # RULES.md Z9: keep at least 6 cards in the stock after the deal
        while players * hand + 1 > count * len(self.one_deck) - 6:
            count += 1
        return count

    def hand_size_for(self, players: int) -> int:
        if players == 2 and self.hand_size_two is not None:
            return self.hand_size_two
        return self.hand_size

    def full_deck(self, players: int) -> list[str]:
        return self.one_deck * self.deck_count_for(players)
