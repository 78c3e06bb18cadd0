"""The macau command dispatches to its subcommands (the slow ones are covered by e2e)."""

import json

import pytest

from service.cli import main
from service.config import Config, ConfigError


def test_simulate_takes_its_own_options(capsys):
    assert main(["simulate", "--variant", "makao", "--seats", "normal,easy", "--games", "4", "--processes", "1",
                 "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()[-1]
    result = json.loads(out)
    assert result["variant"] == "makao" and result["games"] == 4
    assert set(result["levels"]) == {"normal", "easy"}


def test_openapi_prints_the_document(capsys):
    assert main(["openapi"]) == 0
    assert "openapi: 3.0.3" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["api", "worker"])
def test_a_cluster_without_a_queue_redis_is_refused_at_start_up(command, monkeypatch):
    """RQ cannot use a cluster: the process says so and exits before serving anything."""
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:1")
    monkeypatch.setenv("MACAU_REDIS_CLUSTER", "1")
    monkeypatch.delenv("MACAU_QUEUE_REDIS_URL", raising=False)
    with pytest.raises(SystemExit) as exited:
        main([command])
    assert "MACAU_QUEUE_REDIS_URL" in str(exited.value) and "Cluster" in str(exited.value)


@pytest.mark.parametrize("settings,problem", [
    ({"redis_cluster": True}, "REDIS_URL"),
    ({"redis_cluster": True, "redis_url": "redis://n1:6379"}, "MACAU_QUEUE_REDIS_URL"),
    ({"redis_wait_replicas": 1}, "REDIS_URL"),
    ({"redis_url": "redis://r", "redis_wait_replicas": -1}, "MACAU_REDIS_WAIT_REPLICAS"),
])
def test_settings_that_cannot_work_are_named(settings, problem):
    with pytest.raises(ConfigError, match=problem):
        Config(**settings).check()


def test_a_cluster_takes_its_queue_redis_from_its_own_setting():
    cluster = Config(redis_url="redis://n1:6379", redis_cluster=True, queue_redis_url="redis://q:6379/0")
    assert cluster.check().queue_url == "redis://q:6379/0"
    assert Config(redis_url="redis://r:6379").check().queue_url == "redis://r:6379"
    # an API-only process (no follow-ups to enqueue) needs no queue, a worker always does
    api_only = Config(redis_url="redis://n1:6379", redis_cluster=True, enqueue=False)
    assert api_only.check().queue_url is None
    with pytest.raises(ConfigError):
        api_only.check(needs_queue=True)


def test_the_environment_names_the_cluster_settings(monkeypatch):
    for name, value in {"REDIS_URL": "redis://n1:7000", "MACAU_REDIS_CLUSTER": "1", "MACAU_REDIS_WAIT_REPLICAS": "1",
                        "MACAU_REDIS_WAIT_TIMEOUT_MS": "250", "MACAU_QUEUE_REDIS_URL": "redis://q:6379/0"}.items():
        monkeypatch.setenv(name, value)
    config = Config.from_env()
    assert (config.redis_cluster, config.redis_wait_replicas, config.redis_wait_timeout_ms) == (True, 1, 250)
    monkeypatch.setenv("MACAU_REDIS_CLUSTER", "0")
    assert Config.from_env().redis_cluster is False


def test_the_tools_find_a_running_macau_up_without_redis_url(monkeypatch, tmp_path):
    """`macau up` writes where its servers are; status, replay and audit read it when
    REDIS_URL is not set, and only while that `macau up` still runs."""
    import os

    from service import cli
    monkeypatch.setenv("MACAU_VAR_DIR", str(tmp_path))
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.delenv("MACAU_ARCHIVE_DIR", raising=False)
    with pytest.raises(SystemExit) as exited:
        cli._running_config()
    assert "./dev up" in str(exited.value)
    env = {"REDIS_URL": "redis://127.0.0.1:6380", "MACAU_ARCHIVE_DIR": str(tmp_path / "archive")}
    cli._write_up_state(env)
    config = cli._running_config()
    assert config.redis_url == "redis://127.0.0.1:6380" and config.archive_dir == str(tmp_path / "archive")
    cli._remove_up_state(env)
    assert not os.path.exists(tmp_path / "macau-up.json")
    (tmp_path / "macau-up.json").write_text(json.dumps({"pid": 2 ** 22 + 1, **env}))  # no such process
    monkeypatch.delenv("REDIS_URL")
    with pytest.raises(SystemExit):
        cli._running_config()
