package dev.kaisen.observation;

import dev.kaisen.env.GameState;

/**
 * Writes one player's view of a state as a fixed-size float32 vector, egocentric (relative
 * seat 0 is the observer), laid out by named {@link #spec() segments} that are the same for
 * every player count of the game. Encoders write into a caller's buffer and keep scratch
 * arrays: one encoder per thread.
 */
public interface Encoder<S extends GameState<S>> {
    /** The view's name ({@link Encoders#INFORMATION_STATE} or {@link Encoders#OBSERVATION}). */
    String view();

    ObservationSpec spec();

    default int size() {
        return spec().size();
    }

    /** Writes {@code observer}'s view of {@code s} into {@code buf[offset .. offset + size())}. */
    void encode(S s, int observer, float[] buf, int offset);
}
