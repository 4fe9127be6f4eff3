package dev.kaisen.bridge.gateway;

import dev.kaisen.bridge.SpecCommand;
import dev.kaisen.env.Json;
import dev.kaisen.observation.RewardMode;
import dev.kaisen.observation.osaka.OsakaSingleEnv;
import dev.kaisen.observation.osaka.OsakaVectorEnv;
import dev.kaisen.training.eval.SeatEvaluation;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** The Py4J entry point: what Python may create and ask. */
public final class KaisenGateway {
    public String version() {
        return "0.1.0";
    }

    public String spec(String game) {
        requireOsaka(game);
        return Json.write(SpecCommand.spec(), false);
    }

    private static void requireOsaka(String game) {
        if (!"osaka".equals(game)) {
            throw new IllegalArgumentException("unknown game '" + game + "' (known: osaka)");
        }
    }

    private static Path path(String file) {
        return file == null || file.isEmpty() ? null : Path.of(file);
    }

    /**
     * The Java-side rate of the vectorized env (env-steps per second, random legal actions,
     * random opponents) measured in this JVM, for comparison with the same env driven from Python.
     */
    public double benchVectorEnv(int numEnvs, int players, double seconds) {
        try (OsakaVectorEnv vec = dev.kaisen.bridge.bench.EnvBench.newVectorEnv(numEnvs, players,
                Runtime.getRuntime().availableProcessors())) {
            return new dev.kaisen.bridge.bench.EnvBench(seconds, seconds, 3)
                    .measure(dev.kaisen.bridge.bench.EnvBench.vectorEnv(vec));
        }
    }

    /**
     * A named agent (e.g. {@code dl4j:runs/osaka-ppo/best.zip}) against copies of {@code opponent},
     * seat rotated; the same games {@code kaisen.evaluate} plays for a Python policy. JSON of
     * {@link SeatEvaluation.Result}.
     */
    public String evaluateAgent(String agent, String opponent, int players, int games, long seed, int threads) {
        int workers = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
        return Json.write(SeatEvaluation.run(agent, opponent, players, games, seed, workers), false);
    }

    /** A turn-based env whose outcome is written to {@code file} (memory-mapped; null for none). */
    public AecHandle newAecEnv(String game, int players, String rewardMode, String file) {
        requireOsaka(game);
        return new AecHandle(players, RewardMode.parse(rewardMode), path(file));
    }

    /**
     * A vectorized single-learner env.
     *
     * @param opponents comma-separated agent names (players - 1 of them, or one for all)
     * @param autoReset  whether finished envs start their next episode in the same step
     */
    public VectorHandle newVectorEnv(String game, int numEnvs, int players, int learnerSeat, String opponents,
                                     String rewardMode, long seed, int threads, boolean autoReset, String file) {
        requireOsaka(game);
        List<String> names = Arrays.asList(opponents.split(","));
        OsakaSingleEnv.Config config = new OsakaSingleEnv.Config(players, learnerSeat, names, RewardMode.parse(rewardMode));
        int workers = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
        return new VectorHandle(new OsakaVectorEnv(numEnvs, config, seed, workers, path(file), autoReset));
    }
}
