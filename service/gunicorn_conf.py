"""Production gunicorn settings (``macau api`` and ``macau up`` use them).

gevent workers: an open SSE stream costs a greenlet, not an OS thread, so one process
holds thousands of streams; the stream hub reads Redis once per process for all of them.
Each connection takes a place in the worker's pool (``worker_connections``): the app's
cap on streams and long-polls (MACAU_MAX_STREAMS) must leave room below it for ordinary
requests and the health probes, and the server refuses to start when it does not.
Override with GUNICORN_WORKERS, GUNICORN_BIND, GUNICORN_WORKER_CLASS,
GUNICORN_WORKER_CONNECTIONS.

Logs: gunicorn's own lines in the service's format (JSON, or text with
MACAU_LOG_FORMAT=text); one access line per request (MACAU_ACCESS_LOG, on by default)
with the path but never the query string. Metrics: every worker writes to the
multiprocess directory (PROMETHEUS_MULTIPROC_DIR; a fresh one when unset), wiped when
the server starts; a worker that exits has its live gauges removed.

This file imports nothing that loads ``ssl`` (Flask, redis, prometheus-client): the
master loads it before the gevent workers patch ``ssl``, and gevent warns about any
module that came first."""

import gc
import logging
import multiprocessing
import os

import gunicorn.glogging
import gunicorn.util

from service import multiproc
from service.config import Config
from service.logs import RqChatter, formatter, level_of, line
from service.problem_types import bounded, raw_problem

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", max(2, multiprocessing.cpu_count())))
# gevent's pywsgi server in each worker, capping the connections of one peer (service/gevent_worker.py)
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "service.gevent_worker.MacauGeventWorker")
worker_connections = int(os.environ.get("GUNICORN_WORKER_CONNECTIONS", 4000))
HEADROOM = 100  # connections a worker keeps free of streams and of any one peer: requests, /healthz
_config = Config.from_env()
for _name, _value in (("MACAU_MAX_STREAMS", _config.max_streams),
                      ("MACAU_MAX_CONNECTIONS_PER_CLIENT", _config.max_connections_per_client)):
    if "gevent" in worker_class.lower() and _value > worker_connections - HEADROOM:
        raise SystemExit(f"{_name}={_value} leaves fewer than {HEADROOM} of the gevent worker's "
                         f"{worker_connections} connections (GUNICORN_WORKER_CONNECTIONS) for other requests")
keepalive = 30
timeout = 60
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", 10))  # then open SSE streams are cut
loglevel = os.environ.get("MACAU_LOG_LEVEL", "info").lower()
errorlog = "-"
accesslog = "-" if os.environ.get("MACAU_ACCESS_LOG", "1").strip().lower() not in ("0", "false", "no", "off") else None
control_socket_disable = True  # `macau` has no use for gunicornc; no socket file in $HOME
# A request gunicorn itself refuses (a request line or header past these limits, a
# malformed request) is answered by gunicorn, not the app: make that answer
# problem+json like every other error (API.md), not gunicorn's HTML page.
limit_request_line = 8190  # gunicorn's maximum: game ids of any plausible length reach the app (404)

_own_metrics_dir = multiproc.directory() is None
if _own_metrics_dir:
    multiproc.create()


def on_starting(server):
    multiproc.wipe(multiproc.directory())


def post_worker_init(worker):
    # The app, its modules and its caches are loaded and stay: move them out of the
    # collector's generations, so a full collection walks only what requests make (its
    # pauses were in the p99 of a move).
    gc.collect()
    gc.freeze()


def child_exit(server, worker):
    multiproc.mark_dead(worker.pid)


def on_exit(server):
    if _own_metrics_dir:
        multiproc.remove(multiproc.directory())


class Logger(gunicorn.glogging.Logger):
    """gunicorn's error and access logs in the service's format. The access line names
    the path without its query string: no token, no other query value, is ever logged."""

    def setup(self, cfg):
        super().setup(cfg)
        fmt = formatter()
        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                handler.setFormatter(fmt)
                handler.addFilter(RqChatter(level_of(cfg.loglevel)))
        # the access log to a stream is written straight to it (see logs.line): a line per
        # request through logging's machinery cost 19 µs of CPU, a tenth of a move's budget
        handlers = self.access_log.handlers
        self._access = (handlers[0].stream, fmt.kind) if len(handlers) == 1 and \
            type(handlers[0]) is logging.StreamHandler else None

    def access(self, resp, req, environ, request_time):
        if not (self.cfg.accesslog or self.cfg.logconfig or self.cfg.syslog):
            return
        # "200 OK" from gunicorn, 200 or "200 OK" from pywsgi; None from pywsgi when the
        # connection went before any answer (a stream cut at shutdown)
        status = str(resp.status or "")[:3]
        code = int(status) if status.isdigit() else 0
        method, path = environ.get("REQUEST_METHOD", "-"), environ.get("PATH_INFO", "-")
        msg = f"{method} {path} {code or '-'}"
        extra = {"method": method, "path": path, "status": code, "bytes": getattr(resp, "sent", None),
                 "ms": round(request_time.total_seconds() * 1000, 2), "remote": environ.get("REMOTE_ADDR")}
        if self._access is None:
            self.access_log.info("%s", msg, extra=extra)
            return
        stream, kind = self._access
        try:
            stream.write(line(kind, "gunicorn.access", msg, extra) + "\n")
            stream.flush()
        except (OSError, ValueError):  # the reader went away (a closed pipe): as logging would, carry on
            pass


logger_class = Logger


def _problem_error(sock, status_int, reason, mesg):
    code = {400: "bad_request", 403: "forbidden", 414: "uri_too_long", 417: "expectation_failed",
            431: "request_header_fields_too_large", 500: "internal_error",
            501: "not_implemented"}.get(status_int, "bad_request")
    gunicorn.util.write_nonblock(sock, raw_problem(status_int, reason, code, bounded(str(mesg or reason))))


gunicorn.util.write_error = _problem_error
