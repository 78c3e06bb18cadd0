"""The web table's catalogs (service/web/static/i18n/<code>.json), read by the tests that
speak to the page in its language."""

from __future__ import annotations

import functools
import json
import pathlib

I18N = pathlib.Path(__file__).resolve().parents[2] / "service" / "web" / "static" / "i18n"
LANGUAGES = ["en", "de", "hu", "pl", "ro", "he"]


@functools.cache
def catalog(code: str) -> dict:
    return json.loads((I18N / f"{code}.json").read_text(encoding="utf-8"))


def text(code: str, key: str, **params) -> str:
    """A message with its parameters filled in (a plural's "other" form)."""
    m = catalog(code)[key]
    if isinstance(m, dict):
        m = m["other"]
    for name, value in params.items():
        m = m.replace("{" + name + "}", str(value))
    return m
