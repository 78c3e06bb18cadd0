"""Limits of the application that its configuration names (stdlib only: the gunicorn
configuration imports this before gevent patches ssl)."""

# The last line of defence against a round that never ends (issue 23): no round may log
# more events. Random and bot games of every preset, 2 to 10 seats, never passed 3,300
# (docs/rules-notes.md has the figures); six times that leaves room for slow play.
MAX_ROUND_EVENTS = 20_000
SNAPSHOT_EVERY = 20  # events between snapshots of a game's state (MACAU_SNAPSHOT_EVERY; games.repository); 0: none
