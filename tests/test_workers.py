"""The build's worker pool (queryweaver/workers.py) with real processes: results in task order, a task's
exception raised where its result was due, a dead worker reported, and workers that never outlive a parent
killed with SIGKILL, whatever they are doing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from queryweaver.workers import OrderedPool, PoolBroken, build_workers


def test_results_come_back_in_task_order_with_few_tasks_out_at_a_time():
    # abs of each task, with tasks of very different sizes so that the workers finish them out of order
    tasks = [-(10 ** (i % 7)) for i in range(60)]
    with OrderedPool(abs, 2, in_flight=3) as pool:
        assert list(pool.map(tasks)) == [abs(t) for t in tasks]


def test_plain_and_other_results_come_back_equal_and_of_their_types():
    """Plain data travels marshalled, anything else pickled: both come back as they were (a date, a frozenset of
    tuples, a bytes object, nested tuples holding None and floats)."""
    from datetime import date

    tasks = [("a", 1.5, None, [("x", "y", 3)], {"k": ["v"]}), date(2026, 2, 3), frozenset({(1, 2)}), b"\x80raw",
             "M", ("M", b"M")]
    with OrderedPool(repr_and_value, 2) as pool:
        got = list(pool.map(tasks))
    assert [value for _, value in got] == tasks
    assert [type(value) for _, value in got] == [type(t) for t in tasks]
    assert [text for text, _ in got] == [repr(t) for t in tasks]


def test_a_task_that_raises_raises_where_its_result_was_due():
    with OrderedPool(int, 2) as pool:
        answers = pool.map(["1", "2", "three", "4"])
        assert next(answers) == 1 and next(answers) == 2
        with pytest.raises(ValueError, match="three"):
            next(answers)


def test_a_worker_that_dies_breaks_the_pool_after_the_results_already_in():
    with OrderedPool(time.sleep, 1) as pool:
        answers = pool.map([0, 3600])
        assert next(answers) is None
        os.kill(pool._procs[0].pid, signal.SIGKILL)
        with pytest.raises(PoolBroken, match="stopped"):
            next(answers)


def test_how_many_workers_a_build_uses(monkeypatch):
    monkeypatch.delenv("QUERYWEAVER_INDEX_WORKERS", raising=False)
    assert build_workers(None, 1 << 30) == (os.cpu_count() or 1) and build_workers(None, 1 << 10) == 0
    assert build_workers(0, 1 << 30) == 0 and build_workers(3, 10) == 3
    monkeypatch.setenv("QUERYWEAVER_INDEX_WORKERS", "2")
    assert build_workers(0, 10) == 2


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_a_worker_busy_in_a_task_leaves_when_its_parent_is_killed(tmp_path):
    """The parent SIGKILLed while its worker is deep in a task (an hour's sleep): the worker is gone within
    seconds, and holds no pipe of the dead parent's open meanwhile."""
    script = tmp_path / "parent.py"
    script.write_text(textwrap.dedent("""
        import sys, time
        from queryweaver.workers import OrderedPool
        with OrderedPool(time.sleep, 1) as pool:
            print(pool._procs[0].pid, flush=True)
            list(pool.map([3600]))
    """))
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              cwd=Path(__file__).resolve().parent.parent)
    worker = int(parent.stdout.readline())
    time.sleep(0.5)  # the task is under way
    parent.send_signal(signal.SIGKILL)
    parent.communicate(timeout=30)  # the worker inherited the parent's stdout: this returns once it is gone
    deadline = time.monotonic() + 10
    while alive(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(worker)


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def repr_and_value(task):
    return repr(task), task
