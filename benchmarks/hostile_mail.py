"""How long `queryweaver index` takes on a mailbox holding one hostile message, at two sizes of its bad part.

    python benchmarks/hostile_mail.py [--scale K]

Each shape is a part of a message that once took time quadratic in its length (each took 11 to 45 s at the
first size, hours at ten times it). For each shape and each size (``--scale`` times the shape's count, then
twice that), an mbox holding that one message and an ordinary one is written with the standard library's
``mailbox``, and the whole `queryweaver index` process is timed on a fresh cache. Linear parsing shows as a
second column about twice the first; the tests (tests/test_real_mail.py) check what the message is read as.
"""

from __future__ import annotations

import argparse
import mailbox
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

HEAD = (b"From: mallory@example.net\nTo: alex@example.org\nMessage-ID: <bomb@example.net>\n"
        b"Date: Thu, 12 Feb 2026 09:15:00 -0500\n")


def hostile(scale: float = 1.0) -> dict[str, tuple[bytes, str]]:
    """The hostile parts by name, ``scale`` times their first size: (the message's bytes after ``HEAD``, how its
    subject starts once read)."""
    def n(count: int) -> int:
        return max(1, int(count * scale))

    return {
        "a subject of 300,000 encoded words": (
            b"Subject: " + b" ".join([b"=?utf-8?q?w=C3=A9rd?="] * n(300_000)) + b"\n\nhello\n", "w\u00e9rdw\u00e9rd"),
        "an HTML body of 40,000 unclosed script tags": (
            b"Subject: scripts\nContent-Type: text/html\n\n" + b"<script>" * n(40_000) + b"\n", "scripts"),
        "an HTML body of 100,000 unclosed tags": (
            b"Subject: tags\nContent-Type: text/html\n\n<p>hello</p>" + b"<a " * n(100_000) + b"\n", "tags"),
        "a link ending in 300,000 closing brackets": (
            b"Subject: brackets\n\nsee http://example.com/" + b")" * n(300_000) + b"\n", "brackets"),
    }


def index_seconds(part: bytes) -> float:
    """The wall time of `queryweaver index` on a fresh cache over an mbox of the hostile message and one other."""
    with tempfile.TemporaryDirectory(prefix="qw-hostile-") as tmp:
        folder = Path(tmp)
        box = mailbox.mbox(str(folder / "mail.mbox"))
        box.add(HEAD + part)
        box.add(b"From: ann@example.com\nTo: alex@example.org\nMessage-ID: <lunch@example.com>\n"
                b"Date: Thu, 12 Feb 2026 10:00:00 -0500\nSubject: Lunch\n\nNoon?\n")
        box.flush()
        (folder / "config.toml").write_text('[self]\nname = "Alex Morgan"\nemails = ["alex@example.org"]\n'
                                            '[llm]\nbackend = "rules"\n[[sources]]\ntype = "mbox"\n'
                                            'path = "mail.mbox"\n', encoding="utf-8")
        env = dict(os.environ, QUERYWEAVER_CACHE_DIR=str(folder / "cache"), QUERYWEAVER_INDEX_WORKERS="0")
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "queryweaver.cli", "index", "--config", str(folder / "config.toml")],
                       cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="the first size, as a multiple of each shape's count")
    args = parser.parse_args(argv)
    once, twice = hostile(args.scale), hostile(2 * args.scale)
    print(f"| shape | index at {args.scale:g}x | at {2 * args.scale:g}x |\n|---|---|---|")
    for name in once:
        print(f"| {name} | {index_seconds(once[name][0]):.2f} s | {index_seconds(twice[name][0]):.2f} s |",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
