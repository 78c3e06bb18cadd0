"""The TypeScript client (clients/typescript: openapi-typescript + openapi-fetch, the
stream read with the ``eventsource`` package): it type-checks under ``tsc --strict
--noUncheckedIndexedAccess`` with no ``any`` and no cast, and plays a whole game of every
preset against the real service (clients/typescript/test/play.ts)."""

from __future__ import annotations

import json
import re

from .conftest import AUDITOR, node_project, run

# `any`, a cast (`x as T`; `as const` is none) or a non-null assertion (`x!.y`)
LOOSE = re.compile(r"\bany\b|\bas (?!const\b)[A-Za-z{(\[]|[\w)\]]!(?!=)[.;,)\]\s]")
HAND_WRITTEN = ["clients/typescript/src/index.ts", "clients/typescript/test/play.ts", "examples/typescript/bot.ts"]


def _code(text: str) -> str:
    """``text`` without its comments and string literals (their words are not code)."""
    text = re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"`(?:\\.|[^`\\])*`|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'", '""', text)


def test_the_hand_written_typescript_has_no_any_and_no_cast():
    root = node_project("clients/typescript").parents[1]
    for name in HAND_WRITTEN:
        code = _code((root / name).read_text())
        assert not LOOSE.findall(code), (name, LOOSE.findall(code))
    # the check finds what it is looking for
    assert LOOSE.findall(_code("const a: any = b; const c = d as Foo; e!.f; g !== h; // as Bar")) == \
        ["any", "as F", "e!."]


def test_the_typescript_client_compiles_strictly_and_plays_every_preset(service):
    folder = node_project("clients/typescript")
    config = json.loads((folder / "tsconfig.json").read_text())["compilerOptions"]
    assert config["strict"] is True and config["noUncheckedIndexedAccess"] is True
    built = run(["./node_modules/.bin/tsc", "-p", "."], folder, 300)
    assert built.returncode == 0, built.stdout + built.stderr
    played = run(["node", "dist/clients/typescript/test/play.js", service["base"], AUDITOR], folder, 600)
    assert played.returncode == 0, played.stdout[-3000:] + played.stderr[-3000:]
    result = json.loads(played.stdout.strip().splitlines()[-1])
    assert result["finished"] == ["macau", "switch", "mau_mau", "makao", "romanian", "tel_aviv", "plawno"]
    assert result["stale"] == 7 and result["conflicts"] >= 7 and result["rateLimited"] == 1 and result["resumed"]
    assert result["moves"] > 0 and result["events"] > result["moves"]
