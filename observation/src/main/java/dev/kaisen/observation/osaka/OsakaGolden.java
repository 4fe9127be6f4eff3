package dev.kaisen.observation.osaka;

import dev.kaisen.env.Json;
import dev.kaisen.observation.RewardMode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Golden playthroughs: a whole game through the turn-based env, with per step the player
 * to act, their observation (sparse: [index, value] pairs of the non-zero entries), their
 * legal actions (the mask's ones), the action taken (seeded random), every player's reward
 * after it, and the end flags. Committed files are checked by the Java and Python tests;
 * regenerate them only on purpose ({@code ./kaisen golden --out DIR}).
 */
public final class OsakaGolden {
    public static final String FORMAT = "kaisen.osaka.golden/1";

    /** The committed playthroughs: players, seed, reward mode. */
    public record Case(int players, long seed, RewardMode mode) {
        public String fileName() {
            return "osaka-" + players + "p-seed" + seed + "-" + mode.id() + ".json";
        }
    }

    public static final List<Case> CASES = List.of(
            new Case(2, 1, RewardMode.TERMINAL),
            new Case(3, 2, RewardMode.TERMINAL),
            new Case(4, 3, RewardMode.VP_DIFFERENCE));

    private OsakaGolden() {
    }

    /** The playthrough as text: a header, then one compact JSON line per step. */
    public static String generate(Case c) {
        OsakaAecEnv env = new OsakaAecEnv(c.players(), c.mode());
        env.reset(c.seed());
        SplittableRandom choices = new SplittableRandom(c.seed());
        float[] obs = new float[OsakaObservation.SIZE];
        byte[] mask = new byte[OsakaObservation.NUM_ACTIONS];
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
        header.put("game", "osaka");
        header.put("players", c.players());
        header.put("seed", c.seed());
        header.put("rewardMode", c.mode().id());
        header.put("actionChoice", "java.util.SplittableRandom(seed).nextInt(number of legal actions), over the mask's ones in id order");
        header.put("observationSize", OsakaObservation.SIZE);
        header.put("numActions", OsakaObservation.NUM_ACTIONS);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("vp", info.vp());
        result.put("tokens", info.tokens());
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
