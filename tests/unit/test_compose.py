"""docker-compose.yml validates against the Compose Specification schema (vendored; no
Docker engine runs here) and has what a scaled deployment needs."""

import json
import pathlib

import jsonschema
import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]


def compose():
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_compose_file_matches_the_compose_spec_schema():
    schema = json.loads((ROOT / "tests" / "schemas" / "compose_spec.json").read_text())
    jsonschema.validate(compose(), schema, cls=jsonschema.Draft201909Validator)


def test_invalid_compose_is_caught_by_the_same_check():
    schema = json.loads((ROOT / "tests" / "schemas" / "compose_spec.json").read_text())
    broken = compose()
    broken["services"]["api"]["healthcheck"]["retries"] = "many"
    validator = jsonschema.Draft201909Validator(schema)
    assert list(validator.iter_errors(broken))


def test_redis_has_aof_and_a_volume_and_services_scale():
    c = compose()
    redis = c["services"]["redis"]
    assert "--appendonly" in redis["command"] and redis["command"][redis["command"].index("--appendonly") + 1] == "yes"
    assert any(v.endswith(":/data") for v in redis["volumes"])
    for name in ("api", "worker"):
        svc = c["services"][name]
        assert "healthcheck" in svc
        assert "container_name" not in svc, "a fixed container name prevents --scale"
        assert not any(":" in str(p) for p in svc.get("ports", [])), "a fixed host port prevents --scale"
    assert c["services"]["api"]["command"][:2] == ["macau", "api"]
    assert c["services"]["worker"]["command"][:2] == ["macau", "worker"]


def test_api_and_workers_share_the_archive():
    c = compose()
    for name in ("api", "worker"):
        svc = c["services"][name]
        mount = next(v for v in svc["volumes"] if v.startswith("archive:"))
        assert mount.split(":")[1] == svc["environment"]["MACAU_ARCHIVE_DIR"]
    assert "archive" in c["volumes"]
    assert (ROOT / "Dockerfile").exists()
