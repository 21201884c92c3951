"""Several sources refreshed at once (``queryweaver index``): the first in the process, the rest in a child process
at a lower priority. The indexes are the ones a build one source after another makes; what the child says reaches
the parent; a child that stops is made up for; an error in it is raised; it leaves with its parent."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

import pytest

from queryweaver.config import load_config
from tests.corpus import generate_corpus
from queryweaver.engine import Engine
from queryweaver.errors import ConnectorError

from processes import child_processes, running

CHILD = "queryweaver-index"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("corpus")
    generate_corpus(root, emails=1500, events=150, files=300, seed=21, today=date(2026, 2, 15))
    with open(root / "calendar.ics", "a", encoding="utf-8") as out:  # a second calendar: one broken event
        out.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:broken-1\r\n"
                  "SUMMARY:No start\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    return root / "config.toml"


def engine_for(config_path: Path, cache: Path, **kwargs) -> Engine:
    os.environ["QUERYWEAVER_CACHE_DIR"] = str(cache)  # (conftest's monkeypatch puts the test's own value back)
    return Engine(load_config(config_path), **kwargs)


def index_rows(cache: Path) -> dict[str, dict[str, list[tuple]]]:
    """Every table of every index in ``cache`` but the bookkeeping ones, row by row."""
    out = {}
    for db in sorted((cache / "index").glob("*.sqlite")):
        conn = sqlite3.connect(db)
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
                  if r[0] not in ("meta", "resume", "sqlite_sequence")]
        out[db.name] = {t: conn.execute(f"SELECT * FROM {t} ORDER BY rowid").fetchall() for t in tables}
        conn.close()
    return out


def built(config_path: Path, cache: Path, parallel: bool, progress=None) -> tuple[list, list[str]]:
    kwargs = {"progress": progress} if progress else {}
    with engine_for(config_path, cache, **kwargs) as engine:
        reports = engine.refresh_indexes(parallel=parallel)
        return reports, list(engine.warnings)


def test_sources_built_at_once_are_indexed_as_one_after_another(corpus, tmp_path, monkeypatch):
    monkeypatch.setenv("QUERYWEAVER_INDEX_WORKERS", "2")
    seen: list[list[str]] = []

    def progress(stage, done, total=None):  # while the first source is built, the child is there
        seen.append([p.name for p in multiprocessing.active_children()])

    one, said_one = built(corpus, tmp_path / "one", parallel=False)
    together, said = built(corpus, tmp_path / "together", parallel=True, progress=progress)
    assert any(CHILD in names for names in seen)
    assert [(r.source, r.parsed, r.reused, r.removed, r.skipped) for r in together] == \
        [(r.source, r.parsed, r.reused, r.removed, r.skipped) for r in one]
    assert [r.source.split(":")[0] for r in together] == ["mbox", "ics", "files"]
    assert index_rows(tmp_path / "together") == index_rows(tmp_path / "one")
    assert sorted(said) == sorted(said_one) and any("broken-1" in w or "No start" in w for w in said)
    assert not [p for p in multiprocessing.active_children() if p.name == CHILD]
    again, _ = built(corpus, tmp_path / "together", parallel=True)  # nothing changed: nothing parsed
    assert [r.parsed for r in again] == [0, 0, 0]


def test_one_process_when_workers_are_off_or_a_source_is_not_local(corpus, tmp_path, monkeypatch):
    from queryweaver import source_builds

    monkeypatch.setenv("QUERYWEAVER_INDEX_WORKERS", "0")
    with engine_for(corpus, tmp_path / "c") as engine:
        assert not source_builds.worth_it(engine)
    monkeypatch.setenv("QUERYWEAVER_INDEX_WORKERS", "2")
    with engine_for(corpus, tmp_path / "c") as engine:
        assert source_builds.worth_it(engine) == ((os.cpu_count() or 1) > 1)
        engine.connectors[1].name = "imap"  # a source a server answers for is synced in the process
        assert not source_builds.worth_it(engine)
    monkeypatch.delenv("QUERYWEAVER_INDEX_WORKERS")  # not asked for: a 1.5 MB mailbox is not worth a child
    with engine_for(corpus, tmp_path / "c") as engine:
        assert not source_builds.worth_it(engine)
    monkeypatch.setenv("QUERYWEAVER_INDEX_WORKERS", "2")
    built(corpus, tmp_path / "c", parallel=False)
    with engine_for(corpus, tmp_path / "c") as engine:  # built already: a refresh stays in the process
        assert not source_builds.worth_it(engine)


def test_a_background_build_that_is_killed_is_finished_by_the_parent(corpus, tmp_path, monkeypatch):
    monkeypatch.setenv("QUERYWEAVER_INDEX_WORKERS", "2")
    killed: list[int] = []

    def kill_the_child(stage, done, total=None):
        for child in multiprocessing.active_children():
            if child.name == CHILD and not killed:
                killed.append(child.pid)
                os.kill(child.pid, signal.SIGKILL)

    built(corpus, tmp_path / "one", parallel=False)
    reports, said = built(corpus, tmp_path / "together", parallel=True, progress=kill_the_child)
    assert killed
    assert [r.source.split(":")[0] for r in reports] == ["mbox", "ics", "files"]
    assert len([w for w in said if "the build in the background stopped (killed by signal 9)" in w]) == 1
    assert index_rows(tmp_path / "together") == index_rows(tmp_path / "one")


def test_an_error_in_a_background_source_is_raised_once_the_first_is_built(corpus, tmp_path, monkeypatch):
    monkeypatch.setenv("QUERYWEAVER_INDEX_WORKERS", "2")
    config = tmp_path / "config.toml"
    text = corpus.read_text().replace(str(corpus.parent), str(corpus.parent))
    config.write_text(text.replace('path = "mail.mbox"', f'path = "{corpus.parent / "mail.mbox"}"', 1)
                      + f'\n[[sources]]\ntype = "mbox"\npath = "{tmp_path / "gone.mbox"}"\n'
                      .replace("\\", "\\\\"))
    (tmp_path / "calendar.ics").symlink_to(corpus.parent / "calendar.ics")
    (tmp_path / "files").symlink_to(corpus.parent / "files")
    with engine_for(config, tmp_path / "cache") as engine:
        assert [c.name for c in engine.connectors] == ["mbox", "ics", "files", "mbox"]
        with pytest.raises(ConnectorError, match="gone.mbox does not exist"):
            engine.refresh_indexes(parallel=False)
    shutil.rmtree(tmp_path / "cache")
    with engine_for(config, tmp_path / "cache") as engine:
        with pytest.raises(ConnectorError, match="gone.mbox does not exist"):
            engine.refresh_indexes(parallel=True)
    names = sorted(p.name.split("-")[0] for p in (tmp_path / "cache" / "index").glob("*.sqlite"))
    assert names == ["files", "ics", "mbox"]  # the first source was built, and the child's before the error


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads child processes from /proc")
def test_the_background_build_leaves_when_its_parent_is_killed(corpus, tmp_path):
    """The parent builds a tiny source while the child builds a large mailbox in workers of its own: SIGKILL the
    parent, and the child and its workers leave on their own; the next build resumes and completes."""
    big = tmp_path / "big"
    generate_corpus(big, emails=30000, events=5, files=5, seed=22, today=date(2026, 2, 15))
    (tmp_path / "tiny").mkdir()
    (tmp_path / "tiny" / "a.txt").write_text("x")
    config = tmp_path / "config.toml"
    config.write_text(big.joinpath("config.toml").read_text().split("[[sources]]")[0]
                      + f'[[sources]]\ntype = "files"\nroot = "{tmp_path / "tiny"}"\n'
                      + f'\n[[sources]]\ntype = "mbox"\npath = "{big / "mail.mbox"}"\n')
    cache = tmp_path / "cache"
    env = dict(os.environ, QUERYWEAVER_CACHE_DIR=str(cache), QUERYWEAVER_INDEX_WORKERS="2",
               QUERYWEAVER_INDEX_BATCH="200")
    proc = subprocess.Popen([sys.executable, "-m", "queryweaver.cli", "index", "--config", str(config)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    family: list[int] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        children = [pid for pid, command in child_processes(proc.pid) if "multiprocessing" in command]
        grandchildren = [pid for child in children for pid, _ in child_processes(child)]
        if children and grandchildren:
            family = children + grandchildren
            break
        time.sleep(0.02)
    assert family, "the child never started its parsing workers"
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=60)
    deadline = time.monotonic() + 15
    while any(running(pid) for pid in family) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(running(pid) for pid in family), "the background build outlived its parent"
    conn = sqlite3.connect(next((cache / "index").glob("mbox-*.sqlite")))
    left_at = conn.execute("SELECT count(*) FROM messages").fetchone()[0]
    conn.close()
    assert left_at < 30000  # it left half-way, not once it was done
    out = subprocess.run([sys.executable, "-m", "queryweaver.cli", "index", "--config", str(config)], env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    mbox_line = next(line for line in out.stdout.splitlines() if line.startswith("mbox:"))
    assert "1 resumed" in mbox_line or left_at == 0, mbox_line
    conn = sqlite3.connect(next((cache / "index").glob("mbox-*.sqlite")))
    assert conn.execute("SELECT count(*) FROM messages").fetchone()[0] == 30000, mbox_line
    conn.close()
