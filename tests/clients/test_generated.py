"""The committed clients are what ``./dev clients`` makes from the committed document
(itself checked against the code by tests/api/test_openapi.py): a change of the contract
shows up in the clients in the same commit. They are committed so that a developer can
read and use them without running a generator, and so that a review sees what a contract
change does to a client's code."""

from __future__ import annotations

import filecmp
import pathlib
import subprocess
import sys

from tools import python_client

from .conftest import ROOT, node_project, run


def test_the_typescript_types_are_up_to_date(tmp_path):
    folder = node_project("clients/typescript")
    out = tmp_path / "schema.ts"
    made = run(["./node_modules/.bin/openapi-typescript", str(ROOT / "openapi.yaml"), "--enum-values",
                "--output", str(out), "--silent"], folder, 120)
    assert made.returncode == 0, made.stderr
    assert out.read_text() == (folder / "src" / "schema.ts").read_text(), \
        "clients/typescript/src/schema.ts is stale: run ./dev clients"


def _differences(a: pathlib.Path, b: pathlib.Path) -> list[str]:
    cmp = filecmp.dircmp(a, b, ignore=["__pycache__", ".ruff_cache"])
    out = [f"{a.name}/{n}" for n in cmp.left_only + cmp.right_only + cmp.diff_files + cmp.funny_files]
    for name, sub in cmp.subdirs.items():
        out += [f"{a.name}/{d}" for d in _differences(a / name, b / name)]
    return out


def test_the_python_client_is_up_to_date(tmp_path):
    out = tmp_path / "python"
    made = python_client.generate(out)
    assert made.returncode == 0, made.stdout + made.stderr
    committed = ROOT / "clients" / "python"
    assert _differences(out, committed) == [], "clients/python is stale: run ./dev clients"


def test_the_python_client_type_checks_strictly(tmp_path):
    checked = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
                              "--cache-dir", str(tmp_path / "mypy"), str(ROOT / "clients" / "python" / "macau_client")],
                             capture_output=True, text=True, timeout=300)
    assert checked.returncode == 0, checked.stdout + checked.stderr
