"""The API under test: the Flask app in process, with every response validated against
the committed openapi.yaml (so a response the document does not describe fails the test)."""

from __future__ import annotations

import pathlib

import pytest
import yaml
from openapi_core import OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse

from service.app import create_app
from service.config import Config

SPEC_PATH = pathlib.Path(__file__).resolve().parents[2] / "openapi.yaml"
AUDITOR = "test-auditor-token"


@pytest.fixture(scope="session")
def openapi():
    return OpenAPI.from_dict(yaml.safe_load(SPEC_PATH.read_text()))


class ValidatingClient:
    """A Flask test client whose every JSON response must validate against the spec."""

    def __init__(self, app, openapi):
        self.app, self.openapi = app, openapi
        self._client = app.test_client()
        self.validated = 0

    def open(self, *args, **kwargs):
        resp = self._client.open(*args, **kwargs)
        if resp.mimetype in ("application/json", "application/problem+json"):
            self.openapi.validate_response(WerkzeugOpenAPIRequest(resp.request), WerkzeugOpenAPIResponse(resp))
            self.validated += 1
        return resp

    def get(self, *a, **kw):
        return self.open(*a, method="GET", **kw)

    def post(self, *a, **kw):
        return self.open(*a, method="POST", **kw)

    def options(self, *a, **kw):
        return self.open(*a, method="OPTIONS", **kw)


@pytest.fixture
def app():
    return create_app(Config(auditor_token=AUDITOR, rate_limit_per_s=0, enqueue=False))


@pytest.fixture
def client(app, openapi):
    return ValidatingClient(app, openapi)


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}
