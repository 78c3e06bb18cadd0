"""Reading a Prometheus text exposition in tests: one sample's value by name and labels."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families


def samples(text: str) -> dict:
    """{(sample name, frozenset of labels): value} for every sample of the exposition."""
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(text_or_samples, name: str, **labels) -> float:
    """The sum of the samples named ``name`` whose labels include ``labels`` (0 if none)."""
    found = samples(text_or_samples) if isinstance(text_or_samples, str) else text_or_samples
    want = set(labels.items())
    return sum(v for (n, ls), v in found.items() if n == name and want <= ls)


def recorded(name: str, **labels) -> float:
    """This process's value of a sample (0 if it has none yet): what the default
    registry holds, outside multiprocess mode."""
    from prometheus_client import REGISTRY

    return REGISTRY.get_sample_value(name, labels) or 0.0
