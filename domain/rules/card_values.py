"""Penalty-point tables (RULES.md §5). Keys are a card code, a rank, or ``joker``;
a card's value is looked up by code first, then by rank."""

from __future__ import annotations

JOKER_DEFAULT = 50  # §5.5: value of a joker in a table that lacks one [DEFAULT]

TABLES: dict[str, dict[str, int]] = {
    # §5.1 [DEFAULT, R#28]
    "mau_default": {"7": 7, "8": 8, "9": 9, "10": 10, "J": 20, "Q": 3, "K": 4, "A": 11},
    "mau_palast": {"7": 7, "8": 8, "9": 9, "10": 10, "J": 20, "Q": 10, "K": 10, "A": 11},
    "parlett_low": {"7": 0, "8": 0, "9": 0, "10": 10, "J": 2, "Q": 3, "K": 4, "A": 11},
    # §5.2 [S2, R#33]: specific beats general, K♥ 150
    "telaviv": {"2": 20, "3": 30, "4": 5, "5": 5, "6": 5, "7": 5, "8": 5, "9": 5, "10": 10,
                "J": 10, "Q": 10, "K": 10, "KH": 150, "A": 50},
    # §5.5
    "lite_101": {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
                 "J": 2, "Q": 3, "K": 4, "A": 11},
    "lite_8_americain": {"2": 15, "2S": 25, "3": 5, "4": 5, "5": 5, "6": 5, "7": 5, "8": 25, "9": 5,
                         "10": 5, "J": 10, "Q": 10, "K": 10, "A": 15, "joker": 50},
    "crazy_eights": {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 50, "9": 9, "10": 10,
                     "J": 10, "Q": 10, "K": 10},
}


def resolve(values: str | dict | None) -> dict[str, int] | None:
    if values is None:
        return None
    if isinstance(values, str):
        return TABLES[values]
    return values


def card_value(table: dict[str, int], card: str) -> int:
    if card in table:
        return table[card]
    if card.startswith("JK"):
        return table.get("joker", JOKER_DEFAULT)
    return table[card[:-1]]
