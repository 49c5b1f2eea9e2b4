"""Timing helpers shared by the benchmark scripts' Python parts (`sys.path.insert(0, "bench")`
from the repository's root, where every script runs)."""
import subprocess
import time


def run_timed(cmd, limit):
    """Runs `cmd` as a whole process: (its standard output, wall seconds), or (None, None) past
    `limit` seconds."""
    start = time.perf_counter()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=limit).stdout
    except subprocess.TimeoutExpired:
        return None, None
    return out, time.perf_counter() - start
