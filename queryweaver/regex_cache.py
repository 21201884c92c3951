"""Compiled regular expressions kept between runs.

The offline reader, the date grammar and the coverage checks hold a few hundred regular expressions, and
Python compiles each again in every process: ``re`` parses the pattern and generates the engine's program in
pure Python, which made up a fifth of a question's start-up after the interpreter's own. ``compile`` keeps
that program (the list of opcodes ``re`` hands to its C engine through ``_sre.compile``, the call
``re.compile`` itself ends with) in one file in the cache dir, and builds the pattern from it on later runs.

The file is keyed by the interpreter's version and the engine's ``MAGIC``: another Python ignores it. Anything
unexpected -- no cache dir, a damaged or foreign file, an internal API that moved -- falls back to
``re.compile``, so the cache can make start-up faster, never the patterns different. New programs are
written when the process exits (to a temporary file, then renamed), so a killed process loses only them.
"""

from __future__ import annotations

import atexit
import marshal
import os
import re
import sys
from pathlib import Path

_MAX_ENTRIES = 1500  # the built-in patterns are under a thousand; the bound keeps odd ones from growing it forever
_FILE_NAME = "regex-programs.marshal"
_FORMAT = 2

try:  # the steps of re.compile (Lib/re/_compiler.py), so a miss is compiled once and its program kept
    import _sre
    from re import _compiler, _parser

    _KEY = f"{sys.version}|{_sre.MAGIC}|{_sre.CODESIZE}|{_sre.MAXGROUPS}|{_FORMAT}"
except (ImportError, AttributeError):  # pragma: no cover - another implementation of Python
    _sre = None
    _KEY = None


class ProgramCache:
    """Programs kept in one file: ``compile`` reads it on first use, ``save`` adds what this process compiled."""

    def __init__(self, path: Path | None):
        self.path = path
        # (source, flags) -> _sre.compile's arguments, each marshalled apart: a run reads the few it uses
        self.programs: dict[tuple[str, int], bytes] | None = None
        self.hits = 0
        self.new = 0

    def compile(self, source: str, flags: int = 0) -> re.Pattern:  # noqa: A003 - the name re uses
        flags = int(flags)
        if _sre is None or flags & re.DEBUG:
            return re.compile(source, flags)
        programs = self._load()
        kept = programs.get((source, flags))
        if kept is not None:
            try:
                pattern = _sre.compile(source, *marshal.loads(kept))
                self.hits += 1
                return pattern
            except Exception:  # noqa: BLE001 - a program this engine refuses: forget it, compile as usual
                del programs[(source, flags)]
        try:
            args = _program(source, flags)
            pattern = _sre.compile(source, *args)
        except re.error:
            raise
        except Exception:  # noqa: BLE001 - the internal steps changed: the public call still works
            return re.compile(source, flags)
        if len(programs) < _MAX_ENTRIES:
            programs[(source, flags)] = marshal.dumps(args)
            self.new += 1
        return pattern

    def _load(self) -> dict:
        if self.programs is None:
            self.programs = self._read()
        return self.programs

    def _read(self) -> dict:
        try:
            data = marshal.loads(self.path.read_bytes())  # type: ignore[union-attr]
        except (AttributeError, OSError, ValueError, EOFError, TypeError):
            return {}  # none yet, another Python's, or damaged: compiled as usual and written anew
        if isinstance(data, tuple) and len(data) == 2 and data[0] == _KEY and isinstance(data[1], dict):
            return data[1]
        return {}

    def save(self) -> None:
        """Write the programs compiled in this process beside those kept (best effort)."""
        if not self.new or self.programs is None or self.path is None:
            return
        merged = {**self._read(), **self.programs}  # another process may have added its own meanwhile
        if len(merged) > _MAX_ENTRIES:
            merged = dict(list(self.programs.items())[:_MAX_ENTRIES])
        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(marshal.dumps((_KEY, merged)))
            os.replace(temporary, self.path)
            self.new = 0
        except (OSError, ValueError):
            try:
                temporary.unlink()
            except OSError:
                pass


def _program(source: str, flags: int) -> tuple:
    parsed = _parser.parse(source, flags)
    code = [int(op) for op in _compiler._code(parsed, flags)]
    groupindex = dict(parsed.state.groupdict)
    indexgroup = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return (int(flags | parsed.state.flags), code, parsed.state.groups - 1, groupindex, tuple(indexgroup))


def cache_file() -> Path | None:
    """Where the programs are kept: the cache dir (``QUERYWEAVER_CACHE_DIR`` or the user cache dir)."""
    try:
        root = os.environ.get("QUERYWEAVER_CACHE_DIR")
        if not root:
            import platformdirs

            root = platformdirs.user_cache_dir("queryweaver")
        return Path(root) / _FILE_NAME
    except Exception:  # noqa: BLE001 - no home to find a cache dir in: compile as usual
        return None


_default: ProgramCache | None = None


def compile(source: str, flags: int = 0) -> re.Pattern:  # noqa: A001 - the name re uses
    """``re.compile(source, flags)``, from the kept program when this Python compiled it before."""
    global _default
    if _default is None:
        _default = ProgramCache(cache_file())
        atexit.register(_default.save)
    return _default.compile(source, flags)
