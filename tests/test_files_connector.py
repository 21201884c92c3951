"""The files connector on real folder trees: identity by name, parents, skipping, refresh."""

from __future__ import annotations

import os
import stat
import time
from datetime import date
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from connectors.files import FilesConnector
from queryweaver.config import SourceConfig
from queryweaver.connector import Context, Selection
from queryweaver.graph import FilterConstraint
from queryweaver.items import Item
from queryweaver.plugins import get_registry
from queryweaver.schema import EntityType

FILE, FOLDER = EntityType.FILE, EntityType.FOLDER


# -- fixtures --------------------------------------------------------------------------------------

@pytest.fixture
def warnings() -> list[str]:
    return []


@pytest.fixture
def context(tmp_path: Path, warnings: list[str]) -> Context:
    return Context(self_name="Alex Morgan", self_emails=frozenset({"alex@example.org"}), tz=ZoneInfo("America/New_York"),
                   today=date(2026, 2, 15), cache_dir=tmp_path / "cache", warn=warnings.append)


def make_tree(root: Path, files: dict[str, str]) -> Path:
    """Create ``files`` (relative path -> content) under root; returns root."""
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content)
    return root


def age(root: Path, seconds: int = 60) -> None:
    """Date every folder back, as if the tree were made a while ago (not within the racy window)."""
    when = time.time() - seconds
    for dirpath, _dirs, _files in os.walk(root):
        os.utime(dirpath, (when, when))


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    return make_tree(tmp_path / "docs", {
        "Finance/budget.xlsx": "2026 numbers",
        "Finance/report.pdf": "q4",
        "Archive/2025/budget.xlsx": "old numbers",
        "Archive/notes.txt": "notes",
        "readme.md": "hello",
        ".secret.txt": "hidden file",
        ".git/config": "hidden folder",
    })


def connect(context: Context, **options: object) -> FilesConnector:
    return FilesConnector(SourceConfig("files", {k: (str(v) if isinstance(v, Path) else v) for k, v in options.items()}),
                          context)


def given(type_: EntityType, *keys: str) -> Selection:
    return Selection(type_, {k: Item(type_, k) for k in keys})


def flt(var: str, field: str, value: str) -> FilterConstraint:
    return FilterConstraint(var=var, field=field, op="=", value=value)


def snapshot(root: Path, skip: Path) -> dict[str, tuple[int, int]]:
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if Path(dirpath, d) != skip]
        for name in filenames + [d for d in dirnames]:
            st = os.stat(os.path.join(dirpath, name))
            out[os.path.join(dirpath, name)] = (st.st_size, st.st_mtime_ns)
    return out


# -- identity and parent -----------------------------------------------------------------------------

def test_a_name_in_two_folders_has_two_parents(docs, context):
    conn = connect(context, root=docs)
    parents = sorted(folder.key for _, folder in conn.file_parent_folder(given(FILE, "budget.xlsx")))
    assert parents == [str(docs / "Archive" / "2025"), str(docs / "Finance")]
    [budget] = conn.find(FILE, [flt("f", "name", "Budget.XLSX")])
    assert budget.key == "budget.xlsx"
    assert budget.fields["path"] == str(docs / "Archive" / "2025" / "budget.xlsx")  # first in sorted order
    assert budget.fields["paths"] == [str(docs / "Archive" / "2025" / "budget.xlsx"), str(docs / "Finance" / "budget.xlsx")]
    assert budget.fields["size"] == len("old numbers")


def test_folder_parent_file_lists_direct_children_only(docs, context):
    conn = connect(context, root=docs)
    links = list(conn.folder_parent_file(given(FOLDER, str(docs / "Archive"))))
    assert [(k, f.key) for k, f in links] == [(str(docs / "Archive"), "notes.txt")]
    folder = dict(conn.file_parent_folder(given(FILE, "notes.txt")))["notes.txt"]
    assert folder.fields == {"path": str(docs / "Archive"), "name": "Archive"}


def test_unconstrained_selection_means_every_file(docs, context):
    conn = connect(context, root=docs)
    names = sorted({name for name, _ in conn.file_parent_folder(Selection(FILE, None))})
    assert names == ["budget.xlsx", "notes.txt", "readme.md", "report.pdf"]


def test_find_by_extension_and_folder_name(docs, context):
    conn = connect(context, root=docs)
    assert sorted(f.key for f in conn.find(FILE, [flt("f", "extension", "XLSX")])) == ["budget.xlsx"]
    assert sorted(f.key for f in conn.find(FILE, [flt("f", "extension", ".pdf")])) == ["report.pdf"]
    assert [d.key for d in conn.find(FOLDER, [flt("dir", "name", "finance")])] == [str(docs / "Finance")]


def test_describe_gives_an_attachment_its_path_on_disk(docs, context):
    conn = connect(context, root=docs)
    attachment = Item(FILE, "report.pdf", {"name": "report.pdf", "path": None})
    elsewhere = Item(FILE, "scan.png", {"name": "scan.png", "path": None})
    conn.describe(FILE, {"report.pdf": attachment, "scan.png": elsewhere})
    assert attachment.fields["path"] == str(docs / "Finance" / "report.pdf")
    assert attachment.fields["paths"] == [str(docs / "Finance" / "report.pdf")]
    assert elsewhere.fields["path"] is None


def test_several_roots(tmp_path, context):
    a = make_tree(tmp_path / "a", {"plan.doc": "a"})
    b = make_tree(tmp_path / "b", {"sub/plan.doc": "bb"})
    conn = connect(context, roots=[str(a), str(b)])
    [plan] = conn.find(FILE, [flt("f", "name", "plan.doc")])
    assert plan.fields["paths"] == [str(a / "plan.doc"), str(b / "sub" / "plan.doc")]


# -- what the walk skips ------------------------------------------------------------------------------

def test_hidden_files_and_folders_are_skipped_by_default(docs, context):
    names = {f.key for f in connect(context, root=docs).find(FILE, [])}
    assert ".secret.txt" not in names and "config" not in names
    shown = {f.key for f in connect(context, root=docs, include_hidden=True).find(FILE, [])}
    assert {".secret.txt", "config"} <= shown


def test_exclude_globs_match_names_and_relative_paths(docs, context):
    conn = connect(context, root=docs, exclude=["*.md", "Archive/2025"])
    names = {f.key: f for f in conn.find(FILE, [])}
    assert "readme.md" not in names
    assert names["budget.xlsx"].fields["paths"] == [str(docs / "Finance" / "budget.xlsx")]
    assert str(docs / "Archive" / "2025") not in {d.key for d in conn.find(FOLDER, [])}


def test_an_unreadable_folder_is_skipped_with_one_warning(docs, context, warnings):
    locked = docs / "Locked"
    make_tree(locked, {"private.txt": "x"})
    locked.chmod(0)
    try:
        if os.access(locked, os.R_OK):
            pytest.skip("running as root: chmod 000 does not block reading (see the injected-error test)")
        names = {f.key for f in connect(context, root=docs).find(FILE, [])}
    finally:
        locked.chmod(stat.S_IRWXU)
    assert "private.txt" not in names and "notes.txt" in names
    assert len(warnings) == 1 and str(locked) in warnings[0]


def test_a_folder_that_cannot_be_listed_is_skipped_and_tried_again(docs, context, warnings):
    locked = str(docs / "Finance")

    def scandir(path: str):
        if path == locked:
            raise PermissionError(13, "Permission denied", path)
        return os.scandir(path)

    conn = FilesConnector(SourceConfig("files", {"root": str(docs)}), context, scandir=scandir)
    names = {f.key for f in conn.find(FILE, [])}
    assert "report.pdf" not in names and "notes.txt" in names
    assert warnings == [f"skipped folder {locked}: Permission denied"]
    again = FilesConnector(SourceConfig("files", {"root": str(docs)}), context)  # readable now
    assert "report.pdf" in {f.key for f in again.find(FILE, [])}


def test_a_dangling_link_is_skipped_with_a_warning(docs, context, warnings):
    (docs / "gone.txt").symlink_to(docs / "does-not-exist.txt")
    names = {f.key for f in connect(context, root=docs).find(FILE, [])}
    assert "gone.txt" not in names
    assert len(warnings) == 1 and "gone.txt" in warnings[0]


def test_a_symlink_loop_is_not_followed(docs, context, warnings):
    (docs / "Archive" / "loop").symlink_to(docs, target_is_directory=True)
    (docs / "shortcut").symlink_to(docs / "Finance", target_is_directory=True)
    conn = connect(context, root=docs)
    folders = {d.key for d in conn.find(FOLDER, [])}
    assert str(docs / "Archive" / "loop") not in folders
    assert len(folders) == 4  # docs, Archive, Archive/2025, and Finance reached once (via either path)
    [budget] = conn.find(FILE, [flt("f", "name", "budget.xlsx")])
    assert len(budget.fields["paths"]) == 2
    assert warnings == []


# -- the index -------------------------------------------------------------------------------------------

def test_refresh_lists_only_changed_folders(docs, context):
    age(docs)
    first = connect(context, root=docs).refresh_index()
    assert first.parsed == 5 and first.skipped == []
    again = connect(context, root=docs).refresh_index()
    assert again.parsed == 0 and again.reused == 4

    (docs / "Finance" / "invoice.pdf").write_text("new")
    conn = connect(context, root=docs)
    report = conn.refresh_index()
    assert report.parsed == 3  # only Finance was listed again
    assert [f.key for f in conn.find(FILE, [flt("f", "name", "invoice.pdf")])] == ["invoice.pdf"]


def test_a_refresh_with_nothing_changed_stats_the_folders_and_writes_nothing(docs, context):
    """Every known folder unchanged: no walk, no write lock (a statement log of the index shows no BEGIN); a new
    folder deep down, or a file added to one, is still found by the next refresh."""
    age(docs)
    connect(context, root=docs).refresh_index()
    conn = connect(context, root=docs)
    index = conn.root_indexes[0].index
    statements: list[str] = []
    index.conn.set_trace_callback(statements.append)
    report = conn.refresh_index()
    index.conn.set_trace_callback(None)
    assert (report.reused, report.parsed) == (4, 0)
    writes = ("BEGIN", "INSERT", "DELETE", "UPDATE")
    assert not any(s.lstrip().upper().startswith(writes) for s in statements), statements
    (docs / "Archive" / "2025" / "Q4").mkdir()
    (docs / "Archive" / "2025" / "Q4" / "late.txt").write_text("late")
    conn = connect(context, root=docs)
    assert conn.refresh_index().parsed >= 1
    assert [f.key for f in conn.find(FILE, [flt("f", "name", "late.txt")])] == ["late.txt"]


def test_refresh_forgets_removed_folders(docs, context):
    connect(context, root=docs).refresh_index()
    for path in (docs / "Archive" / "2025").iterdir():
        path.unlink()
    (docs / "Archive" / "2025").rmdir()
    conn = connect(context, root=docs)
    assert conn.refresh_index().removed == 1
    parents = [f.key for _, f in conn.file_parent_folder(given(FILE, "budget.xlsx"))]
    assert parents == [str(docs / "Finance")]


def test_a_folder_changed_just_after_listing_is_listed_again(docs, context):
    connect(context, root=docs).refresh_index()  # folders are brand new: all within the racy window
    report = connect(context, root=docs).refresh_index()
    assert report.reused == 0 and report.parsed == 5


def test_a_missing_root_warns(tmp_path, context, warnings):
    conn = connect(context, root=tmp_path / "nowhere")
    assert list(conn.find(FILE, [])) == []
    assert len(warnings) == 1 and "nowhere" in warnings[0]


def test_nothing_is_written_outside_the_cache_dir(tmp_path, docs, context):
    before = snapshot(tmp_path, context.cache_dir)
    conn = connect(context, root=docs)
    list(conn.file_parent_folder(Selection(FILE, None)))
    conn.close()
    assert snapshot(tmp_path, context.cache_dir) == before
    assert any(context.cache_dir.rglob("*.sqlite"))


def test_the_connector_is_registered_with_its_tools():
    cls = get_registry().connector_class("files")
    assert cls is FilesConnector
    assert {spec.name for spec in cls.tool_specs()} == {"file_parent_folder", "folder_parent_file"}


def test_names_with_odd_spaces_and_accents_are_found_as_written_or_normalised(tmp_path, context):
    """The stored name and its searchable form: NFC for decomposed accents (as macOS writes them), every kind of
    blank collapsed and case folded as filters.norm does, the extension lower-cased."""
    import unicodedata

    from queryweaver.filters import norm

    names = ["Caf\u0065\u0301 Plan.PDF", "Q3\tbudget  FINAL.xlsx", "a\u2003b\u00a0c.Txt", "\u00c9t\u00e9 \x1c notes.md",
             "STRASSE Stra\u00dfe.doc", "plain.txt"]
    root = make_tree(tmp_path / "odd", {name: "x" for name in names})
    conn = connect(context, root=root)
    found = {f.key for f in conn.find(FILE, [])}
    assert found == {unicodedata.normalize("NFC", n) for n in names}
    for name in names:
        key = unicodedata.normalize("NFC", name)
        assert {f.key for f in conn.find(FILE, [flt("f", "name", key.upper())])} == {key}
        rows = conn.root_indexes[0].conn.execute("SELECT lname, ext FROM files WHERE name = ?", (key,)).fetchall()
        assert [tuple(r) for r in rows] == [(norm(key), key.rsplit(".", 1)[1].lower())]
