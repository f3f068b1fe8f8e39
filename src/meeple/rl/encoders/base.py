"""How an encoder is declared: named features of fixed size, read from a seat's view.

An encoder turns ``state.view(seat)`` (and nothing else) into a float32 vector whose
length depends only on the game and the player count. Each feature is declared once
with its size, its range and a sentence saying what it is; that declaration both fills
the vector and generates the feature table in ``docs/rl.md``, so the two cannot drift.

Views change as games evolve. An encoder lists every top-level view key it knows
(``reads`` and ``ignores``); a view with any other key, a missing key, or a value of
an unexpected shape raises ``ViewShapeError`` naming the feature and the key, instead
of silently feeding a network garbage.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from meeple.core.errors import MeepleError

View = Mapping[str, Any]


class ViewShapeError(MeepleError):
    """A view does not have the shape the game's encoder was written for."""


@dataclass(frozen=True)
class Feature:
    """One named block of the observation vector."""

    name: str
    size: int
    doc: str
    low: float
    high: float
    read: Callable[[View], Sequence[float]]
    start: int = 0

    @property
    def stop(self) -> int:
        return self.start + self.size


class Encoder:
    """Base class: subclasses set ``game``, ``reads``, ``ignores`` and ``declare``.

    ``reads`` is the set of top-level view keys the features use; ``ignores`` maps the
    keys deliberately left out to the reason, which the docs print.
    """

    game: str = ""
    reads: frozenset[str] = frozenset()
    ignores: Mapping[str, str] = {}

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        self.players = players
        self.options = dict(options or {})
        self.features: list[Feature] = []
        self._size = 0
        self.declare()
        self.low = np.array(
            [f.low for f in self.features for _ in range(f.size)], dtype=np.float32
        )
        self.high = np.array(
            [f.high for f in self.features for _ in range(f.size)], dtype=np.float32
        )

    # ---- declaring -------------------------------------------------------
    def declare(self) -> None:
        raise NotImplementedError

    def feature(
        self,
        name: str,
        size: int,
        doc: str,
        read: Callable[[View], Sequence[float]],
        low: float = 0.0,
        high: float = 1.0,
    ) -> None:
        """Declare the next block: ``read(view)`` returns exactly ``size`` numbers."""
        if any(f.name == name for f in self.features):
            raise ValueError(f"feature {name!r} declared twice")
        self.features.append(Feature(name, size, doc, low, high, read, self._size))
        self._size += size

    @property
    def size(self) -> int:
        return self._size

    def symmetries(self) -> tuple[np.ndarray, np.ndarray] | None:
        """Relabellings that leave the game unchanged, as index maps: ``obs[:, o[k]]``
        and ``actions[:, a[k]]`` are the observation and action codes of the same position
        with the ``k``-th relabelling applied (Lost Cities: its colours). Training draws
        one per sample, which multiplies what a few thousand searched positions teach.
        ``None``: no symmetry is declared."""
        return None

    # ---- encoding --------------------------------------------------------
    def encode_state(self, state: Any, seat: int) -> np.ndarray:
        """The observation of ``seat`` in ``state``: ``encode(state.view(seat))``. An
        encoder may override it with the same numbers read straight from the state (a
        network asked at every node of a search pays for building views), with a test
        that the two agree."""
        return self.encode(state.view(seat))

    def check(self, view: View) -> None:
        """Refuse a view of another game or with keys this encoder was not written for."""
        if not isinstance(view, Mapping):
            raise ViewShapeError(f"a view is a dict, got {type(view).__name__}")
        if view.get("game") != self.game:
            raise ViewShapeError(f"the {self.game} encoder got a view of {view.get('game')!r}")
        if view.get("seat") is None:
            raise ViewShapeError("observations are built from a seat's view, not the spectators'")
        known = self.reads | set(self.ignores)
        unknown = sorted(set(view) - known)
        if unknown:
            raise ViewShapeError(
                f"{self.game} view has key(s) {', '.join(map(repr, unknown))} that the "
                f"encoder does not know (known: {', '.join(sorted(known))}); encode or "
                f"ignore them in meeple/rl/encoders/"
            )

    def encode(self, view: View, clip: bool = True) -> np.ndarray:
        """The observation; values outside a feature's declared range are clipped into it
        (``clip=False`` keeps them, for tests that check the ranges are honest)."""
        self.check(view)
        out = np.empty(self._size, dtype=np.float32)
        for f in self.features:
            try:
                values = f.read(view)
            except (KeyError, TypeError, IndexError, ValueError, AttributeError) as err:
                raise ViewShapeError(
                    f"{self.game} feature {f.name!r} cannot be read from the view: "
                    f"{type(err).__name__}: {err}"
                ) from err
            if len(values) != f.size:
                raise ViewShapeError(
                    f"{self.game} feature {f.name!r} should have {f.size} values, got {len(values)}"
                )
            out[f.start : f.stop] = values
        if clip:
            np.clip(out, self.low, self.high, out=out)
        return out


# ---- helpers the game encoders share -----------------------------------------


def seats(view: View, players: int) -> list[int]:
    """Seats in observation order: the observing seat first, then clockwise."""
    me = view["seat"]
    return [(me + i) % players for i in range(players)]


def relative(seat: int | None, view: View, players: int) -> int:
    """A seat as an offset from the observer (0: me); ``players`` for none."""
    if seat is None:
        return players
    return (seat - view["seat"]) % players


def onehot(index: int | None, size: int) -> list[float]:
    """``size`` zeros with a one at ``index`` (all zeros for ``None``)."""
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


def lookup(table: Mapping[str, int], key: str, what: str) -> int:
    """The index of ``key`` in ``table``, or ViewShapeError naming what was expected."""
    try:
        return table[key]
    except (KeyError, TypeError):
        raise ViewShapeError(
            f"unknown {what} {key!r}; known: {', '.join(map(str, table))}"
        ) from None


def counts(keys: Iterable[str], table: Mapping[str, int], what: str, scale: float = 1.0) -> list[float]:
    """How many times each entry of ``table`` occurs in ``keys``, divided by ``scale``."""
    out = [0.0] * len(table)
    for key in keys:
        out[lookup(table, key, what)] += 1.0 / scale
    return out


def index(names: Sequence[str]) -> dict[str, int]:
    return {name: i for i, name in enumerate(names)}
