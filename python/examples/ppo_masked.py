"""Masked PPO for any Kaisen game (CleanRL style), over ``kaisen.vector_env``: the command line of ``kaisen.torch``.

    python python/examples/ppo_masked.py --total-timesteps 2000000 --out runs/torch-ppo
    python python/examples/ppo_masked.py --game osaka --num-players 3 --config '{}' --out runs/osaka-3p

One flag per field of ``kaisen.torch.Args`` (``--self-play true``, ``--opponents random,greedy``,
...); the trainer is :mod:`kaisen.torch` (PyTorch: the ``train`` extra), which a notebook or a
script imports as it is: ``from kaisen.torch import Args, train, load_policy``.

Illegal actions get zero probability: their logits are set to -inf before the softmax, so
they are never sampled and receive no gradient. The network is sized from the game's spec.
The learner plays a pool of bots (``--opponents random,greedy``, the default, splits the envs
between them; ``kaisen.spec(game).agents`` lists a game's bots); its seat is random each episode.
With ``--self-play true`` a share of the envs (``--self-play-share``) plays frozen snapshots of
the policy itself instead (a pool of the newest ``--pool-size``, one added every
``--snapshot-every`` updates), answered in Python over ``kaisen.multi_agent_vector_env``; the
other envs keep playing the bots inside the JVM.

The run folder gets ``metrics.csv`` (one row per update), ``eval.csv`` (periodic evaluations
with 95% intervals), ``learning_curve.png``, ``last.pt`` and ``best.pt`` (model, optimizer,
settings and the spec's ``layout_hash``; written atomically), and ``final_eval.json`` (the final
evaluation of ``best.pt``, ``--final-eval-games`` per opponent). ``load_policy`` refuses a
checkpoint whose layout hash differs from this build's for its game, config and view (one
without a hash loads with a warning only if its sizes fit). Everything is seeded: the envs
(``kaisen.derive_seed``), torch, and the evaluation games.
"""
from __future__ import annotations

import argparse
import dataclasses
import json

import kaisen
from kaisen.torch import Args, evaluate_policy, load_policy, train


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for f in dataclasses.fields(Args):
        flag = "--" + f.name.replace("_", "-")
        if f.type in ("bool", bool):
            p.add_argument(flag, type=lambda s: s.lower() in ("1", "true", "yes"), default=f.default)
        else:
            p.add_argument(flag, type={"int": int, "float": float, "str": str}[str(f.type)], default=f.default)
    args = Args(**vars(p.parse_args()))
    agent, out = train(args)
    summary = json.loads((out / "train_summary.json").read_text())
    print(f"trained {summary['steps']} steps in {summary['seconds']} s ({summary['steps_per_s']} steps/s, "
          f"env share {summary['env_share']})")
    if args.final_eval_games <= 0 or not (out / "best.pt").exists():
        return
    policy = load_policy(out / "best.pt")
    report = evaluate_policy(policy, args, args.final_eval_games, kaisen.derive_seed(args.seed, 4))
    print(report)
    (out / "final_eval.json").write_text(json.dumps([r.as_dict() for r in report.results], indent=2))


if __name__ == "__main__":
    main()
