"""Logs: one JSON object per line (``macau api``, ``macau worker``), or plain text lines
for a terminal (``macau up``; ``MACAU_LOG_FORMAT=text``). Game log lines carry
``game_id`` and ``seq`` (the version after the change).

RQ reports every job and every maintenance pass at INFO ("cleaning registries", "Job
OK"): that is chatter, shown as DEBUG, so INFO shows the service's own lines only. No
line carries a token: the access log writes the path without its query string."""

from __future__ import annotations

import logging
import os
import sys
import time

import orjson

RESERVED = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime"}
FORMATS = ("json", "text")


_second, _prefix = -1, ""


def utc_stamp(created: float) -> str:
    """``2026-11-25T15:09:26.123Z``, the second's prefix computed once per second: a log
    line per request must stay cheap."""
    global _second, _prefix
    sec = int(created)
    if sec != _second:
        _second, _prefix = sec, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(sec))
    return f"{_prefix}.{int((created - sec) * 1000):03d}Z"


def line(fmt: str, logger: str, msg: str, extra: dict, level: str = "INFO") -> str:
    """One log line as the formatter of ``fmt`` writes it, without the logging machinery
    (a LogRecord, handlers, filters, locks): for the access log, a line per request."""
    created = time.time()
    if fmt == "json":
        return orjson.dumps({"t": utc_stamp(created), "level": level, "logger": logger, "msg": msg, **extra},
                            default=str).decode()
    pairs = " ".join(f"{k}={v}" for k, v in extra.items())
    return f"{time.strftime('%H:%M:%S', time.localtime(created))} {level} {logger}: {msg} {pairs}"


class JsonFormatter(logging.Formatter):
    """orjson, and the timestamp's prefix computed once per second."""

    kind = "json"

    def format(self, record: logging.LogRecord) -> str:
        out = {"t": utc_stamp(record.created), "level": record.levelname, "logger": record.name,
               "msg": record.getMessage()}
        for key, value in record.__dict__.items():
            if key not in RESERVED and key[0] != "_":
                out[key] = value
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return orjson.dumps(out, default=str).decode()


class TextFormatter(logging.Formatter):
    """``12:04:05 WARNING macau.games: message key=value``, for a terminal."""

    kind = "text"

    def __init__(self):
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s", "%H:%M:%S")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        extra = [f"{k}={v}" for k, v in record.__dict__.items() if k not in RESERVED and k[0] != "_"]
        return f"{line} {' '.join(extra)}" if extra else line


class RqChatter(logging.Filter):
    """RQ's INFO lines become DEBUG: dropped unless ``level`` lets DEBUG through."""

    def __init__(self, level: int):
        super().__init__()
        self.level = level

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno == logging.INFO and record.name.startswith("rq."):
            if self.level > logging.DEBUG:
                return False
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return True


def formatter(fmt: str | None = None) -> logging.Formatter:
    fmt = fmt or os.environ.get("MACAU_LOG_FORMAT") or "json"
    if fmt not in FORMATS:
        raise SystemExit(f"MACAU_LOG_FORMAT must be one of {FORMATS}, not {fmt!r}")
    return TextFormatter() if fmt == "text" else JsonFormatter()


def level_of(level: str | int) -> int:
    value = logging.getLevelName(level.upper()) if isinstance(level, str) else level
    if not isinstance(value, int):
        raise SystemExit(f"MACAU_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}")
    return value


def configure(level: str = "INFO", fmt: str | None = None) -> None:
    root = logging.getLogger()
    if any(isinstance(h.formatter, (JsonFormatter, TextFormatter)) for h in root.handlers):
        return
    numeric = level_of(level)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(formatter(fmt))
    handler.addFilter(RqChatter(numeric))
    root.handlers[:] = [handler]
    root.setLevel(numeric)
