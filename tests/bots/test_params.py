"""Bot parameters come from one declaration (``Bot.params``) that reads specs and that
the constructor checks; plug-ins (the network guide, the policy bot) are found by name
without ``bots`` importing the layer that provides them."""

from __future__ import annotations

import inspect

import pytest

from meeple import bots, games
from meeple.bots import plugins
from meeple.bots.ismcts import ISMCTSBot
from meeple.core import ConfigError

LC = games.get("lost-cities")


def test_a_spec_and_a_python_caller_get_the_same_checks():
    for kwargs, spec, message in (
        ({"iterations": 0}, "ismcts:iterations=0", "iterations must be at least 1, got 0"),
        ({"workers": 65}, "ismcts:workers=65", "workers must be 1 to 64, got 65"),
        ({"reward": "score"}, "ismcts:reward=score", "ismcts has no reward 'score'; rewards: outcome"),
        ({"exploration": -1}, "ismcts:exploration=-1", "exploration must be 0 or more"),
    ):
        with pytest.raises(ConfigError, match=message):
            ISMCTSBot(LC, **kwargs)
        with pytest.raises(ConfigError, match=message):
            bots.get(spec, LC)
    with pytest.raises(ConfigError, match="iterations must be a whole number"):
        ISMCTSBot(LC, iterations="5")
    with pytest.raises(ConfigError, match="bot ismcts has no parameter 'depth'; parameters"):
        ISMCTSBot(LC, depth=3)
    with pytest.raises(ConfigError, match="bot greedy has no parameter 'iterations'"):
        bots.get("greedy", LC).__class__(LC, iterations=3)


def test_the_declaration_is_the_constructor_signature():
    # no second list to keep in step: the constructor takes the declared parameters
    # (and the guidance callables), nothing else
    for name in bots.names():
        cls = bots.bot_class(name)
        signature = inspect.signature(cls.__init__).parameters
        assert "settings" in signature or not cls.params, name
        assert set(signature) - {"self", "game", "seed", "settings"} <= {"prior", "evaluate", "lead"}
        assert bots.PARAMS[name] == {p.name: p.kind for p in cls.params}
        assert [p.name for p in bots.params(name)] == ["seed", *(p.name for p in cls.params)]
    bot = bots.get("ismcts:iterations=40,exploration=0.5,margin_weight=0.25", LC)
    assert (bot.iterations, bot.c, bot.margin_weight) == (40, 0.5, 0.25)


def test_a_time_cap_applies_through_the_constructor():
    capped = bots.get("ismcts:iterations=100000", LC, seed=1, max_seconds=0.05)
    assert capped.iterations == 100000 and capped.seconds == 0.05  # whichever comes first
    assert bots.get("ismcts:seconds=0.01", LC, max_seconds=1.0).seconds == 0.01
    assert bots.get("ismcts:max_seconds=0.2", LC, max_seconds=1.0).seconds == 0.2
    assert bots.get("greedy", LC, max_seconds=0.5).name == "greedy"  # nothing to cap
    with pytest.raises(ConfigError, match="max_seconds must be more than 0"):
        bots.get("ismcts", LC, max_seconds=0)
    state = LC.new(2, 3, rounds=1)
    assert capped.choose(state) in state.legal_actions()


def test_plugins_are_found_by_name_and_registered_ones_too():
    assert "policy" not in bots.names() and "policy" in bots.plugin_names()
    state = LC.new(2, 4, rounds=1)
    policy = bots.get("policy:net=default", LC)
    assert policy.choose(state) in state.legal_actions()
    with pytest.raises(ConfigError, match="no guide called 'oracle'; guides: net"):
        plugins.guide("oracle")

    class Echo(bots.RandomBot):
        name = "echo"

    plugins.register_bot("echo", Echo)
    try:
        assert isinstance(bots.get("echo:seed=3", LC), Echo)
    finally:
        plugins._bots.pop("echo")
    with pytest.raises(ConfigError, match="no bot called 'echo'"):
        bots.get("echo", LC)
