"""What a data source must provide: the ``Connector`` ABC, its tools, and the context it runs in.

A connector declares its capabilities as class attributes (``types``, ``platforms``, ``needs_auth``) and
its tools as methods decorated with ``@tool(known, edge, wanted)``. A tool receives a ``Selection`` of
known items and yields ``(known_key, wanted_item)`` links; the executor unions the links of every
connector that offers the tool, intersects candidate sets and keeps the links as evidence. A tool may
yield the same link twice (two copies of one message); the executor keeps each link once.

Tool names follow the paper: ``@tool(PERSON, "from", EMAIL)`` is ``person_from_email`` — given persons,
the emails they sent; ``@tool(EMAIL, "from", PERSON)`` is ``email_from_person`` — given emails, their
senders. Every edge of the schema should be offered in both directions by some connector.
"""

from __future__ import annotations

import sys
from abc import ABC
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Protocol, Sequence
from zoneinfo import ZoneInfo

from .items import DateRange, Item
from .schema import EntityType, find_edge_rule, tool_name

if TYPE_CHECKING:
    from .reader.grounding import Lexicon
    from .index import SourceIndex
    from .config import Config, SourceConfig
    from .graph import FilterConstraint
    from .refresh_stamp import Unchanged

Link = tuple[str, Item]   # (known key, item); the item is None only for a Selection with exists


class Progress(Protocol):
    """Reports long work: ``progress(stage, done, total)``; ``total`` is None when unknown."""

    def __call__(self, stage: str, done: int, total: int | None = None) -> None: ...


def no_progress(stage: str, done: int, total: int | None = None) -> None:
    return None


def no_warning(message: str) -> None:
    return None


@dataclass
class Context:
    """What every connector may read: who the user is, their clock, where to cache, how to report."""

    self_name: str
    self_emails: frozenset[str]
    tz: ZoneInfo
    today: date
    cache_dir: Path
    progress: Progress = no_progress
    warn: Callable[[str], None] = no_warning
    index_workers: int | None = None   # [index] workers; see workers()

    @classmethod
    def from_config(cls, config: "Config", progress: Progress = no_progress,
                    warn: Callable[[str], None] = no_warning) -> "Context":
        return cls(
            self_name=config.self_name,
            self_emails=frozenset(config.self_emails),
            tz=config.tz,
            today=config.today(),
            cache_dir=config.cache_dir,
            progress=progress,
            warn=warn,
            index_workers=config.index_workers,
        )

    def is_self(self, address: str | None) -> bool:
        return bool(address) and address.lower() in self.self_emails

    def workers(self, work_bytes: int, auto_from: int | None = None) -> int:
        """How many worker processes a build should parse ``work_bytes`` of input in (0: this one alone);
        ``auto_from``: the size from which it pays when the user did not say (a source's own figure)."""
        from .workers import AUTO_FROM_BYTES, build_workers

        return build_workers(self.index_workers, work_bytes, auto_from or AUTO_FROM_BYTES)


@dataclass
class Newest:
    """A hint that the caller keeps only the ``end`` ("last" or "first") wanted Email by date: a tool may then
    yield the ``count`` dated items nearest that end first and leave the rest out, ordering by the time it keeps
    in ``_ts``. Undated items may always be left out: no pick is undated.

    A tool that leaves out any dated item's link must set ``cut`` (``note``) to a time every such item is dated
    at or before ("last"; at or after for "first"); the items it yields dated strictly beyond ``cut`` must come
    with every link. The caller trusts a pick only strictly beyond ``cut`` and asks again without the hint
    otherwise. A tool that ignores the hint (yields everything, leaves ``cut`` None) is right, only slower.
    """

    end: str            # "last" | "first"
    count: int
    cut: float | None = None

    def order(self, column: str) -> str:
        """The end of an SQL statement whose WHERE is open: only dated rows, ``column`` (a time) from the wanted
        end, ``count`` of them."""
        return (f" AND {column} IS NOT NULL ORDER BY {column}{' DESC' if self.end == 'last' else ''}"
                f" LIMIT {int(self.count)}")

    def note(self, rows: Sequence, column: str | int) -> None:
        """After a statement ended by ``order``: when it filled its limit, dated rows may have been left out,
        none beyond its last row's time."""
        if len(rows) >= self.count and rows[-1][column] is not None:
            ts = rows[-1][column]
            self.cut = ts if self.cut is None else (max if self.end == "last" else min)(self.cut, ts)


@dataclass
class Selection:
    """The known side of a tool call. ``items is None`` means every item of the type (no constraint)."""

    type: EntityType
    items: dict[str, Item] | None
    filters: tuple["FilterConstraint", ...] = ()
    # the wanted variable's own filters: a hint a remote source may push down (it must not rely on them)
    wanted_filters: tuple["FilterConstraint", ...] = ()
    # the days (in the configured zone) every wanted Email is sent within, from the question's dates ("received on
    # March 3"): a hint a remote source may push down, leaving out emails sent outside it (no answer is one)
    wanted_dates: DateRange | None = None
    # False: the caller needs each wanted item once, not which known item reached it (it asks the reverse tool
    # for the links of the answers it shows). A tool may then yield each item once, with any known key or None.
    links: bool = True
    # True (a semi-join against every wanted item, or the user): the caller needs only which known items have a
    # link at all. A tool may then yield each such known key once, with None for the item; one that ignores this
    # and yields its links is still right, only slower.
    exists: bool = False
    # the caller keeps only the newest or oldest wanted Email: a tool may yield the nearest ones first (``Newest``)
    newest: Newest | None = None
    # True: the caller reads only the keys of the wanted items (which are linked to which, as for evidence), not
    # their fields: a tool may yield items holding their key alone. One that ignores this is still right, only slower.
    keys_only: bool = False

    @property
    def is_all(self) -> bool:
        return self.items is None

    def keys(self) -> list[str]:
        return list(self.items) if self.items is not None else []

    def __len__(self) -> int:
        return len(self.items) if self.items is not None else 0


def tool(known: EntityType, edge: str, wanted: EntityType) -> Callable:
    """Mark a connector method as the tool ``<known>_<edge>_<wanted>``."""
    if find_edge_rule(known, edge, wanted) is None:
        raise ValueError(f"no schema rule joins {known} and {wanted} by {edge!r}")

    def mark(fn: Callable[[Any, Selection], Iterable[Link]]) -> Callable:
        fn._qw_tool = (known, edge, wanted)
        return fn

    return mark


@dataclass(frozen=True)
class ToolSpec:
    name: str
    known: EntityType
    edge: str
    wanted: EntityType
    connector: str
    description: str


@dataclass
class IndexReport:
    """What an index refresh did."""

    source: str
    parsed: int = 0        # items (messages, events, files) read from changed inputs
    reused: int = 0        # inputs unchanged since the last run
    removed: int = 0
    skipped: list[str] = field(default_factory=list)   # warnings for inputs that could not be read
    resumed: int = 0       # inputs whose interrupted parse was continued rather than restarted
    unreadable: list[str] = field(default_factory=list)  # inputs an earlier refresh could not read, unchanged since
    seconds: float = 0.0


class Connector(ABC):
    """A data source. Subclasses set the class attributes and decorate their tools with ``@tool``.

    Optional hooks (defaults do nothing): ``find`` resolves a variable that has only its own filters,
    ``apply_filter`` handles filters that need the source (an email's body), ``describe`` fills output
    fields, ``refresh_index`` builds or refreshes a local index, ``estimate`` and ``fanout`` give the
    cost-aware planner its figures.
    """

    name: ClassVar[str]
    description: ClassVar[str] = ""
    types: ClassVar[frozenset[EntityType]] = frozenset()
    platforms: ClassVar[tuple[str, ...] | None] = None   # sys.platform prefixes; None = everywhere
    needs_auth: ClassVar[bool] = False

    def __init__(self, source: "SourceConfig", context: Context):
        self.source = source
        self.context = context

    @classmethod
    def available(cls) -> bool:
        return cls.platforms is None or any(sys.platform.startswith(p) for p in cls.platforms)

    # -- tools ---------------------------------------------------------------------------------
    @classmethod
    def tool_specs(cls) -> list[ToolSpec]:
        specs = []
        for attr in dir(cls):
            fn = getattr(cls, attr, None)
            mark = getattr(fn, "_qw_tool", None)
            if mark:
                known, edge, wanted = mark
                doc = (fn.__doc__ or "").strip().splitlines()
                specs.append(ToolSpec(tool_name(known, edge, wanted), known, edge, wanted, cls.name,
                                      doc[0] if doc else ""))
        return specs

    def tools(self) -> dict[str, Callable[[Selection], Iterable[Link]]]:
        out = {}
        for spec in self.tool_specs():
            for attr in dir(type(self)):
                fn = getattr(type(self), attr, None)
                if getattr(fn, "_qw_tool", None) == (spec.known, spec.edge, spec.wanted):
                    out[spec.name] = getattr(self, attr)
        return out

    # -- optional hooks --------------------------------------------------------------------------
    def find(self, type_: EntityType, filters: list["FilterConstraint"]) -> Iterable[Item] | None:
        """Items of ``type_`` matching ``filters`` (a variable with no resolved neighbours).

        Return None when this connector holds no items of that type. With no filters, return every item
        of the type (used only when the answer itself is an unconstrained variable).
        """
        return None

    def estimate(self, type_: EntityType, filters: list["FilterConstraint"]) -> int | None:
        """About how many items ``find(type_, filters)`` gives (every item of the type without filters), for the
        cost-aware planner. 0 for a type this source does not hold; None when it cannot say cheaply (a live
        source), and the planner then keeps the paper's order there."""
        return 0 if type_ not in self.types else None

    @staticmethod
    def remembered_estimate(cache: dict, type_: EntityType, filters: list["FilterConstraint"],
                            compute: Callable[[], int | None]) -> int | None:
        """``compute()`` for this type and these filters, kept in ``cache`` (which a refresh empties)."""
        key = (type_, tuple((f.field, f.op, str(f.value)) for f in filters))
        if key not in cache:
            cache[key] = compute()
        return cache[key]

    def fanout(self, known: EntityType, edge: str, wanted: EntityType) -> float | None:
        """About how many ``wanted`` items this source's tool ``<known>_<edge>_<wanted>`` links to one ``known``
        item (averaged over the source); None when it cannot say cheaply."""
        return None

    def date_span(self, type_: EntityType) -> tuple[date, date] | None:
        """The first and last day (in the configured time zone) of the dated items of ``type_`` this source holds,
        for the cost-aware planner: a range open on one side ("since August") holds only the days up to there.
        None when it holds none or cannot say cheaply."""
        return None

    def apply_filter(self, type_: EntityType, items: dict[str, Item],
                     flt: "FilterConstraint") -> set[str] | None:
        """Keys of ``items`` passing ``flt`` when the filter needs this source's data, else None."""
        return None

    def describe(self, type_: EntityType, items: dict[str, Item]) -> None:
        """Fill missing output fields of ``items`` in place (e.g. a File's path on disk). Items this source's
        tools built lean (``items.LEAN``) must be filled here, and lose the mark, when this source holds them."""
        return None

    def events_with_uid(self, uid: str) -> list[Item] | None:
        """The events of one calendar UID (a series' occurrences, or the one event) this source holds, looked up
        without listing every event; None when this source cannot (the caller then lists and picks)."""
        return None

    def read_text(self, type_: EntityType, key: str) -> str | None:
        """The readable text of one item (an email's body) for a bounded excerpt; None when this source does
        not hold the item or keeps no text for it."""
        return None

    def refresh_index(self) -> IndexReport | None:
        """Build or refresh the local index; None for sources without one."""
        return None

    def unchanged_rule(self) -> "Unchanged | None":
        """Once a refresh found nothing to do: what the next refresh will compare to decide that nothing changed
        (the paths it stats and the values its index records for them), so that ``queryweaver index`` can decide it
        from stat() calls alone (``refresh_stamp``). None, the default, when that takes more than stat() calls (a
        remote source, a folder walked or listed anew)."""
        return None

    def answer_as_indexed(self) -> bool:
        """Answer from the local indexes as they stand, with no refresh (or sync) before the first question: an
        index build elsewhere (the web page's) is writing them, and SQLite lets this connector read what that
        build committed. False when nothing is indexed yet to answer from; a source with no index (asked live)
        answers as always. Index-backed connectors refresh on first use until their ``_ready`` is set."""
        indexes = self.indexes()
        if not indexes:
            return True
        if not all(index.db_path.exists() and index.has_data() for index in indexes):
            return False
        self._ready = True
        return True

    def indexes(self) -> list["SourceIndex"]:
        """The local SQLite indexes this source keeps (checked, healed and rebuilt by the engine)."""
        return []

    def lexicon_state(self) -> tuple | None:
        """What ``lexicon`` would add, as a value that changes whenever that does (the stored lexicons'
        tokens), so the engine can keep the read lexicon between runs; None when there is no such value."""
        return None

    def lexicon(self, lexicon: "Lexicon") -> None:
        """Add what this source's data names (people, places, titles, file names...) to ``lexicon``.

        Read from the local index or cache only: it runs before every question, so it must be cheap and
        must never call a remote API.
        """
        return None

    def close(self) -> None:
        return None

    def __enter__(self) -> "Connector":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
