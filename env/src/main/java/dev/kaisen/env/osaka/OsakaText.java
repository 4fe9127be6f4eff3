package dev.kaisen.env.osaka;

import dev.kaisen.env.GameState;
import dev.kaisen.env.GameView;
import java.util.function.IntUnaryOperator;

/** A plain-text view of a state for terminals and logs (everything, hidden parts included). */
final class OsakaText {
    private OsakaText() {
    }

    static String render(OsakaState s, int observer) {
        if (observer != GameView.SPECTATOR) {
            GameState.checkObserver(s, observer);
            throw new UnsupportedOperationException("a seat's text board: being ported");
        }
        return render(s);
    }

    static String render(OsakaState s) {
        StringBuilder b = new StringBuilder();
        b.append("Traders of Osaka, ").append(s.n).append(" players, decision ").append(s.decisions)
                .append(", phase ").append(s.phase);
        if (s.phase == Phase.GAME_OVER) {
            b.append(" (").append(s.endReason).append(')');
        } else {
            b.append(", player ").append(s.current).append(" to act");
        }
        if (s.phase == Phase.PAYMENT) {
            b.append(", ").append(s.paymentDue()).append(" coins due");
        }
        b.append('\n');
        b.append("Ships:");
        for (Colour c : Colour.values()) {
            b.append(' ').append(c.letter()).append('@').append(s.ship(c));
        }
        b.append('\n');
        b.append("Market:");
        appendCards(b, s, s.market, s.marketSize);
        b.append("\nFarm:  ");
        appendCards(b, s, s.farm, s.farmSize);
        b.append("\nDraw pile ").append(s.drawSize).append(", discard ").append(s.discardSize).append('\n');
        for (int seat = 0; seat < s.n; seat++) {
            int p = seat;
            b.append("P").append(p).append(p == s.active ? '*' : ' ')
                    .append(" VP ").append(s.vp[p]).append(" tokens ");
            for (Colour c : Colour.values()) {
                b.append(c.letter()).append(s.tokens(p, c));
            }
            b.append(" hand");
            appendCounts(b, t -> s.handCount(p, t));
            b.append(" goods");
            appendCounts(b, t -> s.uninsuredCount(p, t));
            b.append(" insured");
            appendCounts(b, t -> s.insuredCount(p, t));
            b.append(s.reservedCard[p] < 0 ? " piece free" : " piece on " + Cards.name(s.reservedCard[p]));
            b.append('\n');
        }
        return b.toString();
    }

    private static void appendCards(StringBuilder b, OsakaState s, int[] cards, int size) {
        for (int i = 0; i < size; i++) {
            b.append(' ').append(Cards.typeName(Cards.type(cards[i])));
            int owner = s.reservedBy[cards[i]];
            if (owner != 0) {
                b.append("(P").append(owner - 1).append(')');
            }
        }
    }

    private static void appendCounts(StringBuilder b, IntUnaryOperator countOfType) {
        boolean any = false;
        for (int t = 0; t < Cards.TYPES; t++) {
            int k = countOfType.applyAsInt(t);
            if (k > 0) {
                b.append(' ').append(k).append('x').append(Cards.typeName(t));
                any = true;
            }
        }
        if (!any) {
            b.append(" -");
        }
    }
}
