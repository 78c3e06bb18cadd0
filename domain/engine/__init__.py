"""The game aggregate: ``decide(state, command) -> events`` and ``evolve(state, event)``."""
