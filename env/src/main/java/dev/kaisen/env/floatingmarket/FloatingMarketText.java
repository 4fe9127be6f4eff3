package dev.kaisen.env.floatingmarket;

import dev.kaisen.env.GameView;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Floating Market's one text board, for a terminal ({@link FloatingMarketGame#render}): a header
 * (players, target, round, start player, decision, phase, who is to act, the winners), a line per
 * boat location in clockwise order ({@code *} the last roll's), the docks, the buildings with who
 * is on them, the pool, the dice still to add, the Office and the last roll with each die's face,
 * and a line per player. It shows the facts the view ({@link FloatingMarketView}) gives the
 * picture, computed there; everything it shows is public, so a seat's board is the spectator's
 * marked with "seen by" and "(you)" (what a seat cannot know, the random stream, is never shown).
 */
public final class FloatingMarketText {
    /** What each phase asks of the player to act. */
    private static final Map<Phase, String> PHASES = Map.of(Phase.PLACE, "assign customers",
            Phase.DIE, "add a die to the pool", Phase.TEMPLE, "Temple: choose a tile", Phase.CARPENTER, "Carpenter: the d12",
            Phase.ARTIST, "Artist hut: choose a die", Phase.MARKET, "Market: choose a fruit",
            Phase.STAND, "Fruit stand: choose the customer", Phase.FISH, "Fish market: choose a boat",
            Phase.SWAP, "end of round: swap two boats", Phase.GAME_OVER, "game over");
    /** How the pool's tiles and board dice are named ({@link FloatingMarketView#poolItems}). */
    private static final Map<String, String> POOL_LABEL = Map.of("+4", "+4 tile", "-2", "-2 tile", "d12", "board d12",
            "neg-d6", "board -d6");
    /** How the last roll's Ama and board dice are named (a player's die {@code p0:d4} is {@code P0 d4}). */
    private static final Map<String, String> ROLL_LABEL = Map.of("ama:d6", "Ama d6", "board:d12", "board d12",
            "board:neg-d6", "board -d6");
    /** How a player's line introduces their dice in the hand, the pool and out of play. */
    private static final String[] WHERE = {" in hand", "; in pool", "; out"};

    private FloatingMarketText() {
    }

    /** The board as {@code observer} (a seat, or {@link GameView#SPECTATOR}) sees it. */
    static String render(FloatingMarketState s, int observer) {
        GameView.checkObserver(s, observer);
        List<String> lines = new ArrayList<>();
        lines.add(header(s, observer));
        lines.add("river (clockwise, boat 6 back to boat 0; * the last roll's boat):");
        Board board = s.board();
        for (int l = 0; l < Board.LOCATIONS; l++) {
            lines.add(String.format(Locale.ROOT, " %sboat %d %6s %-4s %-10s %s", l == s.lastActivated() ? "*" : " ", l,
                    board.locationName(l), FloatingMarketView.bank(board, l), fruitAt(s, l), slots(s, l)));
        }
        lines.add("docks: west " + who(s.dockCustomer(0)) + ", east " + who(s.dockCustomer(1)));
        lines.add("buildings: " + buildings(s));
        lines.add("pool: " + pool(s) + (s.d12Blocked() ? "; the d12 blocked" : ""));
        StringJoiner extra = new StringJoiner("; ");
        if (s.toAdd() > 0 && !s.isTerminal()) {
            extra.add(s.toAdd() + " dice still to add");
        }
        if (s.officePlayer() >= 0) {
            extra.add("Office: P" + s.officePlayer() + " places all their customers now");
        }
        if (s.lastActivated() >= 0) {
            extra.add(lastRoll(s));
        }
        if (extra.length() > 0) {
            lines.add(extra.toString());
        }
        for (int p = 0; p < s.numPlayers(); p++) {
            lines.add(seat(s, p, observer));
        }
        return String.join("\n", lines);
    }

    /** The spectator's board. */
    public static String render(FloatingMarketState s) {
        return render(s, GameView.SPECTATOR);
    }

    /** The first line: the game, its target and round, the observer, the phase, who is to act, the winners. */
    private static String header(FloatingMarketState s, int observer) {
        StringBuilder b = new StringBuilder("Floating Market, ").append(s.numPlayers()).append(" players")
                .append(s.longGame() ? " (long game)" : "").append(", target ").append(s.target()).append(" fruits, round ")
                .append(s.round()).append(", start player P").append(s.startPlayer()).append(", decision ")
                .append(s.decisions());
        if (observer != GameView.SPECTATOR) {
            b.append(", seen by P").append(observer);
        }
        b.append(", phase ").append(s.phase());
        if (s.isTerminal()) {
            b.append(s.isTruncated() ? ", game over (cut by the decision cap)" : ", game over");
        } else if (s.currentPlayer() >= 0) {
            b.append(", player ").append(s.currentPlayer()).append(" to act (").append(PHASES.get(s.phase())).append(')');
        }
        String won = GameView.wonBy(s);
        return b.append(won.isEmpty() ? "" : ", " + won).toString();
    }

    /** The boat's fruit; the closed location's boat lies face down, its fruit out of the game. */
    private static String fruitAt(FloatingMarketState s, int l) {
        String fruit = Fruit.values()[s.fruitAt(l)].key();
        return l == s.closedLocation() ? "face down (" + fruit + " out of the game)" : fruit;
    }

    /** The customers on a boat ({@code +stand} the one over the Fruit stand) and its Ama customer, or {@code -}. */
    private static String slots(FloatingMarketState s, int l) {
        StringJoiner who = new StringJoiner(" ").setEmptyValue("-");
        for (int k = 0; k < FloatingMarketState.BOAT_SLOTS; k++) {
            int p = s.boatCustomer(l, k);
            if (p >= 0) {
                who.add("P" + p + (s.standSlot() == FloatingMarketState.slot(l, k) ? "+stand" : ""));
            }
        }
        if (s.hasAma(l)) {
            who.add("Ama");
        }
        return who.toString();
    }

    private static String who(int p) {
        return p >= 0 ? "P" + p : "-";
    }

    /** Each building and who is on it ({@code -} nobody), or {@code (unused)} with this player count. */
    private static String buildings(FloatingMarketState s) {
        StringJoiner out = new StringJoiner("; ");
        for (Building b : Building.values()) {
            if (s.board().spots(b, s.numPlayers()) == 0) {
                out.add(b.key + " (unused)");
                continue;
            }
            StringJoiner who = new StringJoiner(" ").setEmptyValue("-");
            FloatingMarketView.customers(s, b).forEach(p -> who.add("P" + p));
            out.add(b.key + " " + who);
        }
        return out.toString();
    }

    /** The pool: its tiles and board dice, the Ama dice, each player's dice there; {@code empty} when none. */
    private static String pool(FloatingMarketState s) {
        StringJoiner items = new StringJoiner(", ").setEmptyValue("empty");
        FloatingMarketView.poolItems(s).forEach(x -> items.add(POOL_LABEL.get(x)));
        if (s.amaDice() > 0) {
            items.add(s.amaDice() + " Ama d6");
        }
        for (int p = 0; p < s.numPlayers(); p++) {
            String mine = dice(s, p, FloatingMarketState.POOL);
            if (!mine.isEmpty()) {
                items.add("P" + p + " " + mine);
            }
        }
        return items.toString();
    }

    /** Seat p's dice that are {@code where} (hand, pool, out), in index order, space-separated. */
    private static String dice(FloatingMarketState s, int p, int where) {
        StringJoiner out = new StringJoiner(" ");
        for (int d = 0; d < Dice.PLAYER_DICE; d++) {
            if (s.dieLocation(p, d) == where) {
                out.add(Dice.KEYS[d]);
            }
        }
        return out.toString();
    }

    /** {@code last roll 17 -> boat 3 (17-19, guava): P0 d4 3, Ama d6 5, +4 tile}. */
    private static String lastRoll(FloatingMarketState s) {
        int l = s.lastActivated();
        StringJoiner detail = new StringJoiner(", ");
        for (FloatingMarketJson.FaceJson f : FloatingMarketJson.lastDice(s)) {
            detail.add(dieLabel(f.die()) + " " + f.face());
        }
        for (int t : FloatingMarketJson.lastTiles(s)) {
            detail.add((t > 0 ? "+" : "") + t + " tile");
        }
        return "last roll " + s.lastTotal() + " -> boat " + l + " (" + s.board().locationName(l) + ", " + fruitAt(s, l)
                + ")" + (detail.length() > 0 ? ": " + detail : "");
    }

    /** {@code p0:d4} is {@code P0 d4}, {@code ama:d6} {@code Ama d6}, {@code board:d12} {@code board d12}. */
    private static String dieLabel(String die) {
        String label = ROLL_LABEL.get(die);
        return label != null ? label : "P" + die.substring(1).replace(':', ' ');
    }

    /** A player's line: coins, fruits against the target, customers left, dice by where they are, the tags. */
    private static String seat(FloatingMarketState s, int p, int observer) {
        StringJoiner fruits = new StringJoiner(" ");
        for (int f = 0; f < Fruit.COUNT; f++) {
            if (s.hasFruit(p, f)) {
                fruits.add(Fruit.values()[f].key());
            }
        }
        StringBuilder b = new StringBuilder("P").append(p).append(p == s.currentPlayer() ? '*' : ' ').append(' ')
                .append(s.coins(p)).append(" coins, fruits ").append(s.fruitCount(p)).append('/').append(s.target())
                .append(" [").append(fruits).append("], customers left ").append(s.customersLeft(p)).append(", dice");
        for (int w = 0; w < WHERE.length; w++) {
            String mine = dice(s, p, w);
            b.append(WHERE[w]).append(' ').append(mine.isEmpty() ? "-" : mine);
        }
        b.append(observer == p ? " (you)" : "");
        for (int q : s.isTerminal() ? s.winners() : new int[0]) {
            b.append(q == p ? " - wins" : "");
        }
        return b.toString();
    }
}
