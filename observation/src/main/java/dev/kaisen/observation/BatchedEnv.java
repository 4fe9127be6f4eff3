package dev.kaisen.observation;

import dev.kaisen.env.GameRecord;
import dev.kaisen.env.GameState;

import java.nio.ByteBuffer;

/**
 * N envs of one game stepped by one call through the regions of a shared buffer: what the bridge
 * needs of {@link VectorEnv} (one learner per env) and {@link MultiAgentVectorEnv} (the caller
 * answers for every seat it has not given to a JVM agent) alike.
 *
 * @param <S> the game's state type
 */
public interface BatchedEnv<S extends GameState<S>> extends AutoCloseable {
    BufferLayout layout();

    /** A little-endian view of one region of the buffer. */
    ByteBuffer region(String name);

    int numEnvs();

    /** Worker threads actually used. */
    int threads();

    /** The worker team: the size its steps use now (it sizes itself, up to {@link #threads()}) and what its waits cost. */
    Workers.Stats.Snapshot workerStats();

    /** Sets a new base seed and restarts the episode counts. */
    void reseed(long baseSeed);

    /** Starts the next episode of every env. */
    void reset();

    /** Resets env i to a new episode from an explicit seed. */
    void resetOne(int i, long seed);

    /** Resets env i to a new episode from a copy of {@code from}; a state that cannot start one is an error and changes nothing. */
    void resetOne(int i, S from, long seed);

    /**
     * Checks that env i could start from {@code from} with agents seeded from {@code seed}, as
     * {@link #resetOne(int, GameState, long)} would, and changes nothing: an
     * {@link IllegalArgumentException} says why it could not (a caller resetting many envs checks
     * them all first, so that a refused state leaves every env as it was).
     */
    void checkStart(int i, S from, long seed);

    /** Steps every env with the action in the actions region. */
    void step();

    /** A copy of env i's state (hidden parts included). */
    S state(int i);

    /** Env i's scores, winners and end reason. */
    EnvInfo info(int i);

    /** Turns game records on or off for every env from its next reset on. */
    void recording(boolean on);

    /** Env i's current (or last) episode as a game record. */
    GameRecord record(int i);

    /**
     * The record of env i's last finished episode, kept across the auto-reset that follows it
     * (an {@link IllegalStateException} when none was recorded).
     */
    GameRecord finishedRecord(int i);

    /** Stops the workers and unmaps the buffers. Idempotent. */
    @Override
    void close();
}
