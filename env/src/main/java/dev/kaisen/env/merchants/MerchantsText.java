package dev.kaisen.env.merchants;

import dev.kaisen.env.GameView;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

import static dev.kaisen.env.merchants.MerchantsData.CITIES;
import static dev.kaisen.env.merchants.MerchantsData.GOODS;
import static dev.kaisen.env.merchants.MerchantsData.WAGONS;

/**
 * The game's one text board ({@link MerchantsGame#render}), as an observer sees it: the title and
 * status lines, the prices, a line per city and per wagon (and the places a moving wagon passed),
 * the courier, the cards and piles, the sealed bids and price wheels, and two lines per player.
 * For a seat, the other seats' influence hands show only their size and their sealed choices show
 * as {@code sealed} until revealed, as in the view ({@link MerchantsView}); a spectator sees all.
 */
final class MerchantsText {
    private MerchantsText() {
    }

    /** The spectator's board. */
    static String render(MerchantsState s) {
        return render(s, GameView.SPECTATOR);
    }

    static String render(MerchantsState s, int observer) {
        GameView.checkObserver(s, observer);
        MerchantsData d = s.data();
        List<String> lines = new ArrayList<>();
        lines.add(MerchantsWords.title(s, observer));
        lines.add(MerchantsWords.status(s));
        StringJoiner prices = new StringJoiner("  ", "prices (cost/sale, supply): ", "");
        for (int g = 0; g < GOODS; g++) {
            prices.add(d.good(g) + " " + s.cost(g) + "/" + s.salePrice(g) + " (" + s.supply(g) + ")");
        }
        lines.add(prices.toString());
        for (int c = 0; c < CITIES; c++) {
            StringJoiner market = new StringJoiner(" ");
            for (int g : d.cityGoods(c)) {
                market.add(d.good(g));
            }
            int w = s.wagonAt(c);
            lines.add(String.format(java.util.Locale.ROOT, "%-8s bonus %3d  market %s", d.city(c), s.bonus(c), market)
                    + (w >= 0 ? "  [wagon " + w + "]" : ""));
        }
        for (int w = 0; w < WAGONS; w++) {
            lines.add(MerchantsWords.wagon(s, w) + "; cargo " + MerchantsWords.cargo(s, w));
        }
        int moving = movingWagon(s);
        if (moving >= 0 && s.move.pathLen > 0) {
            StringJoiner passed = new StringJoiner(" > ", "wagon " + moving + " passed ", "");
            for (int k = 0; k < s.move.pathLen; k++) {
                passed.add(MerchantsWords.place(d, s.move.path[k]));
            }
            lines.add(passed.toString());
        }
        lines.add("courier at " + MerchantsWords.place(d, s.courier()));
        lines.add(cards(s));
        for (boolean bids : new boolean[] {true, false}) {
            String line = MerchantsWords.sealedLine(s, bids, observer);
            if (line != null) {
                lines.add(line);
            }
        }
        for (int p = 0; p < s.numPlayers(); p++) {
            lines.add(seat(s, p, observer));
        }
        return String.join("\n", lines);
    }

    /** The wagon in the middle of a move (waiting for its road), -1 when none. */
    static int movingWagon(MerchantsState s) {
        return s.phase() == Phase.MOVE ? s.move.movingWagon : -1;
    }

    /** The face-up investment cards, the piles' sizes, the influence discard and the credit cards. */
    private static String cards(MerchantsState s) {
        MerchantsData d = s.data();
        StringJoiner up = new StringJoiner(", ");
        up.setEmptyValue("-");
        for (int k = 0; k < d.faceUp(); k++) {
            up.add(s.faceUpCard(k) < 0 ? "-" : d.investment(s.faceUpCard(k)).id());
        }
        StringJoiner discard = new StringJoiner(", ");
        discard.setEmptyValue("-");
        for (Influence k : Influence.values()) {
            if (s.discarded(k) > 0) {
                discard.add(k.id() + " " + s.discarded(k));
            }
        }
        return "investment face up: " + up + " (" + s.investmentLeft() + " face down); influence pile "
                + s.influenceLeft() + ", discard " + discard + "; credit cards " + s.creditLeft() + " of "
                + d.creditCards() + " left";
    }

    /** Seat p's two lines: money, status, credit, tiles, cards and hand as the observer sees it; the warehouses. */
    private static String seat(MerchantsState s, int p, int observer) {
        MerchantsData d = s.data();
        StringJoiner tiles = new StringJoiner(" ");
        tiles.setEmptyValue("-");
        for (int t = 1; t <= MerchantsState.TILES; t++) {
            if ((s.tiles(p) & (1 << (t - 1))) != 0) {
                tiles.add(String.valueOf(t));
            }
        }
        List<String> owned = MerchantsWords.owned(s, p);
        String credit = !s.hasCredit(p) ? "" : s.isTerminal() ? ", credit (scores -1)" : ", credit";
        StringBuilder b = new StringBuilder();
        b.append('P').append(p).append(!s.isTerminal() && s.currentPlayer() == p ? '*' : ' ').append(' ')
                .append(s.money(p)).append(" fl, status ").append(s.status(p)).append(" (")
                .append(d.statusName(s.status(p))).append(')').append(credit).append(", tiles ").append(tiles)
                .append(", investment ").append(owned.isEmpty() ? "-" : String.join(" ", owned))
                .append(", influence ").append(MerchantsWords.hand(s, p, observer));
        b.append(observer == p ? " (you)" : "").append(wins(s, p) ? " - wins" : "");
        StringJoiner stores = new StringJoiner("; ");
        stores.setEmptyValue("-");
        for (int c = 0; c < CITIES; c++) {
            int[] here = MerchantsWords.warehouseRow(s, p, c);
            if (java.util.Arrays.stream(here).anyMatch(x -> x > 0)) {
                stores.add(d.city(c) + " " + MerchantsWords.goods(d, here, " "));
            }
        }
        return b.append("\n     warehouses: ").append(stores).toString();
    }

    private static boolean wins(MerchantsState s, int p) {
        return s.isTerminal() && java.util.Arrays.stream(s.winners()).anyMatch(w -> w == p);
    }
}
