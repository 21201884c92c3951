"""Calling Google APIs politely: retries with backoff, batches of at most 50, a bounded number in flight.

Shared by the Gmail and Calendar connectors. ``GoogleApi`` wraps a *service factory* — a callable that
returns a ``googleapiclient`` Resource — and never builds one itself, so tests hand it a service pointed at
the local fake server through the same door the real one uses (STYLE.md 5).

* ``call(build)`` runs one request; ``call_many(builds)`` runs many, grouped into batch requests of at most
  ``batch_size`` (Gmail advises no more than 50 per batch). Batches run on ``max_in_flight`` worker threads,
  each with its own service (httplib2 connections are not thread-safe).
* 429, 5xx and 403 with a rate-limit reason are retried with exponential backoff and full jitter, per
  request and per batch item (a batch that succeeds as a whole may still carry failed items).
* Everything else is translated at the boundary into ``ConnectorError`` / ``AuthError`` with a message that
  says what to do.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

from queryweaver.errors import AuthError, ConfigError, ConnectorError

from .google_auth import load_credentials, sign_in_hint, translate_refresh_error

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

Build = Callable[[Any], Any]          # service -> googleapiclient HttpRequest
ServiceFactory = Callable[[], Any]    # () -> googleapiclient Resource; called once per worker thread

RATE_LIMIT_REASONS = frozenset({"rateLimitExceeded", "userRateLimitExceeded", "RATE_LIMIT_EXCEEDED"})
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
MAX_BATCH = 50   # Gmail: "sending batches larger than 50 requests is not recommended"

# The client libraries take a third of a second to import, so they are bound here by ``import_google`` when
# a Google source first needs them (a ``GoogleApi`` is built): a setup without one never loads them.
httplib2: Any = None
HttpError: Any = None
RefreshError: Any = None
TransportError: Any = None


def import_google() -> None:
    """Import httplib2, google-auth and the API client's errors into this module (once)."""
    global httplib2, HttpError, RefreshError, TransportError
    if HttpError is not None:
        return
    import httplib2 as http_lib
    from google.auth.exceptions import RefreshError as refresh_error, TransportError as transport_error
    from googleapiclient.errors import HttpError as http_error

    httplib2, RefreshError, TransportError, HttpError = http_lib, refresh_error, transport_error, http_error


def source_flag(source, key: str) -> bool:
    """A yes/no option of a source's entry (TOML true/false, or a string such as "yes")."""
    value = source.options.get(key, False)
    if isinstance(value, str):
        return value.strip().lower() in ("true", "yes", "1", "on")
    return bool(value)


def sync_seconds(source, default_minutes: float) -> float:
    """``sync_every`` (minutes) of a synced source, in seconds: how old a mirror may be before a question syncs it."""
    value = source.options.get("sync_every", default_minutes)
    try:
        minutes = float(value)
    except (TypeError, ValueError):
        minutes = -1.0
    if minutes < 0:
        raise ConfigError(f"sync_every = {value!r} in the {source.type} source is not a number of minutes; write "
                          f"e.g. sync_every = 15 (0 syncs only on 'queryweaver index')")
    return 60 * minutes


def wants_sync(source) -> bool:
    """``sync = true`` in a Google source's entry: answer from a local mirror kept in step with the account."""
    return source_flag(source, "sync")


def add_cache_lexicon(lexicon, cache) -> None:
    """A Google source's part of the grounding lexicon: what its local cache has seen, and the account's
    address as the user's own (never a request)."""
    account = cache.get_meta("account")
    if account:
        lexicon.self_addresses.add(account)
    lexicon.add_rows(cache.lexicon_rows())


@dataclass
class RetryPolicy:
    """Exponential backoff with full jitter: try n sleeps ``rand() * min(cap, base * 2**n)``."""

    attempts: int = 8
    base: float = 0.25
    cap: float = 16.0
    sleep: Callable[[float], None] = time.sleep
    rand: Callable[[], float] = random.random

    def pause(self, attempt: int, retry_after: float | None = None) -> None:
        delay = self.rand() * min(self.cap, self.base * (2 ** attempt))
        if retry_after is not None:
            delay = max(delay, min(retry_after, self.cap))
        if delay > 0:
            self.sleep(delay)


@dataclass
class ApiStats:
    """What was sent: HTTP requests on the wire, API calls (a batch of n is n calls), retries."""

    http_requests: int = 0
    calls: Counter = field(default_factory=Counter)
    retries: int = 0

    @property
    def total_calls(self) -> int:
        return sum(self.calls.values())


class _Retryable(Exception):
    def __init__(self, status: int, retry_after: float | None = None):
        super().__init__(status)
        self.status = status
        self.retry_after = retry_after


def error_reasons(content: bytes | str | None) -> set[str]:
    """The ``reason`` strings of a Google JSON error body."""
    if not content:
        return set()
    try:
        data = json.loads(content if isinstance(content, str) else content.decode("utf-8", "replace"))
    except ValueError:
        return set()
    err = data.get("error") if isinstance(data, dict) else None
    if not isinstance(err, dict):
        return set()
    reasons = {e.get("reason") for e in err.get("errors", []) if isinstance(e, dict)}
    reasons |= {d.get("reason") for d in err.get("details", []) if isinstance(d, dict)}
    if isinstance(err.get("status"), str):
        reasons.add(err["status"])
    return {r for r in reasons if r}


def is_retryable(status: int, content: bytes | str | None) -> bool:
    if status in RETRY_STATUSES:
        return True
    return status == 403 and bool(error_reasons(content) & RATE_LIMIT_REASONS)


def _retry_after(resp: Any) -> float | None:
    try:
        value = resp.get("retry-after") if resp is not None else None
        return float(value) if value is not None else None
    except (TypeError, ValueError):
        return None


class GoogleApi:
    """One Google API (Gmail or Calendar) behind retries, batching and a bound on requests in flight."""

    def __init__(self, service_factory: ServiceFactory, *, label: str, max_in_flight: int = 4,
                 batch_size: int = MAX_BATCH, retry: RetryPolicy | None = None,
                 auth_hint: Callable[[], str] | None = None):
        import_google()
        self.factory = service_factory
        self.label = label
        self.max_in_flight = max(1, int(max_in_flight))
        self.batch_size = max(1, min(int(batch_size), 100))
        self.retry = retry or RetryPolicy()
        self.auth_hint = auth_hint or (lambda: sign_in_hint())
        self.stats = ApiStats()
        self._local = threading.local()
        self._stats_lock = threading.Lock()
        self._gate = threading.BoundedSemaphore(self.max_in_flight)
        self._pool: ThreadPoolExecutor | None = None
        self._pool_lock = threading.Lock()

    # -- plumbing ------------------------------------------------------------------------------------
    def service(self) -> Any:
        """This thread's service (built on first use)."""
        svc = getattr(self._local, "service", None)
        if svc is None:
            try:
                svc = self.factory()
            except (AuthError, ConnectorError):
                raise
            except RefreshError as exc:
                raise translate_refresh_error(exc, self.auth_hint()) from exc
            self._local.service = svc
        return svc

    def close(self) -> None:
        with self._pool_lock:
            if self._pool is not None:
                self._pool.shutdown(wait=True)
                self._pool = None

    def _executor(self) -> ThreadPoolExecutor:
        with self._pool_lock:
            if self._pool is None:
                from concurrent.futures import ThreadPoolExecutor

                self._pool = ThreadPoolExecutor(self.max_in_flight, thread_name_prefix=f"qw-{self.label}")
            return self._pool

    def _count(self, http: int, method: str, calls: int) -> None:
        with self._stats_lock:
            self.stats.http_requests += http
            self.stats.calls[method] += calls

    def _note_retry(self) -> None:
        with self._stats_lock:
            self.stats.retries += 1

    def _fail(self, exc: Exception, what: str) -> Exception:
        """A non-retryable error, translated for the user."""
        if isinstance(exc, RefreshError):
            return translate_refresh_error(exc, self.auth_hint())
        if isinstance(exc, HttpError):
            status = exc.resp.status if exc.resp is not None else 0
            reasons = error_reasons(exc.content)
            if status == 401 or "insufficientPermissions" in reasons or "ACCESS_TOKEN_SCOPE_INSUFFICIENT" in reasons:
                return AuthError(f"{self.label} refused the sign-in while {what} (HTTP {status}); "
                                 f"{self.auth_hint()}")
            if status == 403 and ("accessNotConfigured" in reasons or "SERVICE_DISABLED" in reasons):
                return ConnectorError(f"the {self.label} API is not enabled for this Google Cloud project; "
                                      f"enable it in the Cloud console (APIs & Services) and try again")
            detail = _error_message(exc.content) or exc.resp.reason if exc.resp is not None else str(exc)
            return ConnectorError(f"{self.label} answered HTTP {status} while {what} ({detail})")
        return ConnectorError(f"cannot reach {self.label} while {what} ({type(exc).__name__}: {exc}); "
                              f"check the network connection and try again")

    # -- one request ---------------------------------------------------------------------------------
    def call(self, build: Build, method: str, what: str = "") -> Any:
        """Run one request, retrying transient failures."""
        what = what or f"calling {method}"
        for attempt in range(self.retry.attempts):
            try:
                with self._gate:
                    self._count(1, method, 1)
                    return build(self.service()).execute(num_retries=0)
            except HttpError as exc:
                status = exc.resp.status if exc.resp is not None else 0
                if not is_retryable(status, exc.content) or attempt == self.retry.attempts - 1:
                    raise self._fail(exc, what) from exc
                self._note_retry()
                self.retry.pause(attempt, _retry_after(exc.resp))
            except RefreshError as exc:
                raise translate_refresh_error(exc, self.auth_hint()) from exc
            except (httplib2.HttpLib2Error, TransportError, OSError, TimeoutError) as exc:
                if attempt == self.retry.attempts - 1:
                    raise self._fail(exc, what) from exc
                self._note_retry()
                self._local.service = None  # a broken connection: start afresh
                self.retry.pause(attempt)
        raise AssertionError("unreachable")

    # -- many requests -------------------------------------------------------------------------------
    def call_many(self, builds: Sequence[Build], method: str, what: str = "",
                  missing_ok: bool = True, on_done: Callable[[int], None] | None = None) -> list[Any]:
        """Run many requests in batches; results in order. A 404 item gives None when ``missing_ok``."""
        what = what or f"calling {method}"
        if not builds:
            return []
        if len(builds) == 1:
            try:
                return [self.call(builds[0], method, what)]
            except ConnectorError as exc:
                cause = exc.__cause__
                if missing_ok and isinstance(cause, HttpError) and cause.resp is not None and cause.resp.status == 404:
                    return [None]
                raise
        results: list[Any] = [None] * len(builds)
        chunks = [list(range(i, min(i + self.batch_size, len(builds)))) for i in range(0, len(builds), self.batch_size)]
        done = [0]
        lock = threading.Lock()

        def run_chunk(indexes: list[int]) -> None:
            self._run_batch(builds, indexes, results, method, what, missing_ok)
            if on_done:
                with lock:
                    done[0] += len(indexes)
                    on_done(done[0])

        if len(chunks) == 1:
            run_chunk(chunks[0])
        else:
            futures = [self._executor().submit(run_chunk, chunk) for chunk in chunks]
            errors = []
            for fut in futures:
                try:
                    fut.result()
                except Exception as exc:  # noqa: BLE001 - re-raised below once every chunk has stopped
                    errors.append(exc)
            if errors:
                raise errors[0]
        return results

    def _run_batch(self, builds: Sequence[Build], indexes: list[int], results: list[Any], method: str,
                   what: str, missing_ok: bool) -> None:
        """One chunk: send it as a batch, then re-send only the items that failed transiently.

        Tries are counted per item (and, for the batch as a whole, in a row): a long sync sends thousands of
        batches, and one unlucky item must not use up the tries of the 49 beside it.
        """
        pending = list(indexes)
        attempt = 0                           # failures of the batch as a whole, in a row
        tries = dict.fromkeys(indexes, 0)     # transient failures of each item
        while pending:
            failed: list[int] = []
            fatal: list[Exception] = []
            retry_after: list[float] = []

            def callback(request_id: str, response: Any, exception: Exception | None,
                         failed=failed, fatal=fatal, retry_after=retry_after) -> None:
                index = int(request_id)
                if exception is None:
                    results[index] = response
                    return
                if isinstance(exception, HttpError):
                    status = exception.resp.status if exception.resp is not None else 0
                    if status == 404 and missing_ok:
                        results[index] = None
                        return
                    if is_retryable(status, exception.content):
                        failed.append(index)
                        ra = _retry_after(exception.resp)
                        if ra is not None:
                            retry_after.append(ra)
                        return
                fatal.append(exception)

            try:
                with self._gate:
                    service = self.service()
                    batch = service.new_batch_http_request(callback=callback)
                    for index in pending:
                        batch.add(builds[index](service), request_id=str(index))
                    self._count(1, method, len(pending))
                    batch.execute()
            except HttpError as exc:  # the batch as a whole failed
                status = exc.resp.status if exc.resp is not None else 0
                if not is_retryable(status, exc.content) or attempt >= self.retry.attempts - 1:
                    raise self._fail(exc, what) from exc
                self._note_retry()
                self.retry.pause(attempt, _retry_after(exc.resp))
                attempt += 1
                continue
            except RefreshError as exc:
                raise translate_refresh_error(exc, self.auth_hint()) from exc
            except (httplib2.HttpLib2Error, TransportError, OSError, TimeoutError) as exc:
                if attempt >= self.retry.attempts - 1:
                    raise self._fail(exc, what) from exc
                self._note_retry()
                self._local.service = None
                self.retry.pause(attempt)
                attempt += 1
                continue
            if fatal:
                raise self._fail(fatal[0], what) from fatal[0]
            attempt = 0
            if failed:
                for index in failed:
                    tries[index] += 1
                worst = max(tries[index] for index in failed)
                if worst >= self.retry.attempts:
                    raise ConnectorError(f"{self.label} kept refusing {len(failed)} requests while {what} "
                                         f"(rate limited or unavailable); wait a minute and try again")
                for _ in failed:
                    self._note_retry()
                self.retry.pause(worst - 1, max(retry_after) if retry_after else None)
            pending = sorted(failed)


def default_service_factory(api: str, version: str, token_path, client_secrets=None) -> ServiceFactory:
    """Services for the signed-in user, built from the discovery document shipped with the client library.

    The credentials are loaded (and refreshed if needed) once, on the first service built; each call returns a
    new service with its own HTTP connection, for one worker thread.
    """
    lock = threading.Lock()
    state: dict[str, Any] = {}

    def build() -> Any:
        import google_auth_httplib2
        import_google()
        from googleapiclient.discovery import build as build_service

        with lock:
            creds = state.get("creds")
            if creds is None:
                creds = state["creds"] = load_credentials(token_path, client_secrets=client_secrets)
        http = google_auth_httplib2.AuthorizedHttp(creds, http=httplib2.Http(timeout=60))
        return build_service(api, version, http=http, cache_discovery=False, static_discovery=True)

    return build


def _error_message(content: bytes | str | None) -> str:
    if not content:
        return ""
    try:
        data = json.loads(content if isinstance(content, str) else content.decode("utf-8", "replace"))
        return str(data.get("error", {}).get("message", ""))[:200]
    except (ValueError, AttributeError):
        return ""
