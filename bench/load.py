#!/usr/bin/env python3
"""Load on `grundy serve`: CLIENTS concurrent clients, each on its own keep-alive connection,
send simple `solve` requests (random Nim positions) for SECONDS seconds; every answer is checked
against the Nim rule (outcome N iff the xor is not 0, Grundy value = the xor); prints the
latency percentiles.

    python3 bench/load.py [--clients 16] [--seconds 10] [--bin target/release/grundy]
"""
import argparse
import http.client
import random
import re
import subprocess
import sys
import threading
import time
import urllib.parse


def client(host, port, seed, stop, latencies, errors):
    rng = random.Random(seed)
    conn = http.client.HTTPConnection(host, port, timeout=30)
    while not stop.is_set():
        heaps = [rng.randrange(0, 1 << 40) for _ in range(rng.randrange(1, 6))]
        expr = "nim " + " ".join(map(str, heaps))
        url = "/api/solve?position=" + urllib.parse.quote(expr)
        start = time.perf_counter()
        conn.request("GET", url)
        response = conn.getresponse()
        body = response.read().decode()
        latencies.append(time.perf_counter() - start)
        xor = 0
        for h in heaps:
            xor ^= h
        outcome = "N" if xor else "P"
        if response.status != 200 or f'"outcome":"{outcome}"' not in body or f'"grundy":{xor},' not in body:
            errors.append((expr, response.status, body[:200]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--bin", default="target/release/grundy")
    args = ap.parse_args()
    server = subprocess.Popen([args.bin, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        host, port = re.search(r"http://([\d.]+):(\d+)/", line).groups()
        stop = threading.Event()
        latencies, errors = [], []
        threads = [
            threading.Thread(target=client, args=(host, int(port), i, stop, latencies, errors))
            for i in range(args.clients)
        ]
        for t in threads:
            t.start()
        time.sleep(args.seconds)
        stop.set()
        for t in threads:
            t.join()
    finally:
        server.terminate()
        server.wait()
    latencies.sort()
    n = len(latencies)
    pct = lambda p: latencies[min(n - 1, int(p * n))] * 1000
    print(f"{args.clients} clients, {args.seconds:g} s: {n} requests ({n / args.seconds:.0f}/s), "
          f"{len(errors)} wrong")
    print(f"latency ms: p50 {pct(0.50):.2f}  p90 {pct(0.90):.2f}  p99 {pct(0.99):.2f}  "
          f"max {latencies[-1] * 1000:.2f}")
    for e in errors[:5]:
        print("wrong:", e)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
