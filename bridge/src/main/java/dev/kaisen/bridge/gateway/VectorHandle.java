package dev.kaisen.bridge.gateway;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Json;
import dev.kaisen.observation.BatchedEnv;

import java.nio.file.Path;

/**
 * A vectorized env as Python sees it (the single-learner {@link dev.kaisen.observation.VectorEnv} or
 * the {@link dev.kaisen.observation.MultiAgentVectorEnv}): control calls through Py4J, data through
 * the shared buffers, and the per-step commands through a {@link StepChannel} (no Py4J call per
 * step) once Python has opened one.
 */
public final class VectorHandle implements AutoCloseable {
    /** Step-channel commands: step with the actions region; reset every env; reset env arg0 with seed arg1; reseed with arg0. */
    static final int STEP = 1;
    static final int RESET = 2;
    static final int RESET_ONE = 3;
    static final int RESEED = 4;

    /** The step-channel commands by name, for Python's end (the gateway's {@code protocol()}). */
    static java.util.Map<String, Integer> commands() {
        return java.util.Map.of("step", STEP, "reset", RESET, "resetOne", RESET_ONE, "reseed", RESEED);
    }

    private final Typed<?> vec;
    private StepChannel channel;

    private record Typed<S extends GameState<S>>(Game<S> game, BatchedEnv<S> vec) {
        String json(int i) {
            return game.toJson(vec.state(i), false);
        }

        void resetFromState(int i, String json, long seed) {
            vec.resetOne(i, StateHandle.load(game, json), seed);
        }

        void checkStart(int i, String json, long seed) {
            vec.checkStart(i, StateHandle.load(game, json), seed);
        }

        String render(int i) {
            return game.render(vec.state(i));
        }
    }

    <S extends GameState<S>> VectorHandle(Game<S> game, BatchedEnv<S> vec) {
        this.vec = new Typed<>(game, vec);
    }

    public String layoutJson() {
        return Json.write(vec.vec().layout().describe(), false);
    }

    /**
     * Opens the step channel on a Unix-domain socket at {@code socketPath}; Python connects and
     * sends {@code token}. Once per handle.
     */
    public synchronized void openChannel(String socketPath, String token) {
        if (channel != null) {
            throw new IllegalStateException("this env's step channel is open already");
        }
        channel = new StepChannel(vec.vec().region("control"), Path.of(socketPath), token, this, this::command);
    }

    /**
     * Runs one step-channel command through Py4J instead (Python does so where it opens no
     * channel: on CPUs other than x86-64, or with {@code KAISEN_STEP_CHANNEL=0}).
     */
    public synchronized void command(int command, long arg0, long arg1) {
        switch (command) {
            case STEP -> step();
            case RESET -> reset();
            case RESET_ONE -> resetOne(Math.toIntExact(arg0), arg1);
            case RESEED -> reseed(arg0);
            default -> throw new IllegalArgumentException("unknown step-channel command " + command);
        }
    }

    /** Throws why the last step-channel command failed (Python asks after a failed answer). */
    public synchronized void raiseLastError() {
        StepChannel.rethrow(channel);
    }

    public int threads() {
        return vec.vec().threads();
    }

    /** The worker team's size now and what its waits have cost (JSON of {@link dev.kaisen.observation.Workers.Stats.Snapshot#toMap}). */
    public String workerStatsJson() {
        return Json.write(vec.vec().workerStats().toMap(), false);
    }

    public synchronized void reseed(long baseSeed) {
        vec.vec().reseed(baseSeed);
    }

    public synchronized void reset() {
        vec.vec().reset();
    }

    /** Steps every env with the actions already written into the actions region. */
    public synchronized void step() {
        vec.vec().step();
    }

    public synchronized void resetOne(int i, long seed) {
        vec.vec().resetOne(i, seed);
    }

    /**
     * Resets env i from a state in the game's JSON format (an ordinary Py4J call, not a step-channel
     * command: it carries a payload); the opponents, seeded from {@code seed}, play until the
     * learner's turn. Bad JSON or a state that cannot start an episode changes nothing.
     */
    public synchronized void resetFromState(int i, String stateJson, long seed) {
        check(i);
        vec.resetFromState(i, stateJson, seed);
    }

    /**
     * Checks that env i could start from this state, as {@link #resetFromState} would, changing
     * nothing (Python checks every state of a reset before it resets anything).
     */
    public synchronized void checkStartFromState(int i, String stateJson, long seed) {
        check(i);
        vec.checkStart(i, stateJson, seed);
    }

    private void check(int i) {
        if (i < 0 || i >= vec.vec().numEnvs()) {
            throw new IllegalArgumentException("env index " + i + " out of range 0.." + (vec.vec().numEnvs() - 1));
        }
    }

    /** Env i's state as text (spectator view, hidden parts included). */
    public synchronized String render(int i) {
        check(i);
        return vec.render(i);
    }

    public synchronized String stateJson(int i) {
        check(i);
        return vec.json(i);
    }

    /**
     * Turns game records on or off for every env from its next reset on (off by default;
     * {@link dev.kaisen.observation.SingleEnv#recording}).
     */
    public synchronized void setRecording(boolean on) {
        vec.vec().recording(on);
    }

    /**
     * Env i's current (or last) episode as a game record in JSON (format {@code kaisen.record/1}, as
     * {@code selfplay --records} writes it; every seat's decisions, the opponents' included, and every
     * chance outcome); an error when recording was off at its reset or it started from a given state.
     */
    public synchronized String recordJson(int i) {
        check(i);
        return vec.vec().record(i).toJson(true);
    }

    /**
     * The record of env i's last finished episode, as {@link #recordJson}: with auto-reset, still the
     * finished one after the step that ended it has started the next ({@link
     * dev.kaisen.observation.SingleEnv#finishedRecord}).
     */
    public synchronized String finishedRecordJson(int i) {
        check(i);
        return vec.vec().finishedRecord(i).toJson(true);
    }

    /** Env i's info as JSON (scores, winners, end reason, and why an illegal action forfeited). */
    public synchronized String infoJson(int i) {
        check(i);
        return Json.write(vec.vec().info(i), false);
    }

    /** Stops the step channel, then the env (its workers and buffers), after a command in progress. Idempotent. */
    @Override
    public void close() {
        StepChannel c;
        synchronized (this) {
            c = channel;
        }
        StepChannel.closeThen(c, this, () -> vec.vec().close());
    }
}
