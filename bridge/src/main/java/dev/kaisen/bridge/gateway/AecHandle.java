package dev.kaisen.bridge.gateway;

import dev.kaisen.env.Json;
import dev.kaisen.env.osaka.OsakaJson;
import dev.kaisen.observation.BufferLayout;
import dev.kaisen.observation.RewardMode;
import dev.kaisen.observation.SharedBuffer;
import dev.kaisen.observation.osaka.EnvInfo;
import dev.kaisen.observation.osaka.OsakaAecEnv;
import dev.kaisen.observation.osaka.OsakaObservation;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.file.Path;

/**
 * The turn-based env as Python sees it: every call writes the whole public outcome (every
 * player's observation and mask, rewards, flags, scores) into shared buffers, so one Py4J
 * call per step suffices.
 *
 * <pre>
 * region             dtype    shape
 * status             int32    [4]            current player (-1 when over), terminated, truncated, decisions
 * rewards            float64  [P]            each player's reward for the last step
 * observations       float32  [P, obs]       each player's observation
 * masks              uint8    [P, A]         each player's mask (zero unless that player is to act)
 * vp                 int32    [P]
 * tokens             int32    [P]
 * winners            uint8    [1]            bit s set when seat s won (when over)
 * </pre>
 */
public final class AecHandle implements AutoCloseable {
    private final OsakaAecEnv env;
    private final SharedBuffer shared;
    private final IntBuffer status;
    private final DoubleBuffer rewards;
    private final FloatBuffer observations;
    private final ByteBuffer masks;
    private final IntBuffer vp;
    private final IntBuffer tokens;
    private final ByteBuffer winners;
    private final float[] obs = new float[OsakaObservation.SIZE];
    private final byte[] mask = new byte[OsakaObservation.NUM_ACTIONS];

    AecHandle(int players, RewardMode mode, Path file) {
        env = new OsakaAecEnv(players, mode);
        BufferLayout layout = new BufferLayout().fact("players", players).fact("observationSize", OsakaObservation.SIZE)
                .fact("numActions", OsakaObservation.NUM_ACTIONS)
                .add("status", "int32", 4).add("rewards", "float64", players)
                .add("observations", "float32", players, OsakaObservation.SIZE)
                .add("masks", "uint8", players, OsakaObservation.NUM_ACTIONS)
                .add("vp", "int32", players).add("tokens", "int32", players).add("winners", "uint8", 1);
        shared = new SharedBuffer(layout, file);
        status = shared.region("status").asIntBuffer();
        rewards = shared.region("rewards").asDoubleBuffer();
        observations = shared.region("observations").asFloatBuffer();
        masks = shared.region("masks");
        vp = shared.region("vp").asIntBuffer();
        tokens = shared.region("tokens").asIntBuffer();
        winners = shared.region("winners");
    }

    public String layoutJson() {
        return Json.write(shared.layout().describe(), false);
    }

    public void reset(long seed) {
        env.reset(seed);
        publish();
    }

    public void step(int action) {
        env.step(action);
        publish();
    }

    private void publish() {
        int n = env.numPlayers();
        status.put(0, env.currentPlayer());
        status.put(1, env.terminated() ? 1 : 0);
        status.put(2, env.truncated() ? 1 : 0);
        EnvInfo info = env.info();
        status.put(3, info.decisions());
        int w = 0;
        for (int p : info.winners()) {
            w |= 1 << p;
        }
        winners.put(0, (byte) w);
        for (int p = 0; p < n; p++) {
            rewards.put(p, env.reward(p));
            env.observe(p, obs, 0);
            observations.put(p * OsakaObservation.SIZE, obs);
            env.mask(p, mask, 0);
            masks.put(p * OsakaObservation.NUM_ACTIONS, mask);
            vp.put(p, info.vp()[p]);
            tokens.put(p, info.tokens()[p]);
        }
    }

    /** The whole state as text (spectator view, hidden parts included). */
    public String render() {
        return env.state().toString();
    }

    /** The whole state as JSON (format kaisen.osaka.state/1). */
    public String stateJson() {
        return OsakaJson.toJson(env.state(), false);
    }

    @Override
    public void close() {
        shared.close();
    }
}
