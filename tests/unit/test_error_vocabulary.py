"""The closed sets the OpenAPI document publishes as enums hold every value the code
uses: the problem codes (``service.problem_types.CODES``) and the reasons of rejected
moves (``domain.errors.REASONS``). Found in the source, so a new code or reason that is
not registered fails here, before a strict client meets it."""

from __future__ import annotations

import ast
from pathlib import Path

from domain.errors import REASONS
from service.problem_types import CODES

ROOT = Path(__file__).resolve().parents[2]


def _sources(*packages):
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield path, ast.parse(path.read_text(), str(path))


def _name(func) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _constant(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _strings(node):
    """Every string a node can evaluate to: a constant, either branch of a conditional,
    or any value of a dict literal looked up (``{400: "a", ...}.get(status, "b")``)."""
    if _constant(node) is not None:
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from _strings(node.body)
        yield from _strings(node.orelse)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
            and isinstance(node.func.value, ast.Dict):
        for v in node.func.value.values:
            yield from _strings(v)
        for a in node.args[1:]:
            yield from _strings(a)


def test_every_rule_violation_reason_is_registered():
    found = set()
    for _, tree in _sources("domain", "games"):
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in ("RuleViolation", "violation") and node.args:
                found.update(_strings(node.args[0]))
            # the reasons the matching helpers return for `violation(reason)`
            if isinstance(node, ast.FunctionDef) and (node.name.endswith("_reason") or node.name == "why_not_normal"):
                for ret in ast.walk(node):
                    if isinstance(ret, ast.Return) and ret.value is not None:
                        found.update(_strings(ret.value))
                        if isinstance(ret.value, ast.Subscript) and isinstance(ret.value.value, ast.Dict):
                            found.update(v.value for v in ret.value.value.values if _constant(v) is not None)
    assert found, "the scan found no reason at all: it is broken"
    assert found - set(REASONS) == set(), "reasons raised but not in domain.errors.REASONS"
    assert set(REASONS) - found == set(), "REASONS lists reasons nothing raises"


PROBLEM_CALLS = {"ApiError": 1, "problem": 1, "raw_problem": 2, "Conflict": 0, "GameStatusError": 0, "_too_many": 0,
                 "RefusedUrl": 0}


def test_every_problem_code_is_registered():
    found = set()
    for path, tree in _sources("service", "games", "domain"):
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in PROBLEM_CALLS:
                i = PROBLEM_CALLS[_name(node.func)]
                if len(node.args) > i:
                    found.update(_strings(node.args[i]))
            # a code picked from a table: `code = {400: "bad_request", ...}.get(status, "...")`
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "code" for t in node.targets) \
                    and isinstance(node.value, ast.Call):
                found.update(_strings(node.value))
    assert {"game_not_found", "rate_limited", "bad_request", "game_full", "game_not_started"} <= found, \
        "the scan misses codes it should find: it is broken"
    assert found - set(CODES) == set(), "problem codes answered but not in service.problem_types.CODES"
    assert set(CODES) - found == set(), "CODES lists codes nothing answers with"
