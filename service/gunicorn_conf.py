"""Production gunicorn settings (``macau api`` uses them).

gevent workers: an open SSE stream costs a greenlet, not an OS thread, so one process
holds thousands of streams; the stream hub reads Redis once per process for all of them.
Override with GUNICORN_WORKERS, GUNICORN_BIND, GUNICORN_WORKER_CLASS."""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", max(2, multiprocessing.cpu_count())))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gevent")
worker_connections = int(os.environ.get("GUNICORN_WORKER_CONNECTIONS", 4000))
keepalive = 30
timeout = 60
graceful_timeout = 10
accesslog = None  # the app logs structured lines itself
errorlog = "-"
loglevel = os.environ.get("MACAU_LOG_LEVEL", "info").lower()
