package dev.kaisen.env;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The simultaneous-choice pattern's bookkeeping (the test game "sealedbid" exercises it end to end). */
class SealedChoicesTest {
    @Test
    void aCommitmentIsSeenOnlyByItsOwnerUntilTheRevealAndResamplingTouchesOnlyWhatTheObserverHasNotSeen() {
        SealedChoices c = new SealedChoices(3);
        c.commit(0, 7);
        c.commit(1, 4);
        assertFalse(c.allCommitted());
        assertEquals(7, c.choiceFor(0, 0));
        assertEquals(SealedChoices.NONE, c.choiceFor(1, 0), "seat 1 committed later and still cannot see seat 0's choice");
        assertTrue(c.hasCommitted(0) && !c.hasCommitted(2));
        assertThrows(IllegalStateException.class, () -> c.commit(0, 1), "one commitment per round");
        assertThrows(IllegalArgumentException.class, () -> c.commit(2, -3));

        SealedChoices d = c.copy();
        d.resampleHidden(1, (seat, value) -> 99);
        assertEquals(99, d.choice(0), "another seat's hidden choice is resampled");
        assertEquals(4, d.choice(1), "the observer's own choice stays");
        assertEquals(SealedChoices.NONE, d.choice(2), "no commitment, nothing to resample");
        assertNotEquals(c, d);
        assertEquals(7, c.choice(0), "a copy is independent");

        c.commit(2, 0);
        c.reveal();
        assertTrue(c.allCommitted() && c.isRevealed());
        assertEquals(7, c.choiceFor(2, 0), "after the reveal everyone sees every choice");
        SealedChoices e = c.copy();
        e.resampleHidden(1, (seat, value) -> 99);
        assertEquals(c, e, "nothing is hidden after the reveal");
        c.clear();
        assertFalse(c.hasCommitted(0) || c.isRevealed());
    }
}
