package dev.kaisen.observation;

import dev.kaisen.env.Agent;
import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameRecord;
import dev.kaisen.env.GameState;
import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.SplitMix64;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The single-learner view of any registered game: one learning seat; the other seats are
 * played inside the JVM by named {@link Agent}s until the learner must act again (or the game
 * ends). Each {@link #step} returns control at the learner's next decision, with the learner's
 * reward accumulated over the opponents' moves.
 *
 * <p>Seeds: an episode reset with seed {@code s} deals the game from {@code s}, draws the
 * learner seat (when random) from {@code SplitMix64.derive(s, 0)} and seeds the opponent at
 * relative seat r with {@code SplitMix64.derive(s, r)}.
 *
 * <p>Records: with {@link #recording(boolean) recording} on, each episode dealt from a seed keeps
 * its {@link GameRecord} (every seat's decisions, the opponents' included, and every chance
 * outcome), which {@link #record()} returns. Off by default: then a step costs one null check more.
 */
public final class SingleEnv<S extends GameState<S>> implements RecordedEnv<S> {

    /**
     * @param learnerSeat   a seat, or -1 for a seat drawn at random each episode
     * @param opponents     names of the agents for the other seats in turn order after the
     *                      learner (players - 1 names), or one name for all of them
     * @param view          the observation view ({@link Encoders}; null for the default)
     * @param illegalAction what an illegal learner action does
     * @param agents        turns those names into agents ({@link Agents#factory} by default; a
     *                      trainer passes its own to add names such as {@code self})
     */
    public record Config<S extends GameState<S>>(Game<S> game, int learnerSeat, List<String> opponents,
                                                 RewardMode rewardMode, String view, IllegalActionMode illegalAction,
                                                 Agents.Factory<S> agents) {
        public Config(Game<S> game, int learnerSeat, List<String> opponents, RewardMode rewardMode) {
            this(game, learnerSeat, opponents, rewardMode, null, IllegalActionMode.RAISE, Agents.factory(game));
        }

        public Config {
            int players = game.numPlayers();
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
            opponents = Agents.validate(opponents, agents);
            Encoders.create(game, view); // an unknown view fails here, before any env exists
        }

        public int players() {
            return game.numPlayers();
        }

        /** This config with another agent factory (names checked again). */
        public Config<S> withAgents(Agents.Factory<S> factory) {
            return new Config<>(game, learnerSeat, opponents, rewardMode, view, illegalAction, factory);
        }
    }

    private final Config<S> config;
    private final Game<S> game;
    private final Encoder<S> encoder;
    private final int[] scratch;
    private final double[] outcome;
    private final List<Agent<S>> seats = new ArrayList<>();
    private S state;
    private int learner;
    private double reward;
    private double episodeReturn;
    private int episodeLength;
    private EnvInfo forfeit;
    private boolean recording;
    /** This episode's recorder: null unless recording and the episode was dealt from a seed. */
    private GameRecord.Recorder<S> recorder;
    /** Why there is no recorder, for {@link #record()}'s error. */
    private String noRecord = "no episode yet: call reset(seed)";
    /** The last finished episode's recorder and final state, kept across the reset that follows it. */
    private GameRecord.Recorder<S> finishedRecorder;
    private S finishedState;

    public SingleEnv(Config<S> config) {
        this.config = config;
        this.game = config.game();
        this.encoder = Encoders.create(game, config.view());
        this.scratch = new int[game.numDistinctActions()];
        this.outcome = new double[game.numPlayers()];
    }

    public Config<S> config() {
        return config;
    }

    public Encoder<S> encoder() {
        return encoder;
    }

    public void reset(long seed) {
        keepFinished();
        if (recording) {
            GameRecord.Recorder<S> r = new GameRecord.Recorder<>(game, seed);
            S first = r.newGame();
            recorder = r;
            start(first, seed);
        } else {
            recorder = null;
            noRecord = "recording was off when this episode started; turn it on, then reset(seed)";
            start(game.newGame(seed), seed);
        }
    }

    /**
     * Turns game records on or off from the next reset on (off by default). The record of an
     * episode is {@link GameRecord}'s format, the one {@code selfplay --records} writes and
     * {@code replay} checks.
     */
    public void recording(boolean on) {
        recording = on;
    }

    public boolean recording() {
        return recording;
    }

    /**
     * The record of the current episode so far (or of the last one, once it has ended), with the
     * result of its state now. An episode ended by an illegal learner action ({@link
     * IllegalActionMode#LOSE}) is recorded up to that action, which is not in it.
     *
     * @throws IllegalStateException when there is none: recording was off at the last reset, no
     *                               episode was started, or the episode started from a given state
     *                               (a record starts from a seeded deal)
     */
    public GameRecord record() {
        if (recorder == null) {
            throw new IllegalStateException(noRecord);
        }
        return recorder.finish(state);
    }

    /**
     * The record of the last episode that ended, even after the reset that follows it (a vector
     * env's auto-reset starts the next episode in the step that ends one); the same record
     * {@link #record()} gave when that episode had just ended.
     *
     * @throws IllegalStateException when there is none: no episode has ended since recording was
     *                               on, or the last one to end had no record (it started from a given state)
     */
    public GameRecord finishedRecord() {
        if (state != null && done()) {
            return record();
        }
        if (finishedRecorder == null) {
            throw new IllegalStateException("no record of a finished episode: none has ended since recording was on, "
                    + "or the last one to end started from a given state (a record starts from a seeded deal)");
        }
        return finishedRecorder.finish(finishedState);
    }

    /** At a reset: remembers the episode that just ended (two references; nothing when it had no record). */
    private void keepFinished() {
        if (state != null && done()) {
            finishedRecorder = recorder;
            finishedState = state;
        }
    }

    /**
     * Starts an episode from a copy of {@code from} (e.g. a position read from JSON): the opponents,
     * seeded from {@code seed} as in {@link #reset}, play until it is the learner's turn (the learner
     * seat too is drawn from {@code seed} when the config has none). A finished state, or one where
     * the game ends before the learner decides, is an {@link IllegalArgumentException}, and the env
     * is left as it was.
     */
    public void reset(S from, long seed) {
        if (from.isTerminal()) {
            throw new IllegalArgumentException("the state is a finished game; an episode needs one still running");
        }
        S saved = state;
        GameRecord.Recorder<S> savedRecorder = recorder;
        String savedNoRecord = noRecord;
        EnvInfo savedForfeit = forfeit;
        int savedLearner = learner;
        List<Agent<S>> savedSeats = new ArrayList<>(seats);
        double savedReward = reward;
        double savedReturn = episodeReturn;
        int savedLength = episodeLength;
        keepFinished();
        try {
            recorder = null;
            noRecord = AecEnv.FROM_STATE;
            start(from.copy(), seed);
        } catch (IllegalStateException e) {
            state = saved;
            recorder = savedRecorder;
            noRecord = savedNoRecord;
            forfeit = savedForfeit;
            learner = savedLearner;
            seats.clear();
            seats.addAll(savedSeats);
            reward = savedReward;
            episodeReturn = savedReturn;
            episodeLength = savedLength;
            throw new IllegalArgumentException(e.getMessage() + " (from the given state)");
        }
    }

    private void start(S first, long seed) {
        int n = game.numPlayers();
        state = first;
        forfeit = null;
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
        // The episode starts at the learner's first decision (Gymnasium's reset has no reward):
        // what the opponents' opening moves change is not the learner's reward, and a shaped
        // return sums to the score difference's change from there. Every game gives each seat a
        // decision before it can end, so the learner always gets one.
        playOpponents();
        if (state.isTerminal()) {
            throw new IllegalStateException("the game ended before seat " + learner + " had a decision");
        }
    }

    private S requireState() {
        if (state == null) {
            throw new IllegalStateException("call reset(seed) before using the env");
        }
        return state;
    }

    /**
     * Applies the learner's action, then the opponents' until the learner acts again or the
     * game ends. An illegal action throws the engine's {@link IllegalActionException} and
     * changes nothing, or under {@link IllegalActionMode#LOSE} ends the episode as a loss.
     */
    public void step(int action) {
        S s = requireState();
        if (done()) {
            throw new IllegalStateException("the episode has ended; call reset(seed)");
        }
        if (!s.isLegal(action)) {
            IllegalActionException e = s.illegal(action);
            if (config.illegalAction() == IllegalActionMode.RAISE) {
                throw e;
            }
            forfeit = EnvInfo.forfeit(s, learner, e.getMessage());
            Rewards.forfeit(game.numPlayers(), learner, outcome);
            reward = outcome[learner];
            episodeReturn += reward;
            episodeLength++;
            return;
        }
        double before = potential();
        apply(action);
        episodeLength++;
        playOpponents();
        settle(before);
    }

    private void playOpponents() {
        while (!state.isTerminal() && state.currentPlayer() != learner) {
            apply(seats.get(state.currentPlayer()).chooseAction(state));
        }
    }

    private void apply(int action) {
        if (recorder == null) {
            state.applyInPlace(action);
        } else {
            recorder.applyInPlace(state, action);
        }
    }

    private double potential() {
        return config.rewardMode() == RewardMode.SCORE_DIFFERENCE ? Rewards.potential(state, learner) : 0;
    }

    private void settle(double before) {
        if (config.rewardMode() == RewardMode.SCORE_DIFFERENCE) {
            reward = Rewards.potential(state, learner) - before;
        } else if (state.isTerminal()) {
            state.returns(outcome);
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
        return forfeit != null || (requireState().isTerminal() && !state.isTruncated());
    }

    public boolean truncated() {
        return forfeit == null && requireState().isTruncated();
    }

    public boolean done() {
        return forfeit != null || requireState().isTerminal();
    }

    /** The learner's observation (also valid after the episode ended: the final observation). */
    public void observe(float[] buf, int offset) {
        encoder.encode(requireState(), learner, buf, offset);
    }

    public void mask(byte[] buf, int offset) {
        if (forfeit != null) {
            Arrays.fill(buf, offset, offset + scratch.length, (byte) 0);
            return;
        }
        Masks.write(requireState(), learner, buf, offset, scratch.length, scratch);
    }

    public int[] legalActions() {
        S s = requireState();
        return forfeit == null && s.currentPlayer() == learner ? s.legalActions() : new int[0];
    }

    /** Whether {@code action} may be stepped now: legal, or anything under {@link IllegalActionMode#LOSE}. */
    boolean accepts(int action) {
        return config.illegalAction() == IllegalActionMode.LOSE || requireState().isLegal(action);
    }

    public EnvInfo info() {
        return forfeit != null ? forfeit : EnvInfo.of(requireState());
    }

    /** A copy of the current state (hidden parts included). */
    public S state() {
        return requireState().copy();
    }

    /** The raw state for in-module fast paths; callers must not mutate it. */
    S stateView() {
        return requireState();
    }
}
