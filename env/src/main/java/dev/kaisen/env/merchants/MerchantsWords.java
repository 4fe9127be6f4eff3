package dev.kaisen.env.merchants;

import dev.kaisen.env.GameView;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

import static dev.kaisen.env.merchants.MerchantsData.CITIES;
import static dev.kaisen.env.merchants.MerchantsData.GOODS;

/**
 * The words of the Merchants boards, shared by the text board ({@link MerchantsText}) and the view
 * the pictures draw ({@link MerchantsView}): the title and status lines, what the turn under way is
 * about, a wagon's line, goods counts, the sealed choices and influence hands as an observer sees
 * them (the view's predicates decide what shows: {@link MerchantsView#seen}, {@link GameView#sees}).
 */
final class MerchantsWords {
    private MerchantsWords() {
    }

    /** The board's first line: players, data, round, first player, arrivals, the status step's cost, the observer. */
    static String title(MerchantsState s, int observer) {
        MerchantsData d = s.data();
        StringJoiner j = new StringJoiner(", ");
        j.add("Merchants of the Middle Ages, " + s.numPlayers() + " players"
                + (d.isStandard() ? "" : " (data " + d.name() + ")"));
        j.add("round " + s.round()).add("first player P" + s.firstPlayer());
        j.add("arrivals " + s.arrivals() + "/" + d.endArrivals(s.numPlayers())).add("next status step " + s.stepCost());
        j.add("decision " + s.decisions());
        if (observer != GameView.SPECTATOR) {
            j.add("seen by P" + observer);
        }
        return j.toString();
    }

    /** The board's second line: the phase, the end or the seat to act, what the turn is about, the winners. */
    static String status(MerchantsState s) {
        StringJoiner j = new StringJoiner(", ");
        j.add("phase " + s.phase());
        if (s.isTerminal()) {
            String why = s.endReason();
            j.add(s.isTruncated() || why.equals("DECISION_CAP") ? "game over (cut by the decision cap)"
                    : "game over" + (why.equals("NONE") ? "" : " (" + why.toLowerCase(java.util.Locale.ROOT) + ")"));
        } else if (s.isChanceNode()) {
            j.add("chance to act (the setup, the first player or a card is drawn)");
        } else {
            j.add("player " + s.currentPlayer() + " to act (" + meaning(s.phase()) + ")");
        }
        String doing = activity(s);
        if (!doing.isEmpty()) {
            j.add(doing);
        }
        String won = GameView.wonBy(s);
        if (!won.isEmpty()) {
            j.add(won);
        }
        return j.toString();
    }

    private static String meaning(Phase phase) {
        return switch (phase) {
            case BUY -> "buying goods";
            case BID -> "sealed bid";
            case MASTER_LOAD -> "the loading master loads";
            case REQUEST -> "loading request";
            case OFFER -> "the master's offer";
            case ANSWER -> "answer to the offer";
            case MOVE -> "movement";
            case WHEEL -> "price wheel";
            case SHIFT -> "price shifts";
            case INVEST -> "choose a card to auction";
            case STATUS -> "status, credit and upkeep";
            case GAME_OVER -> "game over";
        };
    }

    /** What the turn under way is about (the auction, the loading, the move, ...) and the influence played, "; " between. */
    static String activity(MerchantsState s) {
        List<String> parts = new ArrayList<>();
        switch (s.phase()) {
            case BUY -> buying(s, parts);
            case BID -> auction(s, parts);
            case MASTER_LOAD, REQUEST, OFFER, ANSWER -> loading(s, parts);
            case MOVE -> moving(s, parts);
            case WHEEL -> parts.add(committed(s.wheels(), s.numPlayers()) + " of " + s.numPlayers() + " price wheels set");
            case SHIFT -> {
                if (s.officeLeft() > 0) {
                    parts.add(s.officeLeft() + " Office shifts left");
                }
            }
            case STATUS -> {
                if (s.exempt()) {
                    parts.add("Exemption played");
                }
                if (s.creditActed()) {
                    parts.add("credit taken or repaid this turn");
                }
            }
            default -> {
            }
        }
        StringJoiner played = new StringJoiner(", ", "played ", "");
        played.setEmptyValue("");
        for (Influence k : Influence.values()) {
            if (s.playedThisTurn(k)) {
                played.add(k.id());
            }
        }
        if (played.length() > 0 && !s.isTerminal()) {
            parts.add(played.toString());
        }
        return String.join("; ", parts);
    }

    private static void buying(MerchantsState s, List<String> parts) {
        MerchantsData d = s.data();
        parts.add(s.bought() + " of " + (d.buyLimit + s.buyExtra()) + " goods bought this turn");
        if (s.round() == 1) {
            parts.add("round 1 buying pass " + (s.buyPass() + 1) + " of " + d.firstRoundBuys);
        }
        if (s.bargain()) {
            parts.add("Bargain played");
        }
        if (s.paidReduced()) {
            parts.add("the reduced price paid (further goods free)");
        }
    }

    private static void auction(MerchantsState s, List<String> parts) {
        int w = s.auctionWagon();
        int slot = s.auctionSlot();
        if (w >= 0) {
            parts.add("auction for wagon " + w + "'s loading master (at " + place(s.data(), s.wagonNode(w)) + ")");
        } else if (slot >= 0) {
            int card = s.faceUpCard(slot);
            parts.add("auction for the investment card in slot " + slot
                    + (card >= 0 ? " (" + s.data().investment(card).id() + ")" : ""));
        }
        parts.add(committed(s.bids(), s.numPlayers()) + " of " + s.numPlayers() + " bids in");
    }

    private static int committed(dev.kaisen.env.SealedChoices c, int n) {
        int k = 0;
        for (int p = 0; p < n; p++) {
            k += c.hasCommitted(p) ? 1 : 0;
        }
        return k;
    }

    private static void loading(MerchantsState s, List<String> parts) {
        Loading l = s.loading;
        int master = l.wagon >= 0 ? s.master(l.wagon) : -1;
        if (l.wagon >= 0) {
            parts.add("loading wagon " + l.wagon + " at " + place(s.data(), s.wagonNode(l.wagon)) + " (master P" + master
                    + ")");
        }
        if (l.loader < 0) {
            return;
        }
        String request = goods(s.data(), l.request, ", ");
        switch (s.phase()) {
            case REQUEST -> parts.add("P" + l.loader + " requests " + request);
            case OFFER -> parts.add("P" + master + " prices P" + l.loader + "'s request of " + request);
            case ANSWER -> parts.add("offer " + l.offer + " fl to P" + l.loader + " for " + request);
            default -> {
            }
        }
    }

    private static void moving(MerchantsState s, List<String> parts) {
        MoveTurn t = s.move;
        if (t.movingWagon >= 0) {
            parts.add("moving wagon " + t.movingWagon + " at " + place(s.data(), s.wagonNode(t.movingWagon)) + " ("
                    + t.movePoints + " points left, by P" + t.mover + "): choose the road");
        }
        if (t.pendingTile > 0) {
            parts.add("tile " + t.pendingTile + " played: choose the wagon");
        } else if (t.tilePlayed && t.movingWagon < 0) {
            parts.add("tile played");
        }
        if (t.extraPoints > 0) {
            parts.add(t.extraPoints + " extra movement points left");
        }
        if (t.courierLeft > 0) {
            parts.add("courier " + t.courierLeft + " steps left");
        }
        if (t.blockedWagon >= 0) {
            parts.add("wagon " + t.blockedWagon + " blocked by the courier");
        }
    }

    /** A place's name ("-" for none). */
    static String place(MerchantsData d, int v) {
        return v >= 0 ? d.nodeName(v) : "-";
    }

    /**
     * The city or fork a wagon on a road space is heading to (forward: away from {@code prev}, the
     * way the rules move it), -1 in a city or on a fork (there the mover chooses the road).
     */
    static int heading(MerchantsData d, int node, int prev) {
        int cur = node;
        int back = prev;
        if (prev < 0) {
            return -1;
        }
        while (cur >= CITIES + d.map.forks) {
            int onward = -1;
            int count = 0;
            for (int u : d.neighbours[cur]) {
                if (u != back) {
                    onward = u;
                    count++;
                }
            }
            if (count != 1) {
                return -1;
            }
            back = cur;
            cur = onward;
        }
        return cur == node ? -1 : cur;
    }

    /** Wagon w's line: place, the place it came from, heading, master and arrival. */
    static String wagon(MerchantsState s, int w) {
        MerchantsData d = s.data();
        StringJoiner j = new StringJoiner(", ");
        j.add("wagon " + w + " at " + place(d, s.wagonNode(w)));
        if (s.wagonPrev(w) >= 0) {
            j.add("from " + place(d, s.wagonPrev(w)));
        }
        int head = heading(d, s.wagonNode(w), s.wagonPrev(w));
        if (head >= 0) {
            j.add("heading to " + place(d, head));
        }
        j.add(s.master(w) >= 0 ? "master P" + s.master(w) : "no master");
        if (s.arrived(w)) {
            j.add("arrived" + (s.arrivedBy(w) >= 0 ? " (moved in by P" + s.arrivedBy(w) + ")" : ""));
        }
        return j.toString();
    }

    /** Wagon w's cargo, per seat: {@code P0 1 cloth 2 wine; P1 -}. */
    static String cargo(MerchantsState s, int w) {
        StringJoiner j = new StringJoiner("; ");
        for (int p = 0; p < s.numPlayers(); p++) {
            j.add("P" + p + " " + goods(s.data(), cargoRow(s, w, p), " "));
        }
        return j.toString();
    }

    static int[] cargoRow(MerchantsState s, int w, int p) {
        int[] row = new int[GOODS];
        for (int g = 0; g < GOODS; g++) {
            row[g] = s.cargo(w, p, g);
        }
        return row;
    }

    static int[] warehouseRow(MerchantsState s, int p, int c) {
        int[] row = new int[GOODS];
        for (int g = 0; g < GOODS; g++) {
            row[g] = s.warehouse(p, c, g);
        }
        return row;
    }

    /** Goods counts as words, e.g. {@code 2 cloth, 1 wine} ({@code sep} between), "-" for none. */
    static String goods(MerchantsData d, int[] counts, String sep) {
        StringJoiner j = new StringJoiner(sep);
        j.setEmptyValue("-");
        for (int g = 0; g < GOODS; g++) {
            if (counts[g] > 0) {
                j.add(counts[g] + " " + d.good(g));
            }
        }
        return j.toString();
    }

    /**
     * Seat p's sealed bid or price wheel as the observer sees it: the florins bid or the wheel's
     * pointers ({@code cloth+arms}), {@code sealed}, or "-" when not committed.
     */
    static String choice(MerchantsState s, boolean bids, int p, int observer) {
        int c = MerchantsView.seen(bids ? s.bids() : s.wheels(), p, observer);
        if (c == MerchantsView.HIDDEN) {
            return "sealed";
        }
        if (c < 0) {
            return "-";
        }
        if (bids) {
            return String.valueOf(c * s.data().bidStep());
        }
        return pointer(s.data(), MerchantsAction.wheelA(c)) + "+" + pointer(s.data(), MerchantsAction.wheelB(c));
    }

    private static String pointer(MerchantsData d, int spot) {
        return spot == GOODS ? "arms" : d.good(spot);
    }

    /**
     * The line of the auction's bids (under way, or the last one once revealed) or of this round's
     * price wheels, as the observer sees them; null when there is none to show.
     */
    static String sealedLine(MerchantsState s, boolean bids, int observer) {
        dev.kaisen.env.SealedChoices c = bids ? s.bids() : s.wheels();
        boolean live = s.phase() == (bids ? Phase.BID : Phase.WHEEL);
        if (!live && !(c.isRevealed() && committed(c, s.numPlayers()) > 0)) {
            return null;
        }
        String label = bids ? (live ? "bids" : "last auction's bids") : "price wheels";
        StringJoiner j = new StringJoiner(", ", label + " (" + (c.isRevealed() ? "revealed" : "sealed until all are in")
                + "): ", "");
        for (int p = 0; p < s.numPlayers(); p++) {
            j.add("P" + p + " " + choice(s, bids, p, observer));
        }
        return j.toString();
    }

    /** Seat p's influence hand as the observer sees it: its kinds, or how many cards, hidden. */
    static String hand(MerchantsState s, int p, int observer) {
        if (!GameView.sees(observer, p)) {
            int n = s.handSize(p);
            return n + " card" + (n != 1 ? "s" : "") + " (hidden)";
        }
        StringJoiner j = new StringJoiner(" ");
        j.setEmptyValue("-");
        for (String kind : handKinds(s, p)) {
            j.add(kind);
        }
        return j.toString();
    }

    /** Seat p's influence cards, one entry a card, in kind order (what only its seat and a spectator see). */
    static List<String> handKinds(MerchantsState s, int p) {
        List<String> out = new ArrayList<>();
        for (Influence k : Influence.values()) {
            for (int c = 0; c < s.influence(p, k); c++) {
                out.add(k.id());
            }
        }
        return out;
    }

    /** The kinds of the investment cards seat p owns, in card order. */
    static List<String> owned(MerchantsState s, int p) {
        List<String> out = new ArrayList<>();
        for (int k = 0; k < s.data().investmentCards(); k++) {
            if (s.investmentOwner(k) == p) {
                out.add(s.data().investment(k).id());
            }
        }
        return out;
    }
}
