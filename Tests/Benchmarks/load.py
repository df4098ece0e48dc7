#!/usr/bin/env python3
"""A load run: CLIENTS concurrent clients each run COMMAND (a tool invocation) COUNT times,
one after another, and time each run. Prints throughput, p50/p90/p99 latency and failures.

    load.py CLIENTS COUNT -- COMMAND ARG...
"""
import statistics
import subprocess
import sys
import threading
import time


def main() -> int:
    clients, count = int(sys.argv[1]), int(sys.argv[2])
    command = sys.argv[sys.argv.index("--") + 1:]
    latencies: list[float] = []
    failures: list[str] = []
    lock = threading.Lock()

    def client() -> None:
        mine, bad = [], []
        for _ in range(count):
            start = time.perf_counter()
            done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            mine.append((time.perf_counter() - start) * 1000)
            if done.returncode != 0:
                bad.append(f"exit {done.returncode}: {done.stderr.decode(errors='replace').strip()}")
        with lock:
            latencies.extend(mine)
            failures.extend(bad)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    latencies.sort()

    def percentile(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(round(p / 100 * (len(latencies) - 1))))]

    print(f"runs={len(latencies)} failures={len(failures)} seconds={elapsed:.2f} "
          f"throughput={len(latencies) / elapsed:.1f}/s p50={statistics.median(latencies):.1f}ms "
          f"p90={percentile(90):.1f}ms p99={percentile(99):.1f}ms max={latencies[-1]:.1f}ms")
    for failure in failures[:5]:
        print("failure:", failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
