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
                    + "(c) vectorized env at several N; random legal actions, random opponents.")
    static final class Env implements Callable<Integer> {
        @Option(names = "--json", description = "Print one JSON object.")
        boolean json;

        @picocli.CommandLine.Mixin
        GameOptions gameOptions;

        @Option(names = "--sizes", defaultValue = "1,64,256,1024", split = ",",
                description = "Vector env sizes (default ${DEFAULT-VALUE}).")
        int[] sizes;

        @Option(names = "--threads", description = "Worker threads for the vector env (default: all cores).")
        Integer threads;

        @Option(names = "--seconds", defaultValue = "2", description = "Length of one measured period (default ${DEFAULT-VALUE}).")
        double seconds;

        @Override
        public Integer call() {
            dev.kaisen.env.Game<?> game = gameOptions.create();
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
            for (int n : sizes) {
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
}
