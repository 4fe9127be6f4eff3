package dev.kaisen.observation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The layout of an observation vector: segments declared once, in order, each with a
 * meaning. Offsets follow from the declaration, so they always tile the vector exactly.
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

    /** Length of the whole vector. */
    public int size() {
        return size;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Declares segments in order. */
    public static final class Builder {
        private final List<Segment> segments = new ArrayList<>();
        private int next;

        public Segment add(String name, int length, String meaning) {
            if (length <= 0) {
                throw new IllegalArgumentException("segment " + name + " must have a positive length");
            }
            if (meaning == null || meaning.isBlank()) {
                throw new IllegalArgumentException("segment " + name + " needs a meaning");
            }
            for (Segment s : segments) {
                if (s.name().equals(name)) {
                    throw new IllegalArgumentException("segment " + name + " declared twice");
                }
            }
            Segment s = new Segment(name, next, length, meaning);
            segments.add(s);
            next += length;
            return s;
        }

        public ObservationSpec build() {
            return new ObservationSpec(segments);
        }
    }
}
