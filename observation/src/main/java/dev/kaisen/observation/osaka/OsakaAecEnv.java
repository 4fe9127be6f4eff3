package dev.kaisen.observation.osaka;

import dev.kaisen.env.osaka.EndReason;
import dev.kaisen.env.osaka.OsakaConfig;
import dev.kaisen.env.osaka.OsakaState;
import dev.kaisen.observation.RewardMode;

import java.util.Arrays;

/**
 * Turn-based multi-agent env in the PettingZoo AEC sense: {@link #currentPlayer()} acts,
 * every player can be observed, and after each {@link #step} every player has a reward.
 * Observations and masks are written into caller-supplied buffers (no allocation per step).
 *
 * <p>Episode end: {@link #terminated()} when the game ended by its rules (tokens or stalemate);
 * {@link #truncated()} when it hit the safety cap on decisions (scored all the same).
 * Stepping an ended episode or before {@link #reset} throws {@link IllegalStateException};
 * an illegal action throws the engine's {@link dev.kaisen.env.IllegalActionException} and
 * changes nothing.
 */
public final class OsakaAecEnv {
    private final OsakaConfig config;
    private final RewardMode mode;
    private final OsakaObservation encoder = new OsakaObservation();
    private final double[] rewards;
    private final double[] cumulative;
    /** Shaping potentials before a step (VP_DIFFERENCE mode). */
    private final double[] potentials;
    private OsakaState state;

    public OsakaAecEnv(int players, RewardMode mode) {
        this.config = new OsakaConfig(players);
        this.mode = mode;
        this.rewards = new double[players];
        this.cumulative = new double[players];
        this.potentials = new double[players];
    }

    public void reset(long seed) {
        state = OsakaState.newGame(config, seed);
        Arrays.fill(rewards, 0);
        Arrays.fill(cumulative, 0);
    }

    public int numPlayers() {
        return config.players();
    }

    public RewardMode rewardMode() {
        return mode;
    }

    private OsakaState requireState() {
        if (state == null) {
            throw new IllegalStateException("call reset(seed) before using the env");
        }
        return state;
    }

    /** The seat to act, or -1 once the episode has ended. */
    public int currentPlayer() {
        return requireState().currentPlayer();
    }

    public void observe(int player, float[] buf, int offset) {
        encoder.encode(requireState(), player, buf, offset);
    }

    public void mask(int player, byte[] buf, int offset) {
        OsakaObservation.mask(requireState(), player, buf, offset);
    }

    /** Legal action ids of the current player, sorted. */
    public int[] legalActions() {
        return requireState().legalActions();
    }

    public void step(int action) {
        OsakaState s = requireState();
        if (s.isTerminal()) {
            throw new IllegalStateException("the episode has ended; call reset(seed)");
        }
        int n = config.players();
        if (mode == RewardMode.VP_DIFFERENCE) {
            for (int p = 0; p < n; p++) {
                potentials[p] = Rewards.potential(s, p);
            }
        }
        s.applyInPlace(action);
        if (mode == RewardMode.VP_DIFFERENCE) {
            for (int p = 0; p < n; p++) {
                rewards[p] = Rewards.potential(s, p) - potentials[p];
            }
        } else if (s.isTerminal()) {
            Rewards.outcome(s, rewards);
        } else {
            Arrays.fill(rewards, 0);
        }
        for (int p = 0; p < n; p++) {
            cumulative[p] += rewards[p];
        }
    }

    /** Reward of player p from the last step. */
    public double reward(int p) {
        return rewards[p];
    }

    public double cumulativeReward(int p) {
        return cumulative[p];
    }

    public boolean terminated() {
        OsakaState s = requireState();
        return s.isTerminal() && s.endReason() != EndReason.DECISION_CAP;
    }

    public boolean truncated() {
        return requireState().endReason() == EndReason.DECISION_CAP;
    }

    public EnvInfo info() {
        return EnvInfo.of(requireState());
    }

    /** A copy of the current state (hidden parts included). */
    public OsakaState state() {
        return requireState().copy();
    }
}
