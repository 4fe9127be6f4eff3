package dev.kaisen.env.merchants;

/**
 * Influence cards in any phase ({@code docs/rules/merchants.md}, "Influence cards"): which a player
 * may play now, and playing one (from the hand to the discard pile, once a turn). What a card does
 * is its phase's rule.
 */
final class InfluenceRules {
    private InfluenceRules() {
    }

    static boolean holds(MerchantsState s, int p, Influence kind) {
        return s.hand(p, kind.ordinal()) > 0;
    }

    /**
     * Whether player p may play an influence card of this kind now: in its phase, held, once a
     * turn, and withheld only in three cases (Bargain with Reduced Cost or once played, Messenger
     * once the courier's run has started, Exemption when no upkeep is due; Guild is spent by
     * {@code shift}). Elsewhere a card is offered even where it does nothing (Bargain after the
     * last possible purchase, Wheelwright when no wagon can move; rules, "Influence cards").
     */
    private static boolean mayPlay(MerchantsState s, int p, Influence kind) {
        if (kind.phase != s.phase || !holds(s, p, kind) || s.playedThisTurn(kind)) {
            return false;
        }
        return switch (kind) {
            case BARGAIN -> !BuyRules.reducedPrice(s, p);
            case MESSENGER -> !s.move.courierDone && s.move.courierRun == 0;
            case EXEMPTION -> s.upkeepDue(p, s.status[p]) > 0;
            case GUILD -> false;
            default -> true;
        };
    }

    /** Appends the influence cards player p may play now to {@code out} from {@code k}; returns the new end. */
    static int legalPlays(MerchantsState s, int p, int[] out, int k) {
        for (Influence kind : Influence.values()) {
            if (mayPlay(s, p, kind)) {
                out[k++] = MerchantsAction.PLAY + kind.ordinal();
            }
        }
        return k;
    }

    /** Plays a card: from the hand to the discard pile, once this turn. */
    static void play(MerchantsState s, int p, Influence kind) {
        s.addHand(p, kind.ordinal(), -1);
        s.discard[kind.ordinal()]++;
        s.playedThisTurn |= 1 << kind.ordinal();
    }
}
