package dev.kaisen.env.osaka;

import dev.kaisen.env.GameView;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntUnaryOperator;

/**
 * Traders of Osaka's one text board ({@link OsakaGame#render}), for terminals, logs and Python's
 * {@code board()}: a line for the header, the ship track, the Market, the Farm and the piles, and
 * one per seat (VP, achievement tokens, hand, goods, insured goods, reserved card). What a seat
 * may see is {@link OsakaView}'s: another seat's hand shows as its size only.
 */
final class OsakaText {
    private static final String[] TRACK_LABELS = {"Osaka", "Oshima", "Anori", "Enshunada 1", "Enshunada 2", "Edo"};

    private OsakaText() {
    }

    static String render(OsakaState s, int observer) {
        GameView.checkObserver(s, observer);
        List<String> lines = new ArrayList<>();
        lines.add(header(s, observer));
        lines.add(track(s));
        lines.add("Market: " + cards(s, s.market, s.marketSize));
        lines.add("Farm:   " + cards(s, s.farm, s.farmSize));
        lines.add("Draw pile " + s.drawSize + ", discard " + s.discardSize);
        for (int p = 0; p < s.n; p++) {
            lines.add(seat(s, p, observer));
        }
        return String.join("\n", lines);
    }

    /** The spectator's board: {@link #render(OsakaState, int)} for {@link GameView#SPECTATOR}. */
    static String render(OsakaState s) {
        return render(s, GameView.SPECTATOR);
    }

    /**
     * The first line: players, decision, phase; the seat to act and the coins due, or how the game
     * ended and who won; and the observer, for a seat.
     */
    private static String header(OsakaState s, int observer) {
        StringBuilder b = new StringBuilder("Traders of Osaka, ").append(s.n).append(" players, decision ")
                .append(s.decisions).append(", phase ").append(s.phase);
        if (s.phase == Phase.GAME_OVER) {
            b.append(", game over (").append(s.endReason == EndReason.DECISION_CAP ? "cut by the decision cap"
                    : s.endReason.name().toLowerCase(Locale.ROOT)).append(')');
            String won = GameView.wonBy(s);
            b.append(won.isEmpty() ? "" : ", " + won);
        } else if (s.isChanceNode()) {
            b.append(", chance to act");
        } else {
            b.append(", player ").append(s.current).append(" to act")
                    .append(s.paymentDue() != 0 ? ", " + s.paymentDue() + " coins due" : "");
        }
        if (observer != GameView.SPECTATOR) {
            b.append(", seen by P").append(observer);
        }
        return b.toString();
    }

    private static String track(OsakaState s) {
        StringBuilder b = new StringBuilder("Track:");
        for (Space space : Space.values()) {
            b.append("  ").append(TRACK_LABELS[space.ordinal()]).append('[');
            for (Colour c : Colour.values()) {
                if (s.ship(c) == space && !s.isSunk(c)) {
                    b.append(c.letter());
                }
            }
            b.append(']');
        }
        List<String> sunk = new ArrayList<>();
        for (Colour c : Colour.values()) {
            if (s.isSunk(c)) {
                sunk.add(c.name().toLowerCase(Locale.ROOT));
            }
        }
        if (!sunk.isEmpty()) {
            sunk.sort(null);
            b.append("  sunk: ").append(String.join(", ", sunk));
        }
        return b.toString();
    }

    private static String cards(OsakaState s, int[] cards, int size) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < size; i++) {
            b.append(i == 0 ? "" : " ").append(Cards.typeName(Cards.type(cards[i])));
            int owner = s.reservedBy[cards[i]];
            if (owner != 0) {
                b.append("(P").append(owner - 1).append(')');
            }
        }
        return size == 0 ? "-" : b.toString();
    }

    private static String seat(OsakaState s, int p, int observer) {
        StringBuilder b = new StringBuilder();
        b.append('P').append(p).append(p == s.current ? '*' : ' ')
                .append(String.format(Locale.ROOT, " VP %2d", s.vp[p])).append(" tokens ");
        for (Colour c : Colour.values()) {
            b.append(c.letter()).append(s.tokens(p, c));
        }
        b.append(" hand ").append(OsakaView.handShown(observer, p) ? grouped(t -> s.handCount(p, t))
                : s.handSize(p) + " cards");
        b.append(" | goods ").append(grouped(t -> s.uninsuredCount(p, t)));
        b.append(" | insured ").append(grouped(t -> s.insuredCount(p, t)));
        if (s.reservedCard[p] >= 0) {
            b.append(" | reserved ").append(Cards.typeName(Cards.type(s.reservedCard[p])));
        }
        return b.toString();
    }

    /** Counts by card type, in type order: {@code 2xB2 Y5}, or {@code -} for none. */
    private static String grouped(IntUnaryOperator countOfType) {
        StringBuilder b = new StringBuilder();
        for (int t = 0; t < Cards.TYPES; t++) {
            int k = countOfType.applyAsInt(t);
            if (k > 0) {
                b.append(b.length() == 0 ? "" : " ").append(k > 1 ? k + "x" : "").append(Cards.typeName(t));
            }
        }
        return b.length() == 0 ? "-" : b.toString();
    }
}
