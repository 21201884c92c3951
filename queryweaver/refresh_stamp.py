"""``queryweaver index`` with nothing changed, decided from stat() calls before anything heavy is imported (issue 30).

A ``queryweaver index`` whose refresh found nothing to do, printed no warning and left every index closed and as
its last passed check saw it writes a *stamp* next to the indexes: for each source, what its next refresh will
compare to decide that nothing changed, read from its index (the mtime of each Maildir folder, the size and mtime
of an mbox or .ics file, the mtime of each folder of a files root; ``Connector.unchanged_rule``), with the lines
the command printed. The stamp also holds what that decision depends on besides the sources: the config file, the
Python and the modules that ran, ``sys.path`` and its folders (a plugin installed), the QueryWeaver and time-zone
environment, and each index file with its -wal and -shm (absent). Any index written since (a question's refresh,
another process) changes its file, so the stamp no longer holds.

The next ``queryweaver index`` (nothing but ``--config``) reads the stamp first, stats every path in it and, when
each is as recorded and the stamp has not expired (an .ics source's recurrences are expanded to a horizon that
moves with the month), prints the same lines and ends: the same decision the refresh would make, from the same
values, without opening a database. Anything else -- no stamp, a damaged one, one path different -- and the
command runs as before. This module imports only what the interpreter has already loaded at start-up, and json.
"""

from __future__ import annotations

import os
import sys
import time
import zlib
from pathlib import Path

TYPE_CHECKING = False   # typing.TYPE_CHECKING, without importing typing (not loaded at start-up)
if TYPE_CHECKING:
    from .config import Config
    from .connector import IndexReport

FORMAT = 1
APP_NAME = "queryweaver"   # config.APP_NAME (tests check they agree)
DEMO_CONFIG = Path(__file__).parent / "demo_data" / "config.toml"
PACKAGES = ("queryweaver", "connectors")   # modules whose files are part of the decision, with every plugin's


class Unchanged:
    """A source's rule for "nothing changed": each (path, mtime_ns, size or None) its next refresh compares a
    stat() of the path with, and when the rule stops holding whatever the files do (epoch seconds), if ever."""

    def __init__(self, stats: list[tuple[str, int, int | None]], expires: float | None = None):
        self.stats = stats
        self.expires = expires


def report_line(report: "IndexReport") -> str:
    """What ``queryweaver index`` prints for a source's refresh, without its seconds."""
    resumed = f", {report.resumed} resumed" if report.resumed else ""
    skipped = len(report.skipped) + len(report.unreadable)
    return (f"{report.source}: {report.parsed} parsed, {report.reused} unchanged, {report.removed} removed, "
            f"{skipped} skipped{resumed}")


# -- the fast path --------------------------------------------------------------------------------------------

def index_unchanged(argv: list[str], out=None) -> int | None:
    """``queryweaver index [--config FILE]`` answered from its stamp: 0 once the lines are printed, or None when
    the command has to run (another command or option, no stamp that holds)."""
    started = time.perf_counter()
    config_arg = _config_argument(argv)
    if config_arg is False:
        return None
    try:
        where = stamp_path(config_arg)
        if where is None:
            return None
        import json

        with open(where, "rb") as fh:
            stamp = json.loads(fh.read())
        if not _holds(stamp, config_key(config_arg), str(where)):
            return None
        lines = [str(line) for line in stamp["lines"]]
    except Exception:  # no stamp, a damaged or foreign one: the command runs and writes a new one
        return None
    out = out or sys.stdout
    seconds = time.perf_counter() - started
    for line in lines:
        print(f"{line}, {seconds:.2f} s", file=out)
    return 0


def _config_argument(argv: list[str]) -> str | None | bool:
    """The --config of ``index [--config FILE]`` (None when not given); False for any other command line."""
    if not argv or argv[0] != "index":
        return False
    rest = list(argv[1:])
    if not rest:
        return None
    if len(rest) == 1 and rest[0].startswith("--config=") and len(rest[0]) > 9:
        return rest[0][9:]
    if len(rest) == 2 and rest[0] == "--config" and rest[1] and not rest[1].startswith("-"):
        return rest[1]
    return False


def config_key(config_arg: str | None) -> str:
    """The config a command line names, as the stamp is keyed: its absolute path, or "" for the default."""
    return os.path.abspath(os.path.expanduser(config_arg)) if config_arg is not None else ""


def stamp_path(config_arg: str | None) -> Path | None:
    """Where the stamp of this config lives: in the cache dir's ``index`` folder, as ``Config.cache_dir`` finds it.
    None when that takes reading the config ([index] cache_dir set in it): such a config has no fast path."""
    cache = os.environ.get("QUERYWEAVER_CACHE_DIR")
    if not cache:
        with open(_chosen_config(config_arg), "rb") as fh:
            if b"cache_dir" in fh.read():
                return None
        import platformdirs

        cache = platformdirs.user_cache_dir(APP_NAME)
    key = config_key(config_arg)
    return Path(cache) / "index" / f"unchanged-{zlib.crc32(key.encode('utf-8', 'surrogateescape')):08x}.json"


def _chosen_config(config_arg: str | None) -> str:
    """The file ``load_config`` reads first: the one given, else the default config, else the bundled demo's."""
    if config_arg is not None:
        return os.path.expanduser(config_arg)
    default = os.environ.get("QUERYWEAVER_CONFIG")
    if not default:
        import platformdirs

        default = os.path.join(platformdirs.user_config_dir(APP_NAME), "config.toml")
    return default if os.path.exists(default) else str(DEMO_CONFIG)


def _holds(stamp: dict, key: str, where: str) -> bool:
    """Whether every value the stamp recorded is still so (a stamp copied elsewhere, with its cache, is not)."""
    if stamp.get("format") != FORMAT or stamp.get("key") != key or stamp.get("where") != where \
            or stamp.get("python") != [sys.executable, sys.version]:
        return False
    if stamp.get("path") != sys.path or stamp.get("env") != _environment():
        return False
    expires = stamp.get("expires")
    if expires is not None and not time.time() < expires:
        return False
    for path, recorded in stamp["same"]:
        if _signature(path) != recorded:
            return False
    stat = os.stat
    for path, mtime_ns, size in stamp["sources"]:
        try:
            st = stat(path)
        except OSError:
            return False
        if st.st_mtime_ns != mtime_ns or (size is not None and st.st_size != size):
            return False
    return True


def _signature(path: str) -> list[int] | None:
    """A file as it is: any write changes it (the change time, even when the modification time is put back);
    None when there is no such file."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return [st.st_size, st.st_mtime_ns, st.st_ino, st.st_ctime_ns]


def _environment() -> dict[str, str | None]:
    """What a refresh's decision reads from the environment: QueryWeaver's variables, and the machine's time zone
    (an .ics source's stored times are in the configured zone, else the machine's)."""
    found: dict[str, str | None] = {k: v for k, v in os.environ.items() if k.startswith("QUERYWEAVER_")}
    found["TZ"] = os.environ.get("TZ")
    try:
        found["/etc/localtime"] = os.readlink("/etc/localtime")
    except OSError:
        found["/etc/localtime"] = None
    return found


# -- writing it -----------------------------------------------------------------------------------------------

class StampWriter:
    """Used by ``queryweaver index``: drops the stamp of the config before the refresh, and writes a new one when
    the refresh found nothing to do (``collect`` while the engine is open, ``write`` once it is closed)."""

    def __init__(self, config_arg: str | None, config: "Config", search_path: list[str]):
        self.key = config_key(config_arg)
        self.config = config
        self.search_path = list(search_path)
        self.path: Path | None = None
        self.stamp: dict | None = None
        try:
            where = stamp_path(config_arg)
        except OSError:
            where = None
        if where is not None and where.parent.parent == Path(config.cache_dir):
            self.path = where
            try:
                where.unlink()
            except OSError:
                pass

    def collect(self, engine, reports: list["IndexReport"]) -> None:
        """What the stamp needs from the open engine; nothing when the refresh did anything a stamp cannot say."""
        if self.path is None or engine.warnings or len(reports) != len(engine.connectors):
            return
        if any(r.parsed or r.removed or r.skipped or r.unreadable or r.resumed for r in reports):
            return
        sources: list[list] = []
        expires: list[float] = []
        indexes = []
        for connector in engine.connectors:
            rule = connector.unchanged_rule()
            if rule is None:
                return
            sources += [[path, mtime_ns, size] for path, mtime_ns, size in rule.stats]
            if rule.expires is not None:
                expires.append(rule.expires)
            indexes += [index.db_path for index in connector.indexes()]
        self.stamp = {"format": FORMAT, "key": self.key, "where": str(self.path),
                      "python": [sys.executable, sys.version],
                      "path": self.search_path, "env": _environment(),
                      "expires": min(expires) if expires else None, "sources": sources,
                      "lines": [report_line(r) for r in reports], "indexes": [str(p) for p in indexes]}

    def write(self) -> None:
        """The stamp, written atomically, when every index is closed, with no -wal or -shm, and as the last passed
        check and the last close left it (so the next refresh would neither check nor suspect it)."""
        if self.path is None or self.stamp is None:
            return
        from .index import CHECKED_RECORD, _read_lock_record

        same: list[list] = []
        for db in self.stamp.pop("indexes"):
            signature = _signature(db)
            if signature is None or _read_lock_record(Path(db), CHECKED_RECORD) != " ".join(map(str, signature)) \
                    or _read_lock_record(Path(db), 0) != " ".join(map(str, signature[:3])):
                return
            same += [[db, signature], [f"{db}-wal", None], [f"{db}-shm", None]]
        for path in self._config_files() + self._code_files() + [entry or "." for entry in self.search_path]:
            same.append([path, _signature(path)])
        self.stamp["same"] = same
        import json

        temporary = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        try:
            temporary.write_text(json.dumps(self.stamp), encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError:  # a stamp is only ever a shortcut
            try:
                temporary.unlink()
            except OSError:
                pass

    def _config_files(self) -> list[str]:
        files = [os.path.abspath(_chosen_config(self.key or None))]
        if self.key == "":
            default = os.environ.get("QUERYWEAVER_CONFIG")
            if not default:
                import platformdirs

                default = os.path.join(platformdirs.user_config_dir(APP_NAME), "config.toml")
            files.append(os.path.abspath(default))   # present or absent, as it was
        for config in (self.config, self.config.own):
            if config is not None and config.path is not None:
                files.append(os.path.abspath(config.path))
        return sorted(set(files))

    @staticmethod
    def _code_files() -> list[str]:
        """Every loaded module of QueryWeaver and of its plugins (the refresh's code)."""
        from .plugins import get_registry

        plugins = set(get_registry().plugins)
        files = set()
        for name, module in list(sys.modules.items()):
            if name.split(".", 1)[0] in PACKAGES or name in plugins:
                where = getattr(module, "__file__", None)
                if where:
                    files.add(os.path.abspath(where))
        return sorted(files)
