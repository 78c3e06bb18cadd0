"""Generate clients/python from openapi.yaml with openapi-python-client (pinned in
pyproject.toml), the one way ``./dev clients`` and tests/clients both make it.

    python -m tools.python_client [OUTPUT_PATH]     default: clients/python

The generator reads every response body with ``from_dict``; an SSE stream is not one body,
so the operations that answer ``text/event-stream`` are left out of the document it reads.
A Python program reads a game's stream with an SSE client (httpx-sse), as docs/clients.md shows."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SSE = "text/event-stream"


def without_streams(document: dict) -> dict:
    """The document less its operations whose success answer is an event stream."""
    paths = {}
    for path, item in document["paths"].items():
        kept = {method: op for method, op in item.items()
                if not isinstance(op, dict) or SSE not in op.get("responses", {}).get("200", {}).get("content", {})}
        if any(isinstance(op, dict) and "responses" in op for op in kept.values()):
            paths[path] = kept
    return {**document, "paths": paths}


def generate(output: Path, source: Path = ROOT / "openapi.yaml") -> subprocess.CompletedProcess:
    bin_dir = Path(sys.executable).parent  # the generator and its formatter (ruff) are beside it
    with tempfile.TemporaryDirectory() as tmp:
        spec = Path(tmp) / "openapi.yaml"
        spec.write_text(yaml.safe_dump(without_streams(yaml.safe_load(source.read_text())), sort_keys=False))
        return subprocess.run([str(bin_dir / "openapi-python-client"), "generate", "--path", str(spec),
                               "--output-path", str(output), "--overwrite", "--meta", "uv",
                               "--config", str(ROOT / "clients" / "openapi-python-client.yaml")],
                              capture_output=True, text=True, timeout=300,
                              env={**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"})


if __name__ == "__main__":
    made = generate(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "clients" / "python")
    if made.returncode:
        sys.stderr.write(made.stdout + made.stderr)
    sys.exit(made.returncode)
