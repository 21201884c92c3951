"""The one plugin hook: built-in connectors and LLM backends register exactly as outside packages do.

A plugin is a module with ``register_connectors(register)`` and/or ``register_backends(register)``.
Built-ins are listed in ``DEFAULT_PLUGINS``; other packages add modules to the ``queryweaver``
entry-point group (``[project.entry-points.queryweaver] myplugin = "mypkg.qw"``).

Start-up stays light (issue 15): a built-in module is imported when a source or backend it registers is
first asked for (``DEFAULT_PLUGINS`` says which names each registers), and the entry-point group is read
through a small cache that is read again whenever a folder on ``sys.path`` changes (a package installed,
upgraded or removed), so a command does not scan every installed package's metadata for our group.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any

from .errors import ConfigError

# Each built-in plugin module with the connectors and backends it registers.
DEFAULT_PLUGINS: dict[str, dict[str, tuple[str, ...]]] = {
    "connectors.mbox": {"connectors": ("mbox",)},
    "connectors.maildir": {"connectors": ("maildir",)},
    "connectors.emlx": {"connectors": ("emlx",)},
    "connectors.ics": {"connectors": ("ics",)},
    "connectors.caldav": {"connectors": ("caldav",)},
    "connectors.files": {"connectors": ("files",)},
    "connectors.imap": {"connectors": ("imap",)},
    "connectors.gmail": {"connectors": ("gmail",)},
    "connectors.gcal": {"connectors": ("gcal",)},
    "connectors.spotlight": {"connectors": ("spotlight",)},
    "queryweaver.llm.backends": {"backends": ("ollama", "openai", "llamacpp", "rules")},
}
ENTRY_POINT_GROUP = "queryweaver"


@dataclass
class Registry:
    """Connector and backend classes by name. Built-in modules load on first use; a plugin that registers a
    built-in's name replaces it, as when every built-in was loaded first."""

    builtins: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)
    plugins: list[str] = field(default_factory=list)
    _tables: dict[str, dict[str, type]] = field(default_factory=lambda: {"connectors": {}, "backends": {}})
    _loading_builtin: bool = False

    def add_module(self, module: ModuleType) -> None:
        for kind in ("connectors", "backends"):
            hook = getattr(module, f"register_{kind}", None)
            if hook:
                hook(lambda cls, table=self._tables[kind], what=kind[:-1]: self._add(table, cls, what))
        self.plugins.append(module.__name__)

    def _add(self, table: dict[str, type], cls: Any, what: str) -> None:
        name = getattr(cls, "name", None)
        if not name:
            raise TypeError(f"{what} {cls!r} has no 'name'")
        if self._loading_builtin:
            table.setdefault(name, cls)  # a plugin loaded earlier may already have replaced it
        else:
            table[name] = cls

    def _load_builtin(self, module_name: str) -> None:
        if module_name in self.plugins:
            return
        self._loading_builtin = True
        try:
            self.add_module(importlib.import_module(module_name))
        finally:
            self._loading_builtin = False

    def _table(self, kind: str, name: str | None = None) -> dict[str, type]:
        """The table of ``kind``, with the built-in module registering ``name`` loaded (every one if None)."""
        for module_name, provides in self.builtins.items():
            if name in provides.get(kind, ()) or name is None and provides.get(kind):
                self._load_builtin(module_name)
        return self._tables[kind]

    def _ordered(self, kind: str) -> dict[str, type]:
        """Every class of ``kind``: the built-ins' names in their order, then the plugins' own."""
        table = self._table(kind)
        names = [n for provides in self.builtins.values() for n in provides.get(kind, ())]
        return {n: table[n] for n in names + [n for n in table if n not in names] if n in table}

    @property
    def connectors(self) -> dict[str, type]:
        return self._ordered("connectors")

    @property
    def backends(self) -> dict[str, type]:
        return self._ordered("backends")

    def connector_class(self, type_name: str) -> type:
        try:
            return self._table("connectors", type_name)[type_name]
        except KeyError:
            known = ", ".join(sorted(self.connectors))
            raise ConfigError(f"unknown source type {type_name!r}; use one of {known} "
                              f"(or install the plugin that provides it)") from None


@lru_cache(maxsize=1)
def get_registry() -> Registry:
    registry = Registry(builtins=dict(DEFAULT_PLUGINS))
    for entry_point in installed_entry_points(ENTRY_POINT_GROUP):
        registry.add_module(entry_point.load())
    return registry


def installed_entry_points(group: str, cache_file: Path | None = None) -> list:
    """The installed entry points of ``group`` (``importlib.metadata.EntryPoint`` objects).

    Reading them means reading every installed package's metadata (``importlib.metadata`` alone is a tenth of a
    question's start-up), so the ``(name, value)`` pairs are kept in ``cache_file`` with the modification time of
    each ``sys.path`` folder, which changes whenever a package is installed, upgraded or removed there. A few
    ``sys.path``s are remembered (``python -m`` starts with the current folder, the command with its own).
    """
    cache_file = cache_file or _plugin_cache_file()
    key = [group] + [[entry, _folder_state(entry)] for entry in sys.path]
    try:
        remembered = [item for item in json.loads(cache_file.read_text(encoding="utf-8"))
                      if isinstance(item, dict) and isinstance(item.get("entry_points"), list)]
    except (OSError, ValueError, TypeError):
        remembered = []  # no cache yet, or unreadable: read the metadata
    found = next((item["entry_points"] for item in remembered if item.get("key") == key), None)
    if found == []:
        return []  # the usual case: no plugin installed, nothing imported
    from importlib.metadata import EntryPoint, entry_points

    if found is not None:
        return [EntryPoint(name, value, group) for name, value in found]
    points = list(entry_points(group=group))
    remembered = [{"key": key, "entry_points": [[ep.name, ep.value] for ep in points]}] + \
        [item for item in remembered if item.get("key") != key][:_REMEMBERED - 1]
    _write_cache(cache_file, remembered)
    return points


_REMEMBERED = 8


def _plugin_cache_file() -> Path:
    root = os.environ.get("QUERYWEAVER_CACHE_DIR")
    if not root:
        import platformdirs

        root = platformdirs.user_cache_dir("queryweaver")
    return Path(root) / "plugins.json"


def _folder_state(entry: str) -> list[int] | None:
    """What changes when a package is installed in or removed from a ``sys.path`` folder."""
    try:
        found = os.stat(entry or ".")
    except OSError:
        return None
    return [found.st_mtime_ns, found.st_nlink]  # a package's .dist-info folder added or removed changes both


def _write_cache(path: Path, data: list) -> None:
    """Best effort: a cache dir that cannot be written only means the metadata is read again next time."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(json.dumps(data), encoding="utf-8")
        os.replace(temporary, path)
    except OSError:
        try:
            temporary.unlink(missing_ok=True)
        except OSError:
            pass
