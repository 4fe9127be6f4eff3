package dev.kaisen.observation;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The segment declaration: offsets, bounds per segment and per value, and the bounds check. */
class ObservationSpecTest {
    private static ObservationSpec spec() {
        ObservationSpec.Builder b = ObservationSpec.builder();
        b.flags("onehot", 3, "a one-hot");
        b.counts("count", 2, 9, "two counts of at most 9");
        b.counts("mixed", new int[] {4, 7}, "counts with their own maxima");
        b.add("signed", 1, -2.5f, 2.5f, "a signed value");
        return b.build();
    }

    @Test
    void boundsAreDeclaredPerSegmentOrPerValueAndTileTheVector() {
        ObservationSpec spec = spec();
        assertEquals(8, spec.size());
        assertArrayEquals(new float[] {0, 0, 0, 0, 0, 0, 0, -2.5f}, spec.low());
        assertArrayEquals(new float[] {1, 1, 1, 9, 9, 4, 7, 2.5f}, spec.high());
        assertTrue(spec.segment("count").uniform());
        assertFalse(spec.segment("mixed").uniform());
        assertEquals("[0, 4..7]", spec.segment("mixed").range());
        assertEquals("[-2.5, 2.5]", spec.segment("signed").range());
        assertEquals(spec.segment("mixed"), spec().segment("mixed"));
    }

    @Test
    void outOfBoundsNamesTheFirstValueOutsideItsRangeAndCatchesNaN() {
        ObservationSpec spec = spec();
        float[] buf = {9, 1, 0, 0, 1, 9, 4, 7, 2.5f};
        assertNull(spec.outOfBounds(buf, 1));
        buf[6] = 5;
        assertEquals("segment mixed[0] = 5.0 is outside its bounds [0, 4]", spec.outOfBounds(buf, 1));
        buf[6] = 4;
        buf[8] = Float.NaN;
        assertTrue(spec.outOfBounds(buf, 1).startsWith("segment signed[0] = NaN"));
        buf[8] = -3;
        assertTrue(spec.outOfBounds(buf, 1).startsWith("segment signed[0]"));
    }

    @Test
    void boundsMustBeFiniteAndOrdered() {
        ObservationSpec.Builder b = ObservationSpec.builder();
        assertThrows(IllegalArgumentException.class, () -> b.add("a", 2, 0, Float.POSITIVE_INFINITY, "unbounded"));
        assertThrows(IllegalArgumentException.class, () -> b.add("b", 2, 1, 0, "reversed"));
        assertThrows(IllegalArgumentException.class, () -> b.counts("c", new int[] {3, -1}, "a negative maximum"));
        assertThrows(IllegalArgumentException.class, () -> b.flags("d", 0, "empty"));
        assertEquals(0, b.build().size());
    }
}
