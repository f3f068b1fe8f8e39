"""How a game of Lewis & Clark ends, and who wins (rulings LEW-14 to LEW-16).

- Reaching the Pacific (rule text lines 175-181): a camp on or past Fort Clatsop with
  no more Time tokens than the number printed under the scout wins at once.
- The route ends at its last printed space, whose number (10) is the most Time tokens
  a winning camp can hold; tokens are never given back, so a seat holding more can no
  longer win (line 177: the game goes on for the others). When no seat can still win,
  the game ends (LEW-14).
- Keep moving (LEW-15, option ``progress_rounds``): at the end of every sixth round
  the scouts must have advanced, together, at least one space per player since the
  previous check; otherwise the expeditions are stuck and the game ends. The scouts'
  total only grows and is at most ``players x 49``, so at most 49 checks can pass:
  every game ends within 300 rounds, whatever the players do (``decision_bound``).
  Solo games are exempt: Mackenzie is their clock.
- Solo: Mackenzie reaching Fort Clatsop beats you (DC-25).
- House rule ``turn_limit`` (short simulations): the game ends after that many turns
  per player.

Every end other than the Pacific ranks the expeditions by how close they came to
winning (LEW-16): first those that can still win, then the highest scout position
minus Time tokens (the spaces still missing, counted the way the end spaces count
tokens), then the furthest scout; equal expeditions share the win. Solo, you win such
an end only if your scout is ahead of Mackenzie and you could still win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.lewis_clark.components import FORT, MAX_ALLOWANCE

if TYPE_CHECKING:
    from meeple.games.lewis_clark.expedition import Expedition
    from meeple.games.lewis_clark.rules import LewisClarkState

PACIFIC = "reached the Pacific"
NO_WINNER_POSSIBLE = "no expedition can still win (too many Time tokens)"
STUCK = "the expeditions are stuck (too little progress since the last check)"
MACKENZIE = "Mackenzie reached Fort Clatsop first"
TURN_LIMIT = "turn limit (house rule)"


def camp_wins(e: Expedition) -> bool:
    """Line 175: camp on or past the fort with Time tokens at most the number there."""
    return e.camp >= FORT and e.time_tokens <= e.camp - FORT


def can_still_win(e: Expedition) -> bool:
    """Tokens never go; the last space allows MAX_ALLOWANCE (LEW-14)."""
    return e.time_tokens <= MAX_ALLOWANCE


def progress(e: Expedition) -> int:
    """Scout position minus Time tokens: how close the expedition is to winning."""
    return e.scout - e.time_tokens


def closest_to_the_pacific(s: LewisClarkState) -> list[int]:
    """The seats that win an end other than the Pacific (LEW-16)."""
    if s.players == 1:
        e = s.expeditions[0]
        ahead = s.mackenzie is None or e.scout > s.mackenzie
        return [0] if ahead and can_still_win(e) else []
    keys = [(can_still_win(e), progress(e), e.scout) for e in s.expeditions]
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]


def check_every(s: LewisClarkState) -> int | None:
    """Turns between two progress checks (None: no checks, the bare rule text)."""
    if s.players == 1:
        return None
    rounds = s.options["progress_rounds"]
    return None if rounds is None else rounds * s.players


def scouts_total(s: LewisClarkState) -> int:
    return sum(e.scout for e in s.expeditions)


def progress_needed(s: LewisClarkState) -> int:
    """Spaces the scouts must advance together between two checks: one per player."""
    return s.players


def after_camp(s: LewisClarkState, seat: int) -> None:
    e = s.expeditions[seat]
    if camp_wins(e):
        s.game_over([seat], PACIFIC)
    elif not any(can_still_win(x) for x in s.expeditions):
        s.game_over(closest_to_the_pacific(s) if s.players > 1 else [], NO_WINNER_POSSIBLE)


def after_turn(s: LewisClarkState) -> None:
    """Mackenzie moves (solo), then the clocks that end a game are checked."""
    if s.mackenzie is not None:
        s.mackenzie += 1  # DC-25: he advances one space after each of your turns
        scouts = {e.scout for e in s.expeditions}
        while s.mackenzie in scouts:
            s.mackenzie += 1
        if s.mackenzie >= FORT:
            s.game_over([], MACKENZIE)
            return
    every = check_every(s)
    if every is not None and s.turns % every == 0:
        total = scouts_total(s)
        if total - s.progress_mark < progress_needed(s):
            s.game_over(closest_to_the_pacific(s), STUCK)
            return
        s.progress_mark = total
    turns = s.options["turn_limit"]
    if turns is not None and s.turns >= turns * s.players:
        s.game_over(closest_to_the_pacific(s), TURN_LIMIT)
