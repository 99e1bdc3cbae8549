"""Run a command and print the CPU seconds it took, by process name (chromium, python, node...), with the machine's
busy CPU over the same time: how the README's figures on the browser tests' CPU were counted. Linux only (/proc).

    python3 tools/cpu_by_process.py .venv/bin/python -m pytest -q -m browser -n 4

Each process is read from /proc every ``--every`` seconds while the command runs; a process's last reading counts,
so one that lives less than that may be missed (the browsers and servers of the tests live for seconds or more).
Processes that were already running when the command started count only what they used after it.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from collections import Counter

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
EVERY = 1.0


def processes() -> dict[tuple[int, str], tuple[str, float]]:
    """``{(pid, start time): (name, CPU seconds so far)}`` for every process now."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                text = stat.read()
        except OSError:
            continue  # gone meanwhile
        name = text[text.index("(") + 1:text.rindex(")")]
        fields = text.rsplit(")", 1)[1].split()
        found[(int(entry), fields[19])] = (name, (int(fields[11]) + int(fields[12])) / TICK)
    return found


def busy() -> float:
    """The machine's CPU seconds spent on anything but idling and waiting for the disk, since it started."""
    with open("/proc/stat") as stat:
        values = [int(value) for value in stat.readline().split()[1:]]
    return (sum(values) - values[3] - values[4]) / TICK


def main(command: list[str]) -> int:
    if not command:
        print(__doc__)
        return 2
    before, busy_before, started = processes(), busy(), time.monotonic()
    child = subprocess.Popen(command)
    last = {}
    while child.poll() is None:
        last.update(processes())
        time.sleep(EVERY)
    last.update(processes())
    used = Counter()
    for key, (name, seconds) in last.items():
        used[name] += seconds - before.get(key, (name, 0.0))[1]
    print(f"wall {time.monotonic() - started:.0f} s, machine busy {busy() - busy_before:.0f} CPU s, "
          f"{os.cpu_count()} cores", file=sys.stderr)
    for name, seconds in used.most_common(8):
        print(f"{seconds:8.1f} s  {name}", file=sys.stderr)
    return child.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
