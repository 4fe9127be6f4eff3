package dev.kaisen.observation;

import dev.kaisen.env.GameState;

import java.util.Arrays;

/**
 * What every egocentric encoder shares: its view's name and segment layout, the check that
 * the observer is a seat, clearing its range of the buffer, and relative seats (0 is the
 * observer, then turn order). A game's encoder extends it and writes its segments.
 */
public abstract class SeatEncoder<S extends GameState<S>> implements Encoder<S> {
    private final String view;
    private final ObservationSpec spec;
    private final int size;

    protected SeatEncoder(String view, ObservationSpec spec) {
        this.view = view;
        this.spec = spec;
        this.size = spec.size();
    }

    @Override
    public final String view() {
        return view;
    }

    @Override
    public final ObservationSpec spec() {
        return spec;
    }

    @Override
    public final int size() {
        return size;
    }

    /**
     * Checks that {@code observer} is a seat of {@code s} and zeroes {@code buf[offset .. offset + size())};
     * returns the player count.
     */
    protected final int begin(S s, int observer, float[] buf, int offset) {
        int n = s.numPlayers();
        if (observer < 0 || observer >= n) {
            throw new IllegalArgumentException("observer " + observer + " is not a seat of this " + n + "-player game");
        }
        Arrays.fill(buf, offset, offset + size, 0f);
        return n;
    }

    /** The relative seat of {@code p} for {@code observer}: 0 is the observer, then turn order. */
    public static int rel(int p, int observer, int n) {
        int r = p - observer;
        return r < 0 ? r + n : r;
    }
}
