"""``./kaisen bench faults``: a short run (``--quick``) of the play server's attacks, and the shape of
its table and JSON (not its timings, nor its verdicts: those are what the bench reports)."""

from __future__ import annotations

import json

import pytest

from kaisen import bench_faults


def test_a_quick_run_prints_the_table_and_writes_the_same_rows_as_json(tmp_path, capsys):
    out = tmp_path / "faults.json"
    assert bench_faults.main(["--attacks", "page", "--quick", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    result = json.loads(out.read_text())
    assert set(result) >= {"quick", "attacks", "rows", "acceptable", "not_acceptable", "seconds"}
    assert result["quick"] is True and result["attacks"] == ["page"]
    rows = result["rows"]
    assert len(rows) == bench_faults.expected_rows(["page"])
    for row in rows:
        assert set(row) == {"attack", "attempt", "n", "outcomes", "acceptable", "seconds", "note"}
        assert row["attack"] == "page" and isinstance(row["acceptable"], bool) and row["n"] >= 1
        assert row["outcomes"] and all(isinstance(v, int) and v > 0 for v in row["outcomes"].values())
        assert row["attempt"] in printed
    assert result["acceptable"] + result["not_acceptable"] == len(rows)
    lines = printed.splitlines()
    assert lines[0].split() == ["attack", "n", "acceptable", "time", "attempt"]
    assert f"{len(rows)} rows, {sum(r['n'] for r in rows)} attempts: {result['acceptable']} rows acceptable" in printed
    assert "Traceback" not in printed


def test_an_unknown_attack_is_one_line(capsys):
    with pytest.raises(SystemExit) as e:
        bench_faults.main(["--attacks", "page,nosuch"])
    assert e.value.code == 2
    assert capsys.readouterr().err == ("kaisen bench faults: --attacks takes page, jvm-kills, dropped-envs, big-ints "
                                       "(comma-separated), not 'page,nosuch'\n")
