package dev.kaisen.bridge;

import dev.kaisen.training.config.ExitConfig;
import dev.kaisen.training.config.PpoConfig;
import dev.kaisen.training.exit.ExitTrainer;
import dev.kaisen.training.ppo.PpoTrainer;
import dev.kaisen.training.ppo.RunInfo;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

@Command(name = "train", mixinStandardHelpOptions = true,
        description = {"Train a policy network in the JVM (Deeplearning4j): masked PPO against a pool of opponents "
                + "(--algo ppo, the default), or expert iteration (--algo exit): ISMCTS guided by the network plays "
                + "every seat, and the network learns the search's visit counts and the games' outcomes.",
                "Writes metrics.csv, eval.csv, last.zip and best.zip to --out; evaluate the result with "
                        + "./kaisen eval --agents dl4j:OUT/best.zip,greedy (the raw policy) or, after --algo exit, "
                        + "ismcts:200:net=OUT/best.zip,greedy (the guided search).",
                "Options marked [ppo] or [exit] apply to that algorithm only."})
final class TrainCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    GameOptions gameOptions;

    @Option(names = "--algo", defaultValue = "ppo", description = "ppo or exit (default ${DEFAULT-VALUE}).")
    String algo;

    @Option(names = "--view", description = "Observation view the policy reads: information_state (default) or observation.")
    String view;

    @Option(names = "--opponents", split = ",",
            description = "[ppo] Opponent pool; env i plays the (i mod size)-th; 'self' = past snapshots of the policy "
                    + "(default: the game's rollout bot and self, e.g. greedy,self for osaka).")
    List<String> opponents;

    @Option(names = "--steps", description = "[ppo] Learner steps to train for (default 5000000; with --resume: the saved "
            + "budget unless given).")
    Long steps;

    @Option(names = "--out", required = true, description = "Run folder, e.g. runs/osaka-ppo.")
    Path out;

    @Option(names = "--resume", description = "[ppo] Continue the run in --out from its last checkpoint (its saved settings "
            + "are used; --steps may raise the budget).")
    boolean resume;

    @Option(names = "--seed", defaultValue = "1", description = "Seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--envs", defaultValue = "32", description = "[ppo] Parallel envs (default ${DEFAULT-VALUE}).")
    int envs;

    @Option(names = "--rollout", defaultValue = "128", description = "[ppo] Steps per env per update (default ${DEFAULT-VALUE}).")
    int rollout;

    @Option(names = "--epochs", defaultValue = "4", description = "[ppo] Passes over each rollout (default ${DEFAULT-VALUE}).")
    int epochs;

    @Option(names = "--minibatch", defaultValue = "512", description = "[ppo] Minibatch size (default ${DEFAULT-VALUE}).")
    int minibatch;

    @Option(names = "--lr", description = "Adam learning rate (default 3e-4 for ppo, 1e-3 for exit).")
    Double lr;

    @Option(names = "--no-anneal-lr", description = "[ppo] Keep the learning rate constant (default: linear decay).")
    boolean noAnneal;

    @Option(names = "--ent-coef", defaultValue = "0.01", description = "[ppo] Entropy bonus (default ${DEFAULT-VALUE}).")
    double entCoef;

    @Option(names = "--gamma", defaultValue = "0.99", description = "[ppo] Discount factor, 0 to 1 (default ${DEFAULT-VALUE}).")
    double gamma;

    @Option(names = "--gae-lambda", defaultValue = "0.95", description = "[ppo] GAE lambda, 0 to 1 (default ${DEFAULT-VALUE}).")
    double gaeLambda;

    @Option(names = "--clip", defaultValue = "0.2", description = "[ppo] PPO clip range, > 0 (default ${DEFAULT-VALUE}).")
    double clip;

    @Option(names = "--no-norm-adv", description = "[ppo] Use the advantages as they are (default: normalised per minibatch).")
    boolean noNormAdv;

    @Option(names = "--vf-coef", description = "Weight of the value loss (default 0.5 for ppo, 1.0 for exit).")
    Double vfCoef;

    @Option(names = "--max-grad-norm", description = "Gradient-norm clipping threshold, > 0 (default 0.5 for ppo, 1.0 "
            + "for exit).")
    Double maxGradNorm;

    @Option(names = "--hidden", defaultValue = "128,128", split = ",", description = "Hidden layer sizes (default ${DEFAULT-VALUE}).")
    int[] hidden;

    @Option(names = "--reward", defaultValue = "terminal", description = "[ppo] terminal or score_difference (default ${DEFAULT-VALUE}).")
    String reward;

    @Option(names = "--threads", defaultValue = "2", description = "Vector-env and evaluation threads (default ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--net-threads", defaultValue = "1", description = "Threads for the network's native ops (ND4J, "
            + "OpenMP, OpenBLAS; default ${DEFAULT-VALUE}: fastest for small networks on a small machine).")
    int netThreads;

    @Option(names = "--eval-every", defaultValue = "100000", description = "[ppo] Steps between evaluations and checkpoints (default ${DEFAULT-VALUE}).")
    long evalEvery;

    @Option(names = "--eval-games", defaultValue = "200", description = "Games per evaluation opponent (default ${DEFAULT-VALUE}).")
    int evalGames;

    @Option(names = "--eval-opponents", split = ",", description = "Bots to evaluate against (default: random, the pool's bots and the game's bots).")
    List<String> evalOpponents;

    @Option(names = "--search", defaultValue = "100", description = "[exit] Search iterations per self-play decision "
            + "(default ${DEFAULT-VALUE}).")
    int search;

    @Option(names = "--generations", defaultValue = "20", description = "[exit] Generations of self-play and training "
            + "(default ${DEFAULT-VALUE}).")
    int generations;

    @Option(names = "--games-per-gen", defaultValue = "16", description = "[exit] Self-play games per generation "
            + "(default ${DEFAULT-VALUE}).")
    int gamesPerGeneration;

    @Option(names = "--leaf-value", defaultValue = "0.5", description = "[exit] Weight of the network's value at a "
            + "search leaf, the rest from a rollout; guided agents of the checkpoint use it by default "
            + "(default ${DEFAULT-VALUE}; 1 = no rollouts).")
    double leafValue;

    @Option(names = "--search-rollout", description = "[exit] Rollout policy of the search (default: the game's rollout bot).")
    String searchRollout;

    @Option(names = "--c", defaultValue = "1.0", description = "[exit] PUCT exploration constant (default ${DEFAULT-VALUE}).")
    double exploration;

    @Option(names = "--temperature-moves", defaultValue = "10", description = "[exit] Decisions at the start of each "
            + "game sampled from the visit counts (default ${DEFAULT-VALUE}).")
    int temperatureMoves;

    @Option(names = "--noise", defaultValue = "0.25", description = "[exit] Weight of Dirichlet noise in the root prior "
            + "(default ${DEFAULT-VALUE}).")
    double noiseWeight;

    @Option(names = "--noise-alpha", defaultValue = "0.3", description = "[exit] Dirichlet concentration "
            + "(default ${DEFAULT-VALUE}).")
    double noiseAlpha;

    @Option(names = "--buffer", defaultValue = "20000", description = "[exit] Replay buffer, in decisions "
            + "(default ${DEFAULT-VALUE}).")
    int buffer;

    @Option(names = "--exit-epochs", defaultValue = "2", description = "[exit] Training passes per generation over as "
            + "many samples as it added (default ${DEFAULT-VALUE}).")
    double exitEpochs;

    @Option(names = "--exit-minibatch", defaultValue = "128", description = "[exit] Minibatch size "
            + "(default ${DEFAULT-VALUE}).")
    int exitMinibatch;

    @Option(names = "--eval-every-gen", defaultValue = "2", description = "[exit] Generations between evaluations and "
            + "checkpoints (default ${DEFAULT-VALUE}).")
    int evalEveryGeneration;

    @Option(names = "--snapshot-every", defaultValue = "100000", description = "[ppo] Steps between self-play snapshots (default ${DEFAULT-VALUE}).")
    long snapshotEvery;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** The command as typed, quoted for a POSIX shell where needed. */
    private String commandLine() {
        List<String> args = new java.util.ArrayList<>(spec.commandLine().getParseResult().originalArgs());
        if (args.isEmpty() || !args.get(0).equals("train")) {
            args.add(0, "train");
        }
        StringBuilder b = new StringBuilder("./kaisen");
        for (String a : args) {
            b.append(' ').append(a.matches("[A-Za-z0-9_./:=,+@%-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
        }
        return b.toString();
    }

    @Override
    public Integer call() {
        if (algo.equals(PpoConfig.EXIT)) {
            return exit();
        }
        if (!algo.equals(PpoConfig.PPO)) {
            throw new IllegalArgumentException("--algo must be ppo or exit, not '" + algo + "'");
        }
        PpoTrainer trainer;
        if (resume) {
            trainer = PpoTrainer.resume(out, steps == null ? 0 : steps);
            if (PpoConfig.EXIT.equals(trainer.config().algo)) {
                trainer.close();
                throw new IllegalArgumentException(out + " holds an expert-iteration run, which cannot resume: start a "
                        + "new run with another --out");
            }
            System.out.printf(Locale.ROOT, "resuming %s at step %,d of %,d%n", out, trainer.step(), trainer.config().steps);
            trainer.notices().forEach(n -> System.out.println("note: " + n));
        } else {
            PpoConfig c = new PpoConfig();
            dev.kaisen.env.Game<?> game = gameOptions.create();
            shared(c);
            c.opponents = opponents == null ? new java.util.ArrayList<>() : opponents;
            c.steps = steps == null ? 5_000_000 : steps;
            c.envs = envs;
            c.rollout = rollout;
            c.epochs = epochs;
            c.minibatch = minibatch;
            c.annealLr = !noAnneal;
            c.entCoef = entCoef;
            c.gamma = gamma;
            c.gaeLambda = gaeLambda;
            c.clip = clip;
            c.normalizeAdvantages = !noNormAdv;
            c.rewardMode = reward;
            c.evalEvery = evalEvery;
            c.snapshotEvery = snapshotEvery;
            trainer = PpoTrainer.start(c, out);
            // how the run was made, for ./kaisen zoo pack
            RunInfo.write(out, commandLine());
        }
        try (trainer) {
            PpoConfig c = trainer.config();
            System.out.printf(Locale.ROOT, "training %s, %d players (%s view), opponents %s, %,d steps, %d envs x %d, net %s -> %s%n",
                    c.game, c.players, c.view, c.opponents, c.steps, c.envs, c.rollout, java.util.Arrays.toString(c.hidden), out);
            boolean console = System.console() != null;
            ProgressBar bar = console ? new ProgressBarBuilder().setTaskName("train").setInitialMax(c.steps)
                    .setStyle(ProgressBarStyle.ASCII).setUnit(" steps", 1).showSpeed()
                    .setConsumer(new ConsoleProgressBarConsumer(System.err)).build() : null;
            if (bar != null) {
                bar.stepTo(trainer.step());
            }
            trainer.train(new PpoTrainer.Listener() {
                @Override
                public void iteration(PpoTrainer.IterationStats s) {
                    String msg = String.format(Locale.ROOT, "%.0f steps/s, return %.2f, win %.0f%%", s.stepsPerSecond(),
                            s.meanReturn(), 100 * s.winRate());
                    if (bar != null) {
                        bar.stepTo(Math.min(s.step(), c.steps));
                        bar.setExtraMessage(msg);
                    } else if (s.iteration() % 10 == 0) {
                        System.out.printf(Locale.ROOT, "step %,d: %s%n", s.step(), msg);
                    }
                }

                @Override
                public void evaluation(List<PpoTrainer.EvalResult> results, boolean best) {
                    StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "eval at step %,d:",
                            results.isEmpty() ? trainer.step() : results.get(0).step()));
                    for (PpoTrainer.EvalResult r : results) {
                        b.append(String.format(Locale.ROOT, "  vs %s %.1f%% [%.1f, %.1f]", r.opponent(), 100 * r.winRate(),
                                100 * r.low(), 100 * r.high()));
                    }
                    if (best) {
                        b.append("  (new best)");
                    }
                    if (bar != null) {
                        bar.pause();
                        System.err.print("\r\033[K");
                    }
                    System.out.println(b);
                    if (bar != null) {
                        bar.resume();
                    }
                }
            });
            if (bar != null) {
                bar.close();
            }
        }
        System.out.println("done: " + out.resolve("last.zip") + ", best: " + out.resolve("best.zip"));
        return 0;
    }

    /** The settings both algorithms share: game, view, seed, network, optimiser, threads and evaluation. */
    private void shared(PpoConfig c) {
        dev.kaisen.env.Game<?> game = gameOptions.create();
        c.game = game.id();
        c.players = game.numPlayers();
        c.options = new java.util.LinkedHashMap<>(game.config().options());
        c.view = view == null ? dev.kaisen.observation.Encoders.DEFAULT_VIEW : view;
        c.seed = seed;
        boolean exit = algo.equals(PpoConfig.EXIT);
        c.learningRate = lr != null ? lr : exit ? 1e-3 : 3e-4;
        c.vfCoef = vfCoef != null ? vfCoef : exit ? 1.0 : 0.5;
        c.maxGradNorm = maxGradNorm != null ? maxGradNorm : exit ? 1.0 : 0.5;
        c.hidden = hidden;
        c.threads = threads;
        c.netThreads = netThreads;
        c.evalGames = evalGames;
        c.evalOpponents = evalOpponents == null ? List.of() : evalOpponents;
    }

    /** --algo exit: expert iteration (no resume). */
    private int exit() {
        if (resume) {
            throw new IllegalArgumentException("--resume is not supported with --algo exit: start a new run with "
                    + "another --out");
        }
        PpoConfig c = new PpoConfig();
        shared(c);
        ExitConfig e = new ExitConfig();
        e.search = search;
        e.generations = generations;
        e.gamesPerGeneration = gamesPerGeneration;
        e.leafValue = leafValue;
        e.rollout = searchRollout == null ? "" : searchRollout;
        e.exploration = exploration;
        e.temperatureMoves = temperatureMoves;
        e.noiseWeight = noiseWeight;
        e.noiseAlpha = noiseAlpha;
        e.buffer = buffer;
        e.epochs = exitEpochs;
        e.minibatch = exitMinibatch;
        e.evalEvery = evalEveryGeneration;
        c.exit = e;
        ExitTrainer trainer = ExitTrainer.start(c, out);
        // how the run was made, for ./kaisen zoo pack (as a PPO run)
        RunInfo.write(out, commandLine());
        System.out.printf(Locale.ROOT, "expert iteration on %s, %d players (%s view): %d generations x %d games, "
                        + "ismcts:%d (leaf value %.2f, rollout %s), net %s -> %s%n", c.game, c.players, c.view,
                e.generations, e.gamesPerGeneration, e.search, e.leafValue, e.rollout,
                java.util.Arrays.toString(c.hidden), out);
        trainer.train(new ExitTrainer.Listener() {
            @Override
            public void generation(ExitTrainer.GenerationStats s) {
                System.out.printf(Locale.ROOT, "generation %d: %d games (%.0fs), %,d decisions (buffer %,d), "
                                + "policy loss %.3f (target entropy %.3f), value loss %.4f%n", s.generation(), s.games(),
                        s.selfPlaySeconds(), s.step(), s.buffered(), s.policyLoss(), s.targetEntropy(), s.valueLoss());
            }

            @Override
            public void evaluation(List<PpoTrainer.EvalResult> results, boolean best) {
                printEvaluation(results, best, trainer.step());
            }
        });
        System.out.println("done: " + out.resolve("last.zip") + ", best: " + out.resolve("best.zip")
                + " (dl4j:PATH plays the raw policy, ismcts:N:net=PATH the guided search)");
        return 0;
    }

    private static void printEvaluation(List<PpoTrainer.EvalResult> results, boolean best, long step) {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "eval at step %,d:",
                results.isEmpty() ? step : results.get(0).step()));
        for (PpoTrainer.EvalResult r : results) {
            b.append(String.format(Locale.ROOT, "  vs %s %.1f%% [%.1f, %.1f]", r.opponent(), 100 * r.winRate(),
                    100 * r.low(), 100 * r.high()));
        }
        if (best) {
            b.append("  (new best)");
        }
        System.out.println(b);
    }
}
