"""Which language a reader gets: --lang, the locale variables in gettext's order, an
HTTP Accept-Language header; unknown languages are refused with the list of known ones."""

from __future__ import annotations

import pytest

from meeple.i18n import LanguageError, check, from_accept_language, from_environment


@pytest.mark.parametrize(("env", "lang"), [
    ({}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "nl_BE.UTF-8", "LC_MESSAGES": "es_ES.UTF-8"}, "es"),  # LC_MESSAGES before LANG
    ({"LANG": "nl_NL", "LC_ALL": "fr_CA.UTF-8", "LC_MESSAGES": "es_ES"}, "fr"),  # LC_ALL first
    ({"LANG": "fr_FR.UTF-8", "LANGUAGE": "de:nl:fr"}, "nl"),  # LANGUAGE's first known language
    ({"LANG": "C.UTF-8", "LANGUAGE": "fr"}, "en"),  # gettext ignores LANGUAGE under the C locale
    ({"LANG": "de_DE.UTF-8"}, "en"),  # a language meeple does not speak
    ({"LC_ALL": "", "LANG": "es_MX.UTF-8"}, "es"),  # an empty variable is unset
])
def test_the_locale_variables_choose_the_language(env, lang):
    assert from_environment(env) == lang


@pytest.mark.parametrize(("header", "lang"), [
    (None, "en"),
    ("fr-CH, fr;q=0.9, en;q=0.8", "fr"),
    ("de-DE,de;q=0.9,nl;q=0.5,en;q=0.4", "nl"),
    ("en;q=0.2, es;q=0.9", "es"),  # weights, not order
    ("es;q=0, fr;q=0.1", "fr"),  # q=0 means "not this one"
    ("*", "en"),
    ("x" * 5000, "en"),
])
def test_accept_language_picks_the_best_language_meeple_speaks(header, lang):
    assert from_accept_language(header) == lang


def test_an_unknown_language_is_refused_with_the_known_ones():
    assert check("FR") == "fr" and check("es-AR") == "es" and check("nl_NL.UTF-8") == "nl"
    with pytest.raises(LanguageError, match=r"no language 'klingon'; meeple speaks en \(English\), fr \(Français\)"):
        check("klingon")
    with pytest.raises(LanguageError) as err:
        check("x" * 5000)
    assert len(str(err.value)) < 200  # a long tag is not echoed back in full
