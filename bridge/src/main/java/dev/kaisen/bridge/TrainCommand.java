package dev.kaisen.bridge;

import dev.kaisen.training.ppo.PpoConfig;
import dev.kaisen.training.ppo.PpoTrainer;
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
        description = {"Train a masked-PPO policy in the JVM (Deeplearning4j) against a pool of opponents.",
                "Writes metrics.csv, eval.csv, last.zip and best.zip to --out; evaluate the result with "
                        + "./kaisen eval --agents dl4j:OUT/best.zip,greedy."})
final class TrainCommand implements Callable<Integer> {
    @picocli.CommandLine.Mixin
    GameOptions gameOptions;

    @Option(names = "--view", description = "Observation view the policy reads: information_state (default) or observation.")
    String view;

    @Option(names = "--opponents", split = ",",
            description = "Opponent pool; env i plays the (i mod size)-th; 'self' = past snapshots of the policy "
                    + "(default: the game's rollout bot and self, e.g. greedy,self for osaka).")
    List<String> opponents;

    @Option(names = "--steps", description = "Learner steps to train for (default 5000000; with --resume: the saved "
            + "budget unless given).")
    Long steps;

    @Option(names = "--out", required = true, description = "Run folder, e.g. runs/osaka-ppo.")
    Path out;

    @Option(names = "--resume", description = "Continue the run in --out from its last checkpoint (its saved settings "
            + "are used; --steps may raise the budget).")
    boolean resume;

    @Option(names = "--seed", defaultValue = "1", description = "Seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--envs", defaultValue = "32", description = "Parallel envs (default ${DEFAULT-VALUE}).")
    int envs;

    @Option(names = "--rollout", defaultValue = "128", description = "Steps per env per update (default ${DEFAULT-VALUE}).")
    int rollout;

    @Option(names = "--epochs", defaultValue = "4", description = "Passes over each rollout (default ${DEFAULT-VALUE}).")
    int epochs;

    @Option(names = "--minibatch", defaultValue = "512", description = "Minibatch size (default ${DEFAULT-VALUE}).")
    int minibatch;

    @Option(names = "--lr", defaultValue = "3e-4", description = "Adam learning rate (default ${DEFAULT-VALUE}).")
    double lr;

    @Option(names = "--no-anneal-lr", description = "Keep the learning rate constant (default: linear decay).")
    boolean noAnneal;

    @Option(names = "--ent-coef", defaultValue = "0.01", description = "Entropy bonus (default ${DEFAULT-VALUE}).")
    double entCoef;

    @Option(names = "--hidden", defaultValue = "128,128", split = ",", description = "Hidden layer sizes (default ${DEFAULT-VALUE}).")
    int[] hidden;

    @Option(names = "--reward", defaultValue = "terminal", description = "terminal or vp_difference (default ${DEFAULT-VALUE}).")
    String reward;

    @Option(names = "--threads", defaultValue = "2", description = "Vector-env and evaluation threads (default ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--net-threads", defaultValue = "1", description = "Threads for the network's native ops (ND4J, "
            + "OpenMP, OpenBLAS; default ${DEFAULT-VALUE}: fastest for small networks on a small machine).")
    int netThreads;

    @Option(names = "--eval-every", defaultValue = "100000", description = "Steps between evaluations and checkpoints (default ${DEFAULT-VALUE}).")
    long evalEvery;

    @Option(names = "--eval-games", defaultValue = "200", description = "Games per evaluation opponent (default ${DEFAULT-VALUE}).")
    int evalGames;

    @Option(names = "--eval-opponents", split = ",", description = "Bots to evaluate against (default: random, the pool's bots and the game's bots).")
    List<String> evalOpponents;

    @Option(names = "--snapshot-every", defaultValue = "100000", description = "Steps between self-play snapshots (default ${DEFAULT-VALUE}).")
    long snapshotEvery;

    @Override
    public Integer call() {
        PpoTrainer trainer;
        if (resume) {
            trainer = PpoTrainer.resume(out, steps == null ? 0 : steps);
            System.out.printf(Locale.ROOT, "resuming %s at step %,d of %,d%n", out, trainer.step(), trainer.config().steps);
            trainer.notices().forEach(n -> System.out.println("note: " + n));
        } else {
            PpoConfig c = new PpoConfig();
            dev.kaisen.env.Game<?> game = gameOptions.create();
            c.game = game.id();
            c.players = game.numPlayers();
            c.options = new java.util.LinkedHashMap<>(game.config().options());
            c.view = view == null ? dev.kaisen.observation.Encoders.DEFAULT_VIEW : view;
            c.opponents = opponents == null ? new java.util.ArrayList<>() : opponents;
            c.steps = steps == null ? 5_000_000 : steps;
            c.seed = seed;
            c.envs = envs;
            c.rollout = rollout;
            c.epochs = epochs;
            c.minibatch = minibatch;
            c.learningRate = lr;
            c.annealLr = !noAnneal;
            c.entCoef = entCoef;
            c.hidden = hidden;
            c.rewardMode = reward;
            c.threads = threads;
            c.netThreads = netThreads;
            c.evalEvery = evalEvery;
            c.evalGames = evalGames;
            c.evalOpponents = evalOpponents == null ? List.of() : evalOpponents;
            c.snapshotEvery = snapshotEvery;
            trainer = PpoTrainer.start(c, out);
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
}
