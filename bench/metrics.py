"""What counting costs a request: the metrics hook (``service.app._register_metrics``),
in CPU time, in multiprocess mode as gunicorn runs it.

    python -m bench.metrics [--calls 200000]

- ``hook_us_per_request``: the after-request hook (route, method, status, latency into
  a counter and a histogram) called inside a request context, plus the WSGI wrapper that
  stamps the start time.
- ``record_us``: ``Metrics.request`` alone (two look-ups, three increments in
  memory-mapped files).
- ``request_us``: a whole ``GET /v1/variants/macau`` through the Flask test client, for
  scale.

Prints one JSON object as its last line."""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time


def _per_call_us(fn, calls: int) -> float:
    for _ in range(min(1000, calls)):
        fn()
    start = time.process_time()
    for _ in range(calls):
        fn()
    return (time.process_time() - start) / calls * 1e6


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(prog="python -m bench.metrics")
    parser.add_argument("--calls", type=int, default=200_000)
    args = parser.parse_args(argv)
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="bench-metrics-")  # before prometheus loads

    from flask import Response

    from service.app import create_app
    from service.config import Config

    app = create_app(Config(rate_limit_per_s=0, enqueue=False))
    [counted] = [f for f in app.after_request_funcs[None] if f.__name__ == "_counted"]
    metrics = app.extensions["macau"].metrics
    response = Response(b"{}", status=200)

    with app.test_request_context("/v1/games/abc/moves", method="POST") as ctx:
        ctx.request.url_rule, _ = app.url_map.bind("localhost").match("/v1/games/abc/moves", "POST",
                                                                      return_rule=True)
        ctx.request.environ["macau.started"] = time.perf_counter()
        hook_us = _per_call_us(lambda: counted(response), args.calls)
    environ = {}
    stamp_us = _per_call_us(lambda: environ.__setitem__("macau.started", time.perf_counter()), args.calls)
    record_us = _per_call_us(lambda: metrics.request("/v1/games/<game_id>/moves", "POST", 200, 0.0012), args.calls)
    client = app.test_client()
    request_us = _per_call_us(lambda: client.get("/v1/variants/macau"), max(1000, args.calls // 100))
    result = {"hook_us_per_request": round(hook_us + stamp_us, 2), "record_us": round(record_us, 2),
              "request_us": round(request_us, 1), "calls": args.calls, "multiprocess": True}
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
