"""The compiled-regex cache: the same patterns as re.compile, a damaged or foreign file ignored, kept between runs."""

from __future__ import annotations

import json
import marshal
import os
import shutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

from queryweaver import regex_cache
from queryweaver.regex_cache import ProgramCache
from queryweaver.reader.rules.rewrites import _COMPILED

DEMO_QUESTION = "Find the file folders that contain email attachments from Jane Doe."
SAMPLES = ["When did I last hear from Jane Doe?", "emails from jane doe's team in Feb 2025", "WHO attended the offsite",
           "the pdfs in Documents", "x" * 50, "", "Ça va? ßtraße İstanbul", "how many e-mails did I send 3 days ago"]


def same(a: re.Pattern, b: re.Pattern) -> None:
    assert (a.pattern, a.flags, a.groups, dict(a.groupindex)) == (b.pattern, b.flags, b.groups, dict(b.groupindex))
    for text in SAMPLES:
        text, mark = (text.encode(), b"<\\g<0>>") if isinstance(a.pattern, bytes) else (text, "<\\g<0>>")
        assert [m.span() for m in a.finditer(text)] == [m.span() for m in b.finditer(text)]
        assert a.sub(mark, text) == b.sub(mark, text)


def reader_patterns() -> list[tuple[str, int]]:
    return [(p.source, p.flags) for p, *_rest in _COMPILED][:120] + [
        (r"(?P<name>\w+)@(?P<host>[\w.]+)", 0), (r"(a)(b)?(?(2)c|d)", 0), (r"\bfoo\b", re.I | re.M), (rb"\r?\n", 0)]


def test_a_kept_program_gives_the_pattern_re_compile_gives(tmp_path):
    path = tmp_path / "regex.marshal"
    first = ProgramCache(path)
    for source, flags in reader_patterns():
        same(first.compile(source, flags), re.compile(source, flags))
    assert first.new == len(reader_patterns()) and first.hits == 0
    first.save()
    again = ProgramCache(path)
    for source, flags in reader_patterns():
        same(again.compile(source, flags), re.compile(source, flags))
    assert again.hits == len(reader_patterns()) and again.new == 0


def test_a_bad_pattern_raises_as_re_does(tmp_path):
    with pytest.raises(re.error):
        ProgramCache(tmp_path / "regex.marshal").compile("(unclosed")


@pytest.mark.parametrize("damage", ["truncated", "text", "other python", "wrong program", "garbled program"])
def test_a_damaged_or_foreign_file_is_compiled_anew_and_replaced(tmp_path, damage):
    path = tmp_path / "regex.marshal"
    cache = ProgramCache(path)
    cache.compile(r"(\d+) days? ago", re.I)
    cache.save()
    data = path.read_bytes()
    if damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "text":
        path.write_text("not a cache\n")
    elif damage == "other python":
        key, programs = marshal.loads(data)
        path.write_bytes(marshal.dumps(("3.99.0 (other)" + key, programs)))
    elif damage == "garbled program":  # one program's own bytes cut short
        key, programs = marshal.loads(data)
        path.write_bytes(marshal.dumps((key, {k: blob[:5] for k, blob in programs.items()})))
    else:  # a program the engine refuses (opcodes that do not exist) under this Python's own key
        key, programs = marshal.loads(data)
        programs = {k: marshal.dumps((v[0], [9999] * len(v[1]), *v[2:]))
                    for k, v in ((k, marshal.loads(blob)) for k, blob in programs.items())}
        path.write_bytes(marshal.dumps((key, programs)))
    again = ProgramCache(path)
    same(again.compile(r"(\d+) days? ago", re.I), re.compile(r"(\d+) days? ago", re.I))
    assert again.hits == 0 and again.new == 1
    again.save()
    assert ProgramCache(path).compile(r"(\d+) days? ago", re.I).search("3 Days ago").group(1) == "3"


def test_an_unwritable_cache_dir_only_costs_the_compile(tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache dir would be")
    cache = ProgramCache(blocker / "regex.marshal")
    assert cache.compile(r"\bmet\b").search("we met") is not None
    cache.save()  # no error, nothing written
    assert blocker.read_text().startswith("a file")


def run_ask(cache_dir: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "QUERYWEAVER_CACHE_DIR": str(cache_dir)}
    code = ("import json, sys\nfrom queryweaver import regex_cache\nfrom queryweaver.cli import run\n"
            "sys.argv = ['queryweaver', 'ask', sys.argv[1], '--json']\n"
            "try:\n    run()\nexcept SystemExit:\n    pass\n"
            "print(json.dumps({'hits': regex_cache._default.hits, 'new': regex_cache._default.new}), file=sys.stderr)")
    return subprocess.run([sys.executable, "-c", code, DEMO_QUESTION], env=env, capture_output=True, text=True,
                          timeout=120)


def test_the_second_run_of_a_question_compiles_nothing_and_answers_alike(tmp_path):
    first = run_ask(tmp_path)
    assert first.returncode == 0, first.stderr
    compiled = json.loads(first.stderr.strip().splitlines()[-1])["new"]
    assert compiled > 20
    assert (tmp_path / "regex-programs.marshal").is_file()
    shutil.rmtree(tmp_path / "readings")  # read again, not taken from the readings kept (reading_cache)
    second = run_ask(tmp_path)
    assert second.returncode == 0, second.stderr
    counts = json.loads(second.stderr.strip().splitlines()[-1])
    assert counts["new"] == 0 and counts["hits"] >= compiled
    answer = lambda out: [i["path"] for i in json.loads(out)["result"]["items"]]  # noqa: E731
    assert answer(second.stdout) == answer(first.stdout) and len(answer(first.stdout)) == 4


def test_the_default_cache_lives_in_the_cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("QUERYWEAVER_CACHE_DIR", str(tmp_path))
    assert regex_cache.cache_file() == tmp_path / "regex-programs.marshal"
