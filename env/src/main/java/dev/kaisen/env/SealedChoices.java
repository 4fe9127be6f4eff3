package dev.kaisen.env;

import java.util.Arrays;
import java.util.function.IntBinaryOperator;

/**
 * Choices committed in turn and hidden until a reveal: the one pattern for simultaneous
 * choices in every game (sealed bids, secret price wheels; see {@link GameState}).
 *
 * <p>Each seat commits one choice as an ordinary decision; until {@link #reveal()} a seat's
 * choice is visible only to that seat ({@link #visibleTo}), so encoders write an opponent's
 * commitment only as "committed or not", and {@link #resampleHidden} replaces every choice
 * the observer has not seen when a state is determinized. After the reveal step of the rules,
 * everyone sees every choice until {@link #clear()} starts the next round.
 */
public final class SealedChoices {
    /** The value of a seat that has not committed. */
    public static final int NONE = -1;

    private final int[] choice;
    private boolean revealed;

    public SealedChoices(int seats) {
        choice = new int[seats];
        Arrays.fill(choice, NONE);
    }

    private SealedChoices(SealedChoices o) {
        choice = o.choice.clone();
        revealed = o.revealed;
    }

    public SealedChoices copy() {
        return new SealedChoices(this);
    }

    /** Makes these choices a copy of {@code o}'s (as many seats), without allocating. */
    public void copyFrom(SealedChoices o) {
        if (o.choice.length != choice.length) {
            throw new IllegalArgumentException("choices of " + o.choice.length + " seats, not " + choice.length);
        }
        System.arraycopy(o.choice, 0, choice, 0, choice.length);
        revealed = o.revealed;
    }

    /** Seat p commits {@code value} (at least 0); committing twice in a round is an error. */
    public void commit(int p, int value) {
        if (value < 0) {
            throw new IllegalArgumentException("a committed choice is at least 0, not " + value);
        }
        if (revealed || choice[p] != NONE) {
            throw new IllegalStateException("seat " + p + " has already committed this round");
        }
        choice[p] = value;
    }

    public boolean hasCommitted(int p) {
        return choice[p] != NONE;
    }

    public boolean allCommitted() {
        for (int c : choice) {
            if (c == NONE) {
                return false;
            }
        }
        return true;
    }

    /** The reveal step: from now on every choice is public. */
    public void reveal() {
        revealed = true;
    }

    public boolean isRevealed() {
        return revealed;
    }

    /** Starts a new round: nothing committed, nothing revealed. */
    public void clear() {
        Arrays.fill(choice, NONE);
        revealed = false;
    }

    /** Whether {@code observer} may know seat p's choice: their own, or any once revealed. */
    public boolean visibleTo(int observer, int p) {
        return revealed || observer == p;
    }

    /** Seat p's choice as {@code observer} knows it: the value when visible, else {@link #NONE}. */
    public int choiceFor(int observer, int p) {
        return visibleTo(observer, p) ? choice[p] : NONE;
    }

    /** Seat p's choice (the rules' view: hidden parts included). */
    public int choice(int p) {
        return choice[p];
    }

    /**
     * For a determinization: every choice committed by another seat and not yet revealed is
     * replaced by {@code sample.applyAsInt(seat, value)} (e.g. a uniform draw among the choices
     * that seat could have made); the observer's own and revealed choices stay.
     */
    public void resampleHidden(int observer, IntBinaryOperator sample) {
        if (revealed) {
            return;
        }
        for (int p = 0; p < choice.length; p++) {
            if (p != observer && choice[p] != NONE) {
                choice[p] = sample.applyAsInt(p, choice[p]);
            }
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SealedChoices s && revealed == s.revealed && Arrays.equals(choice, s.choice);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(choice) + (revealed ? 1 : 0);
    }
}
