"""The grounding lexicon kept between runs, with its lookup tables.

Reading what the sources name is one SELECT per index, but at a large mailbox that is tens of thousands of
rows, and building the grounding tables over them (the typo index, titles, file names) costs as much again:
at 250,000 emails and 100,000 files, most of a selective question's time. Every stored lexicon carries a
token that changes in the transaction that changes it (``index.new_lexicon_token``). When every configured
source gives one (``Connector.lexicon_state``), the built lexicon and its tables are written into the cache
dir under those tokens, and a later run whose tokens match loads them instead of reading and building.

A live source (Gmail or IMAP asked at question time) gives no token, and then nothing is kept. The file is
written whole and renamed into place; one that cannot be read, or was written for other tokens, another user
or another version of the code, is ignored and replaced. It lives beside the indexes it was read from, with
the same trust.
"""

from __future__ import annotations

import marshal
import os
from collections import Counter
from pathlib import Path
from typing import Any, Callable

from . import __version__
from .digests import sha1_hex
from .reader import grounding
from .reader.grounding import Lexicon, grounder_for

_FORMAT = 3


def _code_stamp() -> tuple:
    """Changes when the lexicon's or the grounder's code does (the file holds their attributes)."""
    try:
        found = os.stat(grounding.__file__)
        return (__version__, found.st_size, found.st_mtime_ns)
    except OSError:
        return (__version__, None, None)


def snapshot_path(cache_dir: Path, states: list[tuple], self_name: str, self_emails: frozenset[str]) -> Path:
    """One file per set of sources and user: the index paths in the states name it, the tokens are checked
    inside (so a refresh rewrites the file instead of adding one)."""
    identity = repr((sorted(_index_paths(states)), self_name, sorted(self_emails)))
    return Path(cache_dir) / f"lexicon-{sha1_hex(identity.encode())[:16]}.marshal"


def _index_paths(value) -> list[str]:
    if isinstance(value, (tuple, list)):
        return [path for part in value for path in _index_paths(part)]
    return [value] if isinstance(value, str) and value.endswith(".sqlite") else []


def cached_lexicon(path: Path, key: tuple, build: Callable[[], tuple[Lexicon, bool]]) -> Lexicon:
    """The lexicon kept at ``path`` under ``key``; else the one ``build()`` gives, kept there with its grounding
    tables when ``build`` says it is complete (a source that could not be read is not remembered as empty)."""
    try:
        stored_key, plain = marshal.loads(path.read_bytes())
        if stored_key == key:
            lexicon = _rebuild_lexicon(plain)
            if isinstance(lexicon, Lexicon):
                return lexicon
    except Exception:  # noqa: BLE001 - none yet, damaged, or from other code: built again below
        pass
    lexicon, complete = build()
    if not complete:
        return lexicon
    grounder_for(lexicon)  # built now so the next run loads it too
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(marshal.dumps((key, _plain_lexicon(lexicon))))
        os.replace(temporary, path)
    except (OSError, ValueError):  # a full or read-only cache dir: the lexicon is read every time
        try:
            temporary.unlink()
        except OSError:
            pass
    return lexicon


# Kept as marshal data (dicts, sets, lists, tuples, strings, numbers), several times faster to load than a pickle
# of the objects, and nothing in the file can name code to run: an object is rebuilt only as a class of
# grounding. Only what marshal cannot hold is tagged (a Counter, an object, and the containers holding them),
# so loading walks those alone, never the tens of thousands of plain names.
_TAG = "\0qw:"
_COUNTER, _OBJECT, _DICT, _LIST, _TUPLE = (_TAG + name for name in ("counter", "object", "dict", "list", "tuple"))


def _plain_lexicon(lexicon: Lexicon) -> tuple:
    """The lexicon's fields and its grounder's tables (which point back at it: kept apart)."""
    fields = {k: v for k, v in vars(lexicon).items() if k != "_grounder"}
    grounder = {k: v for k, v in vars(grounder_for(lexicon)).items() if k != "lexicon"}
    return _plain(fields), _plain(grounder)


def _rebuild_lexicon(plain: tuple) -> Lexicon:
    fields, tables = plain
    lexicon = Lexicon.__new__(Lexicon)
    lexicon.__dict__.update(_rebuild(fields))
    grounder = grounding.Grounder.__new__(grounding.Grounder)
    grounder.__dict__.update(_rebuild(tables))
    grounder.lexicon = lexicon
    lexicon._grounder = grounder  # type: ignore[attr-defined]
    return lexicon


def _plain(value: Any) -> Any:
    """``value`` as marshal data: itself when marshal holds it as is, else tagged."""
    if isinstance(value, Counter):
        return (_COUNTER, dict(value))
    if isinstance(value, dict):
        items = {k: _plain(v) for k, v in value.items()}
        return value if all(items[k] is v for k, v in value.items()) else (_DICT, items)
    if isinstance(value, (list, tuple)):
        items = [_plain(v) for v in value]
        if all(a is b for a, b in zip(items, value)):
            return value
        return (_LIST if isinstance(value, list) else _TUPLE, items)
    if hasattr(value, "__dict__") and type(value).__module__ == grounding.__name__:
        return (_OBJECT, type(value).__qualname__, _plain(dict(vars(value))))
    if value is None or isinstance(value, (str, int, float, bool, set, frozenset)):
        return value
    raise ValueError(f"cannot keep a {type(value).__name__} in the lexicon cache")


def _rebuild(value: Any) -> Any:
    if not (isinstance(value, tuple) and value and isinstance(value[0], str) and value[0].startswith(_TAG)):
        return value
    tag = value[0]
    if tag == _COUNTER:
        return Counter(value[1])
    if tag == _DICT:
        return {k: _rebuild(v) for k, v in value[1].items()}
    if tag == _LIST:
        return [_rebuild(v) for v in value[1]]
    if tag == _TUPLE:
        return tuple(_rebuild(v) for v in value[1])
    if tag == _OBJECT:
        cls = getattr(grounding, value[1])
        obj = cls.__new__(cls)
        obj.__dict__.update(_rebuild(value[2]))
        return obj
    raise ValueError(f"unknown entry {tag!r} in the lexicon cache")


def snapshot_key(states: list[tuple], self_name: str, self_emails: frozenset[str]) -> tuple:
    return (_FORMAT, _code_stamp(), tuple(states), self_name, tuple(sorted(self_emails)))
