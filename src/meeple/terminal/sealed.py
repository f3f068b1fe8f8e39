"""The deal's seed, sealed while the game runs: a commitment at the start, the seed
and the salt at the end, so a player can check the deal was fixed in advance.

The seed rebuilds every hidden card, so it is never shown while the game runs; bots
get seeds derived from it through a hash, so their play cannot betray it either.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from rich.markup import escape

from meeple.core.commitment import commit, new_salt
from meeple.i18n import COMMON as M
from meeple.i18n import current


@dataclass(frozen=True)
class SealedSeed:
    seed: int
    salt: str = field(default_factory=new_salt)

    @property
    def commitment(self) -> str:
        return commit(self.seed, self.salt)

    def announce(self) -> str:
        c = self.commitment
        return escape(current().text(M("term.commitment", commitment=c))).replace(c, f"[bold]{c}[/]")

    def reveal(self) -> list[str]:
        c = self.commitment
        say = current()
        return [
            escape(say(M("term.deal", seed=str(self.seed), salt=self.salt, commitment=c))),
            escape(say(M("term.check", command=f"meeple verify {self.seed} {self.salt} {c}"))),
            escape(say(M("term.check_or", command=f"printf %s 'meeple-seed/{self.salt}/{self.seed}' | sha256sum"))),
        ]


def bot_seed(seed: int, seat: int) -> int:
    """A bot's own seed: reproducible from the game's seed, but not a clue to it."""
    digest = hashlib.sha256(f"meeple-bot/{seed}/{seat}".encode()).hexdigest()
    return int(digest[:12], 16)
