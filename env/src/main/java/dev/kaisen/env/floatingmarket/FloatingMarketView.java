package dev.kaisen.env.floatingmarket;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kaisen.env.GameView;

import java.util.ArrayList;
import java.util.List;

/**
 * What one observer may see of a Floating Market state ({@link FloatingMarketGame#viewJson}), for
 * the renderers, with the facts the picture shows that follow from the rules and the board the
 * state carries, so that a renderer draws them and decides nothing. Fields, in this order:
 * <ul>
 * <li>{@code format} ({@value #FORMAT}), {@code observer} (a seat, -1 a spectator), {@code winners}
 * (once over), as {@link GameView#start} writes them;</li>
 * <li>{@code target}: the different fruits that end the game (5; the long game's 7, 6 with 2
 * players); {@code coinCap}: the most coins a player holds (6);</li>
 * <li>{@code fruits}: the seven fruits in index order; {@code dice}: each player's dice kinds in
 * index order, {@code {name, low, high}} with their lowest and highest face ({@code neg-d6}: -6 to -1);</li>
 * <li>{@code locations}: the seven boat locations in clockwise (index) order, {@code {name, min,
 * max, bank}} of the state's board (bank {@code west} or {@code east});
 * {@code closedLocation}: with 2 players the location whose boat lies face down (its fruit out of
 * the game), else -1;</li>
 * <li>{@code buildings}: every building of the board in action-table order, {@code {name, spots,
 * customers}}: its spots with this player count (-1 any number, 0 unused) and the seat of each
 * customer on it, seat by seat;</li>
 * <li>{@code amaDice}: the Ama dice in the pool (2 with 2 players, 1 with 3, else none; they never
 * leave it); {@code pool}: the tiles and board dice in the pool ({@code +4}, {@code -2},
 * {@code d12}, {@code neg-d6}; the players' dice there are in their seats); {@code d12Blocked}:
 * whether the Carpenter blocked the d12 this round;</li>
 * <li>{@code lastRoll}: null before the first roll, else {@code {total, location, dice, tiles}}:
 * the total, the location it activated, each die rolled in roll order as {@code {die, seat,
 * face}} (named as the state's {@code lastDice} names it; {@code seat} -1 for an Ama or board
 * die) and the tiles rolled ({@code 4}, {@code -2});</li>
 * <li>{@code toAct}: the seat to act, -1 once the game is over;</li>
 * <li>{@code state}: the state JSON ({@value FloatingMarketJson#STATE_FORMAT}), for a seat without
 * the random stream ({@code rng}): everything else in the game is public (rules, "Hidden
 * information"), {@link #seesRandomStream}.</li>
 * </ul>
 * The text board ({@link FloatingMarketText}) shows the same facts, computed here.
 */
final class FloatingMarketView {
    static final String FORMAT = "kaisen.floating-market.view/1";
    private static final String[] BANKS = {"west", "east"};

    private FloatingMarketView() {
    }

    /**
     * Whether {@code observer} may know the random stream (the future rolls): a spectator only. It
     * is the one part of a Floating Market state a seat cannot know.
     */
    static boolean seesRandomStream(int observer) {
        return observer == GameView.SPECTATOR;
    }

    static String of(FloatingMarketState s, int observer) {
        ObjectNode view = GameView.start(FORMAT, s, observer);
        view.put("target", s.target());
        view.put("coinCap", FloatingMarketState.COIN_CAP);
        ArrayNode fruits = view.putArray("fruits");
        for (Fruit f : Fruit.values()) {
            fruits.add(f.key());
        }
        ArrayNode dice = view.putArray("dice");
        for (int d = 0; d < Dice.PLAYER_DICE; d++) {
            dice.addObject().put("name", Dice.KEYS[d]).put("low", Dice.LOW[d]).put("high", Dice.HIGH[d]);
        }
        Board board = s.board();
        ArrayNode locations = view.putArray("locations");
        for (int l = 0; l < Board.LOCATIONS; l++) {
            locations.addObject().put("name", board.locationName(l)).put("min", board.min(l)).put("max", board.max(l))
                    .put("bank", bank(board, l));
        }
        view.put("closedLocation", s.closedLocation());
        buildings(s, view.putArray("buildings"));
        view.put("amaDice", s.amaDice());
        ArrayNode pool = view.putArray("pool");
        poolItems(s).forEach(pool::add);
        view.put("d12Blocked", s.d12Blocked());
        lastRoll(s, view);
        view.put("toAct", s.currentPlayer());
        ObjectNode state = GameView.tree(FloatingMarketJson.toJson(s, false));
        if (!seesRandomStream(observer)) {
            state.remove("rng");
        }
        view.set("state", state);
        return view.toString();
    }

    /** The bank of location {@code l}: {@code west} or {@code east}. */
    static String bank(Board board, int l) {
        return BANKS[board.bank(l)];
    }

    /** The seat of each customer on building {@code b}, seat by seat. */
    static List<Integer> customers(FloatingMarketState s, Building b) {
        List<Integer> out = new ArrayList<>();
        for (int p = 0; p < s.numPlayers(); p++) {
            for (int k = 0; k < s.buildingCustomers(b, p); k++) {
                out.add(p);
            }
        }
        return out;
    }

    /** The tiles and board dice in the pool, named as the state's {@code pool} names them. */
    static List<String> poolItems(FloatingMarketState s) {
        return FloatingMarketJson.poolNames(s.pool);
    }

    private static void buildings(FloatingMarketState s, ArrayNode out) {
        for (Building b : Building.values()) {
            ObjectNode building = out.addObject().put("name", b.key).put("spots", s.board().spots(b, s.numPlayers()));
            ArrayNode customers = building.putArray("customers");
            customers(s, b).forEach(customers::add);
        }
    }

    private static void lastRoll(FloatingMarketState s, ObjectNode view) {
        if (s.lastActivated() < 0) {
            view.putNull("lastRoll");
            return;
        }
        ObjectNode roll = view.putObject("lastRoll").put("total", s.lastTotal()).put("location", s.lastActivated());
        ArrayNode dice = roll.putArray("dice");
        for (FloatingMarketJson.FaceJson f : FloatingMarketJson.lastDice(s)) {
            dice.addObject().put("die", f.die()).put("seat", FloatingMarketJson.dieSeat(f.die())).put("face", f.face());
        }
        ArrayNode tiles = roll.putArray("tiles");
        FloatingMarketJson.lastTiles(s).forEach(tiles::add);
    }
}
