"""The API under test: the Flask app in process, with every response validated against
the committed openapi.yaml (so a response the document does not describe fails the test).

The whole suite runs once per store (``api_backend``): in memory, on one Redis server
and on a 3-master Redis Cluster."""

from __future__ import annotations

import io
import json
import pathlib
from typing import Optional

import pytest
import yaml
from openapi_core import Config as OpenAPIConfig
from openapi_core import OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from werkzeug.wrappers import Request

from bench.stack import NO_TABLE_LIMITS_CONFIG
from service.app import create_app
from service.config import Config
from tests.support.backends import Backend

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


@pytest.fixture(scope="session", params=["memory", "redis", "cluster"])
def api_backend(request) -> Optional[Backend]:
    """Where the apps' events live: None (in memory), one server, or a cluster."""
    if request.param == "redis":
        return Backend(request.getfixturevalue("redis_server").url, False)
    if request.param == "cluster":
        return Backend(request.getfixturevalue("redis_cluster").url, True)
    return None


def new_app(backend: Optional[Backend], **config):
    """An app on ``backend``, emptied first (as a new in-memory app is empty)."""
    settings = {"auditor_token": AUDITOR, "rate_limit_per_s": 0, "auth_failures_per_s": 0, "enqueue": False,
                **NO_TABLE_LIMITS_CONFIG}
    if backend is not None and "redis_url" not in config:
        settings.update(backend.flush().config())
    return create_app(Config(**{**settings, **config}))


def close(app) -> None:
    app.extensions["macau"].close()


@pytest.fixture
def app(api_backend):
    app = new_app(api_backend)
    yield app
    close(app)


@pytest.fixture(scope="module")
def module_app(api_backend):
    """One app for a whole module (building an app takes a third of a second): a module
    whose tests do not depend on a clean lobby overrides ``app`` with it."""
    app = new_app(api_backend)
    yield app
    close(app)


@pytest.fixture
def client(app, openapi):
    return ValidatingClient(app, openapi)


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def make_client(openapi, api_backend):
    """A validating client for a new app (an empty store) built with other settings:
    ``make_client(sse_keepalive_s=0.2)`` or ``make_client(redis_url=url)``."""
    apps = []

    def make(**config):
        app = new_app(api_backend, **config)
        apps.append(app)
        return ValidatingClient(app, openapi)

    yield make
    for app in apps:
        close(app)


@pytest.fixture
def raw(app):
    """An unvalidated client, only for requests no OpenAPI document can describe (methods
    and paths the service does not serve); their responses are checked by hand."""
    return app.test_client()
