"""The import graph of the service's packages: each may import only the floors below it,
and no module imports itself back through others.

    python -m tools.floors          a line per floor, then "ok" (exit 0) or what is wrong (exit 1)

Floors, top down: bench, service, workers, games, events, domain. Imports are read from
the source (``ast``): top-level ones and those inside functions alike, relative ones
resolved; those under ``if TYPE_CHECKING:`` are for a type checker and do not count. Only
imports between the project's own modules count."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

FLOORS = ["bench", "service", "workers", "games", "events", "domain"]  # top down
ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path, modules: set[str]) -> set[str]:
    """The project modules ``path`` imports."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in _nodes(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            # "from pkg import mod" imports the module; "from pkg import name", the package
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in modules:  # "pkg.mod.name" -> "pkg.mod"
                t = t.rpartition(".")[0]
            if t and t != name:
                found.add(t)
    return found


def _nodes(tree):
    """Every node but those under ``if TYPE_CHECKING:`` (names for a type checker only)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING":
                stack.extend(child.orelse)
                continue
            stack.append(child)


def graph() -> dict[str, set[str]]:
    paths = [p for floor in FLOORS for p in (ROOT / floor).rglob("*.py")]
    modules = {module_name(p) for p in paths}
    return {module_name(p): imports(p, modules) for p in paths}


def floor(module: str) -> int:
    return FLOORS.index(module.split(".")[0])


def upward(g: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Imports that point at a higher floor."""
    return sorted((m, t) for m, ts in g.items() for t in ts if floor(t) < floor(m))


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def main() -> int:
    g = graph()
    for f in FLOORS:
        below = sorted({t.split(".")[0] for m, ts in g.items() if m.split(".")[0] == f for t in ts} - {f})
        print(f"{f:8} -> {', '.join(below) or '(nothing)'}")
    bad_up, bad_cycles = upward(g), cycles(g)
    for m, t in bad_up:
        print(f"upward: {m} imports {t}")
    for c in bad_cycles:
        print(f"cycle: {' <-> '.join(c)}")
    print("ok" if not bad_up and not bad_cycles else "not ok")
    return 0 if not bad_up and not bad_cycles else 1


if __name__ == "__main__":
    sys.exit(main())
