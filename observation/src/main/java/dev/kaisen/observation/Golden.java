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
        List<String> lines = play(game, env, c);
        String head = Json.write(header(game, env, c), false);
        StringBuilder b = new StringBuilder(head.substring(0, head.length() - 1));
        b.append(",\"result\":").append(Json.write(result(env.info()), false)).append(",\"steps\":[\n");
        for (int i = 0; i < lines.size(); i++) {
            b.append(lines.get(i)).append(i + 1 < lines.size() ? ",\n" : "\n");
        }
        return b.append("]}\n").toString();
    }

    /** Plays the reset env to its end with seeded random legal actions: one compact JSON line per step. */
    private static <S extends GameState<S>> List<String> play(Game<S> game, AecEnv<S> env, Case c) {
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
            lines.add(Json.write(step(env, c, p, action, legal, sparse), false));
        }
        return lines;
    }

    /** One step's record, after the action: who acted, what, the mask, every reward, the end flags, the observation. */
    private static Map<String, Object> step(AecEnv<?> env, Case c, int p, int action, List<Integer> legal,
                                            List<List<Number>> sparse) {
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
        return step;
    }

    /** The file's header: format, game, case, sizes and how actions were chosen. */
    private static Map<String, Object> header(Game<?> game, AecEnv<?> env, Case c) {
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
        return header;
    }

    /** The game's result: scores, tiebreaks, winners, end reason. */
    private static Map<String, Object> result(EnvInfo info) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("scores", info.scores());
        result.put("tiebreaks", info.tiebreaks());
        result.put("winners", info.winners());
        result.put("endReason", info.endReason());
        return result;
    }
}
