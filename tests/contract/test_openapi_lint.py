"""openapi.yaml passes Spectral (``spectral:oas``) and Redocly (``recommended``) with no
error and no warning; the only rule turned off says why in tools/lint/redocly.yaml. The
linters' versions are pinned by tools/lint/package-lock.json (``./dev test`` runs
``npm ci`` there)."""

from __future__ import annotations

import os
import subprocess

from tests.clients.conftest import ROOT, node_project, run


def test_spectral_finds_nothing():
    folder = node_project("tools/lint")
    result = run(["./node_modules/.bin/spectral", "lint", "--ruleset", "spectral.yaml", "--fail-severity", "hint",
                  "--format", "text", str(ROOT / "openapi.yaml")], folder, 300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No results with a severity of 'hint' or higher found" in result.stdout, result.stdout


def test_redocly_finds_nothing():
    folder = node_project("tools/lint")
    env = {**os.environ, "REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true"}
    result = subprocess.run(["./node_modules/.bin/redocly", "lint", "--config", "redocly.yaml", "--format", "stylish",
                             "--max-problems", "1000", str(ROOT / "openapi.yaml")],
                            cwd=folder, capture_output=True, text=True, timeout=300, env=env)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "Your API description is valid" in output and "warning" not in output.split("validating")[-1], output


def test_the_one_rule_turned_off_says_why():
    text = (ROOT / "tools" / "lint" / "redocly.yaml").read_text().splitlines()
    off = [i for i, line in enumerate(text) if line.strip().endswith(": off")]
    assert len(off) == 1 and text[off[0] - 1].strip().startswith("#") and len(text[off[0] - 1]) > 40
