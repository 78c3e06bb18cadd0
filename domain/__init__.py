"""The rules engine: pure, deterministic, standard library only (DESIGN.md)."""

from . import events
from .commands import (Announce, Catch, ChoosePassCard, CloseCallWindow, Command, Draw, Pass, Play, Start, Timeout, WishChoice,
                       command_from_move)
from .errors import DomainError, GameStatusError, InvalidRuleSet, InvalidSetup, RuleViolation
from .game import RULES_VERSION, decide, evolve, execute, fold, legal_moves, legal_moves_info, new_game
from .rules import PRESET_IDS, RuleSet
from .state import FixedDeal, GameState, Setup, initial_state

__all__ = [
    "events", "Announce", "Catch", "ChoosePassCard", "CloseCallWindow", "Command", "Draw", "Pass", "Play", "Start", "Timeout",
    "WishChoice", "command_from_move", "DomainError", "GameStatusError", "InvalidRuleSet", "InvalidSetup",
    "RuleViolation", "RULES_VERSION", "decide", "evolve", "execute", "fold", "legal_moves", "legal_moves_info",
    "new_game", "PRESET_IDS", "RuleSet", "FixedDeal", "GameState", "Setup", "initial_state",
]
