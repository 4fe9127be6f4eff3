package dev.kaisen.observation;

import dev.kaisen.env.GameRecord;
import dev.kaisen.env.GameState;

/**
 * What a batched env reads of each of its envs ({@link SingleEnv}, {@link AecEnv}): the state,
 * the results, and the game record.
 *
 * @param <S> the game's state type
 */
public interface RecordedEnv<S extends GameState<S>> {
    /** A copy of the current state (hidden parts included). */
    S state();

    EnvInfo info();

    /** Turns game records on or off from the next reset on. */
    void recording(boolean on);

    /** The current (or last) episode's record. */
    GameRecord record();
}
