"""The application: the game service and what it reads and decides around the event store."""
