"""Shared fixtures. Every test gets its own cache dir and no user config, so nothing outside tmp is touched."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def isolated_user_dirs(tmp_path_factory, monkeypatch):
    """Point the cache and the data dir at temp dirs and hide any real user config."""
    home = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("QUERYWEAVER_CACHE_DIR", str(home / "cache"))
    monkeypatch.setenv("QUERYWEAVER_CONFIG", str(home / "no-config.toml"))
    monkeypatch.setenv("QUERYWEAVER_DATA_DIR", str(home / "data"))  # recent questions, the conversation
    return home


@pytest.fixture
def keyring_file(tmp_path_factory):
    """A real keyring backend for this test alone: keyrings.alt's file keyring, in a temp folder, made the
    keyring package's backend (so the code under test stores and reads passwords through the real library)."""
    keyring = pytest.importorskip("keyring")
    plaintext = pytest.importorskip("keyrings.alt.file", reason="the keyring tests need keyrings.alt")
    backend = plaintext.PlaintextKeyring()
    backend.file_path = str(tmp_path_factory.mktemp("keyring") / "keyring_pass.cfg")
    previous = keyring.get_keyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


@dataclass
class CliResult:
    code: int
    stdout: str
    stderr: str

    def json(self):
        return json.loads(self.stdout)


@pytest.fixture
def cli(isolated_user_dirs):
    """Run the real `queryweaver` command in a subprocess, as a user would."""

    def run(*args: str, input: str | None = None, env: dict | None = None) -> CliResult:
        import os

        full_env = dict(os.environ)
        full_env.update(env or {})
        proc = subprocess.run([sys.executable, "-m", "queryweaver.cli", *args], capture_output=True, text=True,
                              input=input, env=full_env, cwd=REPO, timeout=300)
        return CliResult(proc.returncode, proc.stdout, proc.stderr)

    return run


@contextmanager
def serving(app):
    """``app`` served on 127.0.0.1 by a real threaded server (SSE keepalives every 0.1 s); yields the port. The
    server and the app's engine are closed after."""
    from queryweaver.web import make_web_server

    app.config["QW_SSE_KEEPALIVE"] = 0.1
    server = make_web_server(app, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server.server_port
    finally:
        server.shutdown()
        server.server_close()
        app.extensions["queryweaver"].close()
