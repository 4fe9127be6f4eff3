package dev.kaisen.env;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** The random stream draws exactly the SplitMix64 steps the record format documents. */
class RandomStreamTest {
    @Property(tries = 200)
    void drawsAreSplitMix64Steps(@ForAll long seed, @ForAll @IntRange(min = 1, max = 1000) int bound) {
        RandomStream r = new RandomStream(seed);
        long s = seed;
        for (int i = 0; i < 5; i++) {
            s = SplitMix64.advance(s);
            assertEquals(SplitMix64.mix(s), r.next());
            s = SplitMix64.advance(s);
            assertEquals(SplitMix64.below(SplitMix64.mix(s), bound), r.below(bound));
        }
        assertEquals(s, r.state());
    }

    @Property(tries = 200)
    void shuffleIsTheDocumentedFisherYatesOverARange(@ForAll long seed, @ForAll @IntRange(min = 0, max = 20) int from,
                                                     @ForAll @IntRange(min = 0, max = 20) int extra) {
        int to = from + extra;
        int[] a = IntStream.range(0, to + 3).toArray();
        int[] b = a.clone();
        new RandomStream(seed).shuffle(a, from, to);
        long s = seed;
        for (int i = to - 1; i > from; i--) {
            s = SplitMix64.advance(s);
            int j = from + SplitMix64.below(SplitMix64.mix(s), i - from + 1);
            int t = b[i];
            b[i] = b[j];
            b[j] = t;
        }
        assertArrayEquals(b, a);
    }

    @Property(tries = 50)
    void aCopyHasItsOwnStreamAtTheSameState(@ForAll long seed) {
        RandomStream r = new RandomStream(seed);
        r.next();
        RandomStream c = r.copy();
        assertEquals(r, c);
        assertEquals(r.hashCode(), c.hashCode());
        long x = c.next();
        assertNotEquals(r, c);
        assertEquals(x, r.next());
        r.setState(seed);
        assertEquals(new RandomStream(seed), r);
    }
}
