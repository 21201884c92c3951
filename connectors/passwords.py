"""Where a remote account's password comes from (IMAP, CalDAV): never the config file.

The system keyring first (when the ``keyring`` package is installed and holds an entry for the service and
account), then the environment variable the source names with ``password_env``, then a prompt when running
on a terminal. Without any of them: an ``AuthError`` saying each way to provide one.
"""

from __future__ import annotations

import os
import sys

from queryweaver.errors import AuthError


def keyring_password(service: str, account: str) -> str | None:
    """The password stored for ``account`` under ``service``; None without the keyring package, a usable
    backend or an entry."""
    try:
        import keyring
    except ImportError:
        return None
    try:
        return keyring.get_password(service, account)
    except Exception:  # noqa: BLE001 - a keyring backend can fail in many ways; the next place is tried
        return None


def account_password(*, label: str, service: str, account: str, password_env: object, what: str) -> str:
    """The password for ``account`` (``what`` names it in the prompt: "IMAP", "CalDAV")."""
    found = keyring_password(service, account)
    if found is None and password_env:
        found = os.environ.get(str(password_env)) or None
    if found is None and sys.stdin is not None and sys.stdin.isatty():
        import getpass

        found = getpass.getpass(f"{what} password (an app password) for {account}: ")
    if not found:
        where = f"set the environment variable {password_env}" if password_env else \
            "add password_env = \"VARIABLE\" to its [[sources]] entry and set that variable"
        raise AuthError(f"{label}: no password found; store one with `keyring set {service} {account}` "
                        f"(pip install keyring), or {where}, or run on a terminal to be asked")
    return found
