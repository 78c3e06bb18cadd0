"""What waiting for a replica costs an append (MACAU_REDIS_WAIT_REPLICAS=1).

    python -m bench.wait [--appends 3000] [--events 3]

Starts a local cluster of 3 masters with a replica each and appends to one game, one
append after another, through two stores on it: one that acknowledges an append as soon
as its master has it, one that first waits for the master's replica (WAIT, in the same
round trip). The two alternate in blocks of 100 appends, so a load that comes and goes on
the machine falls on both alike. Prints one JSON object last: each store's append
latency p50/p99 and what the wait adds."""

from __future__ import annotations

import argparse
import json
import sys
import time

from bench.api import pct
from events.envelope import NewEvent
from events.store import RedisEventStore
from service.embedded_cluster import start_cluster

BLOCK = 100


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--appends", type=int, default=3000, help="appends per store")
    ap.add_argument("--events", type=int, default=3, help="events per append (a move is 1-4)")
    a = ap.parse_args(argv)
    with start_cluster(3, 1) as cluster:
        stores = {"no_wait": RedisEventStore.from_url(cluster.url, cluster=True),
                  "wait_1": RedisEventStore.from_url(cluster.url, cluster=True, wait_replicas=1)}
        latencies: dict[str, list[float]] = {name: [] for name in stores}
        versions = dict.fromkeys(stores, 0)
        batch = [NewEvent("card_played", 0, {"cards": ["KS"]})] * a.events
        for _ in range(0, a.appends, BLOCK):
            for name, store in stores.items():
                game = f"bench-wait-{name}"
                for _ in range(BLOCK):
                    t0 = time.perf_counter()
                    store.append(game, batch, versions[name])
                    latencies[name].append((time.perf_counter() - t0) * 1000)
                    versions[name] += a.events
        for store in stores.values():
            store.close()
    out = {name: {"p50_ms": round(pct(lat, 50), 3), "p99_ms": round(pct(lat, 99), 3)}
           for name, lat in latencies.items()}
    cost = {"p50_ms": round(out["wait_1"]["p50_ms"] - out["no_wait"]["p50_ms"], 3),
            "p99_ms": round(out["wait_1"]["p99_ms"] - out["no_wait"]["p99_ms"], 3)}
    print(f"append of {a.events} events on a 3-master cluster with replicas: no wait p50 "
          f"{out['no_wait']['p50_ms']} ms p99 {out['no_wait']['p99_ms']} ms; WAIT 1 p50 {out['wait_1']['p50_ms']} ms "
          f"p99 {out['wait_1']['p99_ms']} ms", file=sys.stderr)
    print(json.dumps({"appends_per_store": a.appends, "events_per_append": a.events, **out, "wait_cost": cost}))


if __name__ == "__main__":
    main()
