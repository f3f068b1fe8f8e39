"""The Journal of encounters: its five slots, the deck, the face-up discard pile, recruiting.

Rule text lines 128-138: recruiting slot K costs K fur and equipment equal to the
card's strength; one hand card may be discarded, face up, to cover equipment up to its
strength; the recruit goes to the hand and a new card enters the Journal. Cards slide
toward slot 1 and new ones enter at slot 5 (inferred from both fan engines).
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from meeple.games.lewis_clark.components import EQUIP, FUR, GRAVELINES, N_ENCOUNTERED, STRENGTH

if TYPE_CHECKING:
    from meeple.games.lewis_clark.rules import LewisClarkState

SLOTS = 5
#: Joseph Gravelines' discount on the recruiting fur (journal card #17)
GRAVELINES_DISCOUNT = 2


def draw(s: LewisClarkState) -> int:
    """A card drawn at random from the deck, with the game's chance stream. The deck is
    kept sorted: its order is never part of the position, so a world with another seed
    draws other cards and nothing has to be shuffled to resample it. An empty deck is
    made of the discard pile's Journal cards (DC-12); starting cards stay on the pile.
    -1 when there is nothing left to draw."""
    if not s.deck:
        journal_cards = sorted(k for k in s.discard if k < N_ENCOUNTERED)
        if not journal_cards:
            return -1
        s.discard = [k for k in s.discard if k >= N_ENCOUNTERED]
        s.deck = journal_cards
    s.reveals += 1
    return s.deck.pop(s.chance().randrange(len(s.deck)))


def refill(s: LewisClarkState) -> None:
    while len(s.journal) < SLOTS:
        k = draw(s)
        if k < 0:
            return
        s.journal.append(k)


def discard_slot_one(s: LewisClarkState) -> None:
    """The Interpreter's side effect: the card in slot 1 is discarded (DC-11)."""
    if s.journal:
        s.discard.append(s.journal.pop(0))
        refill(s)


def replace_journal(s: LewisClarkState) -> None:
    """Farewell: the five cards are discarded and five new ones dealt in draw order."""
    s.discard.extend(s.journal)
    s.journal = []
    refill(s)


def take_from_journal(s: LewisClarkState, seat: int, slot: int) -> None:
    insort(s.expeditions[seat].hand, s.journal.pop(slot))
    refill(s)


def recruit_cost(s: LewisClarkState, seat: int, slot: int) -> tuple[int, int]:
    """(fur, equipment) to recruit Journal slot ``slot`` (0-based)."""
    fur = slot + 1
    if s.expeditions[seat].has_in_play(GRAVELINES):
        fur = max(0, fur - GRAVELINES_DISCOUNT)
    return fur, STRENGTH[s.journal[slot]]


def can_recruit(s: LewisClarkState, seat: int, slot: int) -> bool:
    if slot >= len(s.journal):
        return False
    fur, equip = recruit_cost(s, seat, slot)
    e = s.expeditions[seat]
    if e.goods[FUR] < fur:
        return False
    short = equip - e.goods[EQUIP]
    return short <= 0 or any(STRENGTH[k] >= short for k in e.hand)


def recruitable(s: LewisClarkState, seat: int, base: int = 0) -> list[int]:
    """The Journal slots ``seat`` can pay for now (``can_recruit`` for every slot, fast),
    each plus ``base`` (the code of the first ``recruit`` action gives the actions)."""
    e = s.expeditions[seat]
    goods = e.goods
    fur = goods[FUR]
    discount = GRAVELINES_DISCOUNT if e.has_in_play(GRAVELINES) else 0
    if fur + discount < 1:
        return []  # not even slot 1's fur
    equip = goods[EQUIP]
    best_card = max(map(STRENGTH.__getitem__, e.hand), default=0)
    out = []
    for slot, k in enumerate(s.journal):
        if fur < slot + 1 - discount:
            break  # later slots cost more fur
        if STRENGTH[k] - equip <= best_card or STRENGTH[k] <= equip:
            out.append(base + slot)
    return out


def begin_recruit(s: LewisClarkState, seat: int, slot: int) -> None:
    fur, _ = recruit_cost(s, seat, slot)
    s.expeditions[seat].goods[FUR] -= fur
    s.recruit_slot = slot
    s.recruited = True
    if s.expeditions[seat].hand:
        s.phase = "recruit"
    else:
        finish_recruit(s, seat, -1)


def finish_recruit(s: LewisClarkState, seat: int, paid_with: int) -> None:
    """Pay the equipment (a discarded hand card covers up to its strength, the excess
    is lost); the discarded card goes face up on the discard pile (line 135)."""
    e = s.expeditions[seat]
    slot = s.recruit_slot
    need = STRENGTH[s.journal[slot]]
    if paid_with >= 0:
        e.hand.remove(paid_with)
        s.discard.append(paid_with)
        need = max(0, need - STRENGTH[paid_with])
    e.goods[EQUIP] -= need
    insort(e.hand, s.journal.pop(slot))
    refill(s)
    s.recruit_slot = -1
    s.phase = "main"
