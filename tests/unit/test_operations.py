"""The operator's surface that needs no server: logs, the metrics directory, the
dependency bounds, the nginx log format."""

from __future__ import annotations

import json
import logging
import os
import pathlib
import re
import tomllib

import pytest

from service import multiproc
from service.logs import JsonFormatter, RqChatter, TextFormatter

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _record(name: str, level: int, msg: str = "cleaning registries for queue: macau", **extra):
    record = logging.LogRecord(name, level, __file__, 1, msg, (), None)
    record.__dict__.update(extra)
    return record


def test_rq_info_lines_are_debug_lines():
    at_info, at_debug = RqChatter(logging.INFO), RqChatter(logging.DEBUG)
    assert not at_info.filter(_record("rq.worker", logging.INFO))
    shown = _record("rq.scheduler", logging.INFO)
    assert at_debug.filter(shown) and shown.levelname == "DEBUG"
    # RQ's warnings and errors, and the service's own INFO lines, keep their level
    for record in (_record("rq.worker", logging.WARNING), _record("macau.worker", logging.INFO)):
        level = record.levelname
        assert at_info.filter(record) and record.levelname == level


def test_log_lines_are_json_or_text_with_their_fields():
    record = _record("macau.games", logging.INFO, "appended 2 events", game_id="g1", seq=7)
    line = json.loads(JsonFormatter().format(record))
    assert (line["level"], line["logger"], line["msg"], line["game_id"], line["seq"]) == \
        ("INFO", "macau.games", "appended 2 events", "g1", 7)
    text = TextFormatter().format(record)
    assert re.fullmatch(r"\d\d:\d\d:\d\d INFO macau\.games: appended 2 events game_id=g1 seq=7", text), text


def test_the_metrics_directory_is_wiped_and_dead_processes_lose_their_live_gauges(tmp_path):
    for name in ("counter_11.db", "histogram_11.db", "gauge_liveall_11.db", "gauge_liveall_12.db",
                 "gauge_livesum_11.db", "gauge_all_11.db"):
        (tmp_path / name).write_bytes(b"x")
    multiproc.mark_dead(11, str(tmp_path))
    assert sorted(os.listdir(tmp_path)) == ["counter_11.db", "gauge_all_11.db", "gauge_liveall_12.db",
                                            "histogram_11.db"]
    (tmp_path / "keep.txt").write_text("not a metrics file")
    multiproc.wipe(str(tmp_path))
    assert os.listdir(tmp_path) == ["keep.txt"]


def test_every_dependency_stops_before_the_next_major():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = project["dependencies"] + project["optional-dependencies"]["dev"]
    assert "prometheus-client" in " ".join(project["dependencies"])
    for requirement in requirements:
        bounds = requirement.split(">=")[-1]
        assert re.fullmatch(r"[\d.]+,<[\d.]+", bounds), f"{requirement}: a lower and an upper bound"
        low, high = bounds.split(",<")
        assert tuple(map(int, low.split("."))) < tuple(map(int, high.split("."))), requirement


def test_nginx_logs_no_query_string():
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    fmt = re.search(r"log_format\s+(\w+)\s+(.*?);", conf, re.S)
    assert fmt, "a log format of our own, not nginx's default (which logs $request, query string included)"
    name, text = fmt.groups()
    for leaky in ("$request ", '$request"', "$request_uri", "$args", "$query_string", "$arg_", "$http_authorization"):
        assert leaky not in text, leaky
    assert "$uri" in text
    assert re.search(rf"access_log\s+\S+\s+{name}\s*;", conf)
    assert not re.search(r"access_log\s+\S+\s*;", conf), "every access log uses that format"


@pytest.mark.parametrize("level", ["DEBUG", "info", "WARNING"])
def test_log_levels_are_names(level):
    from service.logs import level_of

    assert level_of(level) == getattr(logging, level.upper())
    with pytest.raises(SystemExit):
        level_of("LOUD")
