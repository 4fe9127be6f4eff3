package dev.kaisen.env;

/**
 * The random stream a game state carries: a {@link SplitMix64} state and the few draws every
 * game makes from it (a raw output, a number below a bound, a Fisher-Yates shuffle). It is
 * mutable and owned by one state; {@link #copy()} gives a state's copy its own stream, so
 * copying, comparing and serializing a state covers the stream (see {@link #state()}).
 *
 * <p>The draws are part of the game-record format (docs/game-records.md): an independent
 * implementation reproduces every deal from the seed with exactly these steps.
 */
public final class RandomStream {
    private long state;

    /** A stream starting at {@code seed} (the first draw advances it once). */
    public RandomStream(long seed) {
        this.state = seed;
    }

    /** The stream's 64-bit state, as records and JSON carry it. */
    public long state() {
        return state;
    }

    /** Puts the stream at a state read from a record or JSON. */
    public void setState(long state) {
        this.state = state;
    }

    /** A stream of its own at the same state. */
    public RandomStream copy() {
        return new RandomStream(state);
    }

    /** The next 64-bit output: the state advances by the golden gamma, then is mixed. */
    public long next() {
        state = SplitMix64.advance(state);
        return SplitMix64.mix(state);
    }

    /** The next output mapped to {@code [0, bound)} by {@link SplitMix64#below}. */
    public int below(int bound) {
        return SplitMix64.below(next(), bound);
    }

    /**
     * Fisher-Yates over {@code a[from .. to)}: for {@code i} from {@code to - 1} down to
     * {@code from + 1}, swap {@code a[i]} with {@code a[from + below(i - from + 1)]}.
     */
    public void shuffle(int[] a, int from, int to) {
        for (int i = to - 1; i > from; i--) {
            int j = from + below(i - from + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RandomStream r && r.state == state;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(state);
    }

    @Override
    public String toString() {
        return String.format("RandomStream[%016x]", state);
    }
}
