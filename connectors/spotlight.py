"""Files and folders through macOS Spotlight (``mdfind``), and File <-> Email from where files came from.

Items match the files connector (``connectors/files.py``): File key = the file name (NFC), ``path`` the first
path in sorted order, ``paths`` all of them; Folder key = the folder's absolute path. ``parent`` = every
folder that directly holds a file of that name.

Spotlight is asked with escaped predicates (``kMDItemFSName ==[c] "…"``, ``*.ext`` for an extension; quotes,
backslashes and the wildcards ``*``/``?`` in names are escaped), ``-onlyin`` each configured root
(``root``/``roots``; the home folder by default) and ``-0`` output. ``==[c]`` ignores case, so names are
checked exactly afterwards, as the files connector compares them. Hidden paths are skipped unless
``include_hidden = true``; ``exclude`` globs apply to names and root-relative paths.

Mail.app records where a saved attachment came from in ``kMDItemWhereFroms`` (``message:%3C<id>%3E``). That is
evidence for File <-> Email: such a file was attached to the email with that Message-ID, and the Email item
is keyed by the Message-ID as the mbox and Maildir connectors key it (a Gmail source resolves such keys with
``rfc822msgid:``).

A File found this way has as its ``path`` the copy saved from that message (other copies are in ``paths``
when found by name).

The subprocess runner is injected (``SpotlightConnector(run=subprocess.run)``) so tests drive the connector with
a fake ``mdfind``. Spotlight exists on macOS only; elsewhere the connector declares itself unavailable and the
files connector stands in.
"""

from __future__ import annotations

import fnmatch
import os
import re
import subprocess
import unicodedata
import urllib.parse
from collections import defaultdict
from datetime import datetime, time
from pathlib import Path
from typing import Callable, ClassVar, Iterable, Iterator, Sequence

from queryweaver.connector import Connector, Context, Link, Selection, tool
from queryweaver.errors import ConnectorError
from queryweaver.filters import filter_items
from queryweaver.graph import FilterConstraint
from queryweaver.items import DateRange, Item
from queryweaver.schema import EntityType

from .files import folder_item
from .mailstore import normalize_message_id

FILE, FOLDER, EMAIL = EntityType.FILE, EntityType.FOLDER, EntityType.EMAIL

Runner = Callable[..., subprocess.CompletedProcess]
NAMES_PER_QUERY = 40          # OR-ed name predicates per mdfind call
FOLDER_TYPE = 'kMDItemContentType == "public.folder"'
NOT_FOLDER = 'kMDItemContentType != "public.folder"'
FROM_MAIL = 'kMDItemWhereFroms == "message:*"'


# ---- predicates ---------------------------------------------------------------------------------------------

def escape(value: str, *, wildcards: bool = False) -> str:
    """A string for a Spotlight query value: backslash and quote escaped, and * ? too unless they are meant."""
    out = value.replace("\\", "\\\\").replace('"', '\\"')
    if not wildcards:
        out = out.replace("*", "\\*").replace("?", "\\?")
    return out


def name_is(name: str) -> str:
    return f'kMDItemFSName ==[c] "{escape(name)}"'


def extension_is(ext: str) -> str:
    return f'kMDItemFSName ==[c] "*.{escape(ext.lstrip("."))}"'


def any_of(predicates: Sequence[str]) -> str:
    predicates = list(dict.fromkeys(predicates))
    return predicates[0] if len(predicates) == 1 else "(" + " || ".join(predicates) + ")"


def all_of(predicates: Sequence[str]) -> str:
    predicates = [p for p in predicates if p]
    return " && ".join(f"({p})" if "||" in p and not p.startswith("(") else p for p in predicates)


def date_between(attribute: str, rng: DateRange, tz) -> str:
    """``attribute`` within the days of ``rng`` in ``tz`` (half-open), with ``$time.iso``."""
    terms = []
    if rng.start is not None:
        terms.append(f"{attribute} >= $time.iso({datetime.combine(rng.start, time(), tzinfo=tz).isoformat()})")
    if rng.end is not None:
        terms.append(f"{attribute} < $time.iso({datetime.combine(rng.end, time(), tzinfo=tz).isoformat()})")
    return " && ".join(terms)


def message_ids_in(where_froms: Iterable[str]) -> list[str]:
    """Message-IDs named by ``message:`` URLs in kMDItemWhereFroms values."""
    out = []
    for value in where_froms:
        value = value.strip()
        if value.lower().startswith("message:"):
            mid = normalize_message_id(urllib.parse.unquote(value[len("message:"):]).lstrip("/"))
            if mid:
                out.append(mid)
    return out


_MDLS_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def parse_mdls_list(text: str) -> list[str]:
    """``mdls -raw`` output of a list attribute: ``(\\n "a",\\n "b"\\n)``; ``(null)`` is empty."""
    return [re.sub(r"\\(.)", r"\1", m) for m in _MDLS_STRING.findall(text)]


def file_key(name: str) -> str:
    return unicodedata.normalize("NFC", name)


# ---- the connector ------------------------------------------------------------------------------------------

class SpotlightConnector(Connector):
    """Files and folders found by Spotlight, and the mail messages saved attachments came from."""

    name = "spotlight"
    description = "files and folders found by macOS Spotlight (mdfind), with the mail they were saved from"
    types: ClassVar[frozenset[EntityType]] = frozenset({FILE, FOLDER, EMAIL})
    platforms = ("darwin",)

    def __init__(self, source, context: Context, *, run: Runner = subprocess.run, timeout: float = 60.0):
        super().__init__(source, context)
        self.run = run
        self.timeout = timeout
        roots = source.options.get("roots") or []
        if isinstance(roots, str):
            roots = [roots]
        if source.options.get("root"):
            roots = [source.options["root"], *roots]
        self.roots = [os.path.abspath(os.path.expanduser(str(r))) for r in (roots or [Path.home()])]
        self.include_hidden = bool(source.options.get("include_hidden", False))
        self.exclude = tuple(source.options.get("exclude", ()))

    # -- running mdfind / mdls ----------------------------------------------------------------------
    def _exec(self, args: list[str]) -> bytes:
        try:
            done = self.run(args, capture_output=True, timeout=self.timeout, check=False)
        except FileNotFoundError as exc:
            raise ConnectorError(f"{args[0]} was not found: Spotlight exists on macOS only; use a files source "
                                 f"(type = \"files\") instead") from exc
        except subprocess.TimeoutExpired as exc:
            raise ConnectorError(f"Spotlight did not answer within {self.timeout:.0f} s; try again, or narrow "
                                 f"'roots' in the spotlight source") from exc
        if done.returncode != 0:
            err = (done.stderr or b"").decode("utf-8", "replace").strip().splitlines()
            raise ConnectorError(f"{args[0]} failed ({err[0] if err else 'exit code ' + str(done.returncode)}); "
                                 f"check that Spotlight indexing is on (mdutil -s /)")
        return done.stdout or b""

    def mdfind(self, query: str, roots: Sequence[str] | None = None) -> list[str]:
        """Paths matching ``query`` under the roots (each root once, results deduplicated)."""
        found: list[str] = []
        for root in roots or self.roots:
            out = self._exec(["mdfind", "-0", "-onlyin", root, query])
            for raw in out.split(b"\0"):
                if raw.strip():
                    path = os.fsdecode(raw)
                    if self._visible(path):
                        found.append(path)
        return list(dict.fromkeys(found))

    def where_froms(self, path: str) -> list[str]:
        return parse_mdls_list(self._exec(["mdls", "-raw", "-name", "kMDItemWhereFroms", path])
                               .decode("utf-8", "replace"))

    def _root_of(self, path: str) -> str | None:
        for root in self.roots:
            if path == root or path.startswith(root.rstrip(os.sep) + os.sep):
                return root
        return None

    def _visible(self, path: str) -> bool:
        root = self._root_of(path)
        if root is None:
            return False
        rel = os.path.relpath(path, root)
        parts = [] if rel == "." else rel.split(os.sep)
        if not self.include_hidden and any(p.startswith(".") for p in parts):
            return False
        for pattern in self.exclude:
            if any(fnmatch.fnmatch(p, pattern) for p in parts) or fnmatch.fnmatch(rel, pattern):
                return False
        return True

    # -- items ---------------------------------------------------------------------------------------
    @staticmethod
    def file_items(paths: Iterable[str]) -> dict[str, Item]:
        """One File per name: path = first in sorted order, with its size and mtime (files.py's shape)."""
        copies: dict[str, list[str]] = defaultdict(list)
        for path in paths:
            copies[file_key(os.path.basename(path))].append(path)
        items = {}
        for name, paths_ in copies.items():
            paths_.sort()
            fields = {"name": name, "path": paths_[0], "paths": paths_}
            try:
                st = os.stat(paths_[0])
                fields["size"], fields["_mtime"] = st.st_size, st.st_mtime
            except OSError:
                pass
            items[name] = Item(FILE, name, fields)
        return items

    def _paths_named(self, names: Sequence[str], extra: str = NOT_FOLDER) -> dict[str, list[str]]:
        """Paths of files named exactly (case and all) each of ``names``."""
        wanted = {file_key(n): n for n in names}
        out: dict[str, list[str]] = defaultdict(list)
        keys = list(wanted)
        for i in range(0, len(keys), NAMES_PER_QUERY):
            chunk = keys[i:i + NAMES_PER_QUERY]
            for path in self.mdfind(all_of([any_of([name_is(n) for n in chunk]), extra])):
                name = file_key(os.path.basename(path))
                if name in wanted:
                    out[name].append(path)
        return out

    # -- File <-> Folder -----------------------------------------------------------------------------
    @tool(FILE, "parent", FOLDER)
    def file_parent_folder(self, known: Selection) -> Iterator[Link]:
        """Given file names, every folder holding a file of that name."""
        if known.is_all:
            for path in self.mdfind(all_of(['kMDItemFSName == "*"', NOT_FOLDER])):
                yield file_key(os.path.basename(path)), folder_item(os.path.dirname(path))
            return
        for name, paths in self._paths_named(known.keys()).items():
            for path in dict.fromkeys(os.path.dirname(p) for p in paths):
                yield name, folder_item(path)

    @tool(FOLDER, "parent", FILE)
    def folder_parent_file(self, known: Selection) -> Iterator[Link]:
        """Given folders, the files directly in them."""
        folders = None if known.is_all else [os.path.abspath(k) for k in known.keys()]
        roots = self.roots if folders is None else [f for f in folders if self._root_of(f)]
        if not roots:
            return
        paths = self.mdfind(all_of(['kMDItemFSName == "*"', NOT_FOLDER]), roots)
        if folders is not None:
            wanted = set(folders)
            paths = [p for p in paths if os.path.dirname(p) in wanted]
        items = self.file_items(paths)
        for path in paths:
            yield os.path.dirname(path), items[file_key(os.path.basename(path))]

    # -- File <-> Email (kMDItemWhereFroms) ------------------------------------------------------------
    def _mail_sources(self, paths: Iterable[str]) -> dict[str, list[str]]:
        """Path -> Message-IDs its WhereFroms names."""
        return {p: ids for p in paths if (ids := message_ids_in(self.where_froms(p)))}

    @tool(FILE, "has_attachment", EMAIL)
    def file_has_attachment_email(self, known: Selection) -> Iterator[Link]:
        """Given file names, the emails those files were saved from (kMDItemWhereFroms)."""
        if known.is_all:
            paths = self.mdfind(FROM_MAIL)
        else:
            paths = [p for ps in self._paths_named(known.keys(), all_of([NOT_FOLDER, FROM_MAIL])).values() for p in ps]
        for path, ids in self._mail_sources(paths).items():
            for mid in ids:
                yield file_key(os.path.basename(path)), Item(EMAIL, mid, {"message_id": mid})

    @tool(EMAIL, "has_attachment", FILE)
    def email_has_attachment_file(self, known: Selection) -> Iterator[Link]:
        """Given emails, the files on disk saved from them (kMDItemWhereFroms names their Message-ID)."""
        if known.is_all:
            paths = self.mdfind(FROM_MAIL)
            wanted: dict[str, list[str]] | None = None
        else:
            wanted = defaultdict(list)
            for key, item in (known.items or {}).items():
                mid = normalize_message_id(str(item.fields.get("message_id") or key)) if (
                    key.startswith("<") or item.fields.get("message_id")) else None
                if mid:
                    wanted[mid].append(key)
            if not wanted:
                return
            # WhereFroms holds the id URL-encoded; its local part is searched, the whole id checked below
            probes = [f'kMDItemWhereFroms ==[c] "*{escape(m.strip("<>").split("@")[0], wildcards=False)}*"'
                      for m in wanted]
            paths = []
            for i in range(0, len(probes), NAMES_PER_QUERY):
                paths += self.mdfind(any_of(probes[i:i + NAMES_PER_QUERY]))
        sources = self._mail_sources(dict.fromkeys(paths))
        items = self.file_items(sources)
        for path, ids in sources.items():
            item = items[file_key(os.path.basename(path))]
            for mid in ids:
                if wanted is None:
                    yield mid, item
                else:
                    for key in wanted.get(mid, ()):
                        yield key, item

    # -- hooks ---------------------------------------------------------------------------------------
    def find(self, type_: EntityType, filters: list[FilterConstraint]) -> Iterable[Item] | None:
        """Files by name or extension, folders by name."""
        if type_ == FILE:
            preds = [NOT_FOLDER]
            for flt in filters:
                if flt.field == "name":
                    preds.append(name_is(str(flt.value)))
                elif flt.field == "extension":
                    preds.append(extension_is(str(flt.value)))
            if len(preds) == 1:
                preds.append('kMDItemFSName == "*"')
            return filter_items(self.file_items(self.mdfind(all_of(preds))), filters).values()
        if type_ == FOLDER:
            preds = [FOLDER_TYPE] + [name_is(str(f.value)) for f in filters if f.field == "name"]
            folders = {p: folder_item(p) for p in self.mdfind(all_of(preds))}
            return filter_items(folders, filters).values()
        return None

    def describe(self, type_: EntityType, items: dict[str, Item]) -> None:
        """Give files known only by name (an attachment) their paths on disk."""
        if type_ != FILE:
            return
        missing = [k for k, it in items.items() if not it.fields.get("path")]
        if not missing:
            return
        found = self.file_items(p for ps in self._paths_named(missing).values() for p in ps)
        for key, item in found.items():
            items[key].merge(item)


def register_connectors(register: Callable[[type], None]) -> None:
    register(SpotlightConnector)
