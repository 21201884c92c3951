"""A real Radicale CalDAV server for tests: a subprocess on 127.0.0.1 with a generated config and htpasswd user.

A calendar is loaded by writing Radicale's own storage layout (one .ics resource per event UID in a
collection folder), as a client's PUTs would leave it, before the server starts.

``FaultyProxy`` stands between the client and Radicale and answers chosen methods with an HTTP error of its
choosing (Radicale itself answers 507 only to writes, and the caldav source never writes), or holds requests
back a while (a slow server, for a build that lasts or a sync that can be killed half-way).
"""

from __future__ import annotations

import http.client
import json
import threading
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import icalendar

USER = "alex"
PASSWORD = "caldav-test-secret"
CALENDAR = "calendar"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Radicale:
    def __init__(self, root: Path | None = None):
        """A server on a new folder, or on ``root`` (a benchmark's, kept with its collection and Radicale's caches)."""
        self.kept = root is not None
        self.root = Path(root) if root is not None else Path(tempfile.mkdtemp(prefix="qw-radicale-"))
        self.port = free_port()
        self.collection = self.root / "collections" / "collection-root" / USER / CALENDAR
        self.collection.mkdir(parents=True, exist_ok=True)
        (self.collection / ".Radicale.props").write_text(json.dumps({"tag": "VCALENDAR", "D:displayname": "Work"}))
        (self.root / "users").write_text(f"{USER}:{PASSWORD}\n")
        self.config = self.root / "radicale.conf"
        self.config.write_text(f"""
[server]
hosts = 127.0.0.1:{self.port}
[auth]
type = htpasswd
htpasswd_filename = {self.root / 'users'}
htpasswd_encryption = plain
[storage]
filesystem_folder = {self.root / 'collections'}
[rights]
type = owner_only
[logging]
level = warning
""")
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def load_ics(self, ics_path: Path) -> int:
        """One resource per event UID (a series and its overrides together), with the file's time zones."""
        source = icalendar.Calendar.from_ical(ics_path.read_bytes())
        zones = [c for c in source.walk("VTIMEZONE")]
        by_uid: dict[str, list] = {}
        for event in source.walk("VEVENT"):
            by_uid.setdefault(str(event.get("UID")), []).append(event)
        for number, (uid, events) in enumerate(by_uid.items()):
            self.put(f"event-{number}.ics", uid, events, zones)
        return len(by_uid)

    def put(self, name: str, uid: str, events: list, zones: list = ()) -> None:
        cal = icalendar.Calendar()
        cal.add("prodid", "-//queryweaver tests//EN")
        cal.add("version", "2.0")
        for zone in zones:
            cal.add_component(zone)
        for event in events:
            cal.add_component(event)
        (self.collection / name).write_bytes(cal.to_ical())

    def start(self) -> "Radicale":
        self.proc = subprocess.Popen([sys.executable, "-m", "radicale", "--config", str(self.config)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"radicale exited: {self.proc.stderr.read().decode()}")
            try:
                urllib.request.urlopen(self.url + ".web/", timeout=1)
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("radicale did not answer")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        self.proc = None

    def close(self) -> None:
        self.stop()
        if not self.kept:
            shutil.rmtree(self.root, ignore_errors=True)


class FaultyProxy:
    """An HTTP proxy on 127.0.0.1 passing every request to ``target`` except those whose method is in
    ``failing``: these get ``status`` (e.g. 507 Insufficient Storage) from the proxy itself."""

    def __init__(self, target_port: int, failing: tuple[str, ...] = (), status: int = 507, slow: bytes = b"",
                 delay: float = 0.0):
        """``delay``: seconds a request waits before it is passed on -- every request, or with ``slow`` only those
        whose body holds it."""
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        self.failing, self.status, self.answered = set(failing), status, []
        self.slow, self.delay = slow, delay
        self.bodies: list[tuple[str, bytes]] = []   # (method, request body) of every request
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def relay(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                proxy.answered.append(self.command)
                proxy.bodies.append((self.command, body))
                if proxy.delay and (not proxy.slow or proxy.slow in body):
                    time.sleep(proxy.delay)
                if self.command in proxy.failing:
                    text = f"{proxy.status} {http.client.responses.get(proxy.status, '')}".encode()
                    self.send_response(proxy.status)
                    self.send_header("Content-Type", "text/plain")
                    self.send_header("Content-Length", str(len(text)))
                    self.end_headers()
                    self.wfile.write(text)
                    return
                upstream = http.client.HTTPConnection("127.0.0.1", target_port, timeout=30)
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
                upstream.request(self.command, self.path, body=body or None, headers=headers)
                answer = upstream.getresponse()
                data = answer.read()
                self.send_response(answer.status)
                for key, value in answer.getheaders():
                    if key.lower() not in ("transfer-encoding", "connection", "content-length"):
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                upstream.close()

            do_GET = do_HEAD = do_PUT = do_DELETE = do_OPTIONS = do_PROPFIND = do_REPORT = relay  # noqa: N815

            def log_message(self, *args) -> None:  # quiet
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
