"""Index faults, injected for real (issue 14): damaged files, a full disk, an unwritable cache dir, killed builds.

Each test builds a small index from a generated corpus with the real CLI in a subprocess, damages it the
way a crash, a full disk or a bad sector would, and checks what the user sees: one clear line (never a
traceback) and answers identical to a clean build. SQLite is never mocked.
"""

from __future__ import annotations

import json
import os
import random
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.corpus import DEMO_TODAY, generate_corpus

from processes import child_processes, running

REPO = Path(__file__).resolve().parent.parent
QUESTIONS = {
    "mail": "Find the last email received on January 10, 2025.",
    "calendar": "Find out who attended the event in which Sofia Alvarez was present.",
    "mail+files": "Find the file folders that contain email attachments from Jane Doe.",
}


@dataclass
class Out:
    code: int
    stdout: str
    stderr: str

    @property
    def result(self):
        return json.loads(self.stdout)["result"]

    def lines(self, word: str) -> list[str]:
        return [line for line in self.stderr.splitlines() if word in line]


def qw(*args: str, cache: Path, config: Path, env: dict | None = None, limit_bytes: int | None = None,
       popen: bool = False):
    """The real `queryweaver` command with its own cache dir; ``limit_bytes`` caps every file it writes."""
    full_env = dict(os.environ, QUERYWEAVER_CACHE_DIR=str(cache), QUERYWEAVER_CONFIG=str(cache) + "-no-config")
    full_env.update(env or {})

    def file_size_limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # so write() fails with EFBIG instead of killing us
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit_bytes, limit_bytes))

    command = [sys.executable, "-m", "queryweaver.cli", *args, "--config", str(config)]
    preexec = file_size_limit if limit_bytes else None
    if popen:
        return subprocess.Popen(command, env=full_env, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                preexec_fn=preexec)
    proc = subprocess.run(command, env=full_env, cwd=REPO, capture_output=True, text=True, timeout=300,
                          preexec_fn=preexec)
    return Out(proc.returncode, proc.stdout, proc.stderr)


def placeless(result):
    """A result with the sources its evidence names left out: they say where the data is (a copy elsewhere)."""
    def strip(node):
        return None if node is None else {**{k: v for k, v in node.items() if k != "sources"},
                                          "via": [strip(c) for c in node.get("via", [])]}

    return {**result, "items": [{**item, "evidence": strip(item.get("evidence"))} for item in result["items"]]}


def ask(topic: str, cache: Path, config: Path, **kw) -> Out:
    return qw("ask", QUESTIONS[topic], "--json", cache=cache, config=config, **kw)


def index_db(cache: Path, kind: str = "mbox") -> Path:
    (found,) = (cache / "index").glob(f"{kind}-*.sqlite")
    return found


def assert_one_clear_line(out: Out, word: str) -> str:
    assert "Traceback" not in out.stderr, out.stderr
    (line,) = out.lines(word)
    return line


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    root = tmp_path_factory.mktemp("corpus")
    generate_corpus(root, emails=1200, events=120, files=200, seed=5, today=DEMO_TODAY, story=True)
    return root / "config.toml"


@pytest.fixture(scope="module")
def clean(corpus, tmp_path_factory):
    """A clean build of the corpus and its answers to QUESTIONS."""
    cache = tmp_path_factory.mktemp("clean") / "cache"
    assert qw("index", cache=cache, config=corpus).code == 0
    answers = {topic: ask(topic, cache, corpus).result for topic in QUESTIONS}
    assert answers["mail"]["count"] == 1 and answers["calendar"]["count"] and answers["mail+files"]["count"]
    return cache, answers


def copy_cache(clean_cache: Path, tmp_path: Path) -> Path:
    cache = tmp_path / "cache"
    shutil.copytree(clean_cache, cache)
    return cache


# -- the faults ----------------------------------------------------------------------------------------------

def truncate_to_half(db: Path) -> None:
    os.truncate(db, db.stat().st_size // 2)


def overwrite_blocks_past_the_header(db: Path) -> None:
    """512 random bytes at the start of every page but the first (the header and schema stay intact)."""
    rnd = random.Random(7)
    with open(db, "r+b") as fh:
        for page in range(1, db.stat().st_size // 4096):
            fh.seek(page * 4096)
            fh.write(rnd.randbytes(512))


def replace_with_text(db: Path) -> None:
    db.write_text("these are not the pages you are looking for\n" * 200)


def damage_only_what_questions_read(db: Path) -> None:
    """Overwrite 512-byte blocks in every page except those a refresh reads (the schema, meta, inputs,
    resume): opening and refreshing see nothing wrong, the first question meets the damage."""
    conn = sqlite3.connect(db)
    keep = {1} | {r[0] for r in conn.execute(
        "SELECT rootpage FROM sqlite_master WHERE tbl_name IN ('meta', 'inputs', 'resume')")}
    conn.close()
    rnd = random.Random(8)
    with open(db, "r+b") as fh:
        for page in range(2, db.stat().st_size // 4096 + 1):
            if page not in keep:
                fh.seek((page - 1) * 4096 + 1024)
                fh.write(rnd.randbytes(512))


@pytest.mark.parametrize("fault", [truncate_to_half, overwrite_blocks_past_the_header, replace_with_text],
                         ids=["truncated", "blocks-overwritten", "replaced-by-text"])
def test_a_damaged_mail_index_is_set_aside_and_rebuilt_transparently(fault, corpus, clean, tmp_path):
    clean_cache, answers = clean
    cache = copy_cache(clean_cache, tmp_path)
    db = index_db(cache)
    fault(db)
    out = ask("mail", cache, corpus)
    assert out.code == 0
    line = assert_one_clear_line(out, "damaged")
    assert line.startswith(f"warning: the mail index for {corpus.parent / 'mail.mbox'} was damaged (")
    assert "and is being rebuilt; the damaged copy is at " in line
    copy = Path(line.rsplit(" is at ", 1)[1])
    assert copy.exists() and copy.name.startswith(db.name + ".damaged-")
    assert out.result == answers["mail"]
    again = ask("mail+files", cache, corpus)  # healed for good: no second warning, same answers
    assert again.code == 0 and again.lines("damaged") == [] and again.result == answers["mail+files"]
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()


def settled_copy(clean_cache: Path, tmp_path: Path, corpus: Path) -> Path:
    """A copy of the clean cache that QueryWeaver has opened and closed (so it knows the files as they are)."""
    cache = copy_cache(clean_cache, tmp_path)
    assert qw("index", cache=cache, config=corpus).code == 0
    return cache


def as_a_bad_sector(db: Path, fault) -> None:
    """``fault`` applied in place with the file's mtime put back: nothing says the file was touched."""
    st = db.stat()
    fault(db)
    os.utime(db, ns=(st.st_atime_ns, st.st_mtime_ns))


def test_an_index_changed_outside_queryweaver_is_checked_before_use(corpus, clean, tmp_path):
    clean_cache, answers = clean
    cache = settled_copy(clean_cache, tmp_path, corpus)
    damage_only_what_questions_read(index_db(cache))
    out = ask("calendar", cache, corpus)
    assert out.code == 0
    line = assert_one_clear_line(out, "damaged")
    assert "was damaged (after it was changed outside QueryWeaver, quick_check failed: " in line
    assert out.result == answers["calendar"]


def test_damage_met_mid_question_is_healed_and_the_question_run_again(corpus, clean, tmp_path):
    clean_cache, answers = clean
    cache = settled_copy(clean_cache, tmp_path, corpus)
    as_a_bad_sector(index_db(cache), damage_only_what_questions_read)
    check = qw("index", "--check", cache=cache, config=corpus)
    assert check.code == 1 and "damaged" in check.stdout and "Traceback" not in check.stderr
    mail_row = next(line for line in check.stdout.splitlines() if line.startswith("mbox:"))
    assert mail_row.rstrip().endswith("damaged")
    out = ask("mail+files", cache, corpus)
    assert out.code == 0
    # met by a query: the engine's quick_check then names the damage (not a check on opening)
    assert "was damaged (quick_check failed: " in assert_one_clear_line(out, "damaged")
    assert out.result == answers["mail+files"]
    full = qw("index", "--check", "--full", cache=cache, config=corpus)
    assert full.code == 0 and "damaged" not in full.stdout


def test_queryweaver_index_checks_first_so_it_also_heals_damage_no_refresh_reads(corpus, clean, tmp_path):
    clean_cache, answers = clean
    cache = settled_copy(clean_cache, tmp_path, corpus)
    as_a_bad_sector(index_db(cache), damage_only_what_questions_read)
    out = qw("index", cache=cache, config=corpus)
    assert out.code == 0 and "was damaged (quick_check failed: " in assert_one_clear_line(out, "damaged")
    after = ask("mail+files", cache, corpus)
    assert after.code == 0 and after.lines("damaged") == [] and after.result == answers["mail+files"]


def test_garbled_text_no_check_can_see_is_healed_when_a_question_trips_on_it(corpus, clean, tmp_path):
    clean_cache, answers = clean
    cache = copy_cache(clean_cache, tmp_path)
    db = index_db(cache)
    wanted = answers["mail"]["items"][0]["subject"].encode()  # a column no index holds
    data = db.read_bytes()
    assert data.count(wanted) >= 1
    with open(db, "r+b") as fh:  # in place: the same file, only some bytes differ
        fh.write(data.replace(wanted, wanted[:3] + b"\xff\xfe" + wanted[5:]))
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"  # structurally sound
    conn.close()
    out = ask("mail", cache, corpus)
    assert out.code == 0 and "Could not decode to UTF-8" in assert_one_clear_line(out, "damaged")
    assert out.result == answers["mail"]


def test_queryweaver_index_heals_a_damaged_calendar_index(corpus, clean, tmp_path):
    clean_cache, answers = clean
    cache = copy_cache(clean_cache, tmp_path)
    replace_with_text(index_db(cache, "ics"))
    out = qw("index", cache=cache, config=corpus)
    assert out.code == 0
    line = assert_one_clear_line(out, "damaged")
    assert line.startswith(f"warning: the calendar index for {corpus.parent / 'calendar.ics'} was damaged "
                           "(file is not a database)")
    assert ask("calendar", cache, corpus).result == answers["calendar"]


def test_a_missing_version_row_is_treated_as_damage(corpus, clean, tmp_path):
    clean_cache, answers = clean
    cache = copy_cache(clean_cache, tmp_path)
    conn = sqlite3.connect(index_db(cache))
    with conn:
        conn.execute("DELETE FROM meta WHERE key = 'version'")
    conn.close()
    out = ask("mail", cache, corpus)
    assert out.code == 0 and "its version record is missing" in assert_one_clear_line(out, "damaged")
    assert out.result == answers["mail"]


def kill_holding_the_index_open(db: Path) -> None:
    """A process that writes to the index and is SIGKILLed: its -wal and -shm stay behind."""
    script = ("import os, signal, sqlite3, sys\n"
              "c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA journal_mode=WAL')\n"
              "c.execute(\"INSERT OR REPLACE INTO meta VALUES ('touched', '1')\"); c.commit()\n"
              "os.kill(os.getpid(), signal.SIGKILL)\n")
    proc = subprocess.run([sys.executable, "-c", script, str(db)])
    assert proc.returncode == -signal.SIGKILL
    assert Path(f"{db}-wal").exists() and Path(f"{db}-shm").exists()


def test_after_an_unclean_shutdown_a_failed_quick_check_heals_on_open(corpus, clean, tmp_path):
    clean_cache, answers = clean
    cache = copy_cache(clean_cache, tmp_path)
    db = index_db(cache)
    damage_only_what_questions_read(db)  # nothing a refresh reads: only the quick_check can see it
    kill_holding_the_index_open(db)
    out = ask("mail", cache, corpus)
    assert out.code == 0
    assert "was damaged (after an unclean shutdown, quick_check failed: " in assert_one_clear_line(out, "damaged")
    assert out.result == answers["mail"]


def wait_for_batches(proc, db_glob, cache: Path, offset: int, sql: str = "SELECT done FROM resume") -> bool:
    """Poll the index being built until ``sql`` (by default how far its mbox is committed) passes
    ``offset``; False if the build ended first."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        for db in (cache / "index").glob(db_glob):
            try:
                conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=0.05)
                try:
                    row = conn.execute(sql).fetchone()
                finally:
                    conn.close()
            except sqlite3.Error:
                continue
            if row and row[0] > offset:
                return True
        time.sleep(0.002)
    return False


def killed_build(corpus: Path, cache: Path, batch: int, offset: int, before_kill=None, kind: str = "mbox",
                 sql: str = "SELECT done FROM resume", env: dict | None = None, children: list | None = None) -> None:
    """Start `queryweaver index` with small batches and SIGKILL it once ``sql`` on the index being built
    (how far its mbox is committed) passes ``offset``; ``children`` gets the pids of its child processes then."""
    for _attempt in range(3):  # a loaded machine may finish before the poll sees a batch: try again
        shutil.rmtree(cache, ignore_errors=True)
        proc = qw("index", cache=cache, config=corpus, env={"QUERYWEAVER_INDEX_BATCH": str(batch), **(env or {})},
                  popen=True)
        reached = wait_for_batches(proc, f"{kind}-*.sqlite", cache, offset, sql)
        if reached and children is not None:
            children[:] = [pid for pid, command in child_processes(proc.pid) if "multiprocessing.spawn" in command]
        if reached and before_kill:
            before_kill()
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=60)  # a child left holding its stdout open would hold this forever
        if reached and proc.returncode == -signal.SIGKILL:
            return
    pytest.fail("the build always finished before it could be killed")


def test_a_deleted_wal_mid_transaction_still_gives_exact_answers(corpus, clean, tmp_path):
    _clean_cache, answers = clean
    cache = tmp_path / "cache"

    def delete_wal():
        for wal in (cache / "index").glob("mbox-*.sqlite-wal"):
            wal.unlink()

    killed_build(corpus, cache, batch=50, offset=100_000, before_kill=delete_wal)
    for topic in ("mail", "mail+files"):
        out = ask(topic, cache, corpus)
        assert out.code == 0 and "Traceback" not in out.stderr and len(out.lines("damaged")) <= 1
        assert out.result == answers[topic]


# -- a full disk, an unwritable cache dir --------------------------------------------------------------------

def test_a_full_disk_on_the_first_build_says_where_how_much_and_what_to_set(corpus, tmp_path):
    cache = tmp_path / "cache"
    for args in (("index",), ("ask", QUESTIONS["mail"])):
        out = qw(*args, cache=cache, config=corpus, limit_bytes=256 * 1024)
        assert out.code != 0
        line = assert_one_clear_line(out, "error:")
        assert line.startswith(f"error: cannot write the mail index for {corpus.parent / 'mail.mbox'} in the "
                               f"cache dir {cache} (")
        assert "it needs about " in line and "MB free there" in line
        assert "[index] cache_dir" in line and "QUERYWEAVER_CACHE_DIR" in line
        assert "a file size limit of 256.0 KB applies" in line


def test_a_full_disk_leaves_the_previous_index_answering(corpus, clean, tmp_path):
    _clean_cache, answers = clean
    source = tmp_path / "source"
    shutil.copytree(corpus.parent, source)
    cache = tmp_path / "cache"
    assert qw("index", cache=cache, config=source / "config.toml").code == 0
    more = tmp_path / "more"
    generate_corpus(more, emails=600, events=10, files=10, seed=9, today=DEMO_TODAY)
    with open(source / "mail.mbox", "ab") as fh:
        fh.write(b"\n" + (more / "mail.mbox").read_bytes())
    db = index_db(cache)
    limit = 96 * 1024  # room for the -shm, not for the new messages' pages in the -wal
    before = db.stat().st_size
    out = qw("index", cache=cache, config=source / "config.toml", limit_bytes=limit)
    assert out.code != 0 and "cannot write the mail index" in assert_one_clear_line(out, "error:")
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    assert db.stat().st_size == before
    stale = ask("mail", cache, source / "config.toml", limit_bytes=limit)
    assert stale.code == 0
    assert "answering from the index as it was" in assert_one_clear_line(stale, "cannot write")
    assert placeless(stale.result) == placeless(answers["mail"])  # a copy of the corpus: its evidence names the copy
    fresh_cache = tmp_path / "fresh"
    assert qw("index", cache=fresh_cache, config=source / "config.toml").code == 0
    for topic in ("mail", "mail+files"):
        healed = ask(topic, cache, source / "config.toml")
        assert healed.code == 0 and healed.lines("cannot write") == []
        assert healed.result == ask(topic, fresh_cache, source / "config.toml").result


def test_a_cache_dir_that_cannot_be_created_gives_one_line(corpus, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("a regular file where the cache dir's parent should be")
    cache = blocker / "cache"
    out = ask("mail", cache, corpus)
    assert out.code != 0
    line = assert_one_clear_line(out, "error:")
    assert f"the cache dir {cache} cannot be written (Not a directory)" in line
    assert "[index] cache_dir" in line and "QUERYWEAVER_CACHE_DIR" in line and "MB free" in line


def test_an_index_that_cannot_be_written_still_answers_and_index_says_why(corpus, tmp_path):
    source = tmp_path / "source"
    shutil.copytree(corpus.parent, source)
    config = source / "config.toml"
    cache = tmp_path / "cache"
    assert qw("index", cache=cache, config=config).code == 0
    before = ask("mail", cache, config)
    db = index_db(cache)
    Path(f"{db}-wal").mkdir()  # SQLite cannot create its -wal: as unwritable as a read-only dir, even for root
    same = ask("mail", cache, config)
    assert same.code == 0 and "Traceback" not in same.stderr and same.result == before.result
    with open(source / "mail.mbox", "ab") as fh:  # now the index would need writing
        fh.write(b"\n" + (source / "mail.mbox").read_bytes()[:20000].rsplit(b"\nFrom ", 1)[0] + b"\n")
    out = qw("index", cache=cache, config=config)
    assert out.code != 0
    line = assert_one_clear_line(out, "error:")
    assert f"the cache dir {cache} cannot be written (unable to open database file)" in line
    stale = ask("mail", cache, config)
    assert stale.code == 0 and stale.result == before.result
    assert "answering from the index as it was" in assert_one_clear_line(stale, "cannot be written")
    check = qw("index", "--check", cache=cache, config=config)
    assert check.code == 1 and "Traceback" not in check.stderr
    assert next(row for row in check.stdout.splitlines() if row.startswith("mbox:")).endswith("cannot open")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders; the uncreatable-dir test covers it")
def test_a_read_only_cache_dir_still_answers_from_the_previous_index(corpus, clean, tmp_path):
    clean_cache, answers = clean
    cache = copy_cache(clean_cache, tmp_path)
    for folder in (cache / "index", cache):
        folder.chmod(0o555)
    try:
        out = ask("mail", cache, corpus)
        assert out.code == 0 and "Traceback" not in out.stderr and out.result == answers["mail"]
    finally:
        for folder in (cache, cache / "index"):
            folder.chmod(0o755)


# -- a killed build resumes ----------------------------------------------------------------------------------

def mbox_report(out: Out) -> str:
    return next(line for line in out.stdout.splitlines() if line.startswith("mbox:"))


def index_names(db: Path) -> set[str]:
    conn = sqlite3.connect(db)
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")}
    finally:
        conn.close()


def test_a_killed_mail_build_resumes_where_it_stopped(corpus, clean, tmp_path):
    clean_cache, answers = clean
    cache = tmp_path / "cache"
    killed_build(corpus, cache, batch=50, offset=150_000)
    conn = sqlite3.connect(index_db(cache))
    committed = conn.execute("SELECT count(*) FROM messages").fetchone()[0]
    (done,) = conn.execute("SELECT done FROM resume").fetchone()
    conn.close()
    assert 0 < committed < 1200 and done > 150_000
    complete = index_names(index_db(clean_cache))
    assert "addresses_addr_role" in complete and "addresses_addr_role" not in index_names(index_db(cache))  # at the end
    out = qw("index", cache=cache, config=corpus)
    assert out.code == 0, out.stderr
    assert mbox_report(out).startswith(f"mbox:{corpus.parent / 'mail.mbox'}: {1200 - committed} parsed")
    assert "1 resumed" in mbox_report(out)
    assert index_names(index_db(cache)) == complete
    for topic in QUESTIONS:
        assert ask(topic, cache, corpus).result == answers[topic]


def test_indexes_a_killed_build_left_missing_are_made_even_when_nothing_is_left_to_parse(corpus, clean, tmp_path):
    """A build killed after its last batch but before the indexes were made: the next refresh makes them."""
    clean_cache, answers = clean
    cache = copy_cache(clean_cache, tmp_path)
    conn = sqlite3.connect(index_db(cache))
    conn.execute("DROP INDEX addresses_addr_role")
    conn.execute("DROP INDEX messages_message_id")
    conn.commit()
    conn.close()
    assert qw("index", cache=cache, config=corpus).code == 0
    assert index_names(index_db(cache)) == index_names(index_db(clean_cache))
    assert ask("mail", cache, corpus).result == answers["mail"]


def test_an_index_of_the_earlier_schema_gets_the_wider_indexes_and_loses_the_narrow_ones(corpus, clean, tmp_path):
    """The mail index's link tables had narrow indexes (addresses(addr), urls(url), ...): the next refresh makes the
    wider ones the schema lists now and drops the others, with nothing parsed again."""
    clean_cache, answers = clean
    cache = copy_cache(clean_cache, tmp_path)
    conn = sqlite3.connect(index_db(cache))
    for name in ("addresses_addr_role", "addresses_msg_role", "urls_url_msg", "urls_msg_url", "attachments_filename_msg"):
        conn.execute(f"DROP INDEX {name}")
    for old in ("addresses_addr ON addresses(addr)", "addresses_msg ON addresses(msg)", "urls_url ON urls(url)",
                "urls_msg ON urls(msg)", "attachments_filename ON attachments(filename)"):
        conn.execute(f"CREATE INDEX {old}")
    conn.commit()
    conn.close()
    out = qw("index", cache=cache, config=corpus)
    assert out.code == 0 and " 0 parsed" in out.stdout, out.stdout + out.stderr
    assert index_names(index_db(cache)) == index_names(index_db(clean_cache))
    plan = sqlite3.connect(index_db(cache)).execute(
        "EXPLAIN QUERY PLAN SELECT a.msg FROM addresses a WHERE a.addr = 'x' AND a.role = 'from'").fetchall()
    assert "COVERING INDEX addresses_addr_role" in " ".join(str(row[-1]) for row in plan)
    assert ask("mail", cache, corpus).result == answers["mail"]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads child processes from /proc")
def test_a_killed_build_parsing_in_workers_resumes_and_leaves_no_worker_behind(corpus, clean, tmp_path):
    """The parallel path (workers parse, the parent writes) SIGKILLed mid-build: its workers leave on their own,
    the next build resumes from what the parent committed, and the answers are a clean build's."""
    clean_cache, answers = clean
    cache = tmp_path / "cache"
    children: list[int] = []
    killed_build(corpus, cache, batch=50, offset=150_000, env={"QUERYWEAVER_INDEX_WORKERS": "2"}, children=children)
    workers = children  # the two parsing workers, and the build of the other sources if it was still running
    assert len(workers) in (2, 3)
    deadline = time.monotonic() + 10
    while any(running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(running(pid) for pid in workers), "a parsing worker outlived the killed build"
    conn = sqlite3.connect(index_db(cache))
    committed = conn.execute("SELECT count(*) FROM messages").fetchone()[0]
    conn.close()
    assert 0 < committed < 1200 and committed % 50 == 0  # whole batches, even when a worker's run held more
    out = qw("index", cache=cache, config=corpus, env={"QUERYWEAVER_INDEX_WORKERS": "2"})
    assert out.code == 0, out.stderr
    assert "1 resumed" in mbox_report(out) and f"{1200 - committed} parsed" in mbox_report(out)
    assert index_names(index_db(cache)) == index_names(index_db(clean_cache))
    for topic in QUESTIONS:
        assert ask(topic, cache, corpus).result == answers[topic]


@pytest.mark.parametrize("workers", ["0", "2"])
def test_a_killed_maildir_build_resumes_from_the_messages_it_committed(workers, corpus, tmp_path):
    import mailbox

    source = tmp_path / "source"
    shutil.copytree(corpus.parent, source)
    maildir = mailbox.Maildir(source / "Maildir", create=True)
    for message in mailbox.mbox(source / "mail.mbox"):
        maildir.add(mailbox.MaildirMessage(message))
    maildir.close()
    config = source / "config.toml"
    config.write_text(config.read_text().replace('type = "mbox"\npath = "mail.mbox"',
                                                 'type = "maildir"\npath = "Maildir"'))
    cache = tmp_path / "cache"
    env = {"QUERYWEAVER_INDEX_WORKERS": workers}
    killed_build(config, cache, batch=50, offset=150, kind="maildir", sql="SELECT count(*) FROM inputs", env=env)
    conn = sqlite3.connect(index_db(cache, "maildir"))
    committed = conn.execute("SELECT count(*) FROM messages").fetchone()[0]
    conn.close()
    assert 150 < committed < 1200 and committed % 50 == 0  # whole batches only
    out = qw("index", cache=cache, config=config, env=env)
    assert out.code == 0
    report = next(line for line in out.stdout.splitlines() if line.startswith("maildir:"))
    assert f": {1200 - committed} parsed, {committed} unchanged" in report
    fresh = tmp_path / "fresh"
    assert qw("index", cache=fresh, config=config).code == 0
    assert index_names(index_db(cache, "maildir")) == index_names(index_db(fresh, "maildir"))
    for topic in ("mail", "mail+files"):
        assert ask(topic, cache, config).result == ask(topic, fresh, config).result


def test_an_mbox_changed_before_the_resume_point_is_read_again_in_full(corpus, tmp_path):
    source = tmp_path / "source"
    shutil.copytree(corpus.parent, source)
    config = source / "config.toml"
    cache = tmp_path / "cache"
    killed_build(config, cache, batch=50, offset=150_000)
    mbox = source / "mail.mbox"
    data = mbox.read_bytes()
    at = data.index(b"\nSubject: ") + len(b"\nSubject: ")
    mbox.write_bytes(data[:at] + b"Edited, and longer than before: " + data[at:])  # the first message changed
    out = qw("index", cache=cache, config=config)
    assert out.code == 0
    assert mbox_report(out).startswith(f"mbox:{mbox}: 1200 parsed") and "resumed" not in mbox_report(out)
    fresh = tmp_path / "fresh"
    assert qw("index", cache=fresh, config=config).code == 0
    for topic in ("mail", "mail+files"):
        assert ask(topic, cache, config).result == ask(topic, fresh, config).result


# -- check and rebuild ----------------------------------------------------------------------------------------

def test_index_check_prints_a_table_and_rebuild_starts_a_source_afresh(corpus, clean, tmp_path):
    clean_cache, answers = clean
    cache = copy_cache(clean_cache, tmp_path)
    check = qw("index", "--check", cache=cache, config=corpus)
    assert check.code == 0
    header, *rows = check.stdout.splitlines()
    assert header.split() == ["source", "index", "size", "items", "last", "written", "(UTC)", "state"]
    assert [row.split(":", 1)[0] for row in rows] == ["mbox", "ics", "files"]
    assert rows[0].split()[4] == "1200" and all(row.endswith("ok") for row in rows)
    rebuilt = qw("index", "--rebuild", "mbox", cache=cache, config=corpus)
    assert rebuilt.code == 0 and mbox_report(rebuilt).startswith(f"mbox:{corpus.parent / 'mail.mbox'}: 1200 parsed")
    assert [line.split(":", 1)[0] for line in rebuilt.stdout.splitlines()] == ["mbox"]
    assert ask("mail", cache, corpus).result == answers["mail"]
    unknown = qw("index", "--rebuild", "nowhere", cache=cache, config=corpus)
    assert unknown.code != 0 and "no configured source with a local index matches 'nowhere'" in unknown.stderr


# -- the web UI ------------------------------------------------------------------------------------------------

WEB_TOKEN = "test-token"


def web_run(client, question: str) -> list[dict]:
    from queryweaver.web.sse import parse_sse

    started = client.post("/api/runs", json={"question": question}, headers={"X-QueryWeaver-Token": WEB_TOKEN})
    assert started.status_code == 202, started.json
    response = client.get(f"/api/runs/{started.json['id']}/events", headers={"X-QueryWeaver-Token": WEB_TOKEN})
    return parse_sse(response.get_data(as_text=True))


@pytest.fixture
def web_app(tmp_path):
    from queryweaver.config import load_config
    from queryweaver.web import create_app
    from queryweaver.web.history import RecentQuestions

    apps = []

    def make():
        app = create_app(load_config(None), token=WEB_TOKEN, testing=True, opener=lambda path: None,
                         recent=RecentQuestions(tmp_path / "data" / "recent.json"))
        app.config["QW_SSE_KEEPALIVE"] = 0.05
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.extensions["queryweaver"].close()


def test_the_web_ui_heals_a_damaged_index_and_says_so_in_the_activity_panel(web_app, isolated_user_dirs):
    app = web_app()
    first = web_run(app.test_client(), QUESTIONS["mail+files"])
    assert first[-1]["event"] == "result"
    app.extensions["queryweaver"].close()  # the server stops; a sync tool or a bad sector damages the index
    replace_with_text(index_db(isolated_user_dirs / "cache"))
    messages = web_run(web_app().test_client(), QUESTIONS["mail+files"])
    assert messages[-1]["event"] == "result" and "error" not in [m["event"] for m in messages]
    notes = [m["data"]["message"] for m in messages if m["event"] == "warning"]
    assert len([n for n in notes if "was damaged" in n]) == 1
    assert messages[-1]["data"]["items"] == first[-1]["data"]["items"]


def test_the_web_ui_shows_the_unwritable_cache_dir_message(web_app, tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("QUERYWEAVER_CACHE_DIR", str(blocker / "cache"))
    messages = web_run(web_app().test_client(), QUESTIONS["mail"])
    assert messages[-1]["event"] == "error"
    error = messages[-1]["data"]
    assert error["error"] == "IndexStorageError"
    assert f"the cache dir {blocker / 'cache'} cannot be written" in error["message"]
    assert "[index] cache_dir" in error["message"]


# -- the Gmail cache -------------------------------------------------------------------------------------------

def test_a_damaged_gmail_cache_is_set_aside_and_starts_empty(tmp_path):
    from connectors.gmail import MessageCache, Record

    path = tmp_path / "google" / "gmail-abc.sqlite"
    cache = MessageCache(path)
    cache.store([Record("m1", "<a@b>", "Hello", 1.0, [("from", "a@b.example", "A")])])
    cache.close()
    replace_with_text(path)
    said = []
    cache = MessageCache(path, said.append)
    (line,) = said
    assert line.startswith("the Gmail cache was damaged (file is not a database) and is being rebuilt; "
                           "the damaged copy is at ")
    assert Path(line.rsplit(" is at ", 1)[1]).exists()
    assert cache.known(["m1"], False) == set()  # refetched from Gmail when next needed
    cache.store([Record("m1", "<a@b>", "Hello", 1.0, [("from", "a@b.example", "A")])])
    assert cache.known(["m1"], False) == {"m1"}
    cache.close()
