#!/usr/bin/env python3
"""Requests per second and latency of `rulecraft serve` (docs/api.md): POST /v1/run of one reach
on a 64 × 64 and a 256 × 256 map, from several clients at once, the ruleset already loaded.

Usage: bench/serve.py [--rulecraft build/rulecraft] [--clients 8] [--requests 200] [--workers 8]
Prints one line per map: requests, requests/s, p50 and p99 latency in ms, and errors (which
should be 0). It asserts nothing about time: numbers depend on the machine.
"""

import argparse
import concurrent.futures
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "service"))
import serve_support  # noqa: E402


def percentile(sorted_values, fraction):
    index = min(len(sorted_values) - 1, max(0, round(fraction * (len(sorted_values) - 1))))
    return sorted_values[index]


def measure(server, body, clients, requests):
    """Sends clients × requests POST /v1/run; returns (seconds, latencies in ms, errors)."""
    headers = {"Content-Type": "application/json"}
    for _ in range(clients):  # each worker loads the ruleset once, before timing
        server.request("POST", "/v1/run", body, headers)

    def client(_):
        latencies, errors = [], 0
        for _ in range(requests):
            start = time.perf_counter()
            status, _, _ = server.request("POST", "/v1/run", body, headers)
            latencies.append((time.perf_counter() - start) * 1000)
            errors += status != 200
        return latencies, errors

    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(clients) as pool:
        outcomes = list(pool.map(client, range(clients)))
    seconds = time.perf_counter() - start
    return seconds, sorted(l for latencies, _ in outcomes for l in latencies), sum(e for _, e in outcomes)


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rulecraft", default=os.path.join(root, "build", "rulecraft"))
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=200, help="per client")
    parser.add_argument("--workers", type=int, default=8)
    args = parser.parse_args()
    server = serve_support.Server(args.rulecraft, ["--workers", str(args.workers)])
    try:
        print(f"rulecraft serve, {args.clients} clients × {args.requests} requests, {args.workers} workers")
        for side in (64, 256):
            body = json.dumps(serve_support.grid_scenario(side))
            seconds, latencies, errors = measure(server, body, args.clients, args.requests)
            print(f"reach on {side}²: {len(latencies)} requests, {len(latencies) / seconds:.1f} requests/s, "
                  f"p50 {statistics.median(latencies):.2f} ms, p99 {percentile(latencies, 0.99):.2f} ms, "
                  f"errors {errors}")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
