#!/usr/bin/env python3
"""Writes one benchmark script's output into its block of docs/benchmarks.md.

Usage: python3 bench/page.py NAME LOG COMMAND (called by bench_page in bench/lib.sh).
The block between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` becomes: a line with the
date, the machine and the command, the Markdown table the script printed (its lines starting
with `|`), and its other lines in a text block. A page without the block gets it at its end.
"""
import datetime
import os
import platform
import re
import sys

name, log, command = sys.argv[1:4]
page = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "benchmarks.md")


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            m = re.search(r"model name\s*:\s*(.*)", f.read())
            cpu = m.group(1).strip() if m else cpu
    except OSError:
        pass
    try:
        with open("/proc/meminfo") as f:
            kb = int(re.search(r"MemTotal:\s*(\d+)", f.read()).group(1))
        mem = f", {kb / 2**20:.0f} GB"
    except (OSError, AttributeError):
        mem = ""
    return f"{os.cpu_count()} cores ({cpu}{mem})"


with open(log, errors="replace") as f:
    lines = [re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", l.rstrip("\n")) for l in f]
table = [l for l in lines if l.startswith("|")]
other = [l for l in lines if not l.startswith("|") and l.strip()]
block = [f"*Measured on {datetime.date.today().isoformat()} on {machine()} by `{command}`.*", ""]
if table:
    block += table + [""]
if other:
    block += ["```text"] + other + ["```", ""]

begin, end = f"<!-- bench:{name} -->", f"<!-- /bench:{name} -->"
text = open(page).read() if os.path.exists(page) else "# Benchmarks\n"
new = begin + "\n" + "\n".join(block).rstrip() + "\n" + end
if begin in text and end in text:
    a, b = text.index(begin), text.index(end) + len(end)
    text = text[:a] + new + text[b:]
else:
    text = text.rstrip() + f"\n\n## {name}\n\n" + new + "\n"
# written whole: a temporary file beside the page, synced, renamed over it
tmp = page + ".tmp"
with open(tmp, "w") as f:
    f.write(text)
    f.flush()
    os.fsync(f.fileno())
os.replace(tmp, page)
print(f"bench: {os.path.relpath(page)} updated (block {name})", file=sys.stderr)
