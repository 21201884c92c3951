"""Opening a folder in the system's file manager, only inside the configured sources.

The browser never opens local paths itself: it asks the server (a POST carrying the launch token), the
server checks the folder lies under a configured source root, then calls the injected opener.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Callable, Iterable

from ..config import Config
from ..errors import QueryWeaverError

Opener = Callable[[str], None]

# Source options that name folders on disk whose contents may be shown.
ROOT_OPTIONS = ("root", "roots")


class OpenRefused(QueryWeaverError):
    """The folder is outside every configured source, or does not exist."""


def system_opener(path: str) -> None:
    """Show ``path`` in the platform's file manager."""
    if sys.platform.startswith("win"):
        os.startfile(path)  # type: ignore[attr-defined]  # Windows only
    elif sys.platform == "darwin":
        subprocess.Popen(["open", "--", path])
    else:
        subprocess.Popen(["xdg-open", path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def source_roots(config: Config) -> list[str]:
    """Real paths of every folder a source reads files from (``root``/``roots`` of its entry)."""
    roots: list[str] = []
    for source in config.sources:
        for key in ROOT_OPTIONS:
            value = source.options.get(key)
            values: Iterable = value if isinstance(value, (list, tuple)) else [value] if value else []
            roots.extend(os.path.realpath(str(v)) for v in values)
    return list(dict.fromkeys(roots))


def within(path: str, roots: Iterable[str]) -> bool:
    real = os.path.realpath(path)
    for root in roots:
        try:
            if os.path.commonpath([real, root]) == root:
                return True
        except ValueError:  # different drives on Windows
            continue
    return False


def folder_to_open(path: str, roots: list[str]) -> str:
    """The real folder for ``path`` if it may be opened, else raise ``OpenRefused`` saying why."""
    if not isinstance(path, str) or not path.strip() or "\0" in path:
        raise OpenRefused("no folder given; send {\"path\": \"/the/folder\"}")
    if not os.path.isabs(path):
        raise OpenRefused(f"{path} is not an absolute path")
    if not roots:
        raise OpenRefused("no files source is configured, so no folder can be opened; add a [[sources]] entry "
                          "of type \"files\"")
    real = os.path.realpath(path)
    if not within(real, roots):
        raise OpenRefused(f"{path} is outside the configured sources ({', '.join(roots)}); only folders under "
                          f"them can be opened")
    if not Path(real).is_dir():
        raise OpenRefused(f"{path} is not a folder on this computer (moved or deleted?)")
    return real
