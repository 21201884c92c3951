"""Where a remote account's password comes from (IMAP, CalDAV): never the config file.

The system keyring first (the ``keyring`` package: the macOS Keychain, Windows Credential Locker, the Secret
Service of a Linux desktop, or any backend the user configured), then the environment variable the source
names with ``password_env``, then a prompt when running on a terminal in the main thread (the CLI; never in
the web server, whose worker threads would wait on a terminal nobody watches). Without any of them: an
``AuthError`` saying each way to provide one.

The web page stores passwords with ``store_password`` (after the login was checked) and forgets them with
``forget_password`` when the source is removed; neither ever returns or logs the password.
"""

from __future__ import annotations

import os
import sys
import threading

from queryweaver.errors import AuthError


class KeyringUnavailable(AuthError):
    """No usable system keyring: the password cannot be stored (nothing was written)."""


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


def keyring_backend() -> str:
    """The name of the keyring backend that stores passwords; ``KeyringUnavailable`` saying what to do when
    there is none (no ``keyring`` package, or only its 'fail' backend: no desktop keyring service runs)."""
    try:
        import keyring
        from keyring.backends import fail
    except ImportError:
        raise KeyringUnavailable("the keyring package is not installed, so the password cannot be stored safely; "
                                 "pip install keyring (or name an environment variable with password_env in the "
                                 "config file)") from None
    try:
        backend = keyring.get_keyring()
    except Exception as exc:  # noqa: BLE001 - a broken keyring configuration
        raise KeyringUnavailable(f"the system keyring cannot be used ({exc}); fix it, or name an environment "
                                 f"variable with password_env in the config file") from None
    chained = getattr(backend, "backends", None)
    if isinstance(backend, fail.Keyring) or (chained is not None and not chained):
        raise KeyringUnavailable("no system keyring is available here (no Keychain, Credential Locker or Secret "
                                 "Service), so the password cannot be stored safely; start your desktop's keyring "
                                 "(e.g. gnome-keyring) or name an environment variable with password_env in the "
                                 "config file")
    return type(backend).__name__


def store_password(service: str, account: str, password: str) -> str:
    """Keep ``password`` in the system keyring; returns the backend's name. ``KeyringUnavailable`` otherwise."""
    name = keyring_backend()
    import keyring

    try:
        keyring.set_password(service, account, password)
    except Exception as exc:  # noqa: BLE001 - a locked or refusing keyring; never echo the password
        raise KeyringUnavailable(f"the system keyring ({name}) refused to store the password "
                                 f"({type(exc).__name__}); unlock it and try again") from None
    return name


def forget_password(service: str, account: str) -> bool:
    """Remove the stored password, if any; True when one was removed. Never raises."""
    try:
        import keyring
        from keyring.errors import PasswordDeleteError
    except ImportError:
        return False
    try:
        keyring.delete_password(service, account)
    except PasswordDeleteError:
        return False
    except Exception:  # noqa: BLE001 - nothing to remove, or no usable keyring
        return False
    return True


def account_password(*, label: str, service: str, account: str, password_env: object, what: str) -> str:
    """The password for ``account`` (``what`` names it in the prompt: "IMAP", "CalDAV")."""
    found = keyring_password(service, account)
    if found is None and password_env:
        found = os.environ.get(str(password_env)) or None
    if (found is None and sys.stdin is not None and sys.stdin.isatty()
            and threading.current_thread() is threading.main_thread()):
        import getpass

        found = getpass.getpass(f"{what} password (an app password) for {account}: ")
    if not found:
        where = f"set the environment variable {password_env}" if password_env else \
            "add password_env = \"VARIABLE\" to its [[sources]] entry and set that variable"
        raise AuthError(f"{label}: no password found; store one with `keyring set {service} {account}` "
                        f"(pip install keyring), or {where}, or run on a terminal to be asked")
    return found
