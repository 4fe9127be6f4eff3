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
        subcommands = {BenchCommand.Engine.class})
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

        @Option(names = "--players", defaultValue = "4", description = "Players (default ${DEFAULT-VALUE}).")
        int players;

        @Option(names = "--warmup", defaultValue = "3", description = "Warm-up iterations of 1 s (default ${DEFAULT-VALUE}).")
        int warmup;

        @Option(names = "--iterations", defaultValue = "5", description = "Measured iterations of 2 s (default ${DEFAULT-VALUE}).")
        int iterations;

        @Override
        public Integer call() throws Exception {
            ChainedOptionsBuilder options = new OptionsBuilder()
                    .include(EngineBenchmark.class.getName() + ".randomDecision")
                    .param("players", Integer.toString(players))
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
            out.put("game", "osaka");
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
}
