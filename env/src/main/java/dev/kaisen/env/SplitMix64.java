package dev.kaisen.env;

/**
 * The SplitMix64 generator (Steele, Lea and Flood, 2014) as pure functions over a {@code long}
 * state, so that a game state can carry its random stream as a plain value: copying,
 * comparing and serializing the state then covers the stream too.
 *
 * <p>The exact algorithm is part of the game-record format (docs/game-records.md): an
 * independent implementation reproduces every shuffle from the seed with it.
 */
public final class SplitMix64 {
    public static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private SplitMix64() {
    }

    /** The state after one step. */
    public static long advance(long state) {
        return state + GOLDEN_GAMMA;
    }

    /** The output for a state that has just been advanced. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A well-spread seed for stream {@code index} derived from {@code base} (e.g. game i of a run). */
    public static long derive(long base, long index) {
        return mix(base + GOLDEN_GAMMA * (index + 1));
    }

    /** Maps a 64-bit output to a double uniform in [0, 1) (its top 53 bits). */
    public static double unit(long output) {
        return (output >>> 11) * 0x1.0p-53;
    }

    /** Maps a 64-bit output to [0, bound): unsigned remainder (bias below 2^-56 for bound <= 256). */
    public static int below(long output, int bound) {
        return (int) Long.remainderUnsigned(output, bound);
    }
}
