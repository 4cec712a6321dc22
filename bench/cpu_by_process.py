"""The CPU seconds a command's run cost each kind of process on this machine: gunicorn,
PostgreSQL, Redis, the load generator (Python) and the rest, read from /proc every half second.

    .venv/bin/python bench/cpu_by_process.py .venv/bin/python bench/load_and_faults.py --readers 1

Linux only. Processes started and ended between two readings are missed, so the figures are a
little low; every process of the machine counts, not only the command's (run nothing else).
"""

import os
import subprocess
import sys
import time
from collections import Counter

TICKS = os.sysconf("SC_CLK_TCK")


def kind(command: str) -> str:
    for name in ("gunicorn", "postgres", "redis"):
        if name in command:
            return name
    return "load generator" if "python" in command else "other"


def reading() -> dict[str, tuple[str, int]]:
    """pid -> (kind, user + system ticks so far)."""
    found = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as stat, open(f"/proc/{pid}/cmdline") as cmdline:
                fields = stat.read().rsplit(")", 1)[1].split()
                command = cmdline.read().replace("\0", " ") or fields[0]
        except OSError:
            continue
        found[pid] = (kind(command), int(fields[11]) + int(fields[12]))
    return found


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    process = subprocess.Popen(sys.argv[1:])
    seen: dict[str, tuple[str, int]] = {}
    spent: Counter[str] = Counter()
    while process.poll() is None:
        for pid, (name, ticks) in reading().items():
            if pid in seen:
                spent[name] += ticks - seen[pid][1]
            seen[pid] = (name, ticks)
        time.sleep(0.5)
    print("CPU seconds: " + ", ".join(f"{n} {t / TICKS:.1f}" for n, t in spent.most_common()))
    sys.exit(process.returncode)


if __name__ == "__main__":
    main()
