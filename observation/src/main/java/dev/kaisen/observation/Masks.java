package dev.kaisen.observation;

import dev.kaisen.env.GameState;

import java.util.Arrays;

/**
 * Legal-action masks rendered from the engine's legal-action list (never a second
 * implementation of the rules): int8 (1 legal, 0 not; the dtype Gymnasium's masks take), one entry per action id of the game.
 */
public final class Masks {
    private Masks() {
    }

    /**
     * Writes {@code player}'s mask into {@code buf[offset .. offset + numActions)}: 1 for each
     * legal action id, else 0; all zero when that player is not the one to act.
     *
     * @param scratch at least {@code numActions} ints, overwritten
     */
    public static void write(GameState<?> s, int player, byte[] buf, int offset, int numActions, int[] scratch) {
        Arrays.fill(buf, offset, offset + numActions, (byte) 0);
        if (player != s.currentPlayer()) {
            return;
        }
        int k = s.legalActions(scratch);
        for (int i = 0; i < k; i++) {
            buf[offset + scratch[i]] = 1;
        }
    }
}
