"""WSGI entry point for gunicorn: ``gunicorn -c service/gunicorn_conf.py service.wsgi:app``.

This is a composition root: it wires the RQ follow-up scheduler (workers) into the app
when a queue is configured."""

from __future__ import annotations

from .app import create_app
from .config import Config


def build():
    from .logs import configure

    config = Config.from_env()
    configure(config.log_level)
    followups = None
    if config.enqueue and (config.queue_redis_url or config.redis_url):
        try:
            from workers.scheduling import followups_from_config
        except ImportError:  # workers not installed in this image: API only
            followups = None
        else:
            followups = followups_from_config(config)
    return create_app(config, followups=followups)


app = build()
