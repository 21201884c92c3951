"""The shared SQLite index base: incremental refresh, bad inputs skipped, two refreshers at once."""

import hashlib
import threading
import time

from queryweaver.index import SourceIndex

SCHEMA = "CREATE TABLE IF NOT EXISTS lines (input INTEGER, text TEXT);"


def parse_lines(conn, input_id, path, warn):
    text = path.read_text()
    if "BROKEN" in text:
        raise ValueError("cannot read this one")
    time.sleep(0.05)  # slow enough for two refreshers to overlap
    rows = [(input_id, line) for line in text.splitlines()]
    conn.executemany("INSERT INTO lines VALUES (?, ?)", rows)
    return len(rows)


def make_index(tmp_path):
    return SourceIndex(tmp_path / "cache", "lines", tmp_path / "src", SCHEMA, version=1, tables=["lines"])


def run_at_once(target, count):
    """Run ``target`` in ``count`` threads started together; return when all have finished."""
    threads = [threading.Thread(target=target) for _ in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def test_an_index_keeps_the_file_name_earlier_versions_gave_it(tmp_path):
    # named by the SHA-1 of the source's path (queryweaver.digests, without OpenSSL): another name would leave
    # every user's built index behind and build a new one
    source = tmp_path / "Mail" / "Archive 2024.mbox"
    index = SourceIndex(tmp_path / "cache", "mbox", source, SCHEMA, version=1, tables=["lines"])
    digest = hashlib.sha1(str(source.resolve()).encode()).hexdigest()[:12]
    assert index.db_path == tmp_path / "cache" / "index" / f"mbox-Archive-2024-mbox-{digest}.sqlite"


def test_refresh_is_incremental_and_skips_bad_inputs(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.txt").write_text("one\ntwo\n")
    (src / "b.txt").write_text("BROKEN\n")
    index = make_index(tmp_path)
    warnings = []
    first = index.refresh(sorted(src.iterdir()), parse_lines, warn=warnings.append)
    assert (first.parsed, len(first.skipped)) == (2, 1) and "b.txt" in warnings[0]
    second = index.refresh(sorted(src.iterdir()), parse_lines, warn=warnings.append)
    # the broken input is not read again until it changes: listed in the report, one summary warning
    assert (second.parsed, second.reused, second.skipped) == (0, 2, [])
    assert len(second.unreadable) == 1 and "b.txt" in second.unreadable[0] and "cannot read this one" in second.unreadable[0]
    assert len(warnings) == 2 and warnings[1].startswith("1 lines file in ")
    (src / "a.txt").write_text("three\n")
    (src / "b.txt").unlink()
    third = index.refresh(sorted(src.iterdir()), parse_lines)
    assert third.parsed == 1
    assert [r[0] for r in index.conn.execute("SELECT text FROM lines")] == ["three"]
    assert list((tmp_path / "cache" / "index").glob("lines-*.sqlite"))


def test_two_refreshers_at_once_index_each_input_once(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    for n in range(5):
        (src / f"{n}.txt").write_text(f"line {n}\n")
    errors = []

    def refresh():
        index = make_index(tmp_path)
        try:
            index.refresh(sorted(src.iterdir()), parse_lines)
        except Exception as exc:  # the test is that nothing is raised
            errors.append(exc)
        finally:
            index.close()

    run_at_once(refresh, 3)
    assert errors == []
    index = make_index(tmp_path)
    assert index.conn.execute("SELECT COUNT(*) FROM lines").fetchone()[0] == 5


def test_many_openers_of_a_new_index_at_once_all_get_it(tmp_path):
    # switching a new database to WAL skips SQLite's busy handler: without a retry, about one round in
    # six had an opener fail at once with "database is locked" (CI saw it through the refresh test above)
    failures = []
    for round_no in range(60):
        root = tmp_path / str(round_no)
        barrier = threading.Barrier(4)

        def open_index():
            index = make_index(root)
            barrier.wait()
            try:
                index.conn.execute("SELECT COUNT(*) FROM inputs").fetchone()
            except Exception as exc:
                failures.append((round_no, exc))
            finally:
                index.close()

        run_at_once(open_index, 4)
    assert failures == []


def test_version_change_rebuilds(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.txt").write_text("one\n")
    make_index(tmp_path).refresh([src / "a.txt"], parse_lines)
    newer = SourceIndex(tmp_path / "cache", "lines", src, SCHEMA, version=2, tables=["lines"])
    assert newer.conn.execute("SELECT COUNT(*) FROM lines").fetchone()[0] == 0
    assert newer.refresh([src / "a.txt"], parse_lines).parsed == 1


def test_an_input_that_only_grew_is_read_from_where_it_ended(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    log = src / "log.txt"
    log.write_text("one\ntwo\n")
    calls = []

    def append(conn, input_id, path, offset, warn):
        calls.append(offset)
        text = path.read_bytes()[offset:].decode()
        if text.startswith("!"):
            raise ValueError("not a clean continuation")
        conn.executemany("INSERT INTO lines VALUES (?, ?)", [(input_id, line) for line in text.splitlines()])
        return len(text.splitlines())

    index = make_index(tmp_path)
    index.refresh([log], parse_lines, append=append)
    with open(log, "a") as fh:
        fh.write("three\n")
    report = index.refresh([log], parse_lines, append=append)
    assert calls == [8] and report.parsed == 1
    assert [r[0] for r in index.conn.execute("SELECT text FROM lines ORDER BY rowid")] == ["one", "two", "three"]
    log.write_text("ONE\ntwo\nthree\nfour\n")  # grew, but the old part changed: read it whole
    report = index.refresh([log], parse_lines, append=append)
    assert calls == [8] and report.parsed == 4
    with open(log, "a") as fh:
        fh.write("!bad\n")  # the appender refuses: read it whole, without a warning
    warnings = []
    report = index.refresh([log], parse_lines, append=append, warn=warnings.append)
    assert report.parsed == 5 and warnings == []


# -- batches and resuming (a killed build) --------------------------------------------------------------

class Killed(BaseException):
    """Stands for SIGKILL inside one process: nothing catches it, nothing after it runs."""


def resumable_lines(kill_after_commits=None, seen=None):
    """A parser of 'one line = one item' files from a byte offset, committing through ``batches``."""
    def parse(conn, input_id, path, offset, warn, batches):
        data = path.read_bytes()
        count = 0
        position = offset
        for line in data[offset:].splitlines(keepends=True):
            if batches is not None and batches.due(count):
                batches.commit(position)
                if kill_after_commits is not None and batches.commits >= kill_after_commits:
                    raise Killed()
            conn.execute("INSERT INTO lines VALUES (?, ?)", (input_id, line.decode().strip()))
            if seen is not None:
                seen.append(line.decode().strip())
            count += 1
            position += len(line)
        return count
    return parse


def killed_build(tmp_path, monkeypatch, lines: int, commits: int):
    """A log of ``lines`` lines whose batched build (10 a batch) is killed after ``commits`` batches."""
    monkeypatch.setenv("QUERYWEAVER_INDEX_BATCH", "10")
    src = tmp_path / "src"
    src.mkdir()
    log = src / "log.txt"
    log.write_text("".join(f"line {n}\n" for n in range(lines)))
    index = make_index(tmp_path)
    try:
        index.refresh([log], parse_lines, resume=resumable_lines(kill_after_commits=commits))
    except Killed:
        pass
    return log, index


def test_a_killed_batched_parse_resumes_where_its_last_batch_ended(tmp_path, monkeypatch):
    log, index = killed_build(tmp_path, monkeypatch, lines=95, commits=3)
    index.close()
    index = make_index(tmp_path)
    assert index.conn.execute("SELECT count(*) FROM lines").fetchone()[0] == 30  # three batches were committed
    seen = []
    report = index.refresh([log], parse_lines, resume=resumable_lines(seen=seen))
    assert report.parsed == 65 and report.resumed == 1 and seen[0] == "line 30"
    assert [r[0] for r in index.conn.execute("SELECT text FROM lines ORDER BY rowid")] == \
        [f"line {n}" for n in range(95)]
    assert index.conn.execute("SELECT count(*) FROM resume").fetchone()[0] == 0
    assert index.refresh([log], parse_lines, resume=resumable_lines()).parsed == 0


def test_a_resume_point_whose_earlier_bytes_changed_is_not_trusted(tmp_path, monkeypatch):
    log, index = killed_build(tmp_path, monkeypatch, lines=50, commits=2)
    log.write_text("LINE 0\n" + "".join(f"line {n}\n" for n in range(1, 50)))  # same size, first line changed
    report = index.refresh([log], parse_lines, resume=resumable_lines())
    assert report.parsed == 50 and report.resumed == 0
    assert index.conn.execute("SELECT text FROM lines ORDER BY rowid").fetchone()[0] == "LINE 0"
    assert index.conn.execute("SELECT count(*) FROM lines").fetchone()[0] == 50


def test_damaged_copies_are_kept_newest_first_up_to_a_few(tmp_path):
    from queryweaver.index import KEEP_DAMAGED

    index = make_index(tmp_path)
    said = []
    index.warn = said.append
    for _ in range(KEEP_DAMAGED + 2):
        index.conn.execute("SELECT 1").fetchone()
        index.close()
        index.db_path.write_text("not a database")
        index.conn  # opening finds it damaged, sets it aside and starts afresh
    copies = {p.name.split(".damaged-")[1].split("-")[0] for p in index.damaged_copies()}
    assert len(copies) == KEEP_DAMAGED and len(said) == KEEP_DAMAGED + 2
    assert all("was damaged (file is not a database)" in line for line in said)
    assert index.conn.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()[0] == index.version


def test_two_refreshers_of_one_batched_input_store_each_item_once(tmp_path, monkeypatch):
    # between two batches the write lock is free: the other refresher may take the input over
    monkeypatch.setenv("QUERYWEAVER_INDEX_BATCH", "5")
    src = tmp_path / "src"
    src.mkdir()
    log = src / "log.txt"
    log.write_text("".join(f"line {n}\n" for n in range(200)))
    errors, parsed = [], []

    class PausingIndex(SourceIndex):
        """Leaves the write lock free a while after each batch, so that the others do get in."""

        def commit_batch(self, conn):
            conn.commit()
            time.sleep(0.02)
            conn.execute("BEGIN IMMEDIATE")

    def refresh():
        index = PausingIndex(tmp_path / "cache", "lines", tmp_path / "src", SCHEMA, version=1, tables=["lines"])
        try:
            parsed.append(index.refresh([log], parse_lines, resume=resumable_lines()).parsed)
        except Exception as exc:  # the test is that nothing is raised
            errors.append(exc)
        finally:
            index.close()

    run_at_once(refresh, 3)
    assert errors == []
    index = make_index(tmp_path)
    assert [r[0] for r in index.conn.execute("SELECT text FROM lines ORDER BY rowid")] == \
        [f"line {n}" for n in range(200)]
    assert sum(parsed) == 200  # each refresher reports what it stored; together, everything once
