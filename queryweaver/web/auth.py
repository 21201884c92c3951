"""Who may use the web server: the per-launch token, carried once in a URL and then as a cookie.

As Jupyter does, ``queryweaver serve`` opens the browser on ``http://127.0.0.1:PORT/?token=TOKEN``; the
server swaps the token for an HttpOnly, SameSite=Strict cookie and redirects to the clean URL, so the
page never holds the token where a script (or another local program reading the page) could see it.
A request is let in when it carries the token in the ``X-QueryWeaver-Token`` header (scripts, tests), or
the cookie from a page of this very origin: a request carrying the cookie from another origin (a page on
``http://127.0.0.1:9999``, which the browser counts as the same *site*) is refused by its ``Origin`` and
``Sec-Fetch-Site`` headers. Nothing here reads the request body: the token is checked before any body is.
"""

from __future__ import annotations

import hmac
import re
from typing import Mapping

TOKEN_HEADER = "X-QueryWeaver-Token"
TOKEN_PARAM = "token"
COOKIE_PREFIX = "queryweaver_token_"
# Sec-Fetch-Site values a request from our own page (or typed in the address bar) carries.
OWN_FETCH_SITES = frozenset({"same-origin", "none"})
_TOKEN_IN_TEXT = re.compile(r"(?i)(token=)[^&\s\"']+")


def cookie_name(host: str) -> str:
    """One cookie per port: cookies ignore ports, and two servers on one machine must not mix them up."""
    port = host.rsplit(":", 1)[1] if ":" in host.rsplit("]", 1)[-1] else "80"
    return COOKIE_PREFIX + "".join(c for c in port if c.isdigit())


def same_token(given: object, token: str) -> bool:
    return isinstance(given, str) and bool(given) and hmac.compare_digest(given.encode(), token.encode())


def from_own_origin(headers: Mapping[str, str], host: str, scheme: str = "http") -> bool:
    """False when the browser says the request comes from a page of another origin."""
    origin = headers.get("Origin")
    if origin is not None and origin.rstrip("/").lower() != f"{scheme}://{host}".lower():
        return False
    site = headers.get("Sec-Fetch-Site")
    return site is None or site.lower() in OWN_FETCH_SITES


def allowed(headers: Mapping[str, str], cookies: Mapping[str, str], host: str, token: str) -> bool:
    """Whether a request may use the API: the token header, or the cookie from our own origin."""
    if same_token(headers.get(TOKEN_HEADER), token):
        return True
    return same_token(cookies.get(cookie_name(host)), token) and from_own_origin(headers, host)


def redact(text: str) -> str:
    """``text`` with every ``token=...`` value replaced, for anything that may be printed or logged."""
    return _TOKEN_IN_TEXT.sub(r"\1[redacted]", text)
