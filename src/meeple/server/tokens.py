"""Seat tokens: 256 random bits handed out once, kept only as their SHA-256.

A stolen database yields no usable token, and comparing hashes with
``hmac.compare_digest`` leaks nothing through timing.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable


def new_token() -> str:
    """A fresh bearer token (32 random bytes, URL-safe text)."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def find_seat(token: str, hashes: Iterable[str | None]) -> int | None:
    """The index of the hash ``token`` matches, comparing against every one in constant time."""
    digest = hash_token(token)
    found = None
    for seat, stored in enumerate(hashes):
        if stored is not None and hmac.compare_digest(digest, stored) and found is None:
            found = seat
    return found
