"""The API under test: the Flask app in process, with every response validated against
the committed openapi.yaml (so a response the document does not describe fails the test)."""

from __future__ import annotations

import io
import json
import pathlib

import pytest
import yaml
from openapi_core import Config as OpenAPIConfig
from openapi_core import OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from werkzeug.wrappers import Request

from service.app import create_app
from service.config import Config

SPEC_PATH = pathlib.Path(__file__).resolve().parents[2] / "openapi.yaml"
AUDITOR = "test-auditor-token"


@pytest.fixture(scope="session")
def openapi():
    # problem+json is JSON: validate it as such (openapi-core only knows application/json)
    config = OpenAPIConfig(extra_media_type_deserializers={"application/problem+json": json.loads})
    return OpenAPI.from_dict(yaml.safe_load(SPEC_PATH.read_text()), config=config)


class ValidatingClient:
    """A Flask test client whose every JSON response must validate against the spec."""

    def __init__(self, app, openapi):
        self.app, self.openapi = app, openapi
        self._client = app.test_client()
        self.validated = 0

    def open(self, *args, **kwargs):
        resp = self._client.open(*args, **kwargs)
        if resp.mimetype in ("application/json", "application/problem+json"):
            self.openapi.validate_response(WerkzeugOpenAPIRequest(_replayable(resp.request)),
                                           WerkzeugOpenAPIResponse(resp))
            self.validated += 1
        return resp

    def get(self, *a, **kw):
        return self.open(*a, method="GET", **kw)

    def post(self, *a, **kw):
        return self.open(*a, method="POST", **kw)

    def options(self, *a, **kw):
        return self.open(*a, method="OPTIONS", **kw)


def _replayable(request: Request) -> Request:
    """The request as the app saw it, minus its already-consumed body stream: matching a
    response to its operation needs the method, path and headers, and reading the spent
    input stream again would fail (werkzeug raises ClientDisconnected)."""
    environ = dict(request.environ)
    environ["wsgi.input"] = io.BytesIO(b"")
    environ["CONTENT_LENGTH"] = "0"
    return Request(environ)


@pytest.fixture
def app():
    return create_app(Config(auditor_token=AUDITOR, rate_limit_per_s=0, auth_failures_per_s=0, enqueue=False))


@pytest.fixture(scope="module")
def module_app():
    """One app for a whole module (building an app takes a third of a second): a module
    whose tests do not depend on a clean lobby overrides ``app`` with it."""
    app = create_app(Config(auditor_token=AUDITOR, rate_limit_per_s=0, auth_failures_per_s=0, enqueue=False))
    yield app
    app.extensions["macau"].hub.stop()


@pytest.fixture
def client(app, openapi):
    return ValidatingClient(app, openapi)


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def make_client(openapi):
    """A validating client for an app built with other settings:
    ``make_client(sse_keepalive_s=0.2)`` or ``make_client(redis_url=url)``."""
    apps = []

    def make(**config):
        settings = {"auditor_token": AUDITOR, "rate_limit_per_s": 0, "auth_failures_per_s": 0, "enqueue": False,
                    **config}
        app = create_app(Config(**settings))
        apps.append(app)
        return ValidatingClient(app, openapi)

    yield make
    for app in apps:
        app.extensions["macau"].hub.stop()


@pytest.fixture
def raw(app):
    """An unvalidated client, only for requests no OpenAPI document can describe (methods
    and paths the service does not serve); their responses are checked by hand."""
    return app.test_client()
