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
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

@Command(name = "train", mixinStandardHelpOptions = true,
        description = {"Train a policy network in the JVM (Deeplearning4j): masked PPO against a pool of opponents "
                + "(--algo ppo, the default), or expert iteration (--algo exit): ISMCTS guided by the network plays "
                + "every seat, and the network learns the search's visit counts and the games' outcomes.",
                "Writes metrics.csv, eval.csv, last.zip and best.zip to --out; evaluate the result with "
                        + "./kaisen eval --agents dl4j:OUT/best.zip,greedy (the raw policy) or, after --algo exit, "
                        + "ismcts:200:net=OUT/best.zip,greedy (the guided search).",
                "Options marked [ppo] or [exit] apply to that algorithm only."},
        defaultValueProvider = TrainCommand.Defaults.class)
final class TrainCommand implements Callable<Integer> {
    /**
     * The options' defaults, read from the configs' own ({@link PpoConfig}, {@link ExitConfig}):
     * each is written once, there, and picocli shows it as {@code ${DEFAULT-VALUE}}.
     */
    static final class Defaults implements IDefaultValueProvider {
        private static final Map<String, String> BY_OPTION = byOption(PpoConfig.DEFAULTS, ExitConfig.DEFAULTS);

        private static Map<String, String> byOption(PpoConfig c, ExitConfig e) {
            Map<String, String> m = new LinkedHashMap<>();
            m.put("--algo", c.algo.id());
            m.put("--seed", Long.toString(c.seed));
            m.put("--envs", Integer.toString(c.envs));
            m.put("--rollout", Integer.toString(c.rollout));
            m.put("--epochs", Integer.toString(c.epochs));
            m.put("--minibatch", Integer.toString(c.minibatch));
            m.put("--ent-coef", Double.toString(c.entCoef));
            m.put("--gamma", Double.toString(c.gamma));
            m.put("--gae-lambda", Double.toString(c.gaeLambda));
            m.put("--clip", Double.toString(c.clip));
            m.put("--hidden", Arrays.stream(c.hidden).mapToObj(Integer::toString).collect(Collectors.joining(",")));
            m.put("--reward", c.rewardMode);
            m.put("--threads", Integer.toString(c.threads));
            m.put("--net-threads", Integer.toString(c.netThreads));
            m.put("--eval-every", Long.toString(c.evalEvery));
            m.put("--eval-games", Integer.toString(c.evalGames));
            m.put("--snapshot-every", Long.toString(c.snapshotEvery));
            m.put("--search", Integer.toString(e.search));
            m.put("--generations", Integer.toString(e.generations));
            m.put("--games-per-gen", Integer.toString(e.gamesPerGeneration));
            m.put("--leaf-value", Double.toString(e.leafValue));
            m.put("--c", Double.toString(e.exploration));
            m.put("--temperature-moves", Integer.toString(e.temperatureMoves));
            m.put("--target-temperature", Double.toString(e.targetTemperature));
            m.put("--noise", Double.toString(e.noiseWeight));
            m.put("--noise-alpha", Double.toString(e.noiseAlpha));
            m.put("--buffer", Integer.toString(e.buffer));
            // a whole number of passes reads as one (2, not 2.0)
            m.put("--exit-epochs", e.epochs == Math.rint(e.epochs) ? Long.toString((long) e.epochs)
                    : Double.toString(e.epochs));
            m.put("--exit-minibatch", Integer.toString(e.minibatch));
            m.put("--eval-every-gen", Integer.toString(e.evalEvery));
            m.put("--best-by", e.bestBy);
            return Map.copyOf(m);
        }

        @Override
        public String defaultValue(ArgSpec arg) {
            return arg instanceof OptionSpec o ? BY_OPTION.get(o.longestName()) : null;
        }
    }

    @picocli.CommandLine.Mixin
    GameOptions gameOptions;

    @Option(names = "--algo", description = "ppo or exit (default ${DEFAULT-VALUE}).")
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

    @Option(names = "--resume", description = "Continue the run in --out from its last checkpoint, ppo or exit (its saved "
            + "settings are used; --steps or --generations may raise the budget).")
    boolean resume;

    @Option(names = "--seed", description = "Seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--envs", description = "[ppo] Parallel envs (default ${DEFAULT-VALUE}).")
    int envs;

    @Option(names = "--rollout", description = "[ppo] Steps per env per update (default ${DEFAULT-VALUE}).")
    int rollout;

    @Option(names = "--epochs", description = "[ppo] Passes over each rollout (default ${DEFAULT-VALUE}).")
    int epochs;

    @Option(names = "--minibatch", description = "[ppo] Minibatch size (default ${DEFAULT-VALUE}).")
    int minibatch;

    @Option(names = "--lr", description = "Adam learning rate (default 3e-4 for ppo, 1e-3 for exit).")
    Double lr;

    @Option(names = "--no-anneal-lr", description = "[ppo] Keep the learning rate constant (default: linear decay).")
    boolean noAnneal;

    @Option(names = "--ent-coef", description = "[ppo] Entropy bonus (default ${DEFAULT-VALUE}).")
    double entCoef;

    @Option(names = "--gamma", description = "[ppo] Discount factor, 0 to 1 (default ${DEFAULT-VALUE}).")
    double gamma;

    @Option(names = "--gae-lambda", description = "[ppo] GAE lambda, 0 to 1 (default ${DEFAULT-VALUE}).")
    double gaeLambda;

    @Option(names = "--clip", description = "[ppo] PPO clip range, > 0 (default ${DEFAULT-VALUE}).")
    double clip;

    @Option(names = "--no-norm-adv", description = "[ppo] Use the advantages as they are (default: normalised per minibatch).")
    boolean noNormAdv;

    @Option(names = "--vf-coef", description = "Weight of the value loss (default 0.5 for ppo, 1.0 for exit).")
    Double vfCoef;

    @Option(names = "--max-grad-norm", description = "Gradient-norm clipping threshold, > 0 (default 0.5 for ppo, 1.0 "
            + "for exit).")
    Double maxGradNorm;

    @Option(names = "--hidden", split = ",", description = "Hidden layer sizes (default ${DEFAULT-VALUE}).")
    int[] hidden;

    @Option(names = "--reward", description = "[ppo] terminal or score_difference (default ${DEFAULT-VALUE}).")
    String reward;

    @Option(names = "--threads", description = "Vector-env and evaluation threads (default ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--net-threads", description = "Threads for the network's native ops (ND4J, "
            + "OpenMP, OpenBLAS; default ${DEFAULT-VALUE}: fastest for small networks on a small machine).")
    int netThreads;

    @Option(names = "--eval-every", description = "[ppo] Steps between evaluations and checkpoints (default ${DEFAULT-VALUE}).")
    long evalEvery;

    @Option(names = "--eval-games", description = "Games per evaluation opponent (default ${DEFAULT-VALUE}).")
    int evalGames;

    @Option(names = "--eval-opponents", split = ",", description = "Bots to evaluate against (default: random, the pool's bots and the game's bots).")
    List<String> evalOpponents;

    @Option(names = "--search", description = "[exit] Search iterations per self-play decision "
            + "(default ${DEFAULT-VALUE}).")
    int search;

    @Option(names = "--generations", description = "[exit] Generations of self-play and training "
            + "(default ${DEFAULT-VALUE}).")
    int generations;

    @Option(names = "--games-per-gen", description = "[exit] Self-play games per generation "
            + "(default ${DEFAULT-VALUE}).")
    int gamesPerGeneration;

    @Option(names = "--leaf-value", description = "[exit] Weight of the network's value at a "
            + "search leaf, the rest from a rollout; guided agents of the checkpoint use it by default "
            + "(default ${DEFAULT-VALUE}; 1 = no rollouts).")
    double leafValue;

    @Option(names = "--search-rollout", description = "[exit] Rollout policy of the search (default: the game's rollout bot).")
    String searchRollout;

    @Option(names = "--c", description = "[exit] PUCT exploration constant (default ${DEFAULT-VALUE}).")
    double exploration;

    @Option(names = "--temperature-moves", description = "[exit] Decisions at the start of each "
            + "game sampled from the visit counts (default ${DEFAULT-VALUE}).")
    int temperatureMoves;

    @Option(names = "--target-temperature", description = "[exit] Temperature T of the policy targets: "
            + "visits^(1/T) normalized; below 1 sharpens them toward the most visited move, 0 is that move alone "
            + "(default ${DEFAULT-VALUE}: the visit distribution).")
    double targetTemperature;

    @Option(names = "--noise", description = "[exit] Weight of Dirichlet noise in the root prior "
            + "(default ${DEFAULT-VALUE}).")
    double noiseWeight;

    @Option(names = "--noise-alpha", description = "[exit] Dirichlet concentration "
            + "(default ${DEFAULT-VALUE}).")
    double noiseAlpha;

    @Option(names = "--buffer", description = "[exit] Replay buffer, in decisions "
            + "(default ${DEFAULT-VALUE}).")
    int buffer;

    @Option(names = "--exit-epochs", description = "[exit] Training passes per generation over as "
            + "many samples as it added (default ${DEFAULT-VALUE}).")
    double exitEpochs;

    @Option(names = "--exit-minibatch", description = "[exit] Minibatch size "
            + "(default ${DEFAULT-VALUE}).")
    int exitMinibatch;

    @Option(names = "--eval-every-gen", description = "[exit] Generations between evaluations and "
            + "checkpoints (default ${DEFAULT-VALUE}).")
    int evalEveryGeneration;

    @Option(names = "--best-by", description = "[exit] What best.zip is chosen on: raw (the raw policy's evaluation, "
            + "the default) or guided (the guided search's, written to eval-guided.csv; slower).")
    String bestBy;

    @Option(names = "--snapshot-every", description = "[ppo] Steps between self-play snapshots (default ${DEFAULT-VALUE}).")
    long snapshotEvery;

    @Option(names = "--init", paramLabel = "NETWORK", description = "Start from this network's weights (a "
            + "checkpoint path, dl4j:PATH or zoo:NAME of the same game, player count, view and --hidden; a fresh optimizer "
            + "and step count), e.g. to fine-tune with another --reward, or with --algo exit to teach a PPO model's raw "
            + "policy what the search it guides chooses (the value head then starts at 1/players, unless the network's "
            + "predicts a win share already) (default: seeded random weights).")
    String init;

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
            b.append(' ').append(RunInfo.shellWord(a));
        }
        return b.toString();
    }

    @Override
    public Integer call() {
        PpoConfig.Algo running;
        if (resume) {
            // the run's algorithm is its checkpoint's: --algo may be left out, and may not differ
            running = savedAlgo();
            if (spec.commandLine().getParseResult().hasMatchedOption("--algo") && !algo.equals(running.id())) {
                throw new IllegalArgumentException("the run in " + out + " is " + running.id() + ", not " + algo
                        + ": --resume continues it as it was trained (leave --algo out)");
            }
        } else if (algo.equals(PpoConfig.Algo.EXIT.id())) {
            running = PpoConfig.Algo.EXIT;
        } else if (algo.equals(PpoConfig.Algo.PPO.id())) {
            running = PpoConfig.Algo.PPO;
        } else {
            throw new IllegalArgumentException("--algo must be ppo or exit, not '" + algo + "'");
        }
        refuseIgnoredOptions(running);
        if (running == PpoConfig.Algo.EXIT) {
            return exit(resume ? resumeExit() : startExit());
        }
        PpoTrainer trainer = resume ? resumeRun() : startRun();
        try (trainer) {
            train(trainer);
        }
        System.out.println("done: " + out.resolve("last.zip") + ", best: " + out.resolve("best.zip"));
        return 0;
    }

    /** The option of one algorithm that stands for another's (the likely mix-ups), for the refusal's message. */
    private static final java.util.Map<String, String> COUNTERPART = java.util.Map.of(
            "--steps", "--generations", "--generations", "--steps",
            "--eval-every", "--eval-every-gen", "--eval-every-gen", "--eval-every",
            "--epochs", "--exit-epochs", "--exit-epochs", "--epochs",
            "--minibatch", "--exit-minibatch", "--exit-minibatch", "--minibatch");

    /**
     * Throws when an option given on the command line would be ignored, since a run that silently
     * ignores what it was told is not the run that was asked for: one of the other algorithm's
     * (its description starts with [ppo] or [exit]), or, with --resume, any setting but the budget
     * (the run's saved settings are used).
     */
    private void refuseIgnoredOptions(PpoConfig.Algo running) {
        String mine = "[" + running.id() + "]";
        String budget = running == PpoConfig.Algo.EXIT ? "--generations" : "--steps";
        for (picocli.CommandLine.Model.OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            String name = o.longestName();
            String[] d = o.description();
            if (d.length > 0 && d[0].startsWith("[") && !d[0].startsWith(mine)) {
                String theirs = d[0].substring(1, d[0].indexOf(']'));
                String instead = COUNTERPART.containsKey(name) ? " (its counterpart here is " + COUNTERPART.get(name) + ")"
                        : "";
                throw new IllegalArgumentException(name + " is an option of --algo " + theirs + ", and this "
                        + (resume ? "run in " + out + " is " : "run is ") + running.id() + (running == PpoConfig.Algo.EXIT
                        ? " (expert iteration)" : "") + ": leave it out" + instead);
            }
            if (resume && !List.of("--resume", "--out", "--algo", budget).contains(name)) {
                throw new IllegalArgumentException(name + " cannot change a run: --resume continues the run in " + out
                        + " with the settings saved in its last.zip (" + budget + " may raise the budget); leave it "
                        + "out, or start a new run in another --out (--init takes a checkpoint's weights)");
            }
        }
    }

    /** The algorithm of the run in --out, read from its last.zip (the run's settings are its own on --resume). */
    private PpoConfig.Algo savedAlgo() {
        java.nio.file.Path last = out.resolve("last.zip");
        if (!java.nio.file.Files.isRegularFile(last)) {
            throw new IllegalArgumentException("nothing to resume: " + last + " does not exist");
        }
        return dev.kaisen.training.net.Checkpoint.readConfig(last).algo;
    }

    /** --resume: the run in --out, its budget raised to --steps when given. */
    private PpoTrainer resumeRun() {
        PpoTrainer trainer = PpoTrainer.resume(out, steps == null ? 0 : steps);
        System.out.printf(Locale.ROOT, "resuming %s at step %,d of %,d%n", out, trainer.step(), trainer.config().steps);
        trainer.notices().forEach(n -> System.out.println("note: " + n));
        return trainer;
    }

    /** A new PPO run in --out, with the options given and the config's defaults for the rest. */
    private PpoTrainer startRun() {
        PpoConfig.Builder c = new PpoConfig.Builder();
        shared(c);
        c.opponents = opponents == null ? new java.util.ArrayList<>() : opponents;
        if (steps != null) {
            c.steps = steps;
        }
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
        PpoTrainer trainer = PpoTrainer.start(c.build(), out);
        // how the run was made, for ./kaisen zoo pack
        RunInfo.write(out, commandLine());
        return trainer;
    }

    /** Trains to the budget, with a progress bar on a console, else a line every 10 iterations, and each evaluation. */
    private void train(PpoTrainer trainer) {
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

    /** The settings both algorithms share: game, view, seed, network (and --init), optimiser, threads and evaluation. */
    private void shared(PpoConfig.Builder c) {
        dev.kaisen.env.Game<?> game = gameOptions.create();
        c.game = game.id();
        c.players = game.numPlayers();
        c.options = new java.util.LinkedHashMap<>(game.config().options());
        if (view != null) {
            c.view = view;
        }
        c.seed = seed;
        boolean exit = algo.equals(PpoConfig.Algo.EXIT.id());
        c.learningRate = lr != null ? lr : exit ? ExitConfig.LEARNING_RATE : c.learningRate;
        c.vfCoef = vfCoef != null ? vfCoef : exit ? ExitConfig.VF_COEF : c.vfCoef;
        c.maxGradNorm = maxGradNorm != null ? maxGradNorm : exit ? ExitConfig.MAX_GRAD_NORM : c.maxGradNorm;
        c.hidden = hidden;
        c.threads = threads;
        c.netThreads = netThreads;
        c.evalGames = evalGames;
        c.evalOpponents = evalOpponents == null ? List.of() : evalOpponents;
        c.init = init;
    }

    /** --resume of an expert-iteration run: its budget raised to --generations when given. */
    private ExitTrainer resumeExit() {
        boolean given = spec.commandLine().getParseResult().hasMatchedOption("--generations");
        if (given && generations < 1) {
            throw new IllegalArgumentException("--generations must be positive, not " + generations);
        }
        ExitTrainer trainer = ExitTrainer.resume(out, given ? generations : 0);
        System.out.printf(Locale.ROOT, "resuming %s at generation %d of %d (%,d decisions)%n", out,
                trainer.generation(), trainer.config().exit.generations, trainer.step());
        trainer.notices().forEach(n -> System.out.println("note: " + n));
        return trainer;
    }

    /** --algo exit: a new expert-iteration run in --out. */
    private ExitTrainer startExit() {
        PpoConfig.Builder settings = new PpoConfig.Builder();
        shared(settings);
        ExitConfig.Builder e = new ExitConfig.Builder();
        e.search = search;
        e.generations = generations;
        e.gamesPerGeneration = gamesPerGeneration;
        e.leafValue = leafValue;
        if (searchRollout != null) {
            e.rollout = searchRollout;
        }
        e.exploration = exploration;
        e.temperatureMoves = temperatureMoves;
        e.targetTemperature = targetTemperature;
        e.noiseWeight = noiseWeight;
        e.noiseAlpha = noiseAlpha;
        e.buffer = buffer;
        e.epochs = exitEpochs;
        e.minibatch = exitMinibatch;
        e.evalEvery = evalEveryGeneration;
        e.bestBy = bestBy;
        settings.exit = e;
        ExitTrainer trainer = ExitTrainer.start(settings.build(), out);
        // how the run was made, for ./kaisen zoo pack (as a PPO run)
        RunInfo.write(out, commandLine());
        return trainer;
    }

    /** Trains an expert-iteration run to its last generation, printing each generation and evaluation. */
    private int exit(ExitTrainer trainer) {
        PpoConfig c = trainer.config();
        System.out.printf(Locale.ROOT, "expert iteration on %s, %d players (%s view): %d generations x %d games, "
                        + "ismcts:%d (leaf value %.2f, rollout %s), net %s -> %s%n", c.game, c.players, c.view,
                c.exit.generations, c.exit.gamesPerGeneration, c.exit.search, c.exit.leafValue, c.exit.rollout,
                java.util.Arrays.toString(c.hidden), out);
        trainer.train(new ExitTrainer.Listener() {
            @Override
            public void generation(ExitTrainer.GenerationStats s) {
                System.out.printf(Locale.ROOT, "generation %d: %d games (%.0fs), %,d decisions (buffer %,d), "
                                + "policy loss %.3f (target entropy %.3f), value loss %.4f%n", s.generation(), s.games(),
                        s.selfPlaySeconds(), s.step(), s.buffered(), s.policyLoss(), s.targetEntropy(), s.valueLoss());
            }

            @Override
            public void guidedEvaluation(List<PpoTrainer.EvalResult> results) {
                System.out.print("guided search: ");
                printEvaluation(results, false, trainer.step());
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
