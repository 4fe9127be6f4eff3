package dev.kaisen.bridge;

import dev.kaisen.bridge.bench.EngineBenchmark;
import dev.kaisen.env.Json;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.annotations.Mode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

@Command(name = "bench", mixinStandardHelpOptions = true, description = "Benchmarks (JMH).",
        subcommands = {BenchCommand.Engine.class, BenchCommand.Env.class})
final class BenchCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    @Command(name = "engine", mixinStandardHelpOptions = true,
            description = "Random-playout decisions per second on one thread, legal-action generation included.")
    static final class Engine implements Callable<Integer> {
        @Option(names = "--json", description = "Print one JSON object.")
        boolean json;

        @picocli.CommandLine.Mixin
        GameOptions gameOptions;

        @Option(names = "--warmup", defaultValue = "3", description = "Warm-up iterations of 1 s (default ${DEFAULT-VALUE}).")
        int warmup;

        @Option(names = "--iterations", defaultValue = "5", description = "Measured iterations of 2 s (default ${DEFAULT-VALUE}).")
        int iterations;

        @Override
        public Integer call() throws Exception {
            if (gameOptions.players == null && gameOptions.config == null) {
                gameOptions.players = 4; // the engine figure is quoted for 4 players
            }
            dev.kaisen.env.Game<?> game = gameOptions.create();
            int players = game.numPlayers();
            ChainedOptionsBuilder options = new OptionsBuilder()
                    .include(EngineBenchmark.class.getName() + ".randomDecision")
                    .param("game", game.id()).param("config", game.config().toJson())
                    .mode(Mode.Throughput).timeUnit(TimeUnit.SECONDS)
                    .forks(1).threads(1)
                    .warmupIterations(warmup).warmupTime(TimeValue.seconds(1))
                    .measurementIterations(iterations).measurementTime(TimeValue.seconds(2))
                    .shouldFailOnError(true)
                    .verbosity(json ? VerboseMode.SILENT : VerboseMode.NORMAL);
            Collection<RunResult> results = new Runner(options.build()).run();
            Result<?> r = results.iterator().next().getPrimaryResult();
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("benchmark", "engine");
            out.put("game", game.id());
            out.put("config", game.config().toMap());
            out.put("players", players);
            out.put("threads", 1);
            out.put("decisionsPerSecond", Math.round(r.getScore()));
            out.put("error99", Math.round(r.getScoreError()));
            out.put("warmupIterations", warmup);
            out.put("measurementIterations", iterations);
            out.put("harness", "JMH, 1 fork, iterations of 2 s");
            if (json) {
                System.out.println(Json.write(out, false));
            } else {
                System.out.printf("engine: %,.0f +- %,.0f random-playout decisions/s on one thread (%d players)%n",
                        r.getScore(), r.getScoreError(), players);
            }
            return 0;
        }
    }

    @Command(name = "env", mixinStandardHelpOptions = true,
            description = "Env-steps per second: (a) raw engine, (b) single env with observation and mask, "
                    + "(c) vectorized env at several N; random legal actions, random opponents. With --contention: "
                    + "the vector and multi-agent vector envs at 1 and at the default thread count, quiet and "
                    + "under a synthetic load.")
    static final class Env implements Callable<Integer> {
        @Option(names = "--json", description = "Print one JSON object.")
        boolean json;

        @picocli.CommandLine.Mixin
        GameOptions gameOptions;

        @Option(names = "--sizes", split = ",",
                description = "Vector env sizes (default 1,64,256,1024; with --contention 256).")
        int[] sizes;

        @Option(names = "--threads", description = "Worker threads for the vector env (default: all cores).")
        Integer threads;

        @Option(names = "--seconds", defaultValue = "2", description = "Length of one measured period (default ${DEFAULT-VALUE}).")
        double seconds;

        @Option(names = "--contention",
                description = "Measure each size at 1 thread and at the default (--threads), quiet and while "
                        + "--load busy processes run, and print the ratios.")
        boolean contention;

        @Option(names = "--load", paramLabel = "PROCESSES",
                description = "Busy processes for --contention's loaded runs (default: one per core).")
        Integer load;

        @Override
        public Integer call() {
            dev.kaisen.env.Game<?> game = gameOptions.create();
            checkOptions();
            if (contention) {
                return new Contention(game, sizes != null ? sizes : new int[] {256},
                        threads != null ? threads : Runtime.getRuntime().availableProcessors(),
                        load != null ? load : Runtime.getRuntime().availableProcessors(), seconds, json).call();
            }
            return measure(game);
        }

        /** Every option in its range, {@code --load} only with {@code --contention}. */
        private void checkOptions() {
            if (threads != null && threads < 1) {
                throw new IllegalArgumentException("--threads must be at least 1, not " + threads);
            }
            if (!(seconds > 0) || seconds > 3600) {
                throw new IllegalArgumentException("--seconds must be between 0 and 3600, not " + seconds);
            }
            if (sizes != null) {
                for (int n : sizes) {
                    if (n < 1) {
                        throw new IllegalArgumentException("--sizes must be 1 or more, not " + n);
                    }
                }
            }
            if (load != null && !contention) {
                throw new IllegalArgumentException("--load is for --contention");
            }
            if (load != null && (load < 0 || load > 1024)) {
                throw new IllegalArgumentException("--load must be between 0 and 1024 processes, not " + load);
            }
        }

        /** (a) the engine, (b) one env, (c) the vector env at each size; printed, or one JSON object. */
        private Integer measure(dev.kaisen.env.Game<?> game) {
            int players = game.numPlayers();
            int cores = threads != null ? threads : Runtime.getRuntime().availableProcessors();
            dev.kaisen.bridge.bench.EnvBench bench = new dev.kaisen.bridge.bench.EnvBench(seconds, seconds, 3);
            double engine = bench.measure(dev.kaisen.bridge.bench.EnvBench.engine(game));
            report("(a) raw engine, 1 thread", engine, "decisions/s");
            double single = bench.measure(dev.kaisen.bridge.bench.EnvBench.singleEnv(game));
            report("(b) single env + observation + mask, 1 thread", single, "env-steps/s");
            java.util.List<Map<String, Object>> vector = new java.util.ArrayList<>();
            double at256 = Double.NaN;
            int threadsAt256 = 1;
            for (int n : sizes != null ? sizes : new int[] {1, 64, 256, 1024}) {
                try (dev.kaisen.observation.VectorEnv<?> vec =
                             dev.kaisen.bridge.bench.EnvBench.newVectorEnv(game, n, cores)) {
                    double rate = bench.measure(dev.kaisen.bridge.bench.EnvBench.vectorEnv(vec));
                    report("(c) vector env N=" + n + ", " + vec.threads() + " thread(s)", rate, "env-steps/s");
                    Map<String, Object> row = new LinkedHashMap<>();
                    row.put("numEnvs", n);
                    row.put("threads", vec.threads());
                    row.put("envStepsPerSecond", Math.round(rate));
                    row.put("envStepsPerSecondPerThread", Math.round(rate / vec.threads()));
                    vector.add(row);
                    if (n == 256) {
                        at256 = rate;
                        threadsAt256 = vec.threads();
                    }
                }
            }
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("benchmark", "env");
            out.put("game", game.id());
            out.put("config", game.config().toMap());
            out.put("players", players);
            out.put("opponents", "random");
            out.put("cores", Runtime.getRuntime().availableProcessors());
            out.put("engineDecisionsPerSecond", Math.round(engine));
            out.put("singleEnvStepsPerSecond", Math.round(single));
            out.put("vector", vector);
            if (!Double.isNaN(at256)) {
                out.put("vector256PerThreadOverEngine", Math.round(1000.0 * at256 / threadsAt256 / engine) / 1000.0);
            }
            out.put("harness", "warm-up " + seconds + " s, median of 3 periods of " + seconds + " s");
            if (json) {
                System.out.println(Json.write(out, false));
            } else if (!Double.isNaN(at256)) {
                System.out.printf("vector env at N=256 per thread / raw engine = %.3f%n", at256 / threadsAt256 / engine);
            }
            return 0;
        }

        private void report(String what, double rate, String unit) {
            if (!json) {
                System.out.printf("%-52s %,14.0f %s%n", what, rate, unit);
            }
        }
    }

    /**
     * {@code bench env --contention}: the vector env and the multi-agent vector env (every seat
     * answered by the caller) at each size, at 1 thread and at the default thread count, first
     * quiet, then while busy processes ({@link dev.kaisen.bridge.bench.SyntheticLoad}) run; the
     * rates and the default's ratio to 1 thread, quiet and loaded. A second env at 1 thread is
     * measured in the same turns (the control): its ratio to the first is what the measurement's
     * noise alone gives (on two cores shared with busy processes, a tenth or more either way).
     */
    static final class Contention {
        private final dev.kaisen.env.Game<?> game;
        private final int[] sizes;
        private final int threads;
        private final int loadProcesses;
        private final double seconds;
        private final boolean json;

        Contention(dev.kaisen.env.Game<?> game, int[] sizes, int threads, int loadProcesses, double seconds,
                   boolean json) {
            this.game = game;
            this.sizes = sizes;
            this.threads = threads;
            this.loadProcesses = loadProcesses;
            this.seconds = seconds;
            this.json = json;
        }

        /** The shortest unmeasured run of each env and thread count before the first figure. */
        static final double WARMUP_SECONDS = 2;

        /** The two envs measured, by name. */
        private static final String[] KINDS = {"vector", "multiAgent"};

        private dev.kaisen.observation.AbstractBatchedEnv<?> open(String kind, int n, int t) {
            return kind.equals("vector") ? dev.kaisen.bridge.bench.EnvBench.newVectorEnv(game, n, t)
                    : dev.kaisen.bridge.bench.EnvBench.newMultiAgentVectorEnv(game, n, t);
        }

        /** The length of one turn of a figure in {@link dev.kaisen.bridge.bench.EnvBench#interleaved}. */
        static final double SLICE_SECONDS = 0.2;

        /** One turn of a figure: {@link #SLICE_SECONDS}, or {@code --seconds} where that is shorter. */
        private double sliceSeconds() {
            return Math.min(SLICE_SECONDS, seconds);
        }

        /** Each env's unmeasured run before the first figure: {@code --seconds}, at least {@link #WARMUP_SECONDS}. */
        private double warmupSeconds() {
            return Math.max(seconds, WARMUP_SECONDS);
        }

        /** Measured time per env of a quiet figure, in units of {@code seconds} (each env's share of the turns). */
        static final double MEASURED_PER_ENV = 1.5;
        /**
         * The same under load, longer: under two busy processes the time per step of 0.2 s turns
         * varies by a third either way, and three identical envs at 1 thread, measured 3 s each in
         * the same turns, came out 0.89 to 1.06 of each other; the control's spread is what is left.
         */
        static final double LOADED_MEASURED_PER_ENV = 4;

        /**
         * Measures every kind and size at each thread count and the control (a second env at 1
         * thread), in turns (see {@link dev.kaisen.bridge.bench.EnvBench#interleaved}); keys
         * "kind/n/threads" and "kind/n/control".
         */
        private Map<String, Map<String, Object>> pass(String phase, double measuredPerEnv) {
            Map<String, Map<String, Object>> out = new LinkedHashMap<>();
            int[] counts = threadCounts();
            String[] keys = new String[counts.length + 1];
            for (int i = 0; i < counts.length; i++) {
                keys[i] = Integer.toString(counts[i]);
            }
            keys[counts.length] = "control";
            for (String kind : KINDS) {
                for (int n : sizes) {
                    java.util.List<dev.kaisen.observation.AbstractBatchedEnv<?>> envs = new java.util.ArrayList<>();
                    try {
                        java.util.List<dev.kaisen.bridge.bench.EnvBench.Workload> workloads = new java.util.ArrayList<>();
                        for (int i = 0; i < keys.length; i++) {
                            envs.add(open(kind, n, i < counts.length ? counts[i] : 1));
                            workloads.add(dev.kaisen.bridge.bench.EnvBench.vectorEnv(envs.get(envs.size() - 1)));
                        }
                        double[] rates = dev.kaisen.bridge.bench.EnvBench.interleaved(workloads, seconds,
                                measuredPerEnv * seconds * keys.length, sliceSeconds());
                        for (int i = 0; i < keys.length; i++) {
                            dev.kaisen.observation.AbstractBatchedEnv<?> vec = envs.get(i);
                            Map<String, Object> row = new LinkedHashMap<>();
                            row.put("envStepsPerSecond", Math.round(rates[i]));
                            row.put("threads", vec.threads());
                            dev.kaisen.observation.Workers.Stats.Snapshot team = vec.workerStats();
                            if (vec.threads() > 1) {
                                row.put("team", team.toMap());
                            }
                            out.put(kind + "/" + n + "/" + keys[i], row);
                            if (!json) {
                                System.out.printf("%-7s %-24s N=%-5d %2d thread(s)%s %,14.0f env-steps/s%n", phase,
                                        label(kind), n, vec.threads(), i < counts.length ? "          " : ", control", rates[i]);
                                if (vec.threads() > 1) {
                                    System.out.println("        " + team);
                                }
                            }
                        }
                    } finally {
                        envs.forEach(dev.kaisen.observation.AbstractBatchedEnv::close);
                    }
                }
            }
            return out;
        }

        private int[] threadCounts() {
            return threads == 1 ? new int[] {1} : new int[] {1, threads};
        }

        /**
         * The compiler's warm-up, before any figure: both envs at the first size and at each thread
         * count, unmeasured, in turns ({@link dev.kaisen.bridge.bench.EnvBench#interleaved}), for about
         * {@code max(--seconds, WARMUP_SECONDS)} each (on 2 cores the compiler's threads take seconds to
         * finish the hot code). In turns, because the code they share (the worker team's, the harness's)
         * is then compiled after it has seen all of them: warmed up one after the other, the code
         * compiled for the last one was thrown away as each figure began with another env or thread
         * count, and ran unoptimized again for the next ~10 s (the worker team's {@code run} through the
         * vector env's quiet figures; with the warm-up in turns, {@code -XX:+PrintCompilation} shows none
         * of that during the quiet passes). It made no change to the ratios one could tell from the noise.
         */
        private void warmUp() {
            java.util.List<dev.kaisen.observation.AbstractBatchedEnv<?>> envs = new java.util.ArrayList<>();
            try {
                java.util.List<dev.kaisen.bridge.bench.EnvBench.Workload> workloads = new java.util.ArrayList<>();
                for (String kind : KINDS) {
                    for (int t : threadCounts()) {
                        envs.add(open(kind, sizes[0], t));
                        workloads.add(dev.kaisen.bridge.bench.EnvBench.vectorEnv(envs.get(envs.size() - 1)));
                    }
                }
                dev.kaisen.bridge.bench.EnvBench.interleaved(workloads, 0,
                        warmupSeconds() * workloads.size(), sliceSeconds());
            } finally {
                envs.forEach(dev.kaisen.observation.AbstractBatchedEnv::close);
            }
        }

        Integer call() {
            int cores = Runtime.getRuntime().availableProcessors();
            if (!json) {
                System.out.printf("%s, %d cores; default %d thread(s); load: %d busy process(es)%n",
                        GameOptions.describe(game), cores, threads, loadProcesses);
            }
            warmUp();
            Map<String, Map<String, Object>> quiet = pass("quiet", MEASURED_PER_ENV);
            int figures = KINDS.length * sizes.length * (threadCounts().length + 1); // the control too
            // bounded: the load ends by itself after the loaded pass should take (each figure's warm-up
            // and measured time), twice over
            double loadSeconds = 2 * (figures * (1 + LOADED_MEASURED_PER_ENV) * seconds + 30);
            Map<String, Map<String, Object>> loaded;
            try (dev.kaisen.bridge.bench.SyntheticLoad ignored =
                         dev.kaisen.bridge.bench.SyntheticLoad.start(loadProcesses, loadSeconds)) {
                loaded = pass("loaded", LOADED_MEASURED_PER_ENV);
            }
            return finish(rows(quiet, loaded), cores);
        }

        /** Per env and size: 1 thread and the default, quiet and loaded, and the ratios (printed as they come). */
        private java.util.List<Map<String, Object>> rows(Map<String, Map<String, Object>> quiet,
                                                          Map<String, Map<String, Object>> loaded) {
            java.util.List<Map<String, Object>> rows = new java.util.ArrayList<>();
            for (String kind : KINDS) {
                for (int n : sizes) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    row.put("env", kind);
                    row.put("numEnvs", n);
                    String at = kind + "/" + n + "/";
                    Map<String, Object> one = rates(quiet, loaded, at + "1");
                    Map<String, Object> control = rates(quiet, loaded, at + "control");
                    Map<String, Object> dflt = new LinkedHashMap<>();
                    dflt.put("threads", quiet.get(at + threads).get("threads"));
                    dflt.putAll(rates(quiet, loaded, at + threads));
                    row.put("oneThread", one);
                    row.put("defaultThreads", dflt);
                    row.put("control", control);
                    double rq = ratio(dflt.get("quiet"), one.get("quiet"));
                    double rl = ratio(dflt.get("loaded"), one.get("loaded"));
                    double cq = ratio(control.get("quiet"), one.get("quiet"));
                    double cl = ratio(control.get("loaded"), one.get("loaded"));
                    row.put("defaultOverOneQuiet", rq);
                    row.put("defaultOverOneLoaded", rl);
                    row.put("controlOverOneQuiet", cq);
                    row.put("controlOverOneLoaded", cl);
                    rows.add(row);
                    if (!json) {
                        System.out.printf("%-24s N=%-5d default (%s threads) / 1 thread: quiet %.2f, loaded %.2f; "
                                        + "control / 1 thread (the noise): quiet %.2f, loaded %.2f%n",
                                label(kind), n, dflt.get("threads"), rq, rl, cq, cl);
                    }
                }
            }
            return rows;
        }

        /** One figure's env steps per second, quiet and loaded (key "kind/n/threads" or "kind/n/control"). */
        private static Map<String, Object> rates(Map<String, Map<String, Object>> quiet,
                                                 Map<String, Map<String, Object>> loaded, String key) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("quiet", quiet.get(key).get("envStepsPerSecond"));
            m.put("loaded", loaded.get(key).get("envStepsPerSecond"));
            return m;
        }

        private static String label(String kind) {
            return kind.equals("vector") ? "vector env" : "multi-agent vector env";
        }

        private Integer finish(java.util.List<Map<String, Object>> rows, int cores) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("benchmark", "env-contention");
            out.put("game", game.id());
            out.put("config", game.config().toMap());
            out.put("players", game.numPlayers());
            out.put("opponents", "random");
            out.put("cores", cores);
            out.put("defaultThreads", threads);
            out.put("loadProcesses", loadProcesses);
            out.put("results", rows);
            out.put("harness", "every env warmed up at the first size and each thread count first, in turns ("
                    + warmupSeconds() + " s each); then per env and phase, the thread counts and "
                    + "the control (a second env at 1 thread) warmed up " + seconds + " s each and measured in "
                    + "turns of " + sliceSeconds() + " s (each round in an order of its own), "
                    + MEASURED_PER_ENV * seconds + " s each in all quiet, " + LOADED_MEASURED_PER_ENV * seconds
                    + " s loaded; quiet first, then loaded");
            if (json) {
                System.out.println(Json.write(out, false));
            }
            return 0;
        }

        private static double ratio(Object a, Object b) {
            return Math.round(1000.0 * ((Number) a).doubleValue() / ((Number) b).doubleValue()) / 1000.0;
        }
    }
}
