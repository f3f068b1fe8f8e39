"""Lewis & Clark (second edition) rules as a state machine of small decisions.

Rule text, "Tour de Jeu" (lines 74-82): each turn one mandatory Action (a character
with strength from one hand card, 1-3 Indians or a card plus 1-2 Indians, or a
village location), an optional Recruitment and an optional Camp, each before or after
the Action. This module holds the state and the turn; the running action is in
``effects``, movement in ``route``, the Journal in ``journal``, the end in ``ending``.

Phases (``state.phase``): ``main`` (choose the action, recruit, camp, end), ``source``
(the strength of the card just played), ``extra`` (Indians added to a supporting card),
``arc`` (how many Indians go to an arc), ``effect`` (the action runs), ``recruit``
(pay the recruit's equipment), ``over``.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Sequence
from typing import Any

from meeple.core.actions import Action
from meeple.core.state import State
from meeple.games.lewis_clark import actions as A
from meeple.games.lewis_clark import effects, ending, journal
from meeple.games.lewis_clark.actions import ACTIONS
from meeple.games.lewis_clark.components import (
    ALL_RES,
    BOLEY,
    EFFECTS,
    EQUIP,
    LOC_EFFECT0,
    N_ENCOUNTERED,
    N_KINDS,
    N_LOCS,
    STRENGTH,
    TILES,
    VILLAGE_LOCS,
)
from meeple.games.lewis_clark.effects import UPGRADE
from meeple.games.lewis_clark.expedition import Expedition, Played

PHASE_NAMES = ("main", "source", "extra", "arc", "effect", "recruit", "over")
MAIN, SOURCE, EXTRA, ARC, EFFECT, RECRUIT, OVER = PHASE_NAMES
MAX_STRENGTH = 3
#: the Action of a code, at C speed (legal lists are built on every decision of a playout)
_ACTION_OF = tuple(ACTIONS).__getitem__
#: ``indians 1`` .. ``indians n`` for n = 0..3: the strength Indians can give
_INDIAN_CODES = tuple(tuple(A.INDIANS + i for i in range(1, n + 1)) for n in range(MAX_STRENGTH + 1))
#: every village location as (loc, circles (0: no limit), action code)
_LOCS = tuple((loc, v.circles, A.VILLAGE + loc) for loc, v in enumerate(VILLAGE_LOCS))


class LewisClarkState(State):
    """Expeditions, the village, the Journal, and where the current turn stands."""

    # ---- setup -------------------------------------------------------------------
    @classmethod
    def start(cls, game, players, seed, options):
        self = cls.__new__(cls)
        self._init_core(players, seed, options)
        # rule text line 47: 6 starting cards; setup notes: 1 fur, 1 food, 1 equipment
        # and 1 Indian each; lines 31-37: 3 + 3 x players Indians, 1 in the Pow-wow (DC-5)
        self.expeditions = [Expedition() for _ in range(players)]
        self.village = [0] * N_LOCS        # Indians on each village location
        self.powwow = 1
        self.indian_stock = 3 + 3 * players - players - 1
        self.boat_tiles = TILES
        deck = list(range(N_ENCOUNTERED))   # kept sorted: draws are random (journal.draw)
        deal = self.chance()
        self.journal = sorted((deck.pop(deal.randrange(len(deck))) for _ in range(journal.SLOTS)),
                              key=STRENGTH.__getitem__)
        self.deck = deck
        self.discard: list[int] = []       # face up (rule text line 135)
        self.reveals += journal.SLOTS
        self.mackenzie: int | None = options["difficulty"] if players == 1 else None
        self.first_player = self.chance().randrange(players)
        self.turns = 0
        self.progress_mark = 0             # the scouts' total at the last progress check
        self.winning_seats: list[int] = []
        self.end_reason = ""
        self.to_move = self.first_player
        self._new_turn()
        return self

    def _new_turn(self) -> None:
        self.phase = MAIN
        self.acted = False
        self.camped = False
        self.recruited = False
        self.playing = -1        # the card being played (source, extra)
        self.support = -1        # its supporting card (extra)
        self.arc = -1            # the arc location being given Indians
        self.recruit_slot = -1   # the Journal slot being recruited
        self.effects: list[effects.Frame] = []
        self.gained = [0] * 6    # goods this action gained (they cannot pay it: DC-6)
        self.passives_used: tuple[str, ...] = ()  # movers' bonuses used this action

    def clone(self) -> LewisClarkState:
        new = LewisClarkState.__new__(LewisClarkState)
        self._copy_core(new)
        new.expeditions = [e.copy() for e in self.expeditions]
        new.village = self.village.copy()
        new.powwow = self.powwow
        new.indian_stock = self.indian_stock
        new.boat_tiles = self.boat_tiles
        new.journal = self.journal.copy()
        new.deck = self.deck.copy()
        new.discard = self.discard.copy()
        new.mackenzie = self.mackenzie
        new.first_player = self.first_player
        new.turns = self.turns
        new.progress_mark = self.progress_mark
        new.winning_seats = self.winning_seats.copy()
        new.end_reason = self.end_reason
        new.phase = self.phase
        new.acted = self.acted
        new.camped = self.camped
        new.recruited = self.recruited
        new.playing = self.playing
        new.support = self.support
        new.arc = self.arc
        new.recruit_slot = self.recruit_slot
        new.effects = [f.copy() for f in self.effects]
        new.gained = self.gained.copy()
        new.passives_used = self.passives_used
        return new

    # ---- table queries -----------------------------------------------------------
    def scouts(self) -> list[int]:
        """Every scout on the route, Mackenzie's included."""
        out = [e.scout for e in self.expeditions]
        if self.mackenzie is not None:
            out.append(self.mackenzie)
        return out

    def camp_time(self, seat: int) -> int:
        e = self.expeditions[seat]
        return e.camp_time(e.has_in_play(BOLEY))

    # ---- legal moves -------------------------------------------------------------
    def _legal_actions(self) -> Sequence[Action]:
        seat = self.to_move
        phase = self.phase
        e = self.expeditions[seat]
        if phase == MAIN:
            out = self._main_legal(seat, e)
        elif phase == EFFECT:
            out = effects.legal(self, seat)
        elif phase == SOURCE:
            out = [A.WITH + k for k in e.hand]
            out += _INDIAN_CODES[min(MAX_STRENGTH, e.indians)]
        elif phase == EXTRA:
            room = MAX_STRENGTH - STRENGTH[self.support]
            out = [*_INDIAN_CODES[min(room, e.indians)], A.STOP]
        elif phase == ARC:
            out = _INDIAN_CODES[min(MAX_STRENGTH, e.indians)]
        else:  # RECRUIT
            short = STRENGTH[self.journal[self.recruit_slot]] - e.goods[EQUIP]
            out = [A.DISCARD + k for k in e.hand if STRENGTH[k] >= short]
            if short <= 0:
                out.append(A.SKIP)
        return tuple(map(_ACTION_OF, out))

    def _main_legal(self, seat: int, e: Expedition) -> list[int]:
        drops = self.options["drop_goods"]
        acted = self.acted
        if acted:
            out: list[int] = []
        elif e.indians > 0 or len(e.hand) >= 2:  # e.can_act()
            out = [A.PLAY + k for k in e.hand]
            if e.indians:
                village = self.village
                for loc, circles, code in _LOCS:
                    if circles == 0 or (village[loc] < circles and (loc != UPGRADE or self.boat_tiles)):
                        out.append(code)
        elif not self.camped:  # rule text line 148: forced camp first (LEW-7)
            out = [A.CAMP]
            if drops:
                out.extend(A.DROP + r for r in ALL_RES if e.goods[r])
            return out
        else:
            out = [A.END]  # DC-26: still no action possible: the turn passes
        if not self.recruited:
            out += journal.recruitable(self, seat, A.RECRUIT)
        if not self.camped:
            out.append(A.CAMP)
        if drops:
            out.extend(A.DROP + r for r in ALL_RES if e.goods[r])
        if acted:
            out.append(A.END)
        return out

    # ---- playing -----------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        a = int(action)
        seat = self.to_move
        phase = self.phase
        if phase == EFFECT:
            effects.apply(self, seat, a)
        elif phase == MAIN:
            self._main_apply(seat, a)
        elif phase == SOURCE:
            if A.INDIANS < a <= A.INDIANS + MAX_STRENGTH:
                self._begin_card(seat, -1, a - A.INDIANS)
            else:
                k = a - A.WITH
                self.expeditions[seat].hand.remove(k)
                self.support = k
                if STRENGTH[k] < MAX_STRENGTH and self.expeditions[seat].indians > 0:
                    self.phase = EXTRA
                else:
                    self._begin_card(seat, k, 0)
        elif phase == EXTRA:
            self._begin_card(seat, self.support, 0 if a == A.STOP else a - A.INDIANS)
        elif phase == ARC:
            self._begin_village(seat, self.arc, a - A.INDIANS)
        else:  # RECRUIT
            journal.finish_recruit(self, seat, -1 if a == A.SKIP else a - A.DISCARD)

    def _main_apply(self, seat: int, a: int) -> None:
        e = self.expeditions[seat]
        if A.PLAY <= a < A.PLAY + N_KINDS:
            e.hand.remove(a - A.PLAY)
            self.playing = a - A.PLAY
            self.acted = True
            self.phase = SOURCE
        elif A.VILLAGE <= a < A.VILLAGE + N_LOCS:
            loc = a - A.VILLAGE
            self.acted = True
            if VILLAGE_LOCS[loc].circles:
                self._begin_village(seat, loc, 1)
            else:
                self.arc = loc
                self.phase = ARC
        elif A.RECRUIT <= a < A.RECRUIT + journal.SLOTS:
            journal.begin_recruit(self, seat, a - A.RECRUIT)
        elif a == A.CAMP:
            self._camp(seat)
        elif A.DROP <= a < A.DROP + len(ALL_RES):
            e.goods[a - A.DROP] -= 1  # option drop_goods (DC-15)
        else:  # END
            self._end_turn()

    def _begin_card(self, seat: int, support: int, indians: int) -> None:
        """Rule text lines 101-107: the card and its strength go to the play area."""
        kind = self.playing
        e = self.expeditions[seat]
        e.indians -= indians
        e.play_area.append(Played(kind, support, indians))
        self.playing = self.support = -1
        strength = (STRENGTH[support] if support >= 0 else 0) + indians
        self._start_action()
        eff = EFFECTS[kind]
        if eff.passive:
            self.phase = MAIN
            return
        effects.push(self, kind, 1 if eff.once else strength)

    def _begin_village(self, seat: int, loc: int, indians: int) -> None:
        """Rule text lines 111-116: once per Indian placed; the Indians stay there."""
        self.expeditions[seat].indians -= indians
        self.village[loc] += indians
        self.arc = -1
        self._start_action()
        effects.push(self, LOC_EFFECT0 + loc, indians)

    def _start_action(self) -> None:
        self.phase = EFFECT
        self.gained = [0] * 6
        self.passives_used = ()

    # ---- camp, turn end, game end ----------------------------------------------------
    def _camp(self, seat: int) -> None:
        """Rule text lines 152-171: Indians back, Time tokens, cards back to hand; the
        camp moves to the scout (DC-22)."""
        e = self.expeditions[seat]
        e.time_tokens += self.camp_time(seat)
        for played in e.play_area:
            e.indians += played.indians
            insort(e.hand, played.card)
            if played.support >= 0:
                insort(e.hand, played.support)
        e.play_area = []
        e.camp = e.scout
        self.camped = True
        ending.after_camp(self, seat)

    def _end_turn(self) -> None:
        self.turns += 1
        ending.after_turn(self)
        if self.to_move is not None:
            self.to_move = (self.to_move + 1) % self.players
            self._new_turn()

    def game_over(self, winners: list[int], reason: str) -> None:
        self.winning_seats = winners
        self.end_reason = reason
        self.phase = OVER
        self.to_move = None

    # ---- results -----------------------------------------------------------------
    def scores(self) -> list[int]:
        """Scout position minus Time tokens (how close to winning, LEW-12), +100 to the
        winners at the end, -100 to a solo player Mackenzie (or the clock) beat."""
        out = [ending.progress(e) for e in self.expeditions]
        for seat in self.winning_seats:
            out[seat] += WIN_BONUS
        if self.to_move is None and self.players == 1 and not self.winning_seats:
            out[0] -= WIN_BONUS
        return out

    def winners(self) -> list[int]:
        return list(self.winning_seats)

    # ---- explanations and information -------------------------------------------------
    def why_illegal(self, action: Action) -> str:
        from meeple.games.lewis_clark.explain import why_illegal

        return why_illegal(self, int(action))

    def view(self, seat: int | None) -> dict[str, Any]:
        from meeple.games.lewis_clark.information import view

        return view(self, seat)

    def _resample(self, seat: int, rng: random.Random) -> None:
        from meeple.games.lewis_clark.information import resample

        resample(self, seat, rng)


#: what winning adds to (and a lost solo game takes from) ``scores()``
WIN_BONUS = 100
