package dev.kaisen.env.merchants;

import dev.kaisen.env.GameState;
import dev.kaisen.env.GameView;
import java.util.StringJoiner;

import static dev.kaisen.env.merchants.MerchantsData.CITIES;
import static dev.kaisen.env.merchants.MerchantsData.GOODS;
import static dev.kaisen.env.merchants.MerchantsData.WAGONS;

/** The state as text for a terminal: the spectator's view (hidden parts included). */
final class MerchantsText {
    private MerchantsText() {
    }

    static String render(MerchantsState s, int observer) {
        if (observer != GameView.SPECTATOR) {
            GameState.checkObserver(s, observer);
            throw new UnsupportedOperationException("a seat's text board: being ported");
        }
        return render(s);
    }

    static String render(MerchantsState s) {
        MerchantsData d = s.data();
        StringBuilder b = new StringBuilder();
        b.append("Merchants of the Middle Ages, ").append(s.numPlayers()).append(" players, round ").append(s.round())
                .append(", first player P").append(s.firstPlayer()).append(", arrivals ").append(s.arrivals())
                .append('/').append(d.endArrivals(s.numPlayers())).append(", next status step ").append(s.stepCost())
                .append('\n');
        b.append(s.isTerminal() ? "game over (" + s.endReason() + ")" : "phase " + s.phase() + ", P" + s.currentPlayer()
                + " to act").append('\n');
        StringJoiner prices = new StringJoiner("  ", "prices (cost/sale): ", "\n");
        for (int g = 0; g < GOODS; g++) {
            prices.add(d.good(g) + " " + s.cost(g) + "/" + s.salePrice(g) + " (supply " + s.supply(g) + ")");
        }
        b.append(prices);
        board(s, d, b);
        for (int p = 0; p < s.numPlayers(); p++) {
            seat(s, d, p, b);
        }
        return b.toString();
    }

    /** The cities, the wagons, the courier and the piles. */
    private static void board(MerchantsState s, MerchantsData d, StringBuilder b) {
        for (int c = 0; c < CITIES; c++) {
            b.append(String.format("%-8s", d.city(c))).append(" bonus ").append(String.format("%3d", s.bonus(c)))
                    .append("  market");
            for (int g : d.cityGoods(c)) {
                b.append(' ').append(d.good(g));
            }
            int w = s.wagonAt(c);
            if (w >= 0) {
                b.append("  [wagon ").append(w).append(']');
            }
            b.append('\n');
        }
        for (int w = 0; w < WAGONS; w++) {
            b.append("wagon ").append(w).append(" at ").append(d.nodeName(s.wagonNode(w)));
            if (s.wagonPrev(w) >= 0) {
                b.append(" (from ").append(d.nodeName(s.wagonPrev(w))).append(')');
            }
            if (s.master(w) >= 0) {
                b.append(", master P").append(s.master(w));
            }
            if (s.arrived(w)) {
                b.append(", arrived");
            }
            b.append(", cargo");
            for (int p = 0; p < s.numPlayers(); p++) {
                b.append(" P").append(p).append(':').append(goods(s, d, w, p));
            }
            b.append('\n');
        }
        b.append("courier at ").append(d.nodeName(s.courier())).append('\n');
        StringJoiner up = new StringJoiner(", ", "investment face up: ", "");
        for (int k = 0; k < d.faceUp(); k++) {
            up.add(s.faceUpCard(k) < 0 ? "-" : d.investment(s.faceUpCard(k)).id());
        }
        b.append(up).append(" (").append(s.investmentLeft()).append(" face down); influence pile ")
                .append(s.influenceLeft()).append("; credit cards ").append(s.creditLeft()).append('\n');
    }

    /** Player p's money, status, tiles, cards and warehouses. */
    private static void seat(MerchantsState s, MerchantsData d, int p, StringBuilder b) {
        b.append("P").append(p).append(": ").append(s.money(p)).append(" fl, status ").append(s.status(p))
                .append(" (").append(d.statusName(s.status(p))).append(')');
        if (s.hasCredit(p)) {
            b.append(", credit");
        }
        b.append(", tiles");
        for (int t = 1; t <= MerchantsState.TILES; t++) {
            if ((s.tiles(p) & (1 << (t - 1))) != 0) {
                b.append(' ').append(t);
            }
        }
        StringJoiner inv = new StringJoiner(" ", ", investment ", "");
        inv.setEmptyValue("");
        for (int k = 0; k < d.investmentCards(); k++) {
            if (s.investmentOwner(k) == p) {
                inv.add(d.investment(k).id());
            }
        }
        b.append(inv);
        StringJoiner inf = new StringJoiner(" ", ", influence ", "");
        inf.setEmptyValue("");
        for (Influence i : Influence.values()) {
            for (int k = 0; k < s.influence(p, i); k++) {
                inf.add(i.id());
            }
        }
        b.append(inf).append('\n');
        StringJoiner wh = new StringJoiner("; ", "    warehouses: ", "\n");
        wh.setEmptyValue("");
        for (int c = 0; c < CITIES; c++) {
            StringJoiner here = new StringJoiner(" ");
            for (int g = 0; g < GOODS; g++) {
                if (s.warehouse(p, c, g) > 0) {
                    here.add(s.warehouse(p, c, g) + " " + d.good(g));
                }
            }
            if (here.length() > 0) {
                wh.add(d.city(c) + " " + here);
            }
        }
        b.append(wh);
    }

    private static String goods(MerchantsState s, MerchantsData d, int w, int p) {
        StringJoiner j = new StringJoiner("+");
        j.setEmptyValue("-");
        for (int g = 0; g < GOODS; g++) {
            for (int k = 0; k < s.cargo(w, p, g); k++) {
                j.add(d.good(g));
            }
        }
        return j.toString();
    }
}
