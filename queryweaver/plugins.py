"""The one plugin hook: built-in connectors and LLM backends register exactly as outside packages do.

A plugin is a module with ``register_connectors(register)`` and/or ``register_backends(register)``.
Built-ins are listed in ``DEFAULT_PLUGINS``; other packages add modules to the ``queryweaver``
entry-point group (``[project.entry-points.queryweaver] myplugin = "mypkg.qw"``).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.metadata import entry_points
from types import ModuleType
from typing import Any

from .errors import ConfigError

DEFAULT_PLUGINS: tuple[str, ...] = (
    "connectors.mbox",
    "connectors.maildir",
    "connectors.emlx",
    "connectors.ics",
    "connectors.caldav",
    "connectors.files",
    "connectors.imap",
    "connectors.gmail",
    "connectors.gcal",
    "connectors.spotlight",
    "queryweaver.llm.backends",
)
ENTRY_POINT_GROUP = "queryweaver"


@dataclass
class Registry:
    connectors: dict[str, type] = field(default_factory=dict)
    backends: dict[str, type] = field(default_factory=dict)
    plugins: list[str] = field(default_factory=list)

    def add_module(self, module: ModuleType) -> None:
        hook = getattr(module, "register_connectors", None)
        if hook:
            hook(lambda cls: self._add(self.connectors, cls, "connector"))
        hook = getattr(module, "register_backends", None)
        if hook:
            hook(lambda cls: self._add(self.backends, cls, "backend"))
        self.plugins.append(module.__name__)

    @staticmethod
    def _add(table: dict[str, type], cls: Any, what: str) -> None:
        name = getattr(cls, "name", None)
        if not name:
            raise TypeError(f"{what} {cls!r} has no 'name'")
        table[name] = cls

    def connector_class(self, type_name: str) -> type:
        try:
            return self.connectors[type_name]
        except KeyError:
            known = ", ".join(sorted(self.connectors))
            raise ConfigError(f"unknown source type {type_name!r}; use one of {known} "
                              f"(or install the plugin that provides it)") from None


@lru_cache(maxsize=1)
def get_registry() -> Registry:
    registry = Registry()
    for name in DEFAULT_PLUGINS:
        registry.add_module(importlib.import_module(name))
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        registry.add_module(ep.load())
    return registry
