package dev.kaisen.observation;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameRecord;
import dev.kaisen.env.GameState;
import dev.kaisen.env.IllegalActionException;

import java.util.Arrays;

/**
 * Turn-based multi-agent env in the PettingZoo AEC sense, for any registered game:
 * {@link #currentPlayer()} acts, every player can be observed, and after each {@link #step}
 * every player has a reward. Observations and masks are written into caller-supplied buffers
 * (no allocation per step).
 *
 * <p>Episode end: {@link #terminated()} when the game ended by its rules (or by a forfeit,
 * see {@link IllegalActionMode#LOSE}); {@link #truncated()} when it hit the game's cap on
 * decisions (scored all the same). Stepping an ended episode or before {@link #reset} throws
 * {@link IllegalStateException}; an illegal action throws the engine's
 * {@link IllegalActionException} and changes nothing (under {@link IllegalActionMode#RAISE}).
 *
 * <p>Records: with {@link #recording(boolean) recording} on, each episode dealt from a seed keeps
 * its {@link GameRecord} (every decision and chance outcome), which {@link #record()} returns. Off
 * by default: then a step costs one null check more.
 */
public final class AecEnv<S extends GameState<S>> implements RecordedEnv<S> {
    private final Game<S> game;
    private final RewardMode mode;
    private final IllegalActionMode illegalMode;
    private final Encoder<S> encoder;
    private final int[] scratch;
    private final double[] rewards;
    private final double[] cumulative;
    /** Shaping potentials before a step (SCORE_DIFFERENCE mode). */
    private final double[] potentials;
    private S state;
    private EnvInfo forfeit;
    private boolean recording;
    /** This episode's recorder: null unless recording and the episode was dealt from a seed. */
    private GameRecord.Recorder<S> recorder;
    /** Why there is no recorder, for {@link #record()}'s error. */
    static final String FROM_STATE = "this episode started from a given state, and a game record starts from a "
            + "seeded deal: only episodes reset with a seed are recorded";
    private String noRecord = "no episode yet: call reset(seed)";

    public AecEnv(Game<S> game, RewardMode mode, IllegalActionMode illegalMode, String view) {
        this.game = game;
        this.mode = mode;
        this.illegalMode = illegalMode;
        this.encoder = Encoders.create(game, view);
        int n = game.numPlayers();
        this.scratch = new int[game.numDistinctActions()];
        this.rewards = new double[n];
        this.cumulative = new double[n];
        this.potentials = new double[n];
    }

    public AecEnv(Game<S> game, RewardMode mode) {
        this(game, mode, IllegalActionMode.RAISE, null);
    }

    public void reset(long seed) {
        if (recording) {
            GameRecord.Recorder<S> r = new GameRecord.Recorder<>(game, seed);
            state = r.newGame();
            recorder = r;
        } else {
            recorder = null;
            noRecord = "recording was off when this episode started; turn it on, then reset(seed)";
            state = game.newGame(seed);
        }
        forfeit = null;
        Arrays.fill(rewards, 0);
        Arrays.fill(cumulative, 0);
    }

    /** Starts an episode from a copy of {@code from} (e.g. a position read from JSON); a finished state is an error. */
    public void reset(S from) {
        if (from.isTerminal()) {
            throw new IllegalArgumentException("the state is a finished game; an episode needs one still running");
        }
        state = from.copy();
        recorder = null;
        noRecord = FROM_STATE;
        forfeit = null;
        Arrays.fill(rewards, 0);
        Arrays.fill(cumulative, 0);
    }

    public Game<S> game() {
        return game;
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
     * result of its state now. An episode ended by an illegal action ({@link IllegalActionMode#LOSE})
     * is recorded up to that action, which is not in it.
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

    public Encoder<S> encoder() {
        return encoder;
    }

    public int numPlayers() {
        return game.numPlayers();
    }

    public RewardMode rewardMode() {
        return mode;
    }

    private S requireState() {
        if (state == null) {
            throw new IllegalStateException("call reset(seed) before using the env");
        }
        return state;
    }

    /** Whether the episode has ended (by the rules, the cap, or a forfeit). */
    public boolean done() {
        return forfeit != null || requireState().isTerminal();
    }

    /** The seat to act, or -1 once the episode has ended. */
    public int currentPlayer() {
        return forfeit != null ? -1 : requireState().currentPlayer();
    }

    public void observe(int player, float[] buf, int offset) {
        encoder.encode(requireState(), player, buf, offset);
    }

    public void mask(int player, byte[] buf, int offset) {
        if (forfeit != null) {
            Arrays.fill(buf, offset, offset + scratch.length, (byte) 0);
            return;
        }
        Masks.write(requireState(), player, buf, offset, scratch.length, scratch);
    }

    /** Legal action ids of the current player, sorted (none once the episode has ended). */
    public int[] legalActions() {
        return forfeit != null ? new int[0] : requireState().legalActions();
    }

    public void step(int action) {
        S s = requireState();
        if (done()) {
            throw new IllegalStateException("the episode has ended; call reset(seed)");
        }
        int n = game.numPlayers();
        if (!s.isLegal(action)) {
            IllegalActionException e = s.illegal(action);
            if (illegalMode == IllegalActionMode.RAISE) {
                throw e;
            }
            int offender = s.currentPlayer();
            forfeit = EnvInfo.forfeit(s, offender, e.getMessage());
            Rewards.forfeit(n, offender, rewards);
            for (int p = 0; p < n; p++) {
                cumulative[p] += rewards[p];
            }
            return;
        }
        if (mode == RewardMode.SCORE_DIFFERENCE) {
            for (int p = 0; p < n; p++) {
                potentials[p] = Rewards.potential(s, p);
            }
        }
        if (recorder == null) {
            s.applyInPlace(action);
        } else {
            recorder.applyInPlace(s, action);
        }
        if (mode == RewardMode.SCORE_DIFFERENCE) {
            for (int p = 0; p < n; p++) {
                rewards[p] = Rewards.potential(s, p) - potentials[p];
            }
        } else {
            s.returns(rewards);
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
        return forfeit != null || (requireState().isTerminal() && !state.isTruncated());
    }

    public boolean truncated() {
        return forfeit == null && requireState().isTruncated();
    }

    public EnvInfo info() {
        return forfeit != null ? forfeit : EnvInfo.of(requireState());
    }

    /** A copy of the current state (hidden parts included). */
    public S state() {
        return requireState().copy();
    }

    /** The raw state for in-module fast paths (agents choosing a move); callers must not mutate it. */
    S stateView() {
        return requireState();
    }

    /** Whether {@code action} may be stepped now: legal, or anything under {@link IllegalActionMode#LOSE}. */
    boolean accepts(int action) {
        return illegalMode == IllegalActionMode.LOSE || requireState().isLegal(action);
    }
}
