package dev.kaisen.observation.osaka;

import dev.kaisen.env.Agent;
import dev.kaisen.env.SplitMix64;
import dev.kaisen.env.osaka.EndReason;
import dev.kaisen.env.osaka.OsakaAgents;
import dev.kaisen.env.osaka.OsakaConfig;
import dev.kaisen.env.osaka.OsakaState;
import dev.kaisen.observation.RewardMode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The single-learner view: one learning seat; the other seats are played inside the JVM by
 * named {@link Agent}s until the learner must act again (or the game ends). Each
 * {@link #step} returns control at the learner's next decision, with the learner's reward
 * accumulated over the opponents' moves.
 *
 * <p>Seeds: an episode reset with seed {@code s} deals the game from {@code s}, draws the
 * learner seat (when random) from {@code SplitMix64.derive(s, 0)} and seeds the opponent at
 * relative seat r with {@code SplitMix64.derive(s, r)}.
 */
public final class OsakaSingleEnv {

    /**
     * @param learnerSeat a seat, or -1 for a seat drawn at random each episode
     * @param opponents   names of the agents for the other seats in turn order after the
     *                    learner (players - 1 names), or one name for all of them
     * @param agents      turns those names into agents ({@link OsakaAgents#create} by default; a
     *                    trainer passes its own to add names such as {@code self})
     */
    public record Config(int players, int learnerSeat, List<String> opponents, RewardMode rewardMode,
                         OsakaAgents.Factory agents) {
        public Config(int players, int learnerSeat, List<String> opponents, RewardMode rewardMode) {
            this(players, learnerSeat, opponents, rewardMode, OsakaAgents::create);
        }

        public Config {
            new OsakaConfig(players);
            if (learnerSeat < -1 || learnerSeat >= players) {
                throw new IllegalArgumentException("learner seat " + learnerSeat + " is not a seat (0.." + (players - 1)
                        + ", or -1 for random)");
            }
            if (opponents.size() == 1) {
                opponents = Collections.nCopies(players - 1, opponents.get(0));
            }
            if (opponents.size() != players - 1) {
                throw new IllegalArgumentException("need " + (players - 1) + " opponents (or one name for all), got "
                        + opponents.size() + ": " + opponents);
            }
            opponents = OsakaAgents.validate(opponents, agents);
        }
    }

    private final Config config;
    private final OsakaConfig game;
    private final OsakaObservation encoder = new OsakaObservation();
    private final double[] outcome;
    private final List<Agent<OsakaState>> seats = new ArrayList<>();
    private OsakaState state;
    private int learner;
    private double reward;
    private double episodeReturn;
    private int episodeLength;

    public OsakaSingleEnv(Config config) {
        this.config = config;
        this.game = new OsakaConfig(config.players());
        this.outcome = new double[config.players()];
    }

    public Config config() {
        return config;
    }

    public void reset(long seed) {
        int n = config.players();
        state = OsakaState.newGame(game, seed);
        learner = config.learnerSeat() >= 0 ? config.learnerSeat()
                : SplitMix64.below(SplitMix64.derive(seed, 0), n);
        seats.clear();
        for (int p = 0; p < n; p++) {
            int r = Math.floorMod(p - learner, n);
            seats.add(r == 0 ? null : config.agents().create(config.opponents().get(r - 1), SplitMix64.derive(seed, r)));
        }
        reward = 0;
        episodeReturn = 0;
        episodeLength = 0;
        double before = potential();
        playOpponents();
        settle(before);
    }

    private OsakaState requireState() {
        if (state == null) {
            throw new IllegalStateException("call reset(seed) before using the env");
        }
        return state;
    }

    /** Applies the learner's action, then the opponents' until the learner acts again or the game ends. */
    public void step(int action) {
        OsakaState s = requireState();
        if (s.isTerminal()) {
            throw new IllegalStateException("the episode has ended; call reset(seed)");
        }
        double before = potential();
        s.applyInPlace(action); // an illegal action throws the engine's IllegalActionException, changing nothing
        episodeLength++;
        playOpponents();
        settle(before);
    }

    private void playOpponents() {
        while (!state.isTerminal() && state.currentPlayer() != learner) {
            state.applyInPlace(seats.get(state.currentPlayer()).chooseAction(state));
        }
    }

    private double potential() {
        return config.rewardMode() == RewardMode.VP_DIFFERENCE ? Rewards.potential(state, learner) : 0;
    }

    private void settle(double before) {
        if (config.rewardMode() == RewardMode.VP_DIFFERENCE) {
            reward = Rewards.potential(state, learner) - before;
        } else if (state.isTerminal()) {
            Rewards.outcome(state, outcome);
            reward = outcome[learner];
        } else {
            reward = 0;
        }
        episodeReturn += reward;
    }

    public int learnerSeat() {
        return learner;
    }

    /** The learner's reward from the last reset or step. */
    public double reward() {
        return reward;
    }

    public double episodeReturn() {
        return episodeReturn;
    }

    /** Learner decisions in this episode so far. */
    public int episodeLength() {
        return episodeLength;
    }

    public boolean terminated() {
        OsakaState s = requireState();
        return s.isTerminal() && s.endReason() != EndReason.DECISION_CAP;
    }

    public boolean truncated() {
        return requireState().endReason() == EndReason.DECISION_CAP;
    }

    public boolean done() {
        return requireState().isTerminal();
    }

    /** The learner's observation (also valid after the episode ended: the final observation). */
    public void observe(float[] buf, int offset) {
        encoder.encode(requireState(), learner, buf, offset);
    }

    public void mask(byte[] buf, int offset) {
        OsakaObservation.mask(requireState(), learner, buf, offset);
    }

    public int[] legalActions() {
        OsakaState s = requireState();
        return s.currentPlayer() == learner ? s.legalActions() : new int[0];
    }

    public EnvInfo info() {
        return EnvInfo.of(requireState());
    }

    /** A copy of the current state (hidden parts included). */
    public OsakaState state() {
        return requireState().copy();
    }

    /** The raw state for in-module fast paths; callers must not mutate it. */
    OsakaState stateView() {
        return requireState();
    }
}
