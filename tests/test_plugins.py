"""The plugin hook: an installed package's ``queryweaver`` entry points are loaded like the built-ins, found
again after a package is installed or removed, and read without importing ``importlib.metadata`` when
nothing changed (issue 15).

The package is real as far as Python is concerned: a ``.dist-info`` folder with its METADATA and
entry_points.txt on the interpreter's path, as pip would leave it, read in a fresh interpreter each time.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

PLUGIN = '''
class ToyConnector:
    name = "toy"

class MboxReplacement:
    name = "mbox"

def register_connectors(register):
    register(ToyConnector)
    register(MboxReplacement)
'''

REPORT = """
import json, sys
from queryweaver.plugins import get_registry
registry = get_registry()
metadata_read = "importlib.metadata" in sys.modules  # before a connector loads pydantic, which reads it too
print(json.dumps({"mbox": registry.connector_class("mbox").__module__, "names": list(registry.connectors),
                  "metadata_read": metadata_read}))
"""


def install(site: Path) -> None:
    (site / "toy_qw.py").write_text(PLUGIN)
    info = site / "toy_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[queryweaver]\ntoy = toy_qw\n")


def report(site: Path, cache: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(REPO)]), QUERYWEAVER_CACHE_DIR=str(cache))
    done = subprocess.run([sys.executable, "-c", REPORT], capture_output=True, text=True, cwd=REPO, env=env,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_an_installed_plugin_is_loaded_found_again_and_forgotten_when_removed(tmp_path):
    site, cache = tmp_path / "site", tmp_path / "cache"
    site.mkdir()
    first = report(site, cache)  # nothing installed: the metadata is read once...
    assert "toy" not in first["names"] and first["mbox"] == "connectors.mbox"
    assert first["metadata_read"]
    again = report(site, cache)  # ...and not again while no folder on the path changed
    assert again == {**first, "metadata_read": False}

    install(site)
    with_plugin = report(site, cache)
    assert with_plugin["names"][-1] == "toy"
    # a plugin's class replaces a built-in of the same name, which keeps its place in the list
    assert with_plugin["mbox"] == "toy_qw" and with_plugin["names"][0] == "mbox"
    assert report(site, cache) == with_plugin  # read from the cache: the same classes

    shutil.rmtree(site / "toy_plugin-1.0.dist-info")  # uninstalled
    removed = report(site, cache)
    assert "toy" not in removed["names"] and removed["mbox"] == "connectors.mbox"


def test_a_damaged_plugin_cache_is_read_past(tmp_path):
    site, cache = tmp_path / "site", tmp_path / "cache"
    site.mkdir()
    install(site)
    cache.mkdir()
    (cache / "plugins.json").write_text("{not json")
    assert report(site, cache)["mbox"] == "toy_qw"
    (cache / "plugins.json").write_text('[{"key": 3}, 7]')
    assert report(site, cache)["mbox"] == "toy_qw"


def test_a_question_no_source_can_answer_names_every_source_type_that_could(cli, tmp_path):
    """Connector modules load only for configured sources; the hint still asks every one of them."""
    shutil.copy(REPO / "queryweaver" / "demo_data" / "calendar.ics", tmp_path / "calendar.ics")
    config = tmp_path / "config.toml"
    config.write_text('[self]\nname = "Alex Morgan"\nemails = ["alex@example.org"]\ntoday = "2026-02-15"\n\n'
                      '[llm]\nbackend = "rules"\n\n[[sources]]\ntype = "ics"\npath = "calendar.ics"\n')
    done = cli("ask", "Find the file folders that contain email attachments from Jane Doe.", "--config", str(config))
    assert done.code == 1
    assert done.stderr.strip().endswith("no configured source provides person_from_email (Person from Email); "
                                        "add a [[sources]] entry of type emlx or gmail or imap or maildir or mbox")
