"""The Spotlight connector with an injected runner: a fake ``mdfind``/``mdls`` that evaluates the query over a
real folder tree, so the predicates the connector writes (escaping included) are what is tested.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from zoneinfo import ZoneInfo

import pytest

from connectors.files import FilesConnector
from connectors.spotlight import (
    SpotlightConnector,
    date_between,
    escape,
    extension_is,
    message_ids_in,
    name_is,
    parse_mdls_list,
)
from queryweaver.config import SourceConfig
from queryweaver.connector import Context, Selection
from queryweaver.errors import ConnectorError
from queryweaver.graph import FilterConstraint
from queryweaver.items import DateRange, Item
from queryweaver.schema import EntityType
from tests.fake_google import write_small_corpus

FILE, FOLDER, EMAIL = EntityType.FILE, EntityType.FOLDER, EntityType.EMAIL


class FakeSpotlight:
    """Answers ``mdfind -0 -onlyin ROOT QUERY`` and ``mdls -raw -name kMDItemWhereFroms PATH`` like macOS."""

    _TOKEN = re.compile(r'\s*(?:(\()|(\))|(&&)|(\|\|)|(\w+)\s*(==|!=)(\[[a-z]*\])?\s*"((?:[^"\\]|\\.)*)")')

    def __init__(self, where_froms: dict[str, list[str]] | None = None):
        self.where_froms = where_froms or {}
        self.calls: list[list[str]] = []

    def __call__(self, args, capture_output=True, timeout=None, check=False):
        self.calls.append(list(args))
        if args[0] == "mdls":
            values = self.where_froms.get(args[-1])
            text = "(null)" if not values else "(\n" + ",\n".join(f'    "{v}"' for v in values) + "\n)"
            return subprocess.CompletedProcess(args, 0, text.encode(), b"")
        assert args[:3] == ["mdfind", "-0", "-onlyin"], args
        root, query = args[3], args[4]
        predicate = self.parse(query)
        found = []
        for folder, dirs, files in os.walk(root):
            for name in dirs + files:
                path = os.path.join(folder, name)
                if predicate(path):
                    found.append(path)
        return subprocess.CompletedProcess(args, 0, b"".join(os.fsencode(p) + b"\0" for p in found), b"")

    @staticmethod
    def pattern(value: str, case_insensitive: bool) -> re.Pattern:
        out, i = "", 0
        while i < len(value):
            c = value[i]
            if c == "\\" and i + 1 < len(value):
                out += re.escape(value[i + 1])
                i += 2
                continue
            out += ".*" if c == "*" else "." if c == "?" else re.escape(c)
            i += 1
        return re.compile(out, re.IGNORECASE | re.DOTALL if case_insensitive else re.DOTALL)

    def attribute(self, path: str, name: str) -> list[str]:
        if name == "kMDItemFSName":
            return [os.path.basename(path)]
        if name == "kMDItemContentType":
            return ["public.folder" if os.path.isdir(path) else "public.data"]
        if name == "kMDItemWhereFroms":
            return self.where_froms.get(path, [])
        raise AssertionError(f"unexpected attribute {name}")

    def parse(self, query: str):
        tokens, pos = [], 0
        while pos < len(query.rstrip()):
            m = self._TOKEN.match(query, pos)
            assert m and m.end() > pos, f"fake mdfind cannot read {query[pos:]!r}"
            tokens.append(m)
            pos = m.end()
        index = [0]

        def expr():
            left = term()
            while index[0] < len(tokens) and tokens[index[0]].group(4):
                index[0] += 1
                right = term()
                left = (lambda a, b: lambda p: a(p) or b(p))(left, right)
            return left

        def term():
            left = atom()
            while index[0] < len(tokens) and tokens[index[0]].group(3):
                index[0] += 1
                right = atom()
                left = (lambda a, b: lambda p: a(p) and b(p))(left, right)
            return left

        def atom():
            tok = tokens[index[0]]
            index[0] += 1
            if tok.group(1):
                inner = expr()
                assert tokens[index[0]].group(2), "missing )"
                index[0] += 1
                return inner
            attr, op, mods, value = tok.group(5), tok.group(6), tok.group(7) or "", tok.group(8)
            pat = self.pattern(value, "c" in mods)

            def test(path, attr=attr, op=op, pat=pat):
                hit = any(pat.fullmatch(v) for v in self.attribute(path, attr))
                return hit if op == "==" else not hit
            return test

        result = expr()
        assert index[0] == len(tokens), f"trailing tokens in {query!r}"
        return result


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return write_small_corpus(tmp_path_factory.mktemp("corpus"))


@pytest.fixture
def context(corpus, tmp_path):
    return corpus.context(tmp_path / "cache", self_name="Alex")


@pytest.fixture
def runner(corpus):
    root = str(corpus.files_root)
    return FakeSpotlight({
        os.path.join(root, "Finance", "budget.xlsx"): ["message:%3Cm1@acme.test%3E", "Jane Doe <jane@acme.test>"],
        os.path.join(root, "Notes", "notes.txt"): ["message://%3cm3@acme.test%3e"],
    })


@pytest.fixture
def spotlight(corpus, context, runner):
    return SpotlightConnector(SourceConfig("spotlight", {"root": str(corpus.files_root)}), context, run=runner)


@pytest.fixture
def files(corpus, context):
    with FilesConnector(SourceConfig("files", {"root": str(corpus.files_root)}), context) as connector:
        yield connector


def links(found):
    return {(k, i.key) for k, i in found}


def test_predicates_are_escaped():
    assert name_is('Q3 "final" *draft?.txt') == r'kMDItemFSName ==[c] "Q3 \"final\" \*draft\?.txt"'
    assert extension_is(".PDF") == 'kMDItemFSName ==[c] "*.PDF"'
    assert escape("a\\b") == "a\\\\b"
    ny = ZoneInfo("America/New_York")
    from datetime import date
    assert date_between("kMDItemFSContentChangeDate", DateRange(date(2025, 2, 1), date(2025, 3, 1)), ny) == (
        "kMDItemFSContentChangeDate >= $time.iso(2025-02-01T00:00:00-05:00) && "
        "kMDItemFSContentChangeDate < $time.iso(2025-03-01T00:00:00-05:00)")


def test_file_parent_folder_matches_the_files_connector(spotlight, files, runner):
    names = ["notes.txt", "budget.xlsx", "Budget Review (final).pdf", "NOTES.TXT", "absent.doc"]
    assert links(spotlight.file_parent_folder(Selection(FILE, {n: Item(FILE, n) for n in names}))) == \
        links(files.file_parent_folder(Selection(FILE, {n: Item(FILE, n) for n in names})))
    query = runner.calls[0]
    assert query[:4] == ["mdfind", "-0", "-onlyin", spotlight.roots[0]]
    assert r'kMDItemFSName ==[c] "Budget Review (final).pdf"' in query[4]


def test_folder_parent_file_matches_the_files_connector(spotlight, files, corpus):
    folder = str(corpus.files_root / "Finance")
    known = Selection(FOLDER, {folder: Item(FOLDER, folder)})
    assert links(spotlight.folder_parent_file(known)) == links(files.folder_parent_file(known))


def test_find_files_and_folders(spotlight, files):
    for flt in (FilterConstraint(var="f", field="extension", op="=", value="txt"),
                FilterConstraint(var="f", field="name", op="=", value="readme.MD")):
        got = {i.key: i.fields["paths"] for i in spotlight.find(FILE, [flt])}
        assert got == {i.key: i.fields["paths"] for i in files.find(FILE, [flt])}
    flt = FilterConstraint(var="dir", field="name", op="=", value="finance")
    assert {i.key for i in spotlight.find(FOLDER, [flt])} == {i.key for i in files.find(FOLDER, [flt])}


def test_names_with_wildcard_characters_match_only_themselves(tmp_path, context):
    (tmp_path / "a*b.txt").write_text("x")
    (tmp_path / "aXXb.txt").write_text("x")
    (tmp_path / '"q".txt').write_text("x")
    connector = SpotlightConnector(SourceConfig("spotlight", {"root": str(tmp_path)}), context, run=FakeSpotlight())
    for name in ("a*b.txt", '"q".txt'):
        got = links(connector.file_parent_folder(Selection(FILE, {name: Item(FILE, name)})))
        assert got == {(name, str(tmp_path))}


def test_hidden_and_excluded_paths_are_skipped(tmp_path, context):
    (tmp_path / ".secret").mkdir()
    (tmp_path / ".secret" / "notes.txt").write_text("x")
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "notes.txt").write_text("x")
    (tmp_path / "notes.txt").write_text("x")
    source = SourceConfig("spotlight", {"root": str(tmp_path), "exclude": ["build"]})
    connector = SpotlightConnector(source, context, run=FakeSpotlight())
    got = links(connector.file_parent_folder(Selection(FILE, {"notes.txt": Item(FILE, "notes.txt")})))
    assert got == {("notes.txt", str(tmp_path))}


def test_where_froms_link_files_and_emails(spotlight, corpus, context):
    got = links(spotlight.file_has_attachment_email(Selection(FILE, {"budget.xlsx": Item(FILE, "budget.xlsx"),
                                                                      "readme.md": Item(FILE, "readme.md")})))
    assert got == {("budget.xlsx", "<m1@acme.test>")}
    # an email known by its Message-ID (mbox) or by a Gmail id with the message_id field
    known = Selection(EMAIL, {"<m3@acme.test>": Item(EMAIL, "<m3@acme.test>"),
                              "18c0ffee12345678": Item(EMAIL, "18c0ffee12345678", {"message_id": "<m1@acme.test>"})})
    got = {(k, i.key, i.fields["path"]) for k, i in spotlight.email_has_attachment_file(known)}
    root = str(corpus.files_root)
    # the File's path is the copy saved from that message (Notes/), not the other notes.txt (Archive/)
    assert got == {("<m3@acme.test>", "notes.txt", os.path.join(root, "Notes", "notes.txt")),
                   ("18c0ffee12345678", "budget.xlsx", os.path.join(root, "Finance", "budget.xlsx"))}


def test_email_keys_are_the_mbox_connector_keys(spotlight, corpus, context):
    from connectors.mbox import MboxConnector

    known = Selection(FILE, {"budget.xlsx": Item(FILE, "budget.xlsx")})
    with MboxConnector(SourceConfig("mbox", {"path": str(corpus.mbox)}), context) as mbox:
        mbox_keys = {i.key for _k, i in mbox.file_has_attachment_email(known)}
    spot_keys = {i.key for _k, i in spotlight.file_has_attachment_email(known)}
    assert spot_keys == mbox_keys == {"<m1@acme.test>"}


def test_mdls_parsing():
    assert parse_mdls_list('(\n    "message:%3Ca@b%3E",\n    "Jane \\"JD\\" Doe <j@x>"\n)') == [
        "message:%3Ca@b%3E", 'Jane "JD" Doe <j@x>']
    assert parse_mdls_list("(null)") == []
    assert message_ids_in(["message:%3Ca%20b@x%3E", "https://x"]) == ["<ab@x>"]


def test_describe_gives_attachments_their_paths(spotlight, corpus):
    items = {"notes.txt": Item(FILE, "notes.txt", {"name": "notes.txt", "path": None})}
    spotlight.describe(FILE, items)
    assert items["notes.txt"].fields["path"] == os.path.join(str(corpus.files_root), "Archive", "notes.txt")


def test_unavailable_off_macos_and_clear_errors(context, tmp_path):
    assert SpotlightConnector.available() == sys.platform.startswith("darwin")

    def missing(*args, **kwargs):
        raise FileNotFoundError("mdfind")

    connector = SpotlightConnector(SourceConfig("spotlight", {"root": str(tmp_path)}), context, run=missing)
    with pytest.raises(ConnectorError, match="macOS only; use a files source"):
        list(connector.find(FILE, [FilterConstraint(var="f", field="name", op="=", value="x")]))

    def failing(args, **kwargs):
        return subprocess.CompletedProcess(args, 1, b"", b"Spotlight server is disabled.\n")

    connector = SpotlightConnector(SourceConfig("spotlight", {"root": str(tmp_path)}), context, run=failing)
    with pytest.raises(ConnectorError, match="Spotlight server is disabled"):
        list(connector.find(FILE, [FilterConstraint(var="f", field="name", op="=", value="x")]))


def test_spotlight_and_a_files_root_together_answer_like_either(corpus, runner):
    """Folders holding attachments from Jane Doe (the paper's Q6), with Spotlight, files, or both configured."""
    from connectors.mbox import MboxConnector
    from queryweaver.config import Config
    from queryweaver.engine import Engine
    from queryweaver.graph import QueryGraph
    from queryweaver.paper_graphs import paper_graphs

    config = Config(self_name="Alex", self_emails=corpus.self_emails, timezone=corpus.tz, today_fixed=corpus.today)
    graph = QueryGraph.parse(paper_graphs(q6_person="Jane Doe")[5].graph)
    root = str(corpus.files_root)
    answers = {}
    for kinds in (("spotlight",), ("files",), ("spotlight", "files")):
        context = Context.from_config(config)
        connectors = [MboxConnector(SourceConfig("mbox", {"path": str(corpus.mbox)}), context)]
        if "spotlight" in kinds:
            connectors.append(SpotlightConnector(SourceConfig("spotlight", {"root": root}), context, run=runner))
        if "files" in kinds:
            connectors.append(FilesConnector(SourceConfig("files", {"root": root}), context))
        result = Engine(config, connectors=connectors).run(graph)
        answers[kinds] = sorted(i.key for i in result.items)
        for c in connectors:
            c.close()
    assert answers[("spotlight",)] == answers[("files",)] == answers[("spotlight", "files")] == [
        os.path.join(root, "Archive"), os.path.join(root, "Finance"), os.path.join(root, "Notes")]
