"""Changing the config file from the web page: the same TOML file the CLI reads, written safely.

- **Round trip**: read and written with tomlkit, so the user's comments, order and formatting stay.
- **Atomic**: the new text goes to a temporary file in the same folder, is flushed to disk, then renamed over
  the config; a write killed half way leaves the old file whole. The previous version is kept as
  ``config.toml.bak``.
- **No lost edits**: every change names the version it was made from (``Snapshot.version``, a hash of the
  bytes read); when the file changed on disk since (an editor, another window), the write is refused
  with a message saying to reload.
- **Checked**: the new text must load as a config (``parse_config``) before it replaces the file.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import tomlkit
from tomlkit.exceptions import TOMLKitError

from .config import Config, parse_config
from .errors import ConfigError

BACKUP_SUFFIX = ".bak"


class ConfigConflict(ConfigError):
    """The file changed on disk since the page read it."""


@dataclass
class Snapshot:
    """The config file as read: its text, parsed for editing, and the version the page must send back."""

    path: Path
    text: str
    document: tomlkit.TOMLDocument
    version: str


def version_of(data: bytes | None) -> str:
    return "none" if data is None else hashlib.sha256(data).hexdigest()[:16]


class ConfigFile:
    """The config at ``path`` (it may not exist yet: the first change creates it)."""

    def __init__(self, path: Path):
        self.path = Path(path)

    def read(self) -> Snapshot:
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            data = None
        except OSError as exc:
            raise ConfigError(f"cannot read the config file {self.path} ({exc.strerror or exc})") from exc
        text = "" if data is None else data.decode("utf-8", errors="replace")
        try:
            document = tomlkit.parse(text)
        except TOMLKitError as exc:
            raise ConfigError(f"the config file {self.path} is not valid TOML ({exc}); fix it in an editor, "
                              f"then reload the page") from exc
        return Snapshot(self.path, text, document, version_of(data))

    def change(self, version: str | None, edit: Callable[[tomlkit.TOMLDocument], Any]) -> Config:
        """Apply ``edit`` to the document read at ``version`` and write it; returns the new config.

        ``version=None`` skips the conflict check (a caller that just read the file itself)."""
        snapshot = self.read()
        if version is not None and version != snapshot.version:
            raise ConfigConflict(f"the config file {self.path} changed on disk since this page read it; reload the "
                                 f"page to see the new version, then make the change again")
        edit(snapshot.document)
        text = tomlkit.dumps(snapshot.document)
        config = self.check(text)
        self.write(text, snapshot)
        return config

    def check(self, text: str) -> Config:
        import tomllib

        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:  # tomlkit wrote something tomllib cannot read: a bug, say so
            raise ConfigError(f"the new config would not be valid TOML ({exc}); nothing was written") from exc
        return parse_config(data, base=self.path.parent.resolve(), path=self.path)

    def write(self, text: str, snapshot: Snapshot) -> None:
        """Replace the file with ``text`` atomically, keeping the previous version as ``<name>.bak``."""
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if version_of(_read_or_none(self.path)) != snapshot.version:  # changed while we were editing
                raise ConfigConflict(f"the config file {self.path} changed on disk while saving; reload the page, "
                                     f"then make the change again")
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=folder)
            try:
                with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
                    out.write(text)
                    out.flush()
                    os.fsync(out.fileno())
                if self.path.exists():
                    os.chmod(tmp, self.path.stat().st_mode & 0o777)
                    backup = self.path.with_name(self.path.name + BACKUP_SUFFIX)
                    _copy_atomically(self.path, backup)
                else:
                    os.chmod(tmp, 0o600)
                os.replace(tmp, self.path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
            _fsync_folder(folder)
        except ConfigError:
            raise
        except OSError as exc:
            raise ConfigError(f"cannot write the config file {self.path} ({exc.strerror or exc}); nothing was "
                              f"changed") from exc


def _read_or_none(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


def _copy_atomically(source: Path, target: Path) -> None:
    data = source.read_bytes()
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, source.stat().st_mode & 0o777)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# -- the edits the page makes ----------------------------------------------------------------------------

def add_source(document: tomlkit.TOMLDocument, entry: dict[str, Any]) -> None:
    """Append one ``[[sources]]`` entry."""
    sources = document.get("sources")
    if sources is None:
        sources = tomlkit.aot()
        document.append("sources", sources)
    table = tomlkit.table()
    for key, value in entry.items():
        table.add(key, value)
    if len(document.body) > 1 or len(sources):
        table.trivia.indent = "\n"  # a blank line before the entry, as a person writing the file leaves
    sources.append(table)


def remove_source(document: tomlkit.TOMLDocument, index: int) -> dict[str, Any]:
    """Remove the ``index``-th ``[[sources]]`` entry (0-based); returns what it held."""
    sources = document.get("sources")
    if sources is None or not 0 <= index < len(sources):
        raise ConfigError(f"there is no source number {index + 1} in the config; reload the page")
    removed = dict(sources[index])
    del sources[index]
    if len(sources) == 0:
        del document["sources"]
    return removed


def set_table(document: tomlkit.TOMLDocument, section: str, values: dict[str, Any]) -> None:
    """Set (or, for a value of None or "", remove) keys of ``[section]``, keeping the table's other keys.

    A new table goes before the ``[[sources]]`` entries, where a person writing the file would put it."""
    table = document.get(section)
    if table is None:
        table = tomlkit.table()
        if "sources" in document:
            sources = document["sources"]
            del document["sources"]
            document.append(section, table)
            document.append("sources", sources)
        else:
            document.append(section, table)
        table = document[section]
    for key, value in values.items():
        if value is None or value == "" or value == []:
            if key in table:
                del table[key]
        elif key in table:
            table[key] = value
        else:
            _add_after_last_key(table, key, value)


def _add_after_last_key(table, key: str, value: Any) -> None:
    """Add ``key`` after the table's last key, not after the blank lines and comments that end it: tomlkit keeps
    those with the table, but a person wrote them above the next table (``# my papers`` over ``[[sources]]``)."""
    body = table.value.body
    keys = [i for i, (k, _item) in enumerate(body) if k is not None]
    at = keys[-1] + 1 if keys else 0
    if at >= len(body):
        table[key] = value
    else:
        table.value._insert_at(at, key, value)  # tomlkit has no public insert for a table's keys
