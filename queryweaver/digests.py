"""SHA-1 of short texts (index file names, cache keys, graph colours) without loading OpenSSL.

``import hashlib`` loads OpenSSL's libcrypto, about 2 ms of a question asked again; CPython's own ``_sha1`` gives the
same digests (hashlib falls back to it when built without OpenSSL). Hashing a file's content keeps hashlib, whose
SHA-1 is the faster one on large inputs.
"""

from __future__ import annotations

try:
    from _sha1 import sha1 as _sha1
except ImportError:  # an interpreter built without its own SHA-1
    from hashlib import sha1 as _sha1


def sha1_hex(data: bytes) -> str:
    """The SHA-1 of ``data`` in hex, as ``hashlib.sha1(data).hexdigest()``."""
    return _sha1(data).hexdigest()
