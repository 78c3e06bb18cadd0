"""Structured logs: one JSON object per line. Game log lines carry ``game_id`` and
``seq`` (the version after the change)."""

from __future__ import annotations

import logging
import sys
import time

import orjson

RESERVED = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """orjson, and the second's timestamp prefix computed once per second: a log line
    per move must stay cheap."""

    _second = -1
    _prefix = ""

    def format(self, record: logging.LogRecord) -> str:
        sec = int(record.created)
        if sec != self._second:
            self._second, self._prefix = sec, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(sec))
        out = {"t": f"{self._prefix}.{int(record.msecs):03d}Z", "level": record.levelname, "logger": record.name,
               "msg": record.getMessage()}
        for key, value in record.__dict__.items():
            if key not in RESERVED and key[0] != "_":
                out[key] = value
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return orjson.dumps(out, default=str).decode()


def configure(level: str = "INFO") -> None:
    root = logging.getLogger()
    if any(isinstance(h.formatter, JsonFormatter) for h in root.handlers):
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root.handlers[:] = [handler]
    root.setLevel(level)
