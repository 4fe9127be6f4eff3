from __future__ import annotations

import pytest

from kaisen.plots import learning_curve, main


def test_learning_curve_png_from_run_csvs(tmp_path):
    (tmp_path / "eval.csv").write_text(
        "step,opponent,games,win_rate,win_rate_low,win_rate_high,mean_score,opponent_mean_score\n"
        "100,random,10,0.5,0.2,0.8,10,10\n200,random,10,0.9,0.6,0.98,12,8\n"
        "100,greedy,10,0.1,0.02,0.4,8,12\n200,greedy,10,0.3,0.1,0.6,9,11\n")
    (tmp_path / "metrics.csv").write_text("step,win_rate,win_rate_vs_greedy\n100,0.1,0.1\n200,0.2,nan\n")
    assert main([str(tmp_path)]) == 0
    png = (tmp_path / "learning_curve.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    ax = learning_curve(tmp_path, out=tmp_path / "other.png")
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["eval vs random", "eval vs greedy", "training vs greedy"]


def test_a_half_written_row_is_skipped_with_a_warning(tmp_path):
    # an interrupted write leaves a short last line (e.g. "40,1"): the plot skips it and says so
    (tmp_path / "metrics.csv").write_text("step,win_rate,win_rate_vs_greedy\n20,0.1,0.1\n40,1")
    (tmp_path / "eval.csv").write_text(
        "step,opponent,games,win_rate,win_rate_low,win_rate_high,mean_score,opponent_mean_score\n"
        "20,greedy,10,0.1,0.02,0.4,8,12\n40,greedy,10,0.")
    with pytest.warns(UserWarning) as caught:
        ax = learning_curve(tmp_path)
    said = sorted(str(w.message).rsplit("/", 1)[1] for w in caught)
    assert said == ["eval.csv: line 3 is incomplete or malformed and was skipped",
                    "metrics.csv: line 3 is incomplete or malformed and was skipped"]
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["eval vs greedy", "training vs greedy"]
    assert (tmp_path / "learning_curve.png").read_bytes()[:4] == b"\x89PNG"


def test_the_leaderboard_plot_draws_the_ratings_the_jar_wrote(tmp_path):
    import json
    import subprocess

    from kaisen._java_launch import find_jar, java_command
    from kaisen.plots import leaderboard

    out = tmp_path / "board"
    done = subprocess.run(java_command(find_jar(), "leaderboard", "--game", "osaka", "--players", "2", "--agents",
                                       "random,greedy,ismcts:4", "--games", "4", "--threads", "1", "--out", str(out)),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "| rank | agent | Elo |" in (out / "leaderboard.md").read_text()
    board = json.loads((out / "leaderboard.json").read_text())
    assert board["complete"] and len(board["pairings"]) == 3
    assert main(["leaderboard", str(out)]) == 0
    assert (out / "leaderboard.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    ax = leaderboard(out, out=tmp_path / "other.png")
    # best at the top: ordered from the highest tick down, the labels are the ranking
    ticks = sorted(zip(ax.get_yticks(), (t.get_text() for t in ax.get_yticklabels())), reverse=True)
    assert [label for _, label in ticks] == [r["agent"] for r in board["ratings"]]


def test_the_leaderboard_plot_names_what_is_wrong_with_its_file(tmp_path):
    from kaisen.plots import leaderboard

    with pytest.raises(FileNotFoundError, match="kaisen leaderboard --out"):
        leaderboard(tmp_path)
    (tmp_path / "leaderboard.json").write_text('{"ratings": [{"agent": "a"}]}')
    with pytest.raises(ValueError, match="not a leaderboard"):
        leaderboard(tmp_path)
    (tmp_path / "leaderboard.json").write_text('{"ratings": []}')
    with pytest.raises(ValueError, match="no ratings yet"):
        leaderboard(tmp_path)
