"""Configuration: one declared table of settings, a TOML file, and the bundled demo as the default.

Relative paths in a config file are relative to that file. With no config file at all, the bundled demo
data set is used so that a new user sees a working app at once.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import platformdirs

from .errors import ConfigError

APP_NAME = "queryweaver"
DEMO_DIR = Path(__file__).parent / "demo_data"

# (section, name, default, help) — every setting QueryWeaver reads. tests/test_docs.py checks the README
# documents each of them.
SETTINGS: tuple[tuple[str, str, Any, str], ...] = (
    ("self", "name", "", "Your name, shown in answers."),
    ("self", "emails", [], "Every address that is yours; mail from/to them is 'sent'/'received'."),
    ("self", "timezone", None, "IANA time zone for dates (default: the machine's)."),
    ("self", "today", None, "Fix 'today' (YYYY-MM-DD) for reproducible runs; default the real date."),
    ("llm", "backend", "auto", "auto | ollama | openai | llamacpp | rules."),
    ("llm", "model", "qwen3:8b", "Model name for ollama/openai backends."),
    ("llm", "model_path", None, "GGUF file for the llamacpp backend."),
    ("llm", "host", "http://127.0.0.1:11434", "Ollama server address."),
    ("llm", "base_url", None, "OpenAI-compatible server address (ending in /v1)."),
    ("llm", "api_key_env", "OPENAI_API_KEY", "Environment variable holding the openai backend's key."),
    ("llm", "timeout", 120, "Seconds to wait for the LLM before giving up."),
    ("llm", "prompt_budget", 6000, "Prompt tokens above which the schema is sliced by tool retrieval."),
    ("index", "cache_dir", None, "Where indexes live (default: the user cache dir)."),
    ("index", "workers", None, "Processes that parse a large mbox or .ics file during a build (default: one per "
                               "CPU; 0: none)."),
)

SOURCE_TYPES = ("mbox", "maildir", "emlx", "imap", "ics", "caldav", "files", "gmail", "gcal", "spotlight")


@dataclass
class SourceConfig:
    """One ``[[sources]]`` entry. ``options`` keeps every key as written, paths resolved."""

    type: str
    options: dict[str, Any] = field(default_factory=dict)

    def path(self, key: str = "path") -> Path:
        value = self.options.get(key)
        if not value:
            raise ConfigError(f"source of type {self.type!r} needs '{key}'; add {key} = \"...\" to its [[sources]] entry")
        return Path(value)

    @property
    def label(self) -> str:
        where = self.options.get("path") or self.options.get("root") or self.options.get("account") or ""
        if not where and self.options.get("url"):
            where = str(self.options["url"])
        if not where and self.options.get("host"):
            where = f"{self.options.get('user', '')}@{self.options['host']}"
        return f"{self.type}:{where}" if where else self.type


@dataclass
class Config:
    self_name: str = ""
    self_emails: tuple[str, ...] = ()
    timezone: str | None = None
    today_fixed: date | None = None
    llm: dict[str, Any] = field(default_factory=dict)
    sources: list[SourceConfig] = field(default_factory=list)
    cache_dir_setting: str | None = None
    index_workers: int | None = None  # [index] workers; None = one per CPU (workers.build_workers)
    path: Path | None = None  # the file it came from; None for the built-in demo
    is_demo: bool = False
    own: "Config | None" = None  # on the demo: the user's config file it stands in for (no sources in it yet)

    @property
    def tz(self) -> ZoneInfo:
        if self.timezone:
            return ZoneInfo(self.timezone)
        return _machine_zone()

    def today(self) -> date:
        return self.today_fixed or datetime.now(self.tz).date()

    @property
    def cache_dir(self) -> Path:
        env = os.environ.get("QUERYWEAVER_CACHE_DIR")
        if env:
            return Path(env)
        if self.cache_dir_setting:
            return Path(self.cache_dir_setting)
        return Path(platformdirs.user_cache_dir(APP_NAME))

    def llm_setting(self, name: str) -> Any:
        if name in self.llm:
            return self.llm[name]
        for section, key, default, _help in SETTINGS:
            if section == "llm" and key == name:
                return default
        raise KeyError(name)


def default_config_path() -> Path:
    env = os.environ.get("QUERYWEAVER_CONFIG")
    if env:
        return Path(env)
    return Path(platformdirs.user_config_dir(APP_NAME)) / "config.toml"


def load_config(path: str | Path | None = None) -> Config:
    """Load ``path``, else the default config file, else the bundled demo config."""
    if path is not None:
        path = Path(path).expanduser()
        if not path.exists():
            raise ConfigError(f"config file {path} does not exist; check the path given to --config")
        return _load_file(path)
    default = default_config_path()
    if default.exists():
        return demo_until_sources(_load_file(default))
    config = _load_file(DEMO_DIR / "config.toml")
    config.is_demo = True
    return config


def demo_until_sources(config: Config) -> Config:
    """The demo data, standing in for a config that has no sources yet (a model or You saved on the Data page
    before any source), with that config's ``[llm]`` settings; the config itself is kept as ``own``."""
    if config.sources or config.is_demo:
        return config
    demo = _load_file(DEMO_DIR / "config.toml")
    demo.is_demo, demo.llm, demo.own = True, dict(config.llm), config
    return demo


def _load_file(path: Path) -> Config:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"config file {path} is not valid TOML ({exc}); fix that line and try again") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read config file {path} ({exc})") from exc
    return parse_config(data, base=path.parent.resolve(), path=path)


def parse_config(data: dict[str, Any], base: Path, path: Path | None = None) -> Config:
    known = {(s, n) for s, n, _d, _h in SETTINGS}
    for section in ("self", "llm", "index"):
        table = data.get(section, {})
        if not isinstance(table, dict):
            raise ConfigError(f"[{section}] must be a table in {path}")
        for name in table:
            if (section, name) not in known:
                raise ConfigError(f"unknown setting [{section}] {name} in {path}; see README 'Settings' for the list")
    for section in data:
        if section not in ("self", "llm", "index", "sources"):
            raise ConfigError(f"unknown section [{section}] in {path}; expected [self], [llm], [index], [[sources]]")
    me = data.get("self", {})
    emails = me.get("emails", [])
    if isinstance(emails, str):
        emails = [emails]
    today = me.get("today")
    if isinstance(today, str):
        try:
            today = date.fromisoformat(today)
        except ValueError as exc:
            raise ConfigError(f"[self] today = {today!r} in {path} is not a date; write it as YYYY-MM-DD") from exc
    elif isinstance(today, datetime):
        today = today.date()
    tz = me.get("timezone")
    if tz:
        try:
            ZoneInfo(tz)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise ConfigError(f"[self] timezone = {tz!r} in {path} is not a known time zone; use a name like 'Europe/Paris'") from exc
    sources = []
    for index, raw in enumerate(data.get("sources", []), start=1):
        if not isinstance(raw, dict) or "type" not in raw:
            raise ConfigError(f"[[sources]] entry {index} in {path} has no type; add type = \"mbox\" (or {', '.join(SOURCE_TYPES)})")
        options = dict(raw)
        type_ = options.pop("type")
        for key in ("path", "root", "roots", "token_file", "client_secrets"):
            if key in options:
                options[key] = _resolve(options[key], base)
        sources.append(SourceConfig(type=type_, options=options))
    cache_dir = data.get("index", {}).get("cache_dir")
    workers = data.get("index", {}).get("workers")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 0):
        raise ConfigError(f"[index] workers = {workers!r} in {path} is not a number of processes; write 0 to parse "
                          f"in the main process, or a count such as 2")
    return Config(
        self_name=me.get("name", ""),
        self_emails=tuple(e.strip().lower() for e in emails if e.strip()),
        timezone=tz,
        today_fixed=today,
        llm=dict(data.get("llm", {})),
        sources=sources,
        cache_dir_setting=str(_resolve(cache_dir, base)) if cache_dir else None,
        index_workers=workers,
        path=path,
    )


def _resolve(value: Any, base: Path) -> Any:
    if isinstance(value, list):
        return [_resolve(v, base) for v in value]
    if isinstance(value, str):
        p = Path(value).expanduser()
        return str(p if p.is_absolute() else (base / p).resolve())
    return value


def _machine_zone() -> ZoneInfo:
    key = os.environ.get("TZ")
    if key:
        try:
            return ZoneInfo(key.lstrip(":"))
        except (ZoneInfoNotFoundError, ValueError):
            pass
    try:
        link = os.readlink("/etc/localtime")
        marker = "zoneinfo/"
        if marker in link:
            return ZoneInfo(link.split(marker, 1)[1])
    except (OSError, ZoneInfoNotFoundError, ValueError):
        pass
    return ZoneInfo("UTC")
