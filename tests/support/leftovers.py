"""Where an erased name could be left: every key and value of a Redis (every master of a
cluster, through a cluster client), and every file of a data directory. Used by the
erasure tests and ``python -m bench.abuse --only erasure_leftovers``."""

from __future__ import annotations

import os


def dump(r) -> bytes:
    """Every key and value in the store, as bytes."""
    out = []
    for key in r.scan_iter(count=1000):
        out.append(key)
        kind = r.type(key)
        kind = kind.decode() if isinstance(kind, bytes) else kind
        if kind == "string":
            out.append(r.get(key))
        elif kind == "hash":
            out += [x for kv in r.hgetall(key).items() for x in kv]
        elif kind == "zset":
            out += r.zrange(key, 0, -1)
        elif kind == "set":
            out += list(r.smembers(key))
        elif kind == "list":
            out += r.lrange(key, 0, -1)
        elif kind == "stream":
            out += [v for _, fields in r.xrange(key) for kv in fields.items() for v in kv]
    return b"\n".join(x if isinstance(x, bytes) else str(x).encode() for x in out)


def files_of(directory: str) -> bytes:
    """Every file under ``directory``, as bytes."""
    out = []
    for base, _, names in os.walk(directory):
        for name in names:
            with open(os.path.join(base, name), "rb") as f:
                out.append(f.read())
    return b"\n".join(out)
