"""The README documents every setting and every command, and opens with the two commands."""

import re
from pathlib import Path

from queryweaver.cli import COMMANDS, build_parser
from queryweaver.config import SETTINGS, SOURCE_TYPES

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()


def test_readme_opens_with_the_two_commands():
    block = re.search(r"```bash\n(.*?)```", README, re.S).group(1).strip().splitlines()
    assert block[0].startswith("pip install -e . && queryweaver ask ")
    assert block[1] == "pip install -e '.[test]' && pytest"
    ci = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text()
    assert block[1] in ci


def test_every_setting_is_documented():
    for section, name, _default, _help in SETTINGS:
        assert f"`[{section}] {name}`" in README, f"[{section}] {name} is not in the README's settings table"


def test_every_command_and_source_type_is_documented():
    parser_commands = set(build_parser()._subparsers._group_actions[0].choices)
    assert parser_commands == set(COMMANDS)
    for command in COMMANDS:
        assert f"`queryweaver {command}" in README, f"command {command} is not in the README"
    for source_type in SOURCE_TYPES:
        assert f"| `{source_type}` |" in README, f"source type {source_type} is not in the README"


def test_every_command_option_is_in_its_readme_row():
    rows = [line for line in README.splitlines() if line.startswith("| `queryweaver ")]
    for command, parser in build_parser()._subparsers._group_actions[0].choices.items():
        row = " ".join(r for r in rows if r.startswith(f"| `queryweaver {command}"))
        for action in parser._actions:
            for option in action.option_strings:
                if option.startswith("--") and option != "--help":
                    assert option in row, f"queryweaver {command} {option} is not in the README's command table"
