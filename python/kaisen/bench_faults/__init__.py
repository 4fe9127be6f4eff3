"""The reliability probe's long and statistical attacks, repeated and counted (``./kaisen bench faults``).

Each attack is bounded in count and time and sends traffic only to 127.0.0.1:

``page``
    a play server (osaka, 2 players, in its own process, its stderr captured): slowloris clients
    (one header byte per second), clients whose body stalls (expected: 408 or the connection
    closed, one line on the server's terminal), polls reset before their answer, many concurrent
    state polls, many idle connections; meanwhile other requests must be answered, and the
    server must print nothing else (no traceback). Then SIGTERM: exit 0, its JVM gone.
``jvm-kills``
    an env (single and vector in turn) whose JVM is killed (SIGKILL) mid-use: the next call must
    raise a one-line :class:`kaisen.JvmDiedError`, and a new env must work.
``dropped-envs``
    for each kind of env (and :class:`kaisen.State`): ten made, reset and dropped without
    ``close()`` while another env stays open and keeps stepping; it must go on stepping.
``big-ints``
    ints of 2**31 as ``num_envs``, ``threads``, ``games`` (and a seed of 2**70) while another env
    is open: a one-line :class:`ValueError`, raised in Python before the call reaches the JVM; the
    other env and its JVM unaffected.

The JVM attacks run in a child process each (``--worker``), so that one attack's JVM cannot
disturb the next, and so that no Kaisen JVM left once that process has exited is seen as a leak.
A row is one attempt (``n`` times); ``acceptable`` is the probe's: a clear one-line error,
nothing lost, no hang, no traceback shown, no process left.
"""

# page.py: the play server's process and its attacks; jvm.py: the JVM attacks, the worker process and
# the parent's side of it; _common.py: what both use; here: the rows, the table and the command line

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ATTACKS = ("page", "jvm-kills", "dropped-envs", "big-ints")


@dataclass(frozen=True)
class Sizes:
    """How many of each attack (the default run, or ``--quick``)."""

    slowloris_clients: int
    slowloris_seconds: int
    stalled_bodies: int
    reset_polls: int
    poll_threads: int
    polls_per_thread: int
    idle_connections: int
    jvm_kills: int
    drops: int


FULL = Sizes(slowloris_clients=5, slowloris_seconds=6, stalled_bodies=3, reset_polls=20, poll_threads=20,
             polls_per_thread=10, idle_connections=300, jvm_kills=3, drops=10)
QUICK = Sizes(slowloris_clients=2, slowloris_seconds=2, stalled_bodies=1, reset_polls=5, poll_threads=4,
              polls_per_thread=5, idle_connections=30, jvm_kills=1, drops=2)


@dataclass
class Row:
    """One attempt, made ``n`` times, and what came of it."""

    attack: str
    attempt: str
    n: int
    outcomes: dict[str, int]
    acceptable: bool
    seconds: float
    note: str = ""


# after Row and Sizes: the modules of the attacks import them from here
from .jvm import WORKER_TIMEOUT, WORKERS, big_ints, dropped_envs, jvm_kills, run_worker, worker_rows  # noqa: E402
from .page import PAGE_REQUEST_TIMEOUT, page_attacks, serve_page  # noqa: E402

__all__ = ["ATTACKS", "FULL", "PAGE_REQUEST_TIMEOUT", "QUICK", "WORKERS", "WORKER_TIMEOUT", "Row", "Sizes",
           "big_ints", "dropped_envs", "expected_rows", "jvm_kills", "main", "page_attacks", "run", "run_worker",
           "serve_page", "table", "worker_rows"]


# the report

def expected_rows(attacks: list[str]) -> int:
    """How many rows a run of ``attacks`` reports (for the progress bar): a worker's attempts and its
    row for the JVMs left."""
    per = {"page": 6,  # slowloris, stalled bodies, resets, concurrent polls, idle connections, SIGTERM
           "jvm-kills": 2 + 1,  # a single and a vector env
           "dropped-envs": 6 + 1,  # make, aec_env, vector_env, multi_agent_vector_env, sb3_vec_env, State
           "big-ints": 5 + 1}  # num_envs twice, threads, games, a seed
    return sum(per[a] for a in attacks)


def run(attacks: list[str], quick: bool) -> list[Row]:
    from tqdm import tqdm

    sizes = QUICK if quick else FULL
    rows: list[Row] = []
    with tqdm(total=expected_rows(attacks), desc="bench faults", unit="attempt", disable=None) as bar:
        def tick() -> None:
            bar.update(1)

        for attack in attacks:
            bar.set_postfix_str(attack)
            source = page_attacks(sizes, tick) if attack == "page" else worker_rows(attack, quick, tick)
            rows.extend(source)
    return rows


def table(rows: list[Row]) -> str:
    """The rows as a text table: attack, n, acceptable, time and the attempt; under each, its outcome
    counts (and a note)."""
    head = f"{'attack':<13} {'n':>4}  {'acceptable':<10} {'time':>7}  attempt"
    lines = [head, "-" * 100]
    for r in rows:
        outcomes = "; ".join(f"{k}: {v}" for k, v in r.outcomes.items())
        lines.append(f"{r.attack:<13} {r.n:>4}  {'yes' if r.acceptable else 'NO':<10} {r.seconds:>6.1f}s  {r.attempt}")
        lines.append(f"{'':<37}-> {outcomes}" + (f" ({r.note})" if r.note else ""))
    bad = sum(not r.acceptable for r in rows)
    lines.append(f"{len(rows)} rows, {sum(r.n for r in rows)} attempts: {len(rows) - bad} rows acceptable, "
                 f"{bad} not")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="kaisen bench faults", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--attacks", default=",".join(ATTACKS),
                   help=f"which, comma-separated (default all: {','.join(ATTACKS)})")
    p.add_argument("--quick", action="store_true", help="fewer of each (a short run)")
    p.add_argument("--json", nargs="?", const="-", default=None, metavar="FILE",
                   help="the rows as JSON, on stdout (instead of the table) or into FILE")
    p.add_argument("--worker", choices=sorted(WORKERS), help=argparse.SUPPRESS)
    p.add_argument("--serve-page", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--request-timeout", type=float, default=PAGE_REQUEST_TIMEOUT, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.serve_page:
        serve_page(args.request_timeout)
        return 0
    if args.worker:
        run_worker(args.worker, QUICK if args.quick else FULL)
        return 0
    attacks = [a.strip() for a in args.attacks.split(",") if a.strip()]
    unknown = [a for a in attacks if a not in ATTACKS]
    if unknown or not attacks:
        p.exit(2, f"kaisen bench faults: --attacks takes {', '.join(ATTACKS)} (comma-separated), "
                  f"not {args.attacks!r}\n")
    begun = time.monotonic()
    rows = run(attacks, args.quick)
    result = {"quick": args.quick, "attacks": attacks, "cpus": os.cpu_count(), "machine": platform.machine(),
              "seconds": round(time.monotonic() - begun, 1), "rows": [asdict(r) for r in rows],
              "acceptable": sum(r.acceptable for r in rows), "not_acceptable": sum(not r.acceptable for r in rows)}
    if args.json == "-":
        print(json.dumps(result, indent=2))
    else:
        print(table(rows))
        print(f"{result['seconds']:.0f} s in all, {os.cpu_count()} CPUs"
              + (" (--quick)" if args.quick else ""))
        if args.json:
            Path(args.json).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0
