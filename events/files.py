"""Files written so that a crash leaves them whole or absent: a new file written and
fsynced before anyone may rely on it, and the folder fsynced after a rename or a link."""

from __future__ import annotations

import os


def write_new(path: str, data: bytes, mode: int = 0o644) -> None:
    """``data`` in a new file (FileExistsError if there is one already), on disk."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_dir(path: str) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
