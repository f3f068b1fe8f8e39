"""Seed commitments: prove a deal was fixed before the game without revealing it.

The seed rebuilds every hidden card, so nobody at the table may see it while the game
runs. At the start we publish ``commit(seed, salt)``; at the end we reveal the seed and
the salt, and anyone can ``verify``. The random salt keeps a small seed from being found
by trying every value against the hash.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_salt() -> str:
    """128 random bits, hex."""
    return secrets.token_hex(16)


def commit(seed: int, salt: str) -> str:
    """The SHA-256 commitment to ``seed`` under ``salt`` (hex)."""
    return hashlib.sha256(f"meeple-seed/{salt}/{seed}".encode()).hexdigest()


def verify(seed: int, salt: str, commitment: str) -> bool:
    """True when ``seed`` and ``salt`` are what ``commitment`` was made from."""
    return hmac.compare_digest(commit(seed, salt), commitment)
