package dev.kaisen.bridge;

import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.Games;
import dev.kaisen.env.Json;
import dev.kaisen.training.eval.SeatEvaluation;
import dev.kaisen.training.zoo.Zoo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

@Command(name = "zoo", mixinStandardHelpOptions = true,
        description = {"The model zoo: small trained policies playable by name as zoo:GAME-Np (see models/README.md)."},
        subcommands = {ZooCommand.Pack.class, ZooCommand.ListModels.class, ZooCommand.Measure.class})
final class ZooCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    @Command(name = "pack", mixinStandardHelpOptions = true,
            description = {"Write a slim copy of a training checkpoint (no self-play pool, no optimizer state) with "
                    + "how it was made, as MODELS/NAME.zip: a zoo model, playable as zoo:NAME once the jar is rebuilt "
                    + "(or at once with KAISEN_ZOO_DIR=MODELS)."})
    static final class Pack implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "CHECKPOINT", description = "A checkpoint of ./kaisen train, e.g. runs/osaka-2p/best.zip.")
        Path checkpoint;

        @Option(names = "--name", description = "GAME-Np or GAME-Np-VARIANT (default: GAME-Np of the checkpoint).")
        String name;

        @Option(names = "--models", defaultValue = "models", description = "Folder to write to (default ${DEFAULT-VALUE}).")
        Path models;

        @Option(names = "--command", description = "The command that trained it (default: the run folder's run.json, "
                + "else one rebuilt from the checkpoint's settings).")
        String command;

        @Option(names = "--hardware", description = "The machine that trained it (default: the run folder's run.json).")
        String hardware;

        @Option(names = "--notes", description = "Free text kept with the model.")
        String notes;

        @Override
        public Integer call() {
            java.util.Set<Path> before = zips(models);
            Zoo.Model m = Zoo.pack(checkpoint, models, name, command, hardware, notes);
            System.out.printf(Locale.ROOT, "packed %s -> %s (%.2f MB, step %,d)%n", checkpoint, m.location(),
                    m.bytes() / 1e6, m.metadata().step());
            if (before.contains(Path.of(m.location()).toAbsolutePath().normalize())) {
                // re-packing a model is the normal workflow: say so, do not refuse
                System.out.println("replaced the model " + m.name() + " that " + m.location() + " held before");
            }
            System.out.println("command: " + m.metadata().command());
            System.out.println("hardware: " + (m.metadata().hardware() == null ? "unknown" : m.metadata().hardware()));
            return 0;
        }

        /** The .zip files in {@code dir} (absolute), none when it does not exist yet. */
        private static java.util.Set<Path> zips(Path dir) {
            if (!java.nio.file.Files.isDirectory(dir)) {
                return java.util.Set.of();
            }
            try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(dir)) {
                return files.filter(f -> f.getFileName().toString().endsWith(".zip"))
                        .map(f -> f.toAbsolutePath().normalize()).collect(java.util.stream.Collectors.toSet());
            } catch (java.io.IOException e) {
                return java.util.Set.of(); // pack itself reports an unreadable folder
            }
        }
    }

    @Command(name = "measure", mixinStandardHelpOptions = true,
            description = {"Measure a model of MODELS against copies of each opponent (head-to-head, seats rotated) "
                    + "and record the win rates, with their 95%% Wilson intervals and the command that reproduces "
                    + "them, in the model's kaisen-zoo.json: the documentation's game pages and zoo list --json show "
                    + "them. An earlier measurement against the same opponent is replaced."})
    static final class Measure implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "NAME", description = "The model's name (MODELS/NAME.zip), e.g. osaka-2p.")
        String name;

        @Option(names = "--opponents", split = ",", defaultValue = "random,greedy",
                description = "Agents to measure it against, one evaluation each (default ${DEFAULT-VALUE}).")
        List<String> opponents;

        @Option(names = "--games", defaultValue = "1000", description = "Games per opponent (default ${DEFAULT-VALUE}).")
        int games;

        @Option(names = "--seed", defaultValue = "1", description = "Seed of the games (default ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--threads", description = "Games played at once (default: every core).")
        Integer threads;

        @Option(names = "--models", defaultValue = "models", description = "Folder of the model (default ${DEFAULT-VALUE}).")
        Path models;

        @Override
        public Integer call() {
            if (games < 1) {
                throw new IllegalArgumentException("--games must be at least 1, not " + games);
            }
            Path file = models.resolve(name + ".zip");
            Zoo.Metadata md = Zoo.read(file).metadata();
            Game<?> game = Games.create(md.game(), new GameConfig(md.players(), md.options()));
            int workers = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
            if (workers < 1) {
                throw new IllegalArgumentException("--threads must be at least 1, not " + workers);
            }
            Agents.validate(game, opponents);
            for (String opponent : opponents) {
                long start = System.nanoTime();
                SeatEvaluation.Result r = SeatEvaluation.run(game, "dl4j:" + file, opponent, games, seed, workers);
                double seconds = (System.nanoTime() - start) / 1e9;
                String config = md.options().isEmpty() ? "" : " --config '" + Json.write(md.options(), false) + "'";
                String command = "./kaisen eval --game " + md.game() + " --players " + md.players() + config
                        + " --agents zoo:" + name + "," + opponent + " --protocol head-to-head --games " + games
                        + " --seed " + seed;
                Zoo.recordEvaluation(file, new Zoo.Evaluation(opponent, "head-to-head", games, seed, r.winRate(),
                        r.winRateLow(), r.winRateHigh(), r.meanScore(), r.opponentMeanScore(), seconds, workers,
                        command, Instant.now().toString()));
                System.out.printf(Locale.ROOT, "%s vs %s: win rate %.1f%% [%.1f%%, %.1f%%] over %d games (%.0f s); "
                                + "recorded in %s%n", name, opponent, 100 * r.winRate(), 100 * r.winRateLow(),
                        100 * r.winRateHigh(), games, seconds, file);
            }
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = {"The zoo models this build carries (and those of KAISEN_ZOO_DIR): name, game, players, "
                    + "size, training step."})
    static final class ListModels implements Callable<Integer> {
        @Option(names = "--json", description = "Print one JSON array with every model's metadata.")
        boolean json;

        @Override
        public Integer call() {
            List<Zoo.Model> models = Zoo.models();
            if (json) {
                System.out.println(Json.write(models.stream().map(Zoo.Model::toMap).toList(), false));
                return 0;
            }
            if (models.isEmpty()) {
                System.out.println("no zoo models in this build (pack one with ./kaisen zoo pack, see models/README.md)");
                return 0;
            }
            System.out.printf(Locale.ROOT, "%-22s %-16s %7s %9s %12s  %s%n", "name", "game", "players", "size", "step",
                    "location");
            for (Zoo.Model m : models) {
                if (m.metadata() == null) {
                    System.out.printf(Locale.ROOT, "%-22s (%s)  %s%n", m.name(), m.problem(), m.location());
                    continue;
                }
                System.out.printf(Locale.ROOT, "%-22s %-16s %7d %6.2f MB %,12d  %s%n", m.name(), m.metadata().game(),
                        m.metadata().players(), m.bytes() / 1e6, m.metadata().step(), m.location());
            }
            return 0;
        }
    }
}
