"""Google sign-in for the Gmail and Calendar sources: read-only scopes, a private token file, clear fixes.

``queryweaver auth google --client-secrets FILE`` runs ``sign_in``: Google's installed-app flow
(google-auth-oauthlib) opens the browser, the user consents to *read-only* access to mail and calendar, and
the token is written to the user data dir (``platformdirs``) with mode 0600. ``load_credentials`` reads it
back for the connectors and refreshes it when it has expired. A refresh token that Google no longer accepts
(``invalid_grant``: revoked, or older than 7 days for an app whose consent screen is in "testing" mode) becomes
an ``AuthError`` naming the exact command to sign in again.

The browser step is injected (``flow_runner``) so tests run the real flow object against a fake token
endpoint, and the refresh transport is injected (``request``) for the same reason.
"""

from __future__ import annotations

import json
import os
import shlex
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import platformdirs

from queryweaver.errors import AuthError, ConfigError

if TYPE_CHECKING:  # google-auth is imported where it is used: only a configured Google source pays for it
    from google.auth.exceptions import RefreshError
    from google.oauth2.credentials import Credentials

APP_NAME = "queryweaver"
SCOPES = (
    "https://www.googleapis.com/auth/gmail.readonly",
    "https://www.googleapis.com/auth/calendar.readonly",
)
TOKEN_FILE_NAME = "google-token.json"
# Kept in the token file next to Google's fields, so an expired sign-in can name the exact command.
CLIENT_SECRETS_KEY = "queryweaver_client_secrets"

FlowRunner = Callable[[Any], "Credentials"]


def default_token_path(data_dir: str | Path | None = None) -> Path:
    """Where the token lives: ``<user data dir>/google-token.json`` (``data_dir`` overrides the dir)."""
    base = Path(data_dir) if data_dir is not None else Path(platformdirs.user_data_dir(APP_NAME))
    return base / TOKEN_FILE_NAME


def sign_in_command(client_secrets: str | Path | None = None, token_path: str | Path | None = None) -> str:
    """The exact command that signs in again."""
    parts = ["queryweaver", "auth", "google", "--client-secrets",
             shlex.quote(str(client_secrets)) if client_secrets else "CLIENT_SECRETS.json"]
    if token_path is not None and Path(token_path) != default_token_path():
        parts += ["--token-file", shlex.quote(str(token_path))]
    return " ".join(parts)


def sign_in_hint(client_secrets: str | Path | None = None, token_path: str | Path | None = None) -> str:
    return f"sign in again with: {sign_in_command(client_secrets, token_path)}"


def default_flow_runner(flow: Any) -> Credentials:
    """The browser step: a local redirect server on a free port, the consent page in the default browser."""
    return flow.run_local_server(port=0, open_browser=True,
                                 authorization_prompt_message="Opening Google sign-in in your browser: {url}",
                                 success_message="QueryWeaver is signed in; you can close this tab.")


@dataclass
class SignInResult:
    token_path: Path
    scopes: tuple[str, ...]


def sign_in(client_secrets: str | Path, token_path: str | Path | None = None, *,
            flow_runner: FlowRunner = default_flow_runner) -> SignInResult:
    """Run the installed-app flow with read-only scopes and store the token (mode 0600)."""
    from google.auth.exceptions import RefreshError
    from google_auth_oauthlib.flow import InstalledAppFlow

    client_secrets = Path(client_secrets).expanduser()
    token_path = Path(token_path).expanduser() if token_path else default_token_path()
    if not client_secrets.is_file():
        raise ConfigError(f"client secrets file {client_secrets} does not exist; download it from the Google "
                          f"Cloud console (APIs & Services > Credentials > OAuth client ID, type 'Desktop app')")
    try:
        flow = InstalledAppFlow.from_client_secrets_file(str(client_secrets), scopes=list(SCOPES))
    except (ValueError, KeyError, json.JSONDecodeError) as exc:
        raise ConfigError(f"{client_secrets} is not an OAuth client secrets file ({exc}); download the JSON of "
                          f"an OAuth client ID of type 'Desktop app' from the Google Cloud console") from exc
    try:
        creds = flow_runner(flow)
    except RefreshError as exc:
        raise translate_refresh_error(exc, sign_in_hint(client_secrets, token_path)) from exc
    except Exception as exc:  # oauthlib raises its own tree (access_denied, mismatching state, ...)
        raise AuthError(f"Google sign-in did not complete ({type(exc).__name__}: {exc}); "
                        f"run: {sign_in_command(client_secrets, token_path)}") from exc
    granted = set(creds.scopes or SCOPES)
    missing = set(SCOPES) - granted
    if missing:
        raise AuthError(f"Google sign-in did not grant {', '.join(sorted(missing))}; run "
                        f"{sign_in_command(client_secrets, token_path)} and tick every box on the consent page")
    save_credentials(creds, token_path, client_secrets=client_secrets)
    return SignInResult(token_path, tuple(sorted(granted)))


def save_credentials(creds: Credentials, token_path: str | Path, *, client_secrets: str | Path | None = None) -> None:
    """Write the token readable by the user only (0600, directory 0700), atomically."""
    token_path = Path(token_path)
    data = json.loads(creds.to_json())
    if client_secrets is not None:
        data[CLIENT_SECRETS_KEY] = str(Path(client_secrets).resolve())
    elif token_path.exists():
        old = _read_json(token_path)
        if old.get(CLIENT_SECRETS_KEY):
            data[CLIENT_SECRETS_KEY] = old[CLIENT_SECRETS_KEY]
    token_path.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.chmod(token_path.parent, 0o700)
    except OSError:
        pass
    fd, tmp = tempfile.mkstemp(dir=token_path.parent, prefix=".token-", suffix=".json")  # created 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
        os.replace(tmp, token_path)
        os.chmod(token_path, 0o600)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _read_json(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def token_client_secrets(token_path: str | Path) -> str | None:
    """The client secrets file the token was made with, when it was recorded."""
    return _read_json(Path(token_path)).get(CLIENT_SECRETS_KEY)


def load_credentials(token_path: str | Path | None = None, *, request: Any = None,
                     client_secrets: str | Path | None = None, token_uri: str | None = None) -> Credentials:
    """The stored credentials, refreshed (and saved) when expired; ``AuthError`` saying how to sign in.

    ``request`` is the transport used to refresh and ``token_uri`` the token endpoint (google-auth always uses
    Google's when reading a token file; tests point both at the fake server).
    """
    from google.auth.exceptions import RefreshError, TransportError
    from google.oauth2.credentials import Credentials

    token_path = Path(token_path).expanduser() if token_path else default_token_path()
    client_secrets = client_secrets or token_client_secrets(token_path)
    hint = sign_in_hint(client_secrets, token_path)
    if not token_path.exists():
        raise AuthError(f"not signed in to Google (no token at {token_path}); run: "
                        f"{sign_in_command(client_secrets, token_path)}")
    try:
        creds = Credentials.from_authorized_user_file(str(token_path))
    except (ValueError, KeyError, OSError) as exc:
        raise AuthError(f"the Google token {token_path} is unreadable ({exc}); {hint}") from exc
    if token_uri:
        expiry = creds.expiry
        creds = creds.with_token_uri(token_uri)
        creds.expiry = expiry  # the copy forgets it
    if creds.scopes and not set(SCOPES) <= set(creds.scopes):
        missing = ", ".join(sorted(set(SCOPES) - set(creds.scopes)))
        raise AuthError(f"the Google token lacks {missing}; {hint}")
    if not creds.valid:
        if not creds.refresh_token:
            raise AuthError(f"the Google sign-in has expired and cannot be renewed; {hint}")
        try:
            if request is None:
                from google.auth.transport.requests import Request

                request = Request()
            creds.refresh(request)
        except RefreshError as exc:
            raise translate_refresh_error(exc, hint) from exc
        except TransportError as exc:
            raise AuthError(f"cannot reach Google to renew the sign-in ({exc}); check the network and try again") \
                from exc
        save_credentials(creds, token_path)
    return creds


def translate_refresh_error(exc: RefreshError, hint: str | None = None) -> AuthError:
    """``invalid_grant`` and friends as one line that says what happened and what to run."""
    hint = hint or sign_in_hint()
    details = exc.args[1] if len(exc.args) > 1 and isinstance(exc.args[1], dict) else {}
    code = str(details.get("error") or "")
    text = str(exc.args[0]) if exc.args else str(exc)
    if code == "invalid_grant" or "invalid_grant" in text:
        return AuthError("Google no longer accepts the saved sign-in (invalid_grant: it was revoked, the password "
                         "changed, or it is older than 7 days while the app's OAuth consent screen is in "
                         f"'Testing' mode); {hint}")
    if code in ("invalid_client", "unauthorized_client") or "invalid_client" in text:
        return AuthError(f"Google rejected the OAuth client ({code or text}); download the client secrets again "
                         f"from the Google Cloud console, then {hint}")
    return AuthError(f"Google sign-in could not be renewed ({text}); {hint}")
