"""Google sign-in: the real installed-app flow object and real token refreshes, against the fake token endpoint."""

from __future__ import annotations

import json
import os
import stat
from datetime import datetime, timedelta

import pytest
from google.auth.transport.requests import Request

from connectors.google_auth import (
    CLIENT_SECRETS_KEY,
    SCOPES,
    default_token_path,
    load_credentials,
    sign_in,
    sign_in_command,
)
from queryweaver.errors import AuthError, ConfigError
from tests.fake_google import FakeGoogle


@pytest.fixture
def fake():
    with FakeGoogle(account="alex@example.org") as server:
        yield server


@pytest.fixture
def client_secrets(tmp_path, fake):
    path = tmp_path / "client_secret.json"
    path.write_text(json.dumps({"installed": {
        "client_id": "client-id.apps.googleusercontent.com", "client_secret": "shh",
        "auth_uri": fake.url + "auth", "token_uri": fake.token_uri, "redirect_uris": ["http://localhost"]}}))
    return path


def code_flow_runner(flow):
    """What the browser step ends with: Google redirects back with a code, exchanged at the token endpoint."""
    flow.redirect_uri = "http://localhost:8765/"
    flow.fetch_token(code="good-code")
    return flow.credentials


@pytest.fixture(autouse=True)
def plain_http_token_endpoint(monkeypatch):
    # oauthlib insists on https token endpoints; the fake listens on plain http://127.0.0.1.
    monkeypatch.setenv("OAUTHLIB_INSECURE_TRANSPORT", "1")


def write_token(path, fake, *, expired: bool, refresh_token: str = "refresh-1", scopes=SCOPES):
    expiry = datetime.utcnow() + (timedelta(minutes=-5) if expired else timedelta(hours=1))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"token": fake.issue_access_token(), "refresh_token": refresh_token,
                                "token_uri": fake.token_uri, "client_id": "client-id", "client_secret": "shh",
                                "scopes": list(scopes), "expiry": expiry.isoformat() + "Z",
                                CLIENT_SECRETS_KEY: "/home/alex/client_secret.json"}))


def test_sign_in_stores_a_private_read_only_token(tmp_path, client_secrets, fake):
    token = tmp_path / "data" / "google-token.json"
    result = sign_in(client_secrets, token, flow_runner=code_flow_runner)
    assert result.token_path == token
    assert set(result.scopes) == set(SCOPES)
    assert all(s.endswith(".readonly") for s in SCOPES)
    assert stat.S_IMODE(os.stat(token).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(token.parent).st_mode) == 0o700
    data = json.loads(token.read_text())
    assert data["refresh_token"] == "refresh-1"
    assert data[CLIENT_SECRETS_KEY] == str(client_secrets.resolve())
    assert fake.counts["oauth2.token"] == 1
    assert load_credentials(token).valid


def test_the_token_lives_in_the_user_data_dir(tmp_path):
    assert default_token_path(tmp_path) == tmp_path / "google-token.json"
    assert default_token_path().name == "google-token.json"


def test_expired_token_is_refreshed_over_http_and_saved(tmp_path, fake):
    token = tmp_path / "google-token.json"
    write_token(token, fake, expired=True)
    before = json.loads(token.read_text())["token"]
    creds = load_credentials(token, request=Request(), token_uri=fake.token_uri)
    assert creds.valid and creds.token != before
    assert fake.counts["oauth2.token"] == 1
    saved = json.loads(token.read_text())
    assert saved["token"] == creds.token
    assert saved[CLIENT_SECRETS_KEY] == "/home/alex/client_secret.json"   # kept for the next error message
    assert stat.S_IMODE(os.stat(token).st_mode) == 0o600


def test_revoked_refresh_token_names_the_exact_command(tmp_path, fake):
    token = tmp_path / "elsewhere" / "token.json"
    write_token(token, fake, expired=True)
    fake.revoked.add("refresh-1")
    with pytest.raises(AuthError) as err:
        load_credentials(token, request=Request(), token_uri=fake.token_uri)
    message = str(err.value)
    assert "invalid_grant" in message and "Testing" in message and "7 days" in message
    assert message.endswith(f"sign in again with: queryweaver auth google --client-secrets "
                            f"/home/alex/client_secret.json --token-file {token}")


def test_not_signed_in(tmp_path):
    with pytest.raises(AuthError, match="not signed in to Google .* run: queryweaver auth google --client-secrets"):
        load_credentials(tmp_path / "none.json")


def test_a_token_without_the_scopes_is_refused(tmp_path, fake):
    token = tmp_path / "google-token.json"
    write_token(token, fake, expired=False, scopes=["https://www.googleapis.com/auth/gmail.readonly"])
    with pytest.raises(AuthError, match="calendar.readonly"):
        load_credentials(token)


def test_sign_in_errors_say_what_to_do(tmp_path, client_secrets):
    with pytest.raises(ConfigError, match="does not exist; download it"):
        sign_in(tmp_path / "missing.json", tmp_path / "t.json", flow_runner=code_flow_runner)

    def denied(flow):
        raise RuntimeError("access_denied")

    with pytest.raises(AuthError, match="did not complete .*access_denied.* run: queryweaver auth google"):
        sign_in(client_secrets, tmp_path / "t.json", flow_runner=denied)
    assert not (tmp_path / "t.json").exists()


def test_sign_in_command_quotes_paths():
    assert sign_in_command("/a b/c.json") == "queryweaver auth google --client-secrets '/a b/c.json'"
