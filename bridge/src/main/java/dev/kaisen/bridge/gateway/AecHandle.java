package dev.kaisen.bridge.gateway;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Json;
import dev.kaisen.observation.AecEnv;
import dev.kaisen.observation.BufferLayout;
import dev.kaisen.observation.EnvInfo;
import dev.kaisen.observation.IllegalActionMode;
import dev.kaisen.observation.RewardMode;
import dev.kaisen.observation.SharedBuffer;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.file.Path;

/**
 * The turn-based env of any game as Python sees it: every call writes the whole public
 * outcome (every player's observation and mask, rewards, flags, scores) into shared buffers;
 * the steps and resets themselves go through a {@link StepChannel} (no Py4J call per step) once
 * Python has opened one.
 *
 * <pre>
 * region             dtype    shape
 * control            int64    [16]           the step channel's requests and answers
 * status             int32    [5]            current player (-1 when over), terminated, truncated, decisions,
 *                                            the seat that forfeited by an illegal action (-1 if none)
 * rewards            float64  [P]            each player's reward for the last step
 * observations       float32  [P, obs]       each player's observation
 * masks              int8     [P, A]         each player's mask (zero unless that player is to act)
 * scores             int32    [P]            the game's scores (e.g. VP)
 * tiebreaks          int32    [P]            the first tie-break (e.g. tokens)
 * winners            int32    [1]            bit s set when seat s won (when over)
 * </pre>
 */
public final class AecHandle implements AutoCloseable {
    /** Step-channel commands: step with action arg0; reset with seed arg0. */
    static final int STEP = 1;
    static final int RESET = 2;

    /** The step-channel commands by name, for Python's end (the gateway's {@code protocol()}). */
    static java.util.Map<String, Integer> commands() {
        return java.util.Map.of("step", STEP, "reset", RESET);
    }

    private final Typed<?> env;
    private final SharedBuffer shared;
    private final IntBuffer status;
    private final DoubleBuffer rewards;
    private final FloatBuffer observations;
    private final ByteBuffer masks;
    private final IntBuffer scores;
    private final IntBuffer tiebreaks;
    private final IntBuffer winners;
    private final float[] obs;
    private final byte[] mask;
    private StepChannel channel;

    /** The env with its state type, for the calls that need it. */
    private record Typed<S extends GameState<S>>(Game<S> game, AecEnv<S> env) {
        String json() {
            return game.toJson(env.state(), false);
        }

        void resetFromState(String json) {
            env.reset(StateHandle.load(game, json));
        }

        String render() {
            return game.render(env.state());
        }
    }

    <S extends GameState<S>> AecHandle(Game<S> game, RewardMode mode, String view, IllegalActionMode illegal, Path file) {
        AecEnv<S> aec = new AecEnv<>(game, mode, illegal, view);
        env = new Typed<>(game, aec);
        int players = game.numPlayers();
        int size = aec.encoder().size();
        int actions = game.numDistinctActions();
        obs = new float[size];
        mask = new byte[actions];
        BufferLayout layout = new BufferLayout().fact("game", game.id()).fact("players", players)
                .fact("view", aec.encoder().view()).fact("observationSize", size).fact("numActions", actions)
                .add("control", "int64", BufferLayout.CONTROL_SLOTS).add("status", "int32", 5).add("rewards", "float64", players)
                .add("observations", "float32", players, size)
                .add("masks", "int8", players, actions)
                .add("scores", "int32", players).add("tiebreaks", "int32", players).add("winners", "int32", 1);
        shared = new SharedBuffer(layout, file);
        status = shared.region("status").asIntBuffer();
        rewards = shared.region("rewards").asDoubleBuffer();
        observations = shared.region("observations").asFloatBuffer();
        masks = shared.region("masks");
        scores = shared.region("scores").asIntBuffer();
        tiebreaks = shared.region("tiebreaks").asIntBuffer();
        winners = shared.region("winners").asIntBuffer();
    }

    public String layoutJson() {
        return Json.write(shared.layout().describe(), false);
    }

    /**
     * Opens the step channel on a Unix-domain socket at {@code socketPath}; Python connects and
     * sends {@code token}. Once per handle.
     */
    public synchronized void openChannel(String socketPath, String token) {
        ensureOpen();
        if (channel != null) {
            throw new IllegalStateException("this env's step channel is open already");
        }
        channel = new StepChannel(shared.region("control"), Path.of(socketPath), token, this, this::command);
    }

    /**
     * Runs one step-channel command (also through Py4J, where Python opens no channel: on CPUs
     * other than x86-64, or with {@code KAISEN_STEP_CHANNEL=0}).
     */
    public synchronized void command(int command, long arg0, long arg1) {
        switch (command) {
            case STEP -> step(Math.toIntExact(arg0));
            case RESET -> reset(arg0);
            default -> throw new IllegalArgumentException("unknown step-channel command " + command);
        }
    }

    /** Throws why the last step-channel command failed (Python asks after a failed answer). */
    public synchronized void raiseLastError() {
        StepChannel.rethrow(channel);
    }

    public synchronized void reset(long seed) {
        ensureOpen();
        env.env().reset(seed);
        publish();
    }

    /**
     * Starts an episode from a state in the game's JSON format (an ordinary Py4J call, not a
     * step-channel command: it carries a payload), then publishes it like {@link #reset}. Bad JSON,
     * a state of another game or player count, or a finished game changes nothing.
     */
    public synchronized void resetFromState(String stateJson) {
        ensureOpen();
        env.resetFromState(stateJson);
        publish();
    }

    public synchronized void step(int action) {
        ensureOpen();
        env.env().step(action);
        publish();
    }

    /** After {@link #close} the buffers are unmapped: a call that would write them says so instead. */
    private void ensureOpen() {
        if (shared.isClosed()) {
            throw new IllegalStateException("this env is closed; create a new one");
        }
    }

    private void publish() {
        AecEnv<?> e = env.env();
        int n = e.numPlayers();
        EnvInfo info = e.info();
        status.put(0, e.currentPlayer());
        status.put(1, e.terminated() ? 1 : 0);
        status.put(2, e.truncated() ? 1 : 0);
        status.put(3, info.decisions());
        status.put(4, info.forfeitedBy());
        int w = 0;
        for (int p : info.winners()) {
            w |= 1 << p;
        }
        winners.put(0, w);
        for (int p = 0; p < n; p++) {
            rewards.put(p, e.reward(p));
            e.observe(p, obs, 0);
            observations.put(p * obs.length, obs);
            e.mask(p, mask, 0);
            masks.put(p * mask.length, mask);
            scores.put(p, info.scores()[p]);
            tiebreaks.put(p, info.tiebreaks()[p]);
        }
    }

    /** The env's info as JSON (scores, tie-breaks, winners, end reason, and why an illegal action forfeited). */
    public synchronized String infoJson() {
        return Json.write(env.env().info(), false);
    }

    /**
     * Turns game records on or off from the next reset on (off by default; {@link AecEnv#recording}).
     */
    public synchronized void setRecording(boolean on) {
        env.env().recording(on);
    }

    /**
     * The current (or last) episode's game record as JSON (format {@code kaisen.record/1}, as
     * {@code selfplay --records} writes it); an error when recording was off at its reset or the
     * episode started from a given state.
     */
    public synchronized String recordJson() {
        return env.env().record().toJson(true);
    }

    /** The whole state as text (spectator view, hidden parts included). */
    public synchronized String render() {
        return env.render();
    }

    /** The whole state as JSON, in the game's own format. */
    public synchronized String stateJson() {
        return env.json();
    }

    /** Stops the step channel, then unmaps the buffers, after a command in progress. Idempotent. */
    @Override
    public void close() {
        StepChannel c;
        synchronized (this) {
            c = channel;
        }
        StepChannel.closeThen(c, this, () -> shared.close());
    }
}
