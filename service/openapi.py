"""The OpenAPI document, generated from the marshmallow schemas (``macau openapi``).

    python -m service.openapi > openapi.yaml

A test fails when the committed ``openapi.yaml`` differs from what this generates."""

from __future__ import annotations

import sys

import yaml

from .app import create_app
from .config import Config


def spec_dict() -> dict:
    app = create_app(Config())
    return app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()


def spec_yaml() -> str:
    return yaml.safe_dump(spec_dict(), sort_keys=False, allow_unicode=True)


def main(argv=None) -> None:
    sys.stdout.write(spec_yaml())


if __name__ == "__main__":
    main()
