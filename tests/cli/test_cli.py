"""The meeple command, driven as a user would (stdin for the terminal game)."""

import json

from typer.testing import CliRunner

from meeple.cli import app

runner = CliRunner()


def test_simulate_prints_a_json_summary():
    result = runner.invoke(
        app, ["simulate", "lost-cities", "--bots", "greedy,random", "--games", "4", "--json", "-o", "rounds=1"]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    rows = {r["bot"]: r for r in summary["bots"]}
    assert rows["greedy"]["games"] == 4 and rows["random"]["games"] == 4
    assert rows["greedy"]["wins"] + rows["random"]["wins"] == 4
    assert rows["greedy"]["mean_score"] > rows["random"]["mean_score"]


def test_simulate_refuses_bad_input_with_a_reason():
    result = runner.invoke(app, ["simulate", "lost-cities", "--bots", "genius,random"])
    assert result.exit_code == 2 and "no bot called 'genius'" in result.output
    result = runner.invoke(app, ["simulate", "lost-cities", "-o", "colors=9"])
    assert result.exit_code == 2 and "colors" in result.stderr and result.stdout == ""


def test_play_against_a_bot_to_the_end_and_replay(tmp_path):
    path = tmp_path / "g.json"

    lines = iter(["?", "play Z9", "help"])

    def read(prompt):  # a player who answers with the first legal move
        try:
            return next(lines)
        except StopIteration:
            return str(game.state.legal_actions()[0])

    from rich.console import Console

    from meeple import bots, games
    from meeple.terminal import TerminalGame

    g = games.get("lost-cities")
    console = Console(record=True, width=100)
    game = TerminalGame(g, g.new(2, 5, rounds=1), 0, {1: bots.get("random", g, 1)}, console, path, read)
    final = game.run()
    text = console.export_text()
    assert final.is_over and "final scores" in text and "your legal moves:" in text
    assert "'play Z9' is not an action" in text and "undo" in text
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    # one table with a column per seat, or (parts that differ by seat) a table per seat
    rows = [line.replace("│", " ").split() for line in result.output.split("final scores")[1].splitlines()]
    totals = [int(row[i + 1]) for row in rows for i, word in enumerate(row[:-1]) if word == "total"]
    assert totals == final.scores()
    assert "seats: human, random" in result.output and "random: " in result.output


def test_play_command_rejects_an_unknown_game():
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code == 2 and "no game called 'chess'" in result.output


def test_rules_and_games_and_bench():
    result = runner.invoke(app, ["rules", "lost-cities"])
    assert result.exit_code == 0 and "draw" in result.output and "deck" in result.output
    result = runner.invoke(app, ["games"])
    assert "lost-cities" in result.output
    result = runner.invoke(app, ["bench", "lost-cities", "--seconds", "0.3", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)["lost-cities"]
    assert figures["decisions_per_s"] > 0 and figures["ismcts_iterations_per_s"] > 0


def test_simulate_gives_the_same_figures_with_worker_processes():
    args = ["simulate", "lost-cities", "--bots", "greedy,random", "--games", "6", "--json", "-o", "rounds=1"]
    one = runner.invoke(app, args)
    two = runner.invoke(app, [*args, "--workers", "2"])
    assert one.exit_code == two.exit_code == 0
    assert json.loads(one.output) == json.loads(two.output)


def test_an_error_message_keeps_its_brackets():
    """Rich reads '[plots]' as markup and would print "pip install 'meeple'": the
    command a user copies must come out whole."""
    result = runner.invoke(app, ["simulate", "lost-cities", "--bots", "greedy:style=[plots],random"])
    assert result.exit_code == 2
    assert "[plots]" in result.output, result.output
