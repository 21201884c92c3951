"""The grounding lexicon kept between runs, with its lookup tables.

Reading what the sources name is one SELECT per index, but at a large mailbox that is tens of thousands of
rows, and building the grounding tables over them (the typo index, titles, file names) costs as much again:
at 250,000 emails and 100,000 files, most of a selective question's time. Every stored lexicon carries a
token that changes in the transaction that changes it (``index.new_lexicon_token``). When every configured
source gives one (``Connector.lexicon_state``), the built lexicon and its tables are pickled into the cache
dir under those tokens, and a later run whose tokens match loads them instead of reading and building.

A live source (Gmail or IMAP asked at question time) gives no token, and then nothing is kept. The file is
written whole and renamed into place; one that cannot be read, or was written for other tokens, another user
or another version of the code, is ignored and replaced. It lives beside the indexes it was read from, with
the same trust.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path
from typing import Callable

from . import __version__
from .grounding import Lexicon, grounder_for

_FORMAT = 1


def _code_stamp() -> tuple:
    """Changes when the lexicon's or the grounder's code does (a pickled object holds their attributes)."""
    from . import grounding

    try:
        found = os.stat(grounding.__file__)
        return (__version__, found.st_size, found.st_mtime_ns)
    except OSError:
        return (__version__, None, None)


def snapshot_path(cache_dir: Path, states: list[tuple], self_name: str, self_emails: frozenset[str]) -> Path:
    """One file per set of sources and user: the index paths in the states name it, the tokens are checked
    inside (so a refresh rewrites the file instead of adding one)."""
    identity = repr((sorted(_index_paths(states)), self_name, sorted(self_emails)))
    return Path(cache_dir) / f"lexicon-{hashlib.sha1(identity.encode()).hexdigest()[:16]}.pickle"


def _index_paths(value) -> list[str]:
    if isinstance(value, (tuple, list)):
        return [path for part in value for path in _index_paths(part)]
    return [value] if isinstance(value, str) and value.endswith(".sqlite") else []


def cached_lexicon(path: Path, key: tuple, build: Callable[[], Lexicon]) -> Lexicon:
    """The lexicon pickled at ``path`` under ``key``; else ``build()``, with its grounding tables, kept there."""
    try:
        with open(path, "rb") as handle:
            stored_key, lexicon = pickle.load(handle)
        if stored_key == key and isinstance(lexicon, Lexicon):
            return lexicon
    except Exception:  # noqa: BLE001 - none yet, damaged, or from other code: built again below
        pass
    lexicon = build()
    grounder_for(lexicon)  # built now so the next run loads it too
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(temporary, "wb") as handle:
            pickle.dump((key, lexicon), handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)
    except (OSError, pickle.PicklingError):  # a full or read-only cache dir: the lexicon is read every time
        try:
            temporary.unlink()
        except OSError:
            pass
    return lexicon


def snapshot_key(states: list[tuple], self_name: str, self_emails: frozenset[str]) -> tuple:
    return (_FORMAT, _code_stamp(), tuple(states), self_name, tuple(sorted(self_emails)))
