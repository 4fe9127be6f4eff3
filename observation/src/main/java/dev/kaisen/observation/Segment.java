package dev.kaisen.observation;

import java.util.Arrays;

/**
 * A named, documented slice {@code [offset, offset + length)} of an observation vector, with
 * the finite range every value of it lies in: feature {@code i} of the segment (the value at
 * {@code offset + i}) is always within {@code [low[i], high[i]]}. The ranges follow from the
 * game's rules (card counts, caps); the conformance suite checks them over random play. They
 * give Gymnasium's {@code Box} its bounds and the optional normalisation its scales.
 *
 * <p>Most segments have one range for every feature ({@link #uniform()}); a segment that mixes
 * scales (e.g. counts per card type with different numbers of copies) has one per feature.
 */
public record Segment(String name, int offset, int length, String meaning, float[] low, float[] high) {
    public Segment {
        if (low == null || high == null || low.length != length || high.length != length) {
            throw new IllegalArgumentException("segment " + name + " needs one low and one high bound per value ("
                    + length + ")");
        }
        low = low.clone();
        high = high.clone();
        for (int i = 0; i < length; i++) {
            if (!Float.isFinite(low[i]) || !Float.isFinite(high[i]) || low[i] > high[i]) {
                throw new IllegalArgumentException("segment " + name + ": value " + i + " has bounds [" + low[i] + ", "
                        + high[i] + "]; bounds must be finite with low <= high");
            }
        }
    }

    /** A segment whose values all lie in {@code [low, high]}. */
    public Segment(String name, int offset, int length, String meaning, float low, float high) {
        this(name, offset, length, meaning, filled(length, low), filled(length, high));
    }

    public int end() {
        return offset + length;
    }

    /** The lower bound of each value (a copy). */
    @Override
    public float[] low() {
        return low.clone();
    }

    /** The upper bound of each value (a copy). */
    @Override
    public float[] high() {
        return high.clone();
    }

    public float low(int i) {
        return low[i];
    }

    public float high(int i) {
        return high[i];
    }

    /** Whether every value of the segment has the same range. */
    public boolean uniform() {
        for (int i = 1; i < length; i++) {
            if (low[i] != low[0] || high[i] != high[0]) {
                return false;
            }
        }
        return true;
    }

    /** The range as text: {@code [0, 1]}, or per value {@code [0, 7..11]} (the smallest and largest bound). */
    public String range() {
        float lo = low[0];
        float hiMin = high[0];
        float loMax = low[0];
        float hi = high[0];
        for (int i = 1; i < length; i++) {
            lo = Math.min(lo, low[i]);
            loMax = Math.max(loMax, low[i]);
            hiMin = Math.min(hiMin, high[i]);
            hi = Math.max(hi, high[i]);
        }
        return "[" + span(lo, loMax) + ", " + span(hiMin, hi) + "]";
    }

    private static String span(float a, float b) {
        return a == b ? number(a) : number(a) + ".." + number(b);
    }

    static String number(float v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Float.toString(v);
    }

    private static float[] filled(int length, float v) {
        float[] out = new float[Math.max(length, 0)];
        Arrays.fill(out, v);
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Segment s && name.equals(s.name) && offset == s.offset && length == s.length
                && meaning.equals(s.meaning) && Arrays.equals(low, s.low) && Arrays.equals(high, s.high);
    }

    @Override
    public int hashCode() {
        return ((name.hashCode() * 31 + offset) * 31 + length) * 31 + Arrays.hashCode(high);
    }

    @Override
    public String toString() {
        return "Segment[" + name + ", offset " + offset + ", length " + length + ", " + range() + "]";
    }
}
