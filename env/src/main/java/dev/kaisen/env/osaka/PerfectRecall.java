package dev.kaisen.env.osaka;

import java.util.Arrays;

/**
 * Perfect-recall information (section "Hidden and public information"). Every hand is known
 * to a player who remembers; what stays unknown, to every player alike, is the draw pile and
 * the VP cards drawn face down from a pile when a sold set was short. The draw pile is built
 * from known cards (all 108 at setup, the face-up discard pile at a reshuffle), so the
 * composition of (draw pile + VP cards drawn face down from it since it was shuffled) is
 * known exactly; which of those cards are still in the pile is not. The state's queries of
 * the same names read these counts.
 */
final class PerfectRecall {
    private PerfectRecall() {
    }

    /**
     * Cards of a type (0..11, see {@link Cards#TYPES}) whose identity a player with perfect recall
     * cannot pin down and that belong to the current pile: the draw pile plus the VP cards drawn
     * face down from it since its last shuffle. Their composition by type is known exactly.
     */
    static int unknownCount(OsakaState s, int type) {
        int count = 0;
        for (int card = Cards.firstOfType(type); card < Cards.endOfType(type); card++) {
            if (s.loc[card] == Loc.DRAW || s.faceDownFrom[card] == s.pileGeneration) {
                count++;
            }
        }
        return count;
    }

    /** {@link #unknownCount} by type and the current pile's face-down VP cards by seat, in one pass. */
    static void countUnknown(OsakaState s, int[] byType, int[] bySeat) {
        Arrays.fill(byType, 0, Cards.TYPES, 0);
        Arrays.fill(bySeat, 0, s.n, 0);
        for (int i = 0; i < s.drawSize; i++) {
            byType[Cards.type(s.draw[i])]++;
        }
        for (int card = 0; card < Cards.COUNT; card++) {
            if (s.faceDownFrom[card] == s.pileGeneration && Loc.isSeat(s.loc[card])) {
                byType[Cards.type(card)]++;
                bySeat[Loc.seatOf(s.loc[card])]++;
            }
        }
    }

    /** The draw pile size plus the face-down VP cards of the current pile. */
    static int unknownTotal(OsakaState s) {
        int count = s.drawSize;
        for (int card = 0; card < Cards.COUNT; card++) {
            if (s.faceDownFrom[card] == s.pileGeneration) {
                count++;
            }
        }
        return count;
    }

    /** Player p's VP cards drawn face down: from any pile, or only from the current one. */
    static int faceDownVpCount(OsakaState s, int player, boolean currentPileOnly) {
        byte where = Loc.seat(player, Loc.VP);
        int count = 0;
        for (int card = 0; card < Cards.COUNT; card++) {
            int from = s.faceDownFrom[card];
            boolean counted = currentPileOnly ? from == s.pileGeneration : from != OsakaState.NOT_FACE_DOWN;
            if (counted && s.loc[card] == where) {
                count++;
            }
        }
        return count;
    }
}
