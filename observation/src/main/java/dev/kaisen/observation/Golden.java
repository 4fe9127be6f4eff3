package dev.kaisen.observation;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Games;
import dev.kaisen.env.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Golden playthroughs, for every registered game: a whole game through the turn-based env,
 * with per step the player to act, their observation in the case's view (sparse:
 * [index, value] pairs of the non-zero entries), their legal actions (the mask's ones), the
 * action taken (seeded random), every player's reward after it, and the end flags. Committed
 * files are checked by the Java and Python tests; regenerate them only on purpose
 * ({@code ./kaisen golden --out DIR}).
 */
public final class Golden {
    public static final String FORMAT = "kaisen.golden/1";

    /** One committed playthrough: game, player count, seed, reward mode, observation view. */
    public record Case(String game, int players, long seed, RewardMode mode, String view) {
        public String fileName() {
            return game + "-" + players + "p-seed" + seed + "-" + mode.id()
                    + (view.equals(Encoders.DEFAULT_VIEW) ? "" : "-" + view) + ".json";
        }
    }

    private Golden() {
    }

    /**
     * The committed cases: every registered game at every player count, seeded with
     * {@code players - 1}, terminal rewards and the default view; at the largest count also
     * shaped rewards with the memoryless {@code observation} view.
     */
    public static List<Case> cases() {
        List<Case> out = new ArrayList<>();
        for (Games.Seating g : Games.everyPlayerCount()) {
            int n = g.players();
            out.add(new Case(g.game(), n, n - 1, RewardMode.TERMINAL, Encoders.DEFAULT_VIEW));
            if (n == Games.provider(g.game()).maxPlayers()) {
                out.add(new Case(g.game(), n, n - 1, RewardMode.SCORE_DIFFERENCE, Encoders.OBSERVATION));
            }
        }
        return out;
    }

    /** The playthrough as text: a header, then one compact JSON line per step. */
    public static String generate(Case c) {
        return generate(Games.create(c.game(), dev.kaisen.env.GameConfig.of(c.players())), c);
    }

    private static <S extends GameState<S>> String generate(Game<S> game, Case c) {
        AecEnv<S> env = new AecEnv<>(game, c.mode(), IllegalActionMode.RAISE, c.view());
        env.reset(c.seed());
        SplittableRandom choices = new SplittableRandom(c.seed());
        float[] obs = new float[env.encoder().size()];
        byte[] mask = new byte[game.numDistinctActions()];
        List<String> lines = new ArrayList<>();
        while (env.currentPlayer() >= 0) {
            int p = env.currentPlayer();
            env.observe(p, obs, 0);
            env.mask(p, mask, 0);
            List<List<Number>> sparse = new ArrayList<>();
            for (int i = 0; i < obs.length; i++) {
                if (obs[i] != 0f) {
                    sparse.add(List.of(i, obs[i]));
                }
            }
            List<Integer> legal = new ArrayList<>();
            for (int a = 0; a < mask.length; a++) {
                if (mask[a] != 0) {
                    legal.add(a);
                }
            }
            int action = legal.get(choices.nextInt(legal.size()));
            env.step(action);
            List<Double> rewards = new ArrayList<>();
            for (int q = 0; q < c.players(); q++) {
                rewards.add(env.reward(q));
            }
            Map<String, Object> step = new LinkedHashMap<>();
            step.put("player", p);
            step.put("action", action);
            step.put("mask", legal);
            step.put("rewards", rewards);
            step.put("terminated", env.terminated());
            step.put("truncated", env.truncated());
            step.put("observation", sparse);
            lines.add(Json.write(step, false));
        }
        EnvInfo info = env.info();
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("format", FORMAT);
        header.put("game", game.id());
        header.put("config", game.config().toMap());
        header.put("players", c.players());
        header.put("seed", c.seed());
        header.put("rewardMode", c.mode().id());
        header.put("view", env.encoder().view());
        header.put("actionChoice", "java.util.SplittableRandom(seed).nextInt(number of legal actions), over the mask's ones in id order");
        header.put("observationSize", env.encoder().size());
        header.put("numActions", game.numDistinctActions());
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("scores", info.scores());
        result.put("tiebreaks", info.tiebreaks());
        result.put("winners", info.winners());
        result.put("endReason", info.endReason());
        String head = Json.write(header, false);
        StringBuilder b = new StringBuilder(head.substring(0, head.length() - 1));
        b.append(",\"result\":").append(Json.write(result, false)).append(",\"steps\":[\n");
        for (int i = 0; i < lines.size(); i++) {
            b.append(lines.get(i)).append(i + 1 < lines.size() ? ",\n" : "\n");
        }
        return b.append("]}\n").toString();
    }
}
