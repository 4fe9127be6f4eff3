package dev.kaisen.env.floatingmarket;

import dev.kaisen.env.GameState;
import dev.kaisen.env.GameView;
import java.util.StringJoiner;

/** Floating Market as text for a terminal (everything is public). */
public final class FloatingMarketText {
    private FloatingMarketText() {
    }

    static String render(FloatingMarketState s, int observer) {
        if (observer != GameView.SPECTATOR) {
            GameState.checkObserver(s, observer);
            throw new UnsupportedOperationException("a seat's text board: being ported");
        }
        return render(s);
    }

    public static String render(FloatingMarketState s) {
        StringBuilder b = new StringBuilder();
        b.append("Floating Market, ").append(s.n).append(" players, target ").append(s.target).append(" fruits, round ")
                .append(s.round).append(", start player ").append(s.start).append(", phase ").append(s.phase);
        if (s.isTerminal()) {
            b.append(", over (").append(s.endReason()).append(")");
        } else {
            b.append(", player ").append(s.current).append(" to act");
        }
        b.append('\n');
        boats(s, b);
        b.append("  docks: west ").append(s.dock[0] < 0 ? "-" : "P" + s.dock[0]).append(", east ")
                .append(s.dock[1] < 0 ? "-" : "P" + s.dock[1]).append('\n');
        b.append("  buildings:");
        for (Building bd : Building.values()) {
            for (int p = 0; p < s.n; p++) {
                for (int k = 0; k < s.buildingCustomers(bd, p); k++) {
                    b.append(' ').append(bd.key).append("=P").append(p);
                }
            }
        }
        b.append("\n  pool extras:").append(s.tilePlus4() ? " +4" : "").append(s.tileMinus2() ? " -2" : "")
                .append(s.boardD12() ? " d12" : "").append(s.boardNeg() ? " neg-d6" : "")
                .append(s.amaDice() > 0 ? " ama-d6x" + s.amaDice() : "");
        if (s.lastActivated() >= 0) {
            b.append("; last roll ").append(s.lastTotal()).append(" -> boat").append(s.lastActivated()).append(lastDice(s));
        }
        b.append('\n');
        for (int p = 0; p < s.n; p++) {
            seat(s, p, b);
        }
        return b.toString();
    }

    private static void boats(FloatingMarketState s, StringBuilder b) {
        Board board = s.board;
        for (int l = 0; l < Board.LOCATIONS; l++) {
            b.append("  boat").append(l).append(' ').append(board.locationName(l)).append(' ')
                    .append(board.bank(l) == 0 ? "W" : "E").append(' ')
                    .append(l == s.closedLocation() ? "(face down)" : Fruit.values()[s.fruitAt[l]].key());
            for (int k = 0; k < 2; k++) {
                int p = s.boatCustomer(l, k);
                if (p >= 0) {
                    b.append(" P").append(p).append(s.standSlot == FloatingMarketState.slot(l, k) ? "+stand" : "");
                }
            }
            b.append(s.hasAma(l) ? " Ama" : "").append('\n');
        }
    }

    /** The last roll's faces and tiles, " (p0:d6=3 ama:d6=5 +4)". */
    private static String lastDice(FloatingMarketState s) {
        StringJoiner dice = new StringJoiner(" ", " (", ")");
        for (int p = 0; p < s.n; p++) {
            for (int d = 0; d < Dice.PLAYER_DICE; d++) {
                if (s.lastFace(p, d) != FloatingMarketState.NO_FACE) {
                    dice.add("p" + p + ":" + Dice.KEYS[d] + "=" + s.lastFace(p, d));
                }
            }
        }
        for (int k = 0; k < 2; k++) {
            if (s.lastAmaFace(k) != FloatingMarketState.NO_FACE) {
                dice.add("ama:d6=" + s.lastAmaFace(k));
            }
        }
        if (s.lastBoardD12Face() != FloatingMarketState.NO_FACE) {
            dice.add("board:d12=" + s.lastBoardD12Face());
        }
        if (s.lastBoardNegFace() != FloatingMarketState.NO_FACE) {
            dice.add("board:neg-d6=" + s.lastBoardNegFace());
        }
        if (s.lastPlus4()) {
            dice.add("+4");
        }
        if (s.lastMinus2()) {
            dice.add("-2");
        }
        return dice.toString();
    }

    private static void seat(FloatingMarketState s, int p, StringBuilder b) {
        b.append("P").append(p).append(": ").append(s.coins[p]).append(" coins, fruits [");
        String sep = "";
        for (int f = 0; f < Fruit.COUNT; f++) {
            if (s.hasFruit(p, f)) {
                b.append(sep).append(Fruit.values()[f].key());
                sep = " ";
            }
        }
        b.append("], customers left ").append(s.left[p]).append(", dice");
        for (int d = 0; d < Dice.PLAYER_DICE; d++) {
            int where = s.dieLocation(p, d);
            b.append(' ').append(Dice.KEYS[d]).append(where == 0 ? "" : where == 1 ? "(pool)" : "(out)");
        }
        b.append('\n');
    }
}
