"""The deal's seed, sealed while the game runs: a commitment at the start, the seed
and the salt at the end, so a player can check the deal was fixed in advance.

The seed rebuilds every hidden card, so it is never shown while the game runs; bots
get seeds derived from it through a hash, so their play cannot betray it either.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from meeple.core.commitment import commit, new_salt


@dataclass(frozen=True)
class SealedSeed:
    seed: int
    salt: str = field(default_factory=new_salt)

    @property
    def commitment(self) -> str:
        return commit(self.seed, self.salt)

    def announce(self) -> str:
        return (
            f"deal commitment [bold]{self.commitment}[/] (a hash of the seed; the seed "
            "and its salt are shown when the game ends, so you can check the deal was "
            "fixed before you played)"
        )

    def reveal(self) -> list[str]:
        c = self.commitment
        return [
            f"the deal: seed [bold]{self.seed}[/], salt {self.salt}, commitment {c}",
            f"check it: meeple verify {self.seed} {self.salt} {c}",
            f"  or: printf %s 'meeple-seed/{self.salt}/{self.seed}' | sha256sum",
        ]


def bot_seed(seed: int, seat: int) -> int:
    """A bot's own seed: reproducible from the game's seed, but not a clue to it."""
    digest = hashlib.sha256(f"meeple-bot/{seed}/{seat}".encode()).hexdigest()
    return int(digest[:12], 16)
