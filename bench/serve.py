#!/usr/bin/env python3
"""Requests per second and latency of `rulecraft serve` (docs/api.md): POST /v1/run of one reach
on a 64 × 64 and a 256 × 256 map, from several clients at once, the ruleset already loaded; then
the same reach asked of an open scenario (POST /v1/scenarios/{id}/ask, one open scenario per
client), the map and ruleset read once: what a tool dragging a token pays.

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


def timed(clients, requests, send):
    """Calls send(client) clients × requests times from `clients` threads; returns (seconds,
    sorted latencies in ms, errors: answers other than 200 or 201)."""
    def client(index):
        latencies, errors = [], 0
        for _ in range(requests):
            start = time.perf_counter()
            status = send(index)
            latencies.append((time.perf_counter() - start) * 1000)
            errors += status not in (200, 201)
        return latencies, errors

    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(clients) as pool:
        outcomes = list(pool.map(client, range(clients)))
    seconds = time.perf_counter() - start
    return seconds, sorted(l for latencies, _ in outcomes for l in latencies), sum(e for _, e in outcomes)


def measure(server, body, clients, requests):
    """Sends clients × requests POST /v1/run; returns (seconds, latencies in ms, errors)."""
    headers = {"Content-Type": "application/json"}
    for _ in range(clients):  # each worker loads the ruleset once, before timing
        server.request("POST", "/v1/run", body, headers)
    return timed(clients, requests, lambda _: server.request("POST", "/v1/run", body, headers)[0])


def measure_open(server, scenario, clients, requests):
    """Opens the scenario once per client, then sends clients × requests POST …/ask of its query;
    returns (seconds, latencies in ms, errors)."""
    query = json.dumps(scenario["queries"][0])
    ids = []
    for _ in range(clients):
        _, document, _ = server.request("POST", "/v1/scenarios", json.dumps(scenario))
        ids.append(document["scenario"])
    outcome = timed(clients, requests,
                    lambda index: server.request("POST", f"/v1/scenarios/{ids[index]}/ask", query)[0])
    for scenario_id in ids:
        server.request("DELETE", f"/v1/scenarios/{scenario_id}")
    return outcome


def report(what, seconds, latencies, errors):
    print(f"{what}: {len(latencies)} requests, {len(latencies) / seconds:.1f} requests/s, "
          f"p50 {statistics.median(latencies):.2f} ms, p99 {percentile(latencies, 0.99):.2f} ms, errors {errors}")


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
            report(f"reach on {side}² (POST /v1/run)", *measure(server, body, args.clients, args.requests))
        for side in (64, 256):
            scenario = serve_support.grid_scenario(side)
            report(f"reach on {side}², open scenario (POST …/ask)",
                   *measure_open(server, scenario, args.clients, args.requests))
    finally:
        server.stop()


if __name__ == "__main__":
    main()
