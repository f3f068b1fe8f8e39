"""Lowlands' words in every language: each tile has a name and a three-letter board label
in English, French, Spanish and Dutch, and within a language no two tiles share a label
(issue 25: two buildings were both STO, the Dike Association ASS)."""

from __future__ import annotations

import pytest

from meeple.games.lowlands import GAME
from meeple.games.lowlands.components import TILES
from meeple.games.lowlands.words import label, tile
from meeple.i18n import LANGUAGES, Audience


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_tile_has_a_name_and_a_unique_three_letter_label(lang):
    say = Audience(lang, strict=True)
    labels = {t.key: say(label(t.key)) for t in TILES}
    assert all(len(text) == 3 and text.isupper() for text in labels.values()), labels
    seen: dict[str, str] = {}
    for key, text in labels.items():
        assert text not in seen, f"{lang}: {key} and {seen[text]} are both {text}"
        seen[text] = key
    names = [say(tile(t.key)) for t in TILES]
    assert len(set(names)) == len(TILES)


def test_the_english_labels_are_sensible_abbreviations_of_the_names():
    say = Audience("en")
    assert say(label("association")) == "DKA" and say(label("storage")) != say(label("storehouse"))
    for t in TILES:
        text = say(label(t.key))
        assert text[0] == t.name.replace("'", "").split()[0][0].upper() or text[0] in t.name.upper(), (t.key, text)


def test_the_rule_texts_names_are_used():
    """The Spanish rule text names the three workshops (line 141); the French one calls
    features "Caractéristiques" (line 22) and the last phase the "marée de tempête"
    (line 47)."""
    es, fr = Audience("es"), Audience("fr")
    assert [es(tile(k)) for k in ("carpenter", "mason", "stonemason")] == [
        "Taller del carpintero", "Taller del albañil", "Taller del cantero"]
    assert fr(GAME.lookup("cabin").kind) == "caractéristique"
    assert fr(GAME.lookup("storm").name) == "marée de tempête"
    assert Audience("nl")(tile("mount")) == "Terp"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_fits_forty_lines_of_a_hundred_columns_in_every_language(lang):
    """The terminal board's budget (docs/games/lowlands.md, "For people") holds whatever
    the language's words: French and Spanish are the longest."""
    import random

    from meeple.i18n import use
    from meeple.terminal.screen import board_width

    with use(Audience(lang, ("Ada", "greedy", "greedy 2", "ismcts"))):
        for players in (2, 3, 4):
            st = GAME.new(players, players)
            rng = random.Random(players)
            while True:
                if st.ply % 7 == 0 or st.to_move is None:
                    for seat in (st.to_move, None):
                        board = GAME.render(st, seat)
                        assert len(board.splitlines()) <= 40 and board_width(board) <= 100, (lang, players, st.ply)
                if st.to_move is None:
                    break
                st.apply(GAME.greedy_action(st, rng) if rng.random() < 0.5 else rng.choice(st.legal_actions()))
