"""docker-compose.yml and docker-compose.cluster.yml validate against the Compose
Specification schema (vendored; no Docker engine runs here) and have what a scaled
deployment needs."""

import json
import pathlib
import subprocess
import time

import jsonschema
import pytest
import redis
import yaml

from service.embedded_redis import find_server_binary, free_cluster_port

ROOT = pathlib.Path(__file__).resolve().parents[2]
FILES = ["docker-compose.yml", "docker-compose.cluster.yml"]


def compose(name="docker-compose.yml"):
    return yaml.safe_load((ROOT / name).read_text())


def schema():
    return json.loads((ROOT / "tests" / "schemas" / "compose_spec.json").read_text())


@pytest.mark.parametrize("name", FILES)
def test_compose_file_matches_the_compose_spec_schema(name):
    jsonschema.validate(compose(name), schema(), cls=jsonschema.Draft201909Validator)


@pytest.mark.parametrize("name", FILES)
def test_invalid_compose_is_caught_by_the_same_check(name):
    broken = compose(name)
    broken["services"]["api"]["healthcheck"]["retries"] = "many"
    validator = jsonschema.Draft201909Validator(schema())
    assert list(validator.iter_errors(broken))


@pytest.mark.parametrize("name", FILES)
def test_api_and_workers_scale(name):
    c = compose(name)
    for svc in ("api", "worker"):
        s = c["services"][svc]
        assert "healthcheck" in s
        assert "container_name" not in s, "a fixed container name prevents scaling"
        assert not any(":" in str(p) for p in s.get("ports", [])), "a fixed host port prevents scaling"
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


def test_redis_has_aof_and_a_volume():
    redis_svc = compose()["services"]["redis"]
    command = redis_svc["command"]
    assert "--appendonly" in command and command[command.index("--appendonly") + 1] == "yes"
    assert any(v.endswith(":/data") for v in redis_svc["volumes"])


def test_the_cluster_file_runs_three_masters_with_a_replica_each_and_a_queue_of_its_own():
    c = compose("docker-compose.cluster.yml")["services"]
    nodes = sorted(name for name in c if name.startswith("valkey-"))
    assert len(nodes) == 6
    for name in nodes:
        node = c[name]
        assert node["command"][:2] == ["valkey-server", "/etc/valkey/cluster.conf"]
        assert node["command"][2:] == ["--cluster-announce-hostname", name]
        assert f"{name}:/data" in node["volumes"]
    init = " ".join(c["cluster-init"]["command"])
    assert "--cluster create" in init and "--cluster-replicas 1" in init
    assert all(f"{name}:6379" in init for name in nodes)
    assert "--appendonly" in c["queue"]["command"]
    for svc in ("api", "worker"):
        env = c[svc]["environment"]
        assert env["MACAU_REDIS_CLUSTER"] == "1" and env["REDIS_URL"].startswith("redis://valkey-")
        assert env["MACAU_QUEUE_REDIS_URL"] == "redis://queue:6379/0" and env["MACAU_REDIS_WAIT_REPLICAS"] == "1"
        assert c[svc]["depends_on"]["cluster-init"] == {"condition": "service_completed_successfully"}
        assert c[svc]["deploy"]["replicas"] >= 2


def test_the_cluster_nodes_config_starts_a_cluster_node(tmp_path):
    """deploy/valkey-cluster.conf, as the compose file mounts it, on a real server."""
    port = free_cluster_port()
    server = subprocess.Popen([find_server_binary(), str(ROOT / "deploy" / "valkey-cluster.conf"), "--port", str(port),
                               "--bind", "127.0.0.1", "--dir", str(tmp_path), "--cluster-announce-hostname", "localhost"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    client = redis.Redis(port=port)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                cluster = client.info("cluster")
                break
            except redis.ConnectionError:
                assert server.poll() is None and time.monotonic() < deadline, "the node did not start"
                time.sleep(0.05)
        assert cluster["cluster_enabled"] == 1
        assert client.config_get("cluster-node-timeout") == {"cluster-node-timeout": "5000"}
        assert client.config_get("cluster-require-full-coverage") == {"cluster-require-full-coverage": "no"}
        assert client.config_get("appendonly") == {"appendonly": "yes"}
        assert client.config_get("cluster-preferred-endpoint-type") == {"cluster-preferred-endpoint-type": "hostname"}
    finally:
        client.close()
        server.kill()
        server.wait()
