"""The directory where every process of a machine writes its metrics (prometheus-client's
multiprocess mode, ``PROMETHEUS_MULTIPROC_DIR``), and its upkeep: wiped before a run
starts, a dead process's live gauges removed.

No prometheus-client import here: gunicorn's master runs this, and that import pulls in
``ssl`` before the gevent workers patch it."""

from __future__ import annotations

import glob
import os
import shutil
import tempfile
from typing import Optional

ENV = "PROMETHEUS_MULTIPROC_DIR"


def directory() -> Optional[str]:
    return os.environ.get(ENV) or None


def create() -> str:
    """A new, empty directory for this run, named in the environment children inherit."""
    path = tempfile.mkdtemp(prefix="macau-metrics-")
    os.environ[ENV] = path
    return path


def wipe(path: str) -> None:
    """Empty ``path`` before any process of a new run writes to it: a previous run's
    files would be added to this one's, and a reused pid would carry on counting from
    its predecessor's values."""
    os.makedirs(path, exist_ok=True)
    for name in os.listdir(path):
        if name.endswith(".db"):
            os.remove(os.path.join(path, name))


def mark_dead(pid: int, path: Optional[str] = None) -> None:
    """A process is gone: drop its live gauges (``liveall`` and the like), as
    ``prometheus_client.multiprocess.mark_process_dead`` does; its counters stay in the sums."""
    path = path or directory()
    if path:
        for name in glob.glob(os.path.join(path, f"gauge_live*_{pid}.db")):
            os.remove(name)


def remove(path: str) -> None:
    shutil.rmtree(path, ignore_errors=True)
