"""A real worker (``macau worker``) that is SIGKILLed right after one step of archiving.

    python -m tests.support.crashing_worker STEP

STEP is one of ``STEPS``: the method that completes the step. Only this process's copy
of the code is wrapped; it is otherwise the worker the service runs, so a test can kill
it between any two steps and then check what a crash there leaves behind."""

from __future__ import annotations

import functools
import os
import signal
import sys

from events.store.archive_dir import ArchiveDir
from events.store.redis_streams import RedisEventStore
from games.archiving import Archiver

STEPS = {
    "write_temp": (ArchiveDir, "write_temp"),          # the temporary file is on disk
    "publish": (ArchiveDir, "publish"),                # renamed into place
    "check_copy": (Archiver, "check_copy"),            # read back and compared (archiving, or before evicting)
    "mark_archived": (RedisEventStore, "mark_archived"),  # Redis knows the copy
    "add_to_lobby": (ArchiveDir, "add_to_lobby"),      # the archive's lobby lists the game
    "evict": (RedisEventStore, "evict"),               # the game's keys are deleted
}


def crash_after(cls, name: str) -> None:
    original = getattr(cls, name)

    @functools.wraps(original)
    def step(*args, **kwargs):
        result = original(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGKILL)
        return result

    setattr(cls, name, step)


if __name__ == "__main__":
    crash_after(*STEPS[sys.argv[1]])
    from service.cli import main

    sys.exit(main(["worker"]))
