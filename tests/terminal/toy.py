"""A small card game with every presentation hook, for the terminal's own tests.

Two seats hold two hidden birds each. On a turn a seat plays a bird (it scores the
bird's value) and must then ``draw`` (its only move: a one-action decision, and a
reveal), or it passes (nothing revealed). Two rounds of four turns; the view carries
``round`` so the terminal shows a breakdown at each round's end.
"""

from __future__ import annotations

from meeple.core import ActionSpace, Game, GlossaryEntry, State

BIRDS = ("lark", "owl", "hawk", "swan")
VALUE = {"lark": 1, "owl": 2, "hawk": 3, "swan": 4}
ABBREVIATION = {"lark": "LRK", "owl": "OWL", "hawk": "HWK", "swan": "SWN"}
ACTIONS = ActionSpace([*(f"play {b}" for b in BIRDS), "pass", "draw"], example="play owl, pass, draw")
PASS, DRAW = 4, 5
TURNS_PER_ROUND = 4
ROUNDS = 2


class BirdState(State):
    @classmethod
    def start(cls, game, players, seed, options):
        self = cls.__new__(cls)
        self._init_core(players, seed, options)
        deck = sorted(b for b in BIRDS for _ in range(3))
        self.chance().shuffle(deck)
        self.hands = [sorted(deck[:2]), sorted(deck[2:4])]
        self.deck = deck[4:]
        self.played: list[list[str]] = [[], []]
        self.turn = 0
        self.drawing = False
        self.to_move = 0
        return self

    def clone(self):
        new = BirdState.__new__(BirdState)
        self._copy_core(new)
        new.hands = [list(h) for h in self.hands]
        new.deck = list(self.deck)
        new.played = [list(p) for p in self.played]
        new.turn, new.drawing = self.turn, self.drawing
        return new

    @property
    def round(self) -> int:
        return min(self.turn // TURNS_PER_ROUND + 1, ROUNDS)

    def _legal_actions(self):
        if self.drawing:
            return [ACTIONS[DRAW]]
        return [ACTIONS[BIRDS.index(b)] for b in sorted(set(self.hands[self.to_move]), key=BIRDS.index)] + [
            ACTIONS[PASS]
        ]

    def _apply(self, action):
        seat = self.to_move
        if int(action) == DRAW:
            self.hands[seat].append(self.deck.pop())
            self.hands[seat].sort()
            self.reveals += 1
            self.drawing = False
            self._next_turn()
        elif int(action) == PASS:
            self._next_turn()
        else:
            bird = BIRDS[int(action)]
            self.hands[seat].remove(bird)
            self.played[seat].append(bird)
            self.drawing = True

    def _next_turn(self):
        self.turn += 1
        if self.turn == TURNS_PER_ROUND * ROUNDS:
            self.to_move = None
        else:
            self.to_move = 1 - self.to_move

    def scores(self):
        return [sum(VALUE[b] for b in p) + (2 if len(p) >= 2 else 0) for p in self.played]

    def view(self, seat):
        out = {
            "to_move": self.to_move,
            "round": self.round,
            "drawing": self.drawing,
            "played": [list(p) for p in self.played],
            "hand_sizes": [len(h) for h in self.hands],
            "deck": len(self.deck),
            "scores": self.scores(),
        }
        if seat is not None:
            out["hand"] = list(self.hands[seat])
        return out

    def _resample(self, seat, rng):
        other = 1 - seat
        pool = sorted(self.hands[other] + self.deck)
        rng.shuffle(pool)
        size = len(self.hands[other])
        self.hands[other] = sorted(pool[:size])
        self.deck = pool[size:]


class Birds(Game):
    name = "toy-birds"
    title = "Toy Birds"
    players = range(2, 3)
    actions = ACTIONS
    state_class = BirdState
    summary = "Play birds for points; a pair of plays earns 2 more."

    def render(self, state, seat=None):
        lines = [f"[bold]Toy Birds[/]  round {state.round}/{ROUNDS}  deck {len(state.deck)}"]
        for s in range(state.players):
            played = " ".join(ABBREVIATION[b] for b in state.played[s]) or "-"
            lines.append(f"seat {s}: played {played}  holds {len(state.hands[s])}")
        if seat is not None:
            lines.append("your hand: " + " ".join(ABBREVIATION[b] for b in state.hands[seat]))
        lines.append("legend: LRK lark, OWL owl, HWK hawk, SWN swan")
        return "\n".join(lines)

    def render_detail(self, state, seat, what):
        if what.strip().lower() == "hand" and seat is not None:
            return "\n".join(f"{b}: worth {VALUE[b]}" for b in state.hands[seat])
        return None

    def status(self, view):
        if view["to_move"] is None:
            return "the game is over"
        task = "draws a card" if view["drawing"] else "plays a bird or passes"
        return f"seat {view['to_move']} {task}"

    def glossary(self):
        return [
            GlossaryEntry(b, "bird", f"worth {VALUE[b]} points when played", (ABBREVIATION[b],), b == "swan")
            for b in BIRDS
        ]

    def narrate(self, before, action, after):
        lines = []
        if after["deck"] < before["deck"]:
            lines.append(f"a card was drawn from the deck ({after['deck']} left)")
        if after["round"] != before["round"]:
            lines.append(f"round {before['round']} ends")
        return lines

    def score_breakdown(self, state):
        return [
            {"birds": sum(VALUE[b] for b in p), "pair bonus": 2 if len(p) >= 2 else 0}
            for p in state.played
        ]


TOY = Birds()
BirdState.game = TOY


class QuietBirds(Birds):
    """The toy whose ``pass`` gains nothing (``Game.futile``), and whose moves are
    described (``Game.describe``), for the move list's marks and the prompt's question."""

    name = "toy-quiet-birds"

    def describe(self, action, view):
        return "draw a card" if str(action) == "draw" else None

    def futile(self, action, view):
        return "a pass scores nothing" if str(action) == "pass" else None


QUIET = QuietBirds()
