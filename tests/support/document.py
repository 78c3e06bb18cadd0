"""The committed OpenAPI document's schemas as validators (OpenAPI 3.0 semantics:
``nullable``, ``discriminator``), for tests that check values outside an HTTP response."""

from __future__ import annotations

import functools
import pathlib

import yaml
from openapi_schema_validator import OAS30Validator

SPEC_PATH = pathlib.Path(__file__).resolve().parents[2] / "openapi.yaml"


@functools.lru_cache(maxsize=None)
def spec() -> dict:
    return yaml.safe_load(SPEC_PATH.read_text())


@functools.lru_cache(maxsize=None)
def validator(component: str) -> OAS30Validator:
    """A validator of ``#/components/schemas/<component>`` (its references resolve within
    the document)."""
    return OAS30Validator({**spec(), "$ref": f"#/components/schemas/{component}"})
