"""Tournaments end to end: a known order recovered, the same games on any backend, storage,
the command line, plots and the HTML report."""

import io
import json
from dataclasses import replace

import pytest
from rich.console import Console
from typer.testing import CliRunner

from meeple import games
from meeple.arena.backends import Batches, PoolBackend, SerialBackend
from meeple.arena.schedule import Plan
from meeple.arena.tournament import run_tournament
from meeple.cli import app
from meeple.core import ConfigError
from meeple.core.record import Record

from .conftest import Interrupted, tables

runner = CliRunner()
LC = {"rounds": 1}
FIELD = ("random", "greedy", "ismcts:iterations=30")  # 10 is noise with the card-holding playouts


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    """One small Lost Cities tournament over a pool, with its store (shared by several tests)."""
    from meeple.arena.storage import Store

    store = Store(str(tmp_path_factory.mktemp("arena") / "t.sqlite3"))
    plan = Plan("lost-cities", FIELD, 2, 6, seed=11, options=LC)
    with PoolBackend(2) as pool:
        report, outcomes = run_tournament(plan, store, "small", pool, live=False)
    yield plan, store, report, outcomes
    store.close()


def test_ratings_put_random_clearly_below_the_bots_that_think(small):
    plan, _, report, _ = small
    assert report["complete"] and report["games"] == 3 * 6
    order = [r["bot"] for r in report["ratings"]]
    assert order[-1] == "random"
    elo = {r["bot"]: r["elo"] for r in report["ratings"]}
    assert min(elo["greedy"], elo["ismcts:iterations=30"]) - elo["random"] > 300
    pair = {(r["bot"], r["vs"]): r for r in report["pairwise"]}
    assert pair[("greedy", "random")]["low"] > 0.5
    assert pair[("ismcts:iterations=30", "random")]["low"] > 0.5
    assert pair[("greedy", "random")]["margin"] > 0
    summary = {r["bot"]: r for r in report["summary"]}
    assert sum(r["wins"] for r in summary.values()) == report["games"]
    assert all(r["games"] == 12 for r in summary.values())


def test_the_same_games_whatever_runs_them(small):
    plan, _, report, outcomes = small
    serial = [o for batch in SerialBackend().run([[job] for job in plan.jobs()]) for o in batch]
    assert len(serial) == len(outcomes)
    for a, b in zip(sorted(serial, key=lambda o: o.idx), outcomes, strict=True):
        assert a.same_game(b), a.idx


def test_batches_are_sized_by_each_lineups_game_time(small):
    from meeple.arena.match import Outcome

    plan = small[0]
    jobs = plan.jobs()  # lineups 0 (random-greedy), 1 (random-ismcts), 2 (greedy-ismcts)
    cut = Batches(jobs, target=0.5, most=8)
    seconds = {0: 0.01, 1: 0.3, 2: 0.2}
    seen, known, sizes = [], set(), []
    for batch in cut:
        sizes.append(len(batch))
        seen += [j.idx for j in batch]
        if len(batch) > 1:  # only lineups already timed join a batch, within the target
            assert {j.lineup for j in batch[1:]} <= known
            assert sum(seconds[j.lineup] for j in batch[1:]) <= 0.5
        known |= {j.lineup for j in batch}
        cut.observe([Outcome(j.idx, j.lineup, 0, 0, [], 0, [], [], [], 0, seconds[j.lineup], "")
                     for j in batch])
    assert seen == [j.idx for j in jobs]  # every game once, in schedule order
    assert sizes[0] == 1 and max(sizes) > 1


def test_every_game_is_stored_with_a_record_that_replays_it(small):
    plan, store, report, outcomes = small
    stored = store.outcomes(store.find("small"))
    assert [o.idx for o in stored] == list(range(len(plan.jobs())))
    for o in stored[:6]:
        record = Record.from_json(o.record)
        assert record.game == "lost-cities" and record.seed == o.seed and record.options["rounds"] == 1
        assert record.seats == o.seats
        state = games.replay(record)
        assert state.scores() == o.scores and state.winners() == o.winners and state.ply == o.plies
    with pytest.raises(Exception, match="no tournament named 'other'"):
        store.find("other")


def test_a_resumed_tournament_with_other_settings_is_refused(small):
    plan, store, _, _ = small
    other = Plan("lost-cities", FIELD, 2, 8, seed=11, options=LC)
    with pytest.raises(Exception, match="--games was 6, now 8"):
        run_tournament(other, store, "small", SerialBackend(), resume=True, live=False)
    with pytest.raises(Exception, match="already exists"):
        run_tournament(plan, store, "small", SerialBackend(), live=False)


def test_a_resumed_tournament_keeps_the_options_it_was_started_with(store, monkeypatch):
    """Every option is stored at the start, so a default changed before the resume cannot
    split one tournament between two rule sets; an option given otherwise is refused."""
    lc = games.get("lost-cities")
    plan = Plan("lost-cities", ("random", "greedy"), 2, 4, seed=5, options={"rounds": 1})
    with pytest.raises(KeyboardInterrupt):
        run_tournament(plan, store, "cut", Interrupted(1), live=False)
    assert 0 < store.count(store.find("cut")) < 4
    monkeypatch.setitem(lc.options, "colors", replace(lc.options["colors"], default=6))  # a later version
    report, outcomes = run_tournament(plan, store, "cut", SerialBackend(), resume=True, live=False)
    assert report["complete"] and report["run"]["played"] > 0
    assert report["tournament"]["options"] == {"colors": 5, "rounds": 1, "stall_rules": "on"}
    assert {Record.from_json(o.record).options["colors"] for o in outcomes} == {5}
    other = replace(plan, options={"rounds": 1, "colors": 6})
    with pytest.raises(ConfigError, match="-o colors was 5, now 6"):
        run_tournament(other, store, "cut", SerialBackend(), resume=True, live=False)


def test_a_tournament_stored_with_only_its_given_options_still_resumes(store):
    """Rows written before every option was stored hold only the options given."""
    from meeple.arena.storage import Settings

    old = Settings("tournament", "lost-cities", 2, ["random"], {"rounds": 1}, 0, 2, "rotations")
    tid, _ = store.open("old", old, total=2, deals=1, resume=False)
    assert store.open("old", old, total=2, deals=1, resume=True, defaults={"colors": 6}) == (tid, {"rounds": 1})
    with pytest.raises(ConfigError, match="-o colors was not stored, now 5"):
        store.open("old", replace(old, options={"rounds": 1, "colors": 5}), total=2, deals=1, resume=True)


def test_one_bot_against_the_field_is_stored_and_resumed_as_such(store):
    plan = Plan("little-town", ("random", "greedy"), 3, 3, seed=3, one="greedy")
    report, outcomes = run_tournament(plan, store, "gauntlet", SerialBackend(), live=False)
    assert report["tournament"]["lineups"] == [["random", "random", "greedy"]]
    assert report["tournament"]["one"] == "greedy" and len(outcomes) == 3
    assert all(o.seats.count("greedy") == 1 for o in outcomes)
    again, _ = run_tournament(plan, store, "gauntlet", SerialBackend(), resume=True, live=False)
    assert again["run"]["played"] == 0 and tables(again) == tables(report)
    with pytest.raises(ConfigError, match="--one was 'greedy', now None"):
        run_tournament(replace(plan, one=None), store, "gauntlet", SerialBackend(), resume=True, live=False)
    from meeple.arena.tables import report_tables

    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(report_tables(report))
    assert "3 players, 1 lineup (greedy against the field) x 1 deals" in console.export_text()


def test_three_players_with_two_bots(store):
    plan = Plan("little-town", ("random", "greedy"), 3, 3, seed=3)
    report, outcomes = run_tournament(plan, store, "lt", SerialBackend(), live=False)
    assert [tuple(lu) for lu in report["tournament"]["lineups"]] == [
        ("random", "random", "greedy"), ("random", "greedy", "greedy")
    ]
    assert len(outcomes) == 2 * 3 and report["ratings"][0]["bot"] == "greedy"
    assert report["elo_per_mu"] < 29  # the 3-player scale


def cli(*args):
    return runner.invoke(app, list(args))


def test_cli_json_plots_and_html(tmp_path):
    db = str(tmp_path / "c.sqlite3")
    out = tmp_path / "plots"
    result = cli("tournament", "lost-cities", "--bots", "random,greedy", "--games", "4", "-o", "rounds=1",
                 "--db", db, "--name", "c1", "--json", "--plots", str(out))
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["name"] == "c1" and report["games"] == 4 and report["ratings"][0]["bot"] == "greedy"
    for name in ("ratings", "scores", "winrate", "lengths"):
        assert (out / f"{name}.png").read_bytes()[:4] == b"\x89PNG"
        assert "<svg" in (out / f"{name}.svg").read_text()
    html = (out / "report.html").read_text()
    assert html.count("<svg") == 4 and "c1" in html and "Wilson" in html and "<img" not in html
    # a finished tournament resumed: nothing played, the same tables
    again = cli("tournament", "lost-cities", "--bots", "random,greedy", "--games", "4", "-o", "rounds=1",
                "--db", db, "--name", "c1", "--resume", "--json")
    assert again.exit_code == 0, again.output
    assert tables(json.loads(again.output)) == tables(report)
    assert json.loads(again.output)["run"]["played"] == 0
    # the terminal tables
    text = cli("tournament", "lost-cities", "--bots", "random,greedy", "--games", "4", "-o", "rounds=1",
               "--db", db, "--name", "c1", "--resume")
    assert text.exit_code == 0 and "pairwise" in text.output and "Wilson" in text.output


@pytest.mark.parametrize("args, message", [
    (["--bots", "random,random"], "named twice"),
    (["--bots", "random,genius"], "no bot called 'genius'"),
    (["--resume"], "--resume needs the --name"),
    (["--players", "3"], "played by 2 players"),
    (["--seating", "shuffle"], "rotations or permutations"),
    (["-o", "colors=9"], "colors"),
    (["--games", "0"], "--games must be at least 1"),
    (["--workers", "0"], "--workers must be at least 1"),
    (["extra-word"], "unexpected argument"),
])
def test_cli_refuses_bad_input_with_the_reason(tmp_path, args, message):
    db = tmp_path / "bad.sqlite3"
    result = cli("tournament", "lost-cities", "--db", str(db), *args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not db.exists()  # nothing was stored


def test_cli_refuses_an_existing_name_without_resume(tmp_path):
    db = str(tmp_path / "n.sqlite3")
    base = ("tournament", "lost-cities", "--games", "2", "-o", "rounds=1", "--db", db, "--name", "n", "--json")
    assert cli(*base).exit_code == 0
    result = cli(*base)
    assert result.exit_code == 2 and "already exists (2 of 2 games played)" in result.output
    result = cli("tournament", "lost-cities", "--db", db, "--name", "nope", "--resume")
    assert result.exit_code == 2 and "no tournament named 'nope'" in result.output and "n" in result.output


def test_cli_sprt(tmp_path):
    result = cli("sprt", "lost-cities", "--bot", "greedy", "--vs", "random", "-o", "rounds=1",
                 "--db", str(tmp_path / "s.sqlite3"), "--max-games", "200", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["verdict"] == "H1" and report["elo"] is None  # 100%: no finite Elo estimate
    result = cli("sprt", "lost-cities", "--bot", "greedy", "--vs", "random", "-o", "rounds=1",
                 "--db", str(tmp_path / "s.sqlite3"), "--max-games", "200")
    assert result.exit_code == 0 and "H1 accepted: greedy is stronger than random" in result.output
    bad = cli("sprt", "lost-cities", "--bot", "greedy", "--vs", "random", "--elo0", "5", "--elo1", "5")
    assert bad.exit_code == 2 and "--elo1 must be greater" in bad.output
    bad = cli("sprt", "lost-cities", "--bot", "greedy")
    assert bad.exit_code == 2 and "--vs B" in bad.output


def test_ray_takes_an_optional_address_before_or_after_the_game():
    from types import SimpleNamespace

    from meeple.cli.tournament import _ray_address
    from meeple.core.errors import MeepleError

    ctx = lambda *extra: SimpleNamespace(args=list(extra))  # noqa: E731
    assert _ray_address(ctx(), "lost-cities", False) == ("lost-cities", None)
    assert _ray_address(ctx(), "lost-cities", True) == ("lost-cities", "local")
    assert _ray_address(ctx("auto"), "lost-cities", True) == ("lost-cities", "auto")
    assert _ray_address(ctx("lost-cities"), "10.0.0.5:6379", True) == ("lost-cities", "10.0.0.5:6379")
    with pytest.raises(MeepleError, match="at most one address"):
        _ray_address(ctx("a", "b"), "lost-cities", True)


def test_show_reports_a_stored_tournament_or_test_without_playing(tmp_path):
    db = str(tmp_path / "show.sqlite3")
    first = cli("tournament", "lost-cities", "--bots", "random,greedy", "--games", "4", "-o", "rounds=1",
                "--db", db, "--name", "t", "--json")
    shown = cli("tournament", "lost-cities", "--db", db, "--name", "t", "--show", "--json")
    assert shown.exit_code == 0, shown.output
    shown = json.loads(shown.output)
    assert shown["run"]["played"] == 0 and tables(shown) == tables(json.loads(first.output))
    sprt = cli("sprt", "lost-cities", "--bot", "greedy", "--vs", "random", "-o", "rounds=1",
               "--db", db, "--name", "s", "--max-games", "100", "--json")
    again = cli("sprt", "lost-cities", "--db", db, "--name", "s", "--show", "--json")
    assert again.exit_code == 0, again.output
    assert tables(json.loads(again.output)) == tables(json.loads(sprt.output))
    wrong = cli("tournament", "lost-cities", "--db", db, "--name", "s", "--show")
    assert wrong.exit_code == 2 and "is a stored sprt, not a tournament: use meeple sprt" in wrong.output
    other = cli("tournament", "little-town", "--db", db, "--name", "t", "--show")
    assert other.exit_code == 2 and "is of lost-cities, not little-town" in other.output


def test_plots_without_matplotlib_say_how_to_install_it(tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    db = tmp_path / "p.sqlite3"
    result = cli("tournament", "lost-cities", "--games", "2", "--db", str(db), "--plots", str(tmp_path / "p"))
    assert result.exit_code == 2 and "pip install 'meeple[plots]'" in result.output
    assert not db.exists()  # refused before anything was played or stored


def test_cli_one_against_the_field(tmp_path):
    db = str(tmp_path / "one.sqlite3")
    result = cli("tournament", "little-town", "--bots", "random,greedy", "--players", "3", "--games", "3",
                 "--one", "greedy", "--db", db, "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["tournament"]["lineups"] == [["random", "random", "greedy"]] and report["games"] == 3
    result = cli("tournament", "little-town", "--bots", "random,greedy", "--players", "3", "--one", "ismcts",
                 "--db", db)
    assert result.exit_code != 0 and "--one 'ismcts' is not one of the bots" in result.output
