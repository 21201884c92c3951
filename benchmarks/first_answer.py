"""From ``queryweaver serve`` to the first right answer, on a fresh home holding a 25,000-message Thunderbird profile.

Builds a fresh HOME (``tests/app_stores.build_thunderbird``: two accounts, Sent, Archives, Trash and Junk, with
the messages of ``benchmarks/mail_index_speed.generate`` and one message whose answer is known), starts the real
``queryweaver serve --no-browser`` on a free port with that HOME and nothing else of this machine's settings
(no XDG_* or QUERYWEAVER_* variables), then does over HTTP what the page does: opens the printed one-time link
(the token becomes a cookie), finds the mail apps, adds what it found, says who you are with the addresses found,
starts indexing and follows its event stream to the end, and asks a question whose answer is known. Prints the
seconds to the page being served, for detection, for indexing (and its rate), from serve to the right answer, and
the peak RSS of the server (and of its whole process tree, build workers included).

    env -u PYTHONDONTWRITEBYTECODE python benchmarks/first_answer.py [-n 25000] [--keep DIR]

``--keep DIR`` writes the generated profile into DIR once and copies it into each run's fresh HOME.
"""

from __future__ import annotations

import argparse
import json
import mailbox
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))
sys.path.insert(0, str(REPO / "tests"))  # the fixtures import each other as the tests do

import app_stores
from mail_fixtures import new_message
from mail_index_speed import SELF, generate

from queryweaver.web.sse import parse_sse

# The message whose answer is known: the only one from this sender.
NEEDLE_SENDER = "Zoë Quartermain <zq@harbor.example>"
NEEDLE_SUBJECT = "Harbor numbers for the board"
QUESTION = "Find the emails Zoë Quartermain sent me"


def build_profile(where: Path, count: int) -> Path:
    """``where/.thunderbird``: a Thunderbird profile with ``count`` generated messages and the known one."""
    corpus = where / "corpus.mbox"
    started = time.perf_counter()
    generate(count, corpus, None)
    box = mailbox.mbox(corpus)
    box.add(new_message(NEEDLE_SENDER, NEEDLE_SUBJECT, "<needle@harbor.example>",
                        "The numbers are in; see you Thursday.", when="Tue, 10 Feb 2026 09:30:00 -0500"))
    box.close()
    app_stores.build_thunderbird(where, corpus, {SELF})
    corpus.unlink()
    size = sum(p.stat().st_size for p in (where / ".thunderbird").rglob("*") if p.is_file())
    print(f"built a Thunderbird profile of {count + 1:,} messages ({size / 1e6:.0f} MB) in "
          f"{time.perf_counter() - started:.0f} s", flush=True)
    return where / ".thunderbird"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RssSampler:
    """Samples the RSS of a process and its descendants from /proc every ``every`` seconds."""

    def __init__(self, pid: int, every: float = 0.1):
        self.pid, self.every = pid, every
        self.tree_peak = 0   # bytes: the largest sum over the process tree at one sample
        self.worker_peak = 0  # bytes: the largest high-water mark of a descendant (a build worker) seen alive
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self.stop.wait(self.every):
            below = _descendants(self.pid)
            self.tree_peak = max(self.tree_peak, sum(_status(p, "VmRSS") for p in [self.pid, *below]))
            self.worker_peak = max([self.worker_peak, *(_status(p, "VmHWM") for p in below)])

    def server_peak(self) -> int:
        """The kernel's high-water mark of the server process since its exec. (Not getrusage's ru_maxrss for
        children: that keeps the RSS the forked child had before exec, i.e. this script's, fixture and all.)"""
        return _status(self.pid, "VmHWM")


def _status(pid: int, field: str) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return 0


def _descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def server_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "QUERYWEAVER_", "QW_"))}
    env.update(HOME=str(home), PYTHONPATH=str(REPO))
    return env


def run(home: Path, messages: int) -> dict[str, float]:
    port = free_port()
    figures: dict[str, float] = {}
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "queryweaver.cli", "serve", "--port", str(port), "--no-browser"],
                            cwd=REPO, env=server_env(home), stderr=subprocess.PIPE, text=True)
    sampler = RssSampler(proc.pid)
    sampler.thread.start()
    try:
        said = ""
        while (match := re.search(r"http://127\.0\.0\.1:\d+/\?token=[\w-]+", said)) is None:
            line = proc.stderr.readline()
            if not line:
                raise SystemExit(f"serve stopped before printing its link:\n{said}")
            said += line
        threading.Thread(target=proc.stderr.read, daemon=True).start()  # keep its pipe from filling
        base = f"http://127.0.0.1:{port}"
        session = requests.Session()
        page = session.get(match.group(0), timeout=60)  # the one-time link: a cookie, then the page
        assert page.status_code == 200 and 'id="ask-form"' in page.text, page.status_code
        figures["page"] = time.perf_counter() - t0
        session.headers.update({"Origin": base, "Sec-Fetch-Site": "same-origin"})  # as the page's fetch() sends

        def api(method: str, path: str, **kwargs):
            response = session.request(method, base + path, timeout=120, **kwargs)
            if response.status_code >= 400:
                raise SystemExit(f"{method} {path}: {response.status_code} {response.text}")
            return response.json()

        started = time.perf_counter()
        found = api("GET", "/api/data/detect")
        figures["detect"] = time.perf_counter() - started
        offered = [f for f in found["found"] if f["offered"] and not f["configured"] and f.get("readable", True)]
        print("detected: " + ", ".join(f"{f['app']}, {f['name']} ({f['type']})" for f in offered), flush=True)
        added = []
        for f in offered:  # as the page's "Add the ticked ones": each add names the version the last one left
            version = api("GET", "/api/data")["version"]
            added.append(api("POST", "/api/data/sources/add", json={
                "version": version, "path": f["path"], "type": f["type"],
                "exclude": f.get("options", {}).get("exclude")})["source"])
        api("POST", "/api/data/self", json={"version": api("GET", "/api/data")["version"], "name": "Alex Morgan",
                                             "emails": found["self_emails"] or [SELF]})
        figures["added"] = time.perf_counter() - t0

        started = time.perf_counter()
        api("POST", "/api/data/index", json={"sources": added})
        events: list[tuple[str, dict]] = []
        with session.get(base + "/api/data/index/events", stream=True, timeout=1800) as stream:
            name = None
            for line in stream.iter_lines(decode_unicode=True):
                if line.startswith("event: "):
                    name = line[7:]
                elif line.startswith("data: ") and name:
                    events.append((name, json.loads(line[6:])))
                    if name in ("index_done", "index_cancelled", "index_error"):
                        break
        figures["index"] = time.perf_counter() - started
        if events[-1][0] != "index_done" or events[-1][1].get("failed"):
            raise SystemExit(f"indexing did not finish well: {events[-1]}")
        sources = api("GET", "/api/data")["sources"]
        figures["items"] = sum(s["items"] or 0 for s in sources)
        for s in sources:
            print(f"  {s['where']}: {s['state']}, {s['items']:,} items, {s['size'] / 1e6:.0f} MB index", flush=True)

        started = time.perf_counter()
        run_ = api("POST", "/api/runs", json={"question": QUESTION})
        answer = parse_sse(session.get(base + run_["events"], timeout=300).text)[-1]
        figures["ask"] = time.perf_counter() - started
        figures["first_answer"] = time.perf_counter() - t0
        data = answer["data"]
        right = answer["event"] == "result" and data["count"] == 1 and NEEDLE_SUBJECT in json.dumps(data["items"][0])
        if not right:
            raise SystemExit(f"the answer to {QUESTION!r} is not the known one: {json.dumps(data)[:600]}")
        figures["server_peak_rss"] = sampler.server_peak()
        sampler.stop.set()
        sampler.thread.join()
        figures["tree_peak_rss"] = sampler.tree_peak
        figures["worker_peak_rss"] = sampler.worker_peak
    finally:
        sampler.stop.set()
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=25_000, help="generated messages (default 25000)")
    parser.add_argument("--keep", type=Path, help="build the profile into DIR once and reuse it")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="qw-first-answer-"))
    try:
        source = args.keep or work / "fixture"
        source.mkdir(parents=True, exist_ok=True)
        if not (source / ".thunderbird").exists():
            build_profile(source, args.n)
        home = work / "home"
        home.mkdir()
        shutil.copytree(source / ".thunderbird", home / ".thunderbird")
        f = run(home, args.n)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    rows = [("serve -> page served (token link -> cookie)", f"{f['page']:.2f} s"),
            ("detection (GET /api/data/detect)", f"{f['detect']:.2f} s"),
            ("serve -> sources added and you saved", f"{f['added']:.2f} s"),
            (f"indexing {int(f['items']):,} messages", f"{f['index']:.1f} s ({f['items'] / f['index']:,.0f} messages/s)"),
            ("question asked -> answer", f"{f['ask']:.2f} s"),
            ("serve -> first right answer", f"{f['first_answer']:.1f} s"),
            ("peak RSS of the server (VmHWM)", f"{f['server_peak_rss'] / 2**20:.0f} MiB"),
            ("peak RSS of a build worker (VmHWM, sampled)", f"{f['worker_peak_rss'] / 2**20:.0f} MiB"),
            ("peak RSS of server + workers (sampled sum)", f"{f['tree_peak_rss'] / 2**20:.0f} MiB")]
    print()
    for label, value in rows:
        print(f"{label:<42} {value}")

if __name__ == "__main__":
    main()
