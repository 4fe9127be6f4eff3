package dev.kaisen.env;

import java.util.Arrays;
import java.util.StringJoiner;

/**
 * What every engine answers the same way from its buffer form of {@link GameState#legalActions(int[])}:
 * the legal ids as an array, whether one id is legal, and the error for an illegal one.
 */
public final class LegalActions {
    private LegalActions() {
    }

    /** The legal ids of {@code s}, sorted ({@code count}: the size of the game's action table). */
    public static int[] of(GameState<?> s, int count) {
        int[] buf = new int[count];
        return Arrays.copyOf(buf, s.legalActions(buf));
    }

    /** Whether {@code action} is a legal id of {@code s} ({@code count}: the size of the game's action table). */
    public static boolean contains(GameState<?> s, int count, int action) {
        if (action < 0 || action >= count || s.isTerminal()) {
            return false;
        }
        int[] buf = new int[count];
        int k = s.legalActions(buf);
        for (int i = 0; i < k; i++) {
            if (buf[i] == action) {
                return true;
            }
        }
        return false;
    }

    /**
     * The error for an illegal action: it names the action, who is to act in which phase (or that
     * the game is over), and every legal action with its name.
     */
    public static IllegalActionException illegal(GameState<?> s, int action, Object phase) {
        StringJoiner legal = new StringJoiner(", ", "[", "]");
        for (int a : s.legalActions()) {
            legal.add(a + " " + s.actionName(a));
        }
        String what = s.isTerminal() ? "the game is over" : "player " + s.currentPlayer() + " is to act in phase " + phase;
        return new IllegalActionException(action, "illegal action " + action + " (" + s.actionName(action) + "): "
                + what + "; legal actions: " + legal);
    }
}
