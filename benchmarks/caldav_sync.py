"""A large calendar mirrored over CalDAV from a real Radicale: the first mirror, one cut off and resumed, later syncs.

    python benchmarks/caldav_sync.py [--emails N --events N --files N] [--keep DIR] [--radicale DIR] [--kill-at N]

The calendar of benchmarks/scale.py's corpus (``--keep`` reuses a folder scale.py kept: 20,000 events at
``--events 20000``) is loaded into a Radicale on 127.0.0.1 (``tests/caldav_server.py``), one resource per UID as a
client's PUTs leave them. Radicale builds its per-item caches (etags, sync history) when a request first needs them;
a server that received its events by PUT has them, so they are built once before anything is timed (the benchmark
prints how long that took). ``--radicale DIR`` keeps the server's folder, caches included, for the next run.

Each step is ``queryweaver index`` with the caldav source alone (and the user's [self]) as a whole process:

1. the first mirror (PROPFIND for the sync token and every resource's etag, calendar-multiget batches);
2. the same first mirror SIGKILLed once ``--kill-at`` resources are in the mirror, then run again: it must fetch only
   the rest;
3. a sync with nothing changed (one sync-collection REPORT);
4. a sync after 10 events were changed and 5 removed on the server.

After each, calendar questions (the paper's Q4, every event the user attended, the events at Zoom, how many people the
user met) are asked through the caldav source and through the corpus's .ics file: the answers must be the same. Target (issue 30): the first mirror of 20,000 events <= 120 s.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from tests.caldav_server import PASSWORD, USER, Radicale  # noqa: E402



def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--emails", type=int, default=250_000)
    parser.add_argument("--events", type=int, default=20_000)
    parser.add_argument("--files", type=int, default=100_000)
    parser.add_argument("--keep", type=Path, help="the folder benchmarks/scale.py --keep made (generated when missing)")
    parser.add_argument("--radicale", type=Path, help="keep Radicale's folder (collection and caches) here")
    parser.add_argument("--kill-at", type=int, default=5000, help="resources in the mirror when the first sync is "
                        "killed")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        root = args.keep or Path(tmp) / "corpus-root"
        from large_answers import prepare

        config_path = prepare(root, args)
        corpus = config_path.parent
        server = Radicale(args.radicale)
        started = time.perf_counter()
        if not any(server.collection.glob("*.ics")):
            loaded = server.load_ics(corpus / "calendar.ics")
            print(f"loaded {loaded} resources into Radicale in {time.perf_counter() - started:.0f} s")
        resources = len(list(server.collection.glob("*.ics")))
        server.start()
        try:
            started = time.perf_counter()
            warm(server)
            print(f"Radicale's item caches built in {time.perf_counter() - started:.0f} s (not part of the figures)")
            config, ics = calendar_configs(corpus, server)
            env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            env.update(PYTHONPATH=str(REPO), QW_TEST_CALDAV_PASSWORD=PASSWORD)
            reference = answers(ics, Path(tmp) / "ics-cache", env, corpus)
            print("through the .ics file: " + ", ".join(f"{k} {len(v)}" for k, v in reference.items()))
            print(f"{resources} event resources; machine load {load()}")
            print(f"{'step':44} {'seconds':>8} {'exact':>6}")
            rows = {}

            cache = Path(tmp) / "cache-first"
            seconds = index(config, cache, env)
            rows["first"] = (seconds, exact(config, cache, env, corpus, reference))
            mirrored = len(list((cache / "caldav").rglob("*.ics")))
            print(f"{'first mirror':44} {seconds:8.1f} {rows['first'][1]!s:>6}   ({mirrored} resources)", flush=True)

            killed = Path(tmp) / "cache-killed"
            at, partial = killed_index(config, killed, env, args.kill_at)
            seconds = index(config, killed, env)
            after = json.loads(next((killed / "caldav").glob("*/*/.etags.json")).read_text())
            rows["resumed"] = (seconds, exact(config, killed, env, corpus, reference))
            print(f"{'first mirror killed at ' + str(at) + ' s, then again':44} {seconds:8.1f} "
                  f"{rows['resumed'][1]!s:>6}   ({partial} kept, {len(after) - partial} fetched by the second)",
                  flush=True)

            seconds = index(config, cache, env)
            rows["nothing"] = (seconds, exact(config, cache, env, corpus, reference))
            print(f"{'sync, nothing changed':44} {seconds:8.1f} {rows['nothing'][1]!s:>6}", flush=True)

            change(server, corpus)
            seconds = index(config, cache, env)
            rows["changed"] = (seconds, same_as_server(cache, server))
            print(f"{'sync after 10 changed and 5 removed':44} {seconds:8.1f} {rows['changed'][1]!s:>6}", flush=True)
        finally:
            server.close()
        print(f"machine load {load()}")
        print("RESULT " + " ".join(f"{k}_s={v[0]:.1f}" for k, v in rows.items()) +
              f" exact={sum(v[1] for v in rows.values())}/{len(rows)}")
        return 0 if all(v[1] for v in rows.values()) else 1


def warm(server: Radicale) -> None:
    """Ask what a first sync asks (every etag, the sync token), so that Radicale builds its caches now."""
    import requests

    url = server.url + f"{USER}/calendar/"
    for depth, prop in (("1", "<D:getetag/>"), ("0", "<D:sync-token/>")):
        requests.request("PROPFIND", url, auth=(USER, PASSWORD), timeout=3600, headers={"Depth": depth},
                         data=f'<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop>{prop}</D:prop></D:propfind>')


def calendar_configs(corpus: Path, server: Radicale) -> tuple[Path, Path]:
    """Two configs beside the corpus's, its [self] and one calendar source each: the caldav account, the .ics file."""
    text = (corpus / "config.toml").read_text()
    head = text[:text.index("[[sources]]")]
    caldav = corpus / "caldav-bench.toml"
    caldav.write_text(head + f'[[sources]]\ntype = "caldav"\nurl = "{server.url}"\nuser = "{USER}"\n'
                             f'password_env = "QW_TEST_CALDAV_PASSWORD"\n')
    ics = corpus / "ics-bench.toml"
    ics.write_text(head + '[[sources]]\ntype = "ics"\npath = "calendar.ics"\n')
    return caldav, ics


def index(config: Path, cache: Path, env: dict) -> float:
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "queryweaver.cli", "index", "--config", str(config)],
                         env={**env, "QUERYWEAVER_CACHE_DIR": str(cache)}, capture_output=True, text=True, cwd=REPO)
    if out.returncode != 0:
        raise SystemExit(f"queryweaver index failed: {out.stderr.strip()}")
    return time.perf_counter() - started


def killed_index(config: Path, cache: Path, env: dict, at: int) -> tuple[float, int]:
    """``queryweaver index`` SIGKILLed once ``at`` resources are in the mirror: when, and how many it kept."""
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "queryweaver.cli", "index", "--config", str(config)],
                            env={**env, "QUERYWEAVER_CACHE_DIR": str(cache)}, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, cwd=REPO)
    kept = 0
    while proc.poll() is None:
        manifests = list((cache / "caldav").glob("*/*/.etags.json")) if (cache / "caldav").exists() else []
        try:
            kept = len(json.loads(manifests[0].read_text())) if manifests else 0
        except (OSError, ValueError):
            kept = 0
        if kept >= at:
            os.kill(proc.pid, signal.SIGKILL)
            break
        time.sleep(0.05)
    proc.wait()
    manifests = list((cache / "caldav").glob("*/*/.etags.json"))
    return round(time.perf_counter() - started, 1), len(json.loads(manifests[0].read_text())) if manifests else 0


def graphs(corpus: Path) -> dict[str, dict]:
    """Calendar questions: the paper's Q4 (who attended an event with a person), every event the user attended, and
    the events at the busiest place."""
    from queryweaver.paper_graphs import paper_graphs

    ics = (corpus / "calendar.ics").read_text(encoding="utf-8", errors="replace")
    attendee = next(line.split("CN=", 1)[1].split(";")[0].split(":")[0].strip('"') for line in ics.splitlines()
                    if line.startswith("ATTENDEE") and "CN=" in line)
    event, person, self_, place = ("Event", "Person", "Self", "Place")
    return {
        "Q4": paper_graphs(q4_person=attendee)[3].graph,
        "attended": {"action": "find", "return_var": "ev", "return_mode": "all", "vars": {"ev": event, "s": self_},
                     "constraints": [{"kind": "edge", "from": "s", "edge": "attended", "to": "ev"}]},
        "at Zoom": {"action": "find", "return_var": "ev", "return_mode": "all", "vars": {"ev": event, "pl": place},
                    "constraints": [{"kind": "edge", "from": "ev", "edge": "location", "to": "pl"},
                                    {"kind": "filter", "var": "pl", "field": "name", "op": "=", "value": "Zoom"}]},
        "with them": {"action": "count", "return_var": "p", "return_mode": "all", "vars": {"p": person, "s": self_,
                      "ev": event}, "constraints": [{"kind": "edge", "from": "p", "edge": "attended", "to": "ev"},
                                                    {"kind": "edge", "from": "s", "edge": "attended", "to": "ev"}]},
    }


def answers(config: Path, cache: Path, env: dict, corpus: Path) -> dict[str, list]:
    out = {}
    for name, graph in graphs(corpus).items():
        path = cache.parent / "graph.json"
        path.write_text(json.dumps(graph))
        run = subprocess.run([sys.executable, "-m", "queryweaver.cli", "run", str(path), "--config", str(config),
                              "--format", "jsonl"], env={**env, "QUERYWEAVER_CACHE_DIR": str(cache)},
                             capture_output=True, text=True, cwd=REPO)
        if run.returncode != 0:
            raise SystemExit(f"{name} failed: {run.stderr.strip()}")
        out[name] = sorted(json.loads(line).get("uid") or json.loads(line).get("email") or line
                           for line in run.stdout.splitlines())
    return out


def exact(config: Path, cache: Path, env: dict, corpus: Path, reference: dict[str, list]) -> bool:
    """The calendar questions give the same answers through the caldav mirror as through the .ics file."""
    got = answers(config, cache, env, corpus)
    return got == reference and all(got.values())


def change(server: Radicale, corpus: Path) -> None:
    """10 events renamed and 5 removed, through Radicale (PUT and DELETE), as another client would."""
    import requests

    names = sorted(p.name for p in server.collection.glob("*.ics"))
    base = server.url + f"{USER}/calendar/"
    for name in names[:10]:
        text = requests.get(base + name, auth=(USER, PASSWORD), timeout=60).text
        text = text.replace("SUMMARY:", "SUMMARY:Moved: ", 1)
        requests.put(base + name, data=text.encode(), auth=(USER, PASSWORD), timeout=60,
                     headers={"Content-Type": "text/calendar"}).raise_for_status()
    for name in names[10:15]:
        requests.delete(base + name, auth=(USER, PASSWORD), timeout=60).raise_for_status()


def same_as_server(cache: Path, server: Radicale) -> bool:
    """The mirror holds what the server holds: as many resources, the renamed ones renamed."""
    mirrored = list((cache / "caldav").rglob("*.ics"))
    moved = sum(1 for path in mirrored if b"SUMMARY:Moved: " in path.read_bytes())
    return len(mirrored) == len(list(server.collection.glob("*.ics"))) and moved == 10


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


if __name__ == "__main__":
    sys.exit(main())
