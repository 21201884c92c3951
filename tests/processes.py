"""Processes seen from /proc: a process's children, and whether one still runs (for the tests that kill builds)."""

from __future__ import annotations

from pathlib import Path


def child_processes(pid: int) -> list[tuple[int, str]]:
    """(pid, command line) of the processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                    found.append((int(entry.name), (entry / "cmdline").read_text(errors="replace")))
            except (OSError, ValueError, IndexError):
                continue
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie left for an init that does not reap counts as gone)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
