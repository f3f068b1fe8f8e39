"""The catalogs: every domain complete in every language, placeholders kept, plural
forms right, every id the code names present; the checks themselves can fail."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import meeple
from meeple import games
from meeple.i18n import (
    COMMON,
    DOMAINS,
    LANGUAGES,
    Audience,
    Domain,
    MissingMessage,
    Msg,
    Seat,
    items,
)
from meeple.i18n.audit import catalog_problems, code_ids
from tests.i18n.english import CONVERTED

SRC = Path(meeple.__file__).parent
for _name in games.names():
    games.get(_name)
import meeple.lessons  # noqa: E402,F401  the lessons' domain
import meeple.web  # noqa: E402,F401  the browser's domain

#: where each domain's messages are named in code, and by which names (``M`` is the
#: module's own domain; ``COMMON`` the shared one, from any module)
CODE = [
    ("meeple", SRC / "core", ("M", "COMMON")),
    ("meeple", SRC / "terminal", ("M", "COMMON")),
    ("meeple", SRC / "cli", ("M", "COMMON")),
    ("meeple", SRC / "server", ("M", "COMMON")),
    ("meeple", SRC / "i18n", ("M", "COMMON")),
    ("meeple", SRC / "games" / "lost_cities", ("COMMON",)),
    ("lost_cities", SRC / "games" / "lost_cities", ("M",)),
    ("lewis_clark", SRC / "games" / "lewis_clark", ("M",)),
    ("meeple", SRC / "games" / "little_town", ("COMMON",)),
    ("little_town", SRC / "games" / "little_town", ("M",)),
    ("lowlands", SRC / "games" / "lowlands", ("M",)),
    ("meeple", SRC / "games" / "lowlands", ("COMMON",)),
    ("lessons", SRC / "lessons", ("M",)),
    ("lessons", SRC / "terminal", ("L",)),
    ("lessons", SRC / "server", ("L",)),
]


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_every_language_has_every_key_with_the_same_placeholders(domain):
    assert catalog_problems(domain) == []


@pytest.mark.parametrize(("domain", "path", "names"), CODE, ids=[f"{d}:{p.name}" for d, p, _ in CODE])
def test_every_id_the_code_names_is_in_the_english_catalog(domain, path, names):
    from meeple.i18n import catalogs

    named = code_ids(path, names)
    known = set(catalogs.ids(domain))
    assert named, "the scan found no message id: the pattern no longer matches the code"
    assert sorted(named - known) == []


def _broken_package(tmp_path: Path, french: str) -> str:
    """A package ``brokengame`` with an English catalog and the given French one."""
    package = tmp_path / "brokengame"
    header = 'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
    english = header.format(lang="en") + textwrap.dedent('''\
        msgid "hello"
        msgstr "hello {name}"

        msgid "cards"
        msgid_plural "cards"
        msgstr[0] "{n} card"
        msgstr[1] "{n} cards"

        msgid "bye"
        msgstr "bye"
        ''')
    for lang in LANGUAGES:
        folder = package / "locale" / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        text = english if lang == "en" else header.format(lang=lang) + french
        (folder / "broken.po").write_text(text, encoding="utf-8")
    (package / "__init__.py").write_text("")
    return "brokengame"


def test_the_check_finds_a_missing_key_a_lost_placeholder_and_an_extra_one(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    french = textwrap.dedent('''\
        msgid "hello"
        msgstr "bonjour {nom}"

        msgid "cards"
        msgid_plural "cards"
        msgstr[0] "une carte"
        msgstr[1] "des cartes"

        msgid "extra"
        msgstr "en trop"
        ''')
    Domain("broken", _broken_package(tmp_path, french))
    try:
        problems = "\n".join(catalog_problems("broken"))
    finally:
        DOMAINS.pop("broken")
    for lang in ("fr", "es", "nl"):
        assert f"broken/{lang}: missing 'bye'" in problems
        assert f"broken/{lang}: 'extra' is not in the English catalog" in problems
        assert f"broken/{lang}: 'hello' has placeholders English lacks: ['nom']" in problems
        assert f"broken/{lang}: 'hello' lacks placeholders: ['name']" in problems
        assert f"broken/{lang}: 'cards' form 1 lacks placeholders: ['n']" not in problems  # see below
        assert f"broken/{lang}: 'cards' lacks placeholders: ['n']" in problems  # "des cartes" drops the count
    assert "'cards' form 0" not in problems  # "une carte": the singular may drop {n}


def test_plural_forms_follow_each_language():
    """No "1 points": French counts 0 as singular, the others plural."""
    said = {lang: [Audience(lang).text(COMMON("points", n=n)) for n in (0, 1, 2)] for lang in LANGUAGES}
    assert said == {
        "en": ["0 points", "1 point", "2 points"],
        "fr": ["0 point", "1 point", "2 points"],
        "es": ["0 puntos", "1 punto", "2 puntos"],
        "nl": ["0 punten", "1 punt", "2 punten"],
    }
    assert Audience("fr").text(COMMON("points", n=-1)) == "-1 point"
    assert Audience("fr").text(COMMON("points", n=-1234)) == "-1\u202f234 points"  # the form follows the size
    assert Audience("en").text(COMMON("points", n=-1)) == "-1 point"


def test_messages_nest_name_seats_join_lists_and_are_values():
    say = Audience("fr", ("Ada", ""))
    msg = COMMON("verdict.shared", players=items([Seat(0), Seat(1)]))
    assert say(msg) == "victoire partagée : Ada et place 1"
    assert str(msg) == "shared win: seat 0 and seat 1"  # English, seats unnamed
    assert msg == COMMON("verdict.shared", players=items([Seat(0), Seat(1)])) and len({msg, msg}) == 1
    assert say(COMMON("error.refused", move="play R7", reason=COMMON("error.game_over"), legal="-")).startswith(
        "« play R7 » n'est pas permis : la partie est terminée")


def test_an_unknown_message_fails_in_strict_mode_and_shows_english_or_its_id_otherwise():
    with pytest.raises(MissingMessage):
        Audience("fr", strict=True).text(COMMON("no.such.id"))
    assert Audience("fr").text(COMMON("no.such.id")) == "no.such.id"
    assert Audience("fr").text("a plain string stays as it is") == "a plain string stays as it is"
    assert isinstance(COMMON("seat", n=1), Msg)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", CONVERTED)
def test_every_glossary_entry_and_option_renders_strictly(name, lang):
    game = games.get(name)
    say = Audience(lang, strict=True)
    for entry in game.glossary():
        assert say(entry.name) and say(entry.kind) and say(entry.text)
    for option in game.options.values():
        assert say(option.doc)
    assert say(game.summary)
