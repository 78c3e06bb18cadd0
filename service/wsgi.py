"""WSGI entry point for gunicorn: ``gunicorn -c service/gunicorn_conf.py service.wsgi:app``."""

from __future__ import annotations

from .app import create_app
from .config import Config
from .logs import configure


def _app():
    config = Config.from_env()
    configure(config.log_level)
    return create_app(config)


app = _app()
