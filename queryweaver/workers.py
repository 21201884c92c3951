"""Parsing in worker processes for a build: an ordered, bounded pool that never outlives its parent.

A build parses in workers and writes in the parent alone (SQLite has one writer, and the parent keeps the
batches, the resume record and the warnings). ``OrderedPool.map`` hands the workers at most ``in_flight``
tasks at a time and gives the results back in task order, so the parent's memory stays bounded by a few
tasks whatever the size of the input, and what it commits is always a prefix of the input (what a resumed
build relies on).

Workers are started with ``spawn`` (safe in a process that runs threads, as the web server does), import
only what the task function needs, and leave on their own when the parent is gone (killed with SIGKILL
mid-build, say): a thread in each looks at its parent twice a second, whatever the worker is doing.
"""

from __future__ import annotations

import marshal
import os
import pickle
import queue
import sys
import threading
import time
import types
from collections.abc import Callable, Iterable, Iterator
from typing import Any

WAIT_S = 0.5          # how often a waiting worker (or the parent) looks whether the other side is still there
START_TIMEOUT_S = 60  # a pool whose workers do not answer at all within this is given up


class PoolBroken(Exception):
    """A worker died or failed outside the task function; the caller finishes the work itself."""


AUTO_FROM_BYTES = 16 << 20   # unless told how many, workers parse inputs this large (less: starting them costs more)


def build_workers(configured: int | None, work_bytes: int, auto_from: int = AUTO_FROM_BYTES) -> int:
    """Workers to parse ``work_bytes`` of input in: ``QUERYWEAVER_INDEX_WORKERS`` when set, else ``[index] workers``
    (``configured``), else one per CPU when there is ``auto_from`` bytes or more to parse (0 = none)."""
    value = os.environ.get("QUERYWEAVER_INDEX_WORKERS")
    if value is not None:
        try:
            return max(0, int(value))
        except ValueError:
            pass
    if configured is not None:
        return configured
    return (os.cpu_count() or 1) if work_bytes >= auto_from else 0


class OrderedPool:
    """``workers`` processes running ``fn(task)``; ``fn`` must be a module-level function (it is pickled by name)."""

    def __init__(self, fn: Callable[[Any], Any], workers: int, in_flight: int | None = None):
        self.fn = fn
        self.workers = max(1, workers)
        self.in_flight = in_flight or 2 * self.workers
        import multiprocessing  # here, not at import: a question that builds nothing never needs it

        self._ctx = multiprocessing.get_context("spawn")
        self._tasks = self._ctx.Queue(maxsize=self.in_flight)
        self._results = self._ctx.Queue(maxsize=self.in_flight)
        self._procs: list = []

    def __enter__(self) -> "OrderedPool":
        # A spawned child runs the parent's main module again unless told otherwise: a script that builds an
        # index without an ``if __name__ == "__main__"`` guard would start the build anew in every worker. The
        # workers need only the task function's module, so they are started with no main module to run.
        main = sys.modules["__main__"]
        sys.modules["__main__"] = types.ModuleType("__mp_main__")
        try:
            for _ in range(self.workers):
                proc = self._ctx.Process(target=_work, args=(self.fn, self._tasks, self._results, os.getpid()),
                                         daemon=True)
                proc.start()
                self._procs.append(proc)
        except BaseException:
            self.close()
            raise
        finally:
            sys.modules["__main__"] = main
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def map(self, tasks: Iterable[Any]) -> Iterator[Any]:
        """``fn(task)`` for each task, in task order, with at most ``in_flight`` tasks given out at a time.

        Raises ``PoolBroken`` when a worker dies or fails; the results yielded until then are complete and in
        order, so the caller may carry on from there itself. An exception ``fn`` raised is raised here.
        """
        pending = iter(tasks)
        given = done = 0                      # tasks handed out; results yielded
        ready: dict[int, bytes] = {}          # results come back in any order; they leave in task order
        exhausted = False
        waiting_since = time.monotonic()
        while True:
            while not exhausted and given - done < self.in_flight:
                task = next(pending, _END)
                if task is _END:
                    exhausted = True
                else:
                    self._tasks.put((given, task))
                    given += 1
            if exhausted and done == given:
                return
            if done in ready:
                data = ready.pop(done)
                if data[:1] == _MARSHALLED:
                    ok, value = True, marshal.loads(memoryview(data)[1:])
                else:
                    ok, value = pickle.loads(data)
                done += 1
                if ok is None:
                    raise PoolBroken(f"a parsing worker failed: {value}")
                if not ok:
                    raise value
                yield value
                waiting_since = time.monotonic()
                continue
            try:
                number, answer = self._results.get(timeout=WAIT_S)
            except queue.Empty:
                if not all(p.is_alive() for p in self._procs):
                    raise PoolBroken("a parsing worker stopped") from None
                if time.monotonic() - waiting_since > START_TIMEOUT_S and done == 0:
                    raise PoolBroken("the parsing workers did not start") from None
                continue
            ready[number] = answer

    def close(self) -> None:
        """Stop the workers (a task under way is abandoned) and release the queues."""
        for _ in self._procs:
            try:
                self._tasks.put_nowait(None)
            except queue.Full:
                break
        deadline = time.monotonic() + 2
        for proc in self._procs:
            proc.join(max(0.0, deadline - time.monotonic()))
            if proc.is_alive():
                proc.terminate()
                proc.join(1)
        self._procs.clear()
        for q in (self._tasks, self._results):
            q.cancel_join_thread()  # a full queue must not hold the parent at exit
            q.close()


_END = object()
# A result of plain data goes back marshalled: a parsed mbox run (tuples of strings and numbers) is written and read
# about three times faster than pickled, and the parent reads every message of a build. The first byte tells the
# two apart (a pickle starts with 0x80).
_MARSHALLED = b"M"


def _work(fn: Callable[[Any], Any], tasks, results, parent: int) -> None:
    """A worker's loop: ``(number, task)`` in, ``(number, pickled (ok, value))`` out (ok None: the answer could not
    be pickled, value says why), until told to stop (None) or the parent is gone."""
    results.cancel_join_thread()  # leaving must never wait for a result nobody will read
    # Blocked reading a task the parent was killed in the middle of sending, this thread would wait forever
    # (the workers hold the queue's other end too): a watchman leaves for it.
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="parent-watch").start()
    while True:
        try:
            item = tasks.get(timeout=WAIT_S)
        except queue.Empty:
            _leave_if_orphaned(parent)
            continue
        if item is None:  # every result was read: nothing is left to send, so leave without the exit's tidying
            os._exit(0)
        number, task = item
        try:
            answer = (True, fn(task))
        except Exception as exc:  # noqa: BLE001 - the parent raises it where the result was due
            answer = (False, exc)
        try:  # serialised here: a queue pickles in a thread of its own, where a failure would go unseen
            data = _MARSHALLED + marshal.dumps(answer[1]) if answer[0] else None
        except ValueError:  # not plain data (tuples, lists, dicts, str, numbers, None): pickle reads it
            data = None
        try:
            data = data or pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # noqa: BLE001 - an answer (or an exception) that cannot be pickled
            data = pickle.dumps((None, f"{type(exc).__name__}: {exc}"))
        while True:
            try:
                results.put((number, data), timeout=WAIT_S)
                break
            except queue.Full:
                _leave_if_orphaned(parent)


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(WAIT_S)
        _leave_if_orphaned(parent)


def _leave_if_orphaned(parent: int) -> None:
    """End this worker at once when its parent is gone (killed mid-build): with nobody reading its queue, a
    normal exit would wait forever on the thread feeding it, holding the parent's stdout open besides."""
    if os.getppid() != parent:
        os._exit(0)
