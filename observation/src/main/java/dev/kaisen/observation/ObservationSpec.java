package dev.kaisen.observation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The layout of an observation vector: segments declared once, in order, each with a
 * meaning and the finite range of its values. Offsets follow from the declaration, so they
 * always tile the vector exactly.
 *
 * <p>Every segment declares its bounds ({@link Builder#flags}, {@link Builder#counts},
 * {@link Builder#add}); a bound is derived from the game's rules (cards of a type, a cap of the
 * rules) and, where the rules set none, is a named constant of the encoder marked
 * {@code [decision]}. The conformance suite plays random games of every registered game and
 * checks that no observation leaves them ({@link #outOfBounds}).
 */
public final class ObservationSpec {
    private final List<Segment> segments;
    private final Map<String, Segment> byName;
    private final int size;

    private ObservationSpec(List<Segment> segments) {
        this.segments = Collections.unmodifiableList(new ArrayList<>(segments));
        Map<String, Segment> map = new LinkedHashMap<>();
        for (Segment s : segments) {
            map.put(s.name(), s);
        }
        this.byName = Collections.unmodifiableMap(map);
        this.size = segments.isEmpty() ? 0 : segments.get(segments.size() - 1).end();
    }

    public List<Segment> segments() {
        return segments;
    }

    public Segment segment(String name) {
        Segment s = byName.get(name);
        if (s == null) {
            throw new IllegalArgumentException("no segment '" + name + "' (segments: " + byName.keySet() + ")");
        }
        return s;
    }

    /** The offset of the segment {@code name}, or -1 where this layout has none (a segment of another view). */
    public int offsetOf(String name) {
        Segment s = byName.get(name);
        return s == null ? -1 : s.offset();
    }

    /** Length of the whole vector. */
    public int size() {
        return size;
    }

    /** The lower bound of every value of the vector (a new array). */
    public float[] low() {
        float[] out = new float[size];
        for (Segment s : segments) {
            System.arraycopy(s.low(), 0, out, s.offset(), s.length());
        }
        return out;
    }

    /** The upper bound of every value of the vector (a new array). */
    public float[] high() {
        float[] out = new float[size];
        for (Segment s : segments) {
            System.arraycopy(s.high(), 0, out, s.offset(), s.length());
        }
        return out;
    }

    /**
     * The first value of the observation {@code buf[offset .. offset + size())} that lies outside
     * its declared bounds, described (segment, index, value, bounds), or null when all are in.
     */
    public String outOfBounds(float[] buf, int offset) {
        for (Segment s : segments) {
            for (int i = 0; i < s.length(); i++) {
                float v = buf[offset + s.offset() + i];
                if (!(v >= s.low(i) && v <= s.high(i))) {
                    return "segment " + s.name() + "[" + i + "] = " + v + " is outside its bounds ["
                            + Segment.number(s.low(i)) + ", " + Segment.number(s.high(i)) + "]";
                }
            }
        }
        return null;
    }

    /** {@code perFeature} repeated {@code times} times: per-feature bounds of a segment laid out per seat. */
    public static int[] repeat(int[] perFeature, int times) {
        int[] out = new int[perFeature.length * times];
        for (int k = 0; k < times; k++) {
            System.arraycopy(perFeature, 0, out, k * perFeature.length, perFeature.length);
        }
        return out;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Declares segments in order. */
    public static final class Builder {
        private final List<Segment> segments = new ArrayList<>();
        private int next;

        /** One-hots and 0/1 flags: every value in {@code [0, 1]}. */
        public Segment flags(String name, int length, String meaning) {
            return add(name, length, 0, 1, meaning);
        }

        /** Counts (or other non-negative values) of at most {@code max} each. */
        public Segment counts(String name, int length, int max, String meaning) {
            return add(name, length, 0, max, meaning);
        }

        /** Counts with one maximum per value: value {@code i} lies in {@code [0, max[i]]}; length {@code max.length}. */
        public Segment counts(String name, int[] max, String meaning) {
            float[] low = new float[max.length];
            float[] high = new float[max.length];
            for (int i = 0; i < max.length; i++) {
                high[i] = max[i];
            }
            return add(name, low, high, meaning);
        }

        /** Values in {@code [low, high]}. */
        public Segment add(String name, int length, float low, float high, String meaning) {
            checkLength(name, length);
            float[] lo = new float[length];
            float[] hi = new float[length];
            java.util.Arrays.fill(lo, low);
            java.util.Arrays.fill(hi, high);
            return add(name, lo, hi, meaning);
        }

        /** Value {@code i} in {@code [low[i], high[i]]}; length {@code low.length}. */
        public Segment add(String name, float[] low, float[] high, String meaning) {
            checkLength(name, low.length);
            if (meaning == null || meaning.isBlank()) {
                throw new IllegalArgumentException("segment " + name + " needs a meaning");
            }
            for (Segment s : segments) {
                if (s.name().equals(name)) {
                    throw new IllegalArgumentException("segment " + name + " declared twice");
                }
            }
            Segment s = new Segment(name, next, low.length, meaning, low, high);
            segments.add(s);
            next += low.length;
            return s;
        }

        private static void checkLength(String name, int length) {
            if (length <= 0) {
                throw new IllegalArgumentException("segment " + name + " must have a positive length");
            }
        }

        public ObservationSpec build() {
            return new ObservationSpec(segments);
        }
    }
}
