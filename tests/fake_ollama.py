"""A fake Ollama server: real HTTP on 127.0.0.1, spoken to by the real ``ollama`` client.

It answers ``/api/tags``, ``/api/chat`` (streamed as NDJSON or not) and ``/api/show`` the way Ollama
does, replies to chats from a script, and records every request body so tests can check what would
have left the machine.

    with FakeOllama(models=["qwen3:8b"], replies=['{"action": ...}']) as server:
        backend = OllamaBackend("qwen3:8b", server.url)
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class FakeOllama:
    def __init__(self, models: list[str] | tuple[str, ...] = ("qwen3:8b",), replies: list[str] | None = None,
                 delay: float = 0.0, chunk: int = 7):
        self.models = list(models)
        self.replies = list(replies or [])
        self.delay = delay          # seconds to wait before answering a chat (for timeout tests)
        self.chunk = chunk          # characters per streamed chunk
        self.requests: list[dict[str, Any]] = []  # {"method", "path", "body"} of every request
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # ---- lifecycle ------------------------------------------------------------------------------
    def start(self) -> "FakeOllama":
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # keep test output clean
                pass

            def do_GET(self):
                fake._record(self, None)
                if self.path.rstrip("/") == "/api/tags":
                    self._json(200, {"models": [{"name": m, "model": m, "size": 1, "digest": "0" * 12,
                                                 "modified_at": "2026-02-01T00:00:00Z"} for m in fake.models]})
                elif self.path in ("/", ""):
                    self._text(200, "Ollama is running")
                else:
                    self._json(404, {"error": "not found"})

            def do_HEAD(self):
                self._text(200, "")

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    body = json.loads(raw or b"{}")
                except ValueError:
                    body = {"_unparsed": raw.decode("utf-8", "replace")}
                fake._record(self, body)
                if self.path == "/api/chat":
                    self._chat(body)
                elif self.path == "/api/show":
                    if body.get("model") in fake.models:
                        self._json(200, {"modelfile": "", "parameters": "", "template": "",
                                         "details": {"format": "gguf"}, "capabilities": ["completion"]})
                    else:
                        self._not_found(body.get("model"))
                else:
                    self._json(404, {"error": f"unknown path {self.path}"})

            def _chat(self, body: dict):
                model = body.get("model")
                if model not in fake.models:
                    self._not_found(model)
                    return
                if fake.delay:
                    time.sleep(fake.delay)
                text = fake.replies.pop(0) if fake.replies else "{}"
                prompt_tokens = sum(len(m.get("content", "").split()) for m in body.get("messages", []))
                final = {"model": model, "created_at": "2026-02-15T12:00:00Z", "done": True,
                         "done_reason": "stop", "total_duration": 1_000_000, "prompt_eval_count": prompt_tokens,
                         "eval_count": max(1, len(text) // 4)}
                if body.get("stream", True):
                    lines = []
                    for i in range(0, len(text), fake.chunk):
                        lines.append({"model": model, "created_at": "2026-02-15T12:00:00Z",
                                      "message": {"role": "assistant", "content": text[i:i + fake.chunk]},
                                      "done": False})
                    lines.append({**final, "message": {"role": "assistant", "content": ""}})
                    payload = "".join(json.dumps(line) + "\n" for line in lines).encode()
                    self.send_response(200)
                    self.send_header("Content-Type", "application/x-ndjson")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                else:
                    self._json(200, {**final, "message": {"role": "assistant", "content": text}})

            def _not_found(self, model):
                self._json(404, {"error": f"model '{model}' not found"})

            def _json(self, status: int, data: dict):
                payload = json.dumps(data).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def _text(self, status: int, text: str):
                payload = text.encode()
                self.send_response(status)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(payload)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="fake-ollama", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> "FakeOllama":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # ---- what tests look at ---------------------------------------------------------------------
    @property
    def url(self) -> str:
        assert self._server is not None, "start the server first"
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def chats(self) -> list[dict[str, Any]]:
        return [r["body"] for r in self.requests if r["path"] == "/api/chat"]

    def everything_sent(self) -> str:
        """Every request body as one string (for privacy assertions)."""
        return "\n".join(json.dumps(r["body"]) for r in self.requests if r["body"] is not None)

    def _record(self, handler: BaseHTTPRequestHandler, body: Any) -> None:
        self.requests.append({"method": handler.command, "path": handler.path, "body": body})


def free_port() -> int:
    """A port on 127.0.0.1 with nothing listening (for 'connection refused')."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
