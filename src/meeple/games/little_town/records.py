"""Small named records the state keeps: the turn so far, a Pawnshop trade in progress,
a meal paid at the end of a round, a feeding in progress.

They are part of the position format (``state.to_json()``), so their field names are
the documentation.
"""

from __future__ import annotations

from typing import NamedTuple


class TurnRecord(NamedTuple):
    """What the active seat has done this turn, for the turn objectives (O5, O14-O17).

    Immutable, so clones share it; the rules replace it when it changes."""

    harvested_kinds: int = 0  # bit r: a cube of kind r was harvested this turn
    harvested: int = 0  # cubes taken from terrain this turn
    spent_kinds: int = 0  # bit r: a cube of kind r was paid (as a cube) this turn
    activations: int = 0  # buildings activated this turn
    point_activations: int = 0  # activations that gave victory points
    mixed_input: bool = False  # an activation was paid with two kinds of cube

    def as_list(self) -> list[int]:
        """The view's ``turn`` entry (its order is part of the view format)."""
        return [*self[:5], int(self.mixed_input)]


NEW_TURN = TurnRecord()


class PawnshopTrade(NamedTuple):
    """The Pawnshop being used: two cubes given, then two taken (one decision each)."""

    given: tuple[int, ...]  # kinds given so far
    taken: int  # cubes taken so far
    resume: str  # the phase to return to once the trade is over


class Meal(NamedTuple):
    """How one seat fed its workers at the end of one round (public)."""

    round: int
    seat: int
    fish: int
    wheat: int
    coins: int  # meals paid with 3 coins each
    hungry: int  # workers left unfed (-3 points each)


class FeedingProgress(NamedTuple):
    """A feeding interrupted by a meal choice: who is eating and what so far."""

    seats_fed: int  # seats (from the first player on) whose feeding is over
    meals_left: int  # meals the current seat still owes
    fish: int
    wheat: int
    coins: int
