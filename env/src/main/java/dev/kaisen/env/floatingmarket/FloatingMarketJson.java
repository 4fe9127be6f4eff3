package dev.kaisen.env.floatingmarket;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.kaisen.env.ExplicitChance;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Floating Market state as JSON (format {@value #STATE_FORMAT}). Boats are listed by location
 * with their fruit, customers by player index ({@code -1} none). The state carries its board:
 * field {@code board} is the board in its own format ({@value Board#FORMAT}, canonical: see
 * {@link Board#toDto}), validated on reading as a board file is; it is left out when the board is
 * the rules file's default one (so a default-board state stays compact), and a state without it
 * is on the default board. The last roll: {@code lastTotal}, {@code lastActivated} (-1 before the
 * first roll), {@code lastDice} (each die rolled and its face, in roll order, named as the
 * {@code roll} chance event names them: {@code p<seat>:<die>} for a player's d4, d6, d10, d12 or
 * neg-d6, {@code ama:d6} for each Ama die, {@code board:d12}, {@code board:neg-d6}) and
 * {@code lastTiles} (the tiles in that roll, {@code 4} and/or {@code -2}); the faces and tiles add
 * up to {@code lastTotal}. {@code pool} lists the tiles and board dice in the pool ({@code +4},
 * {@code -2}, {@code d12}, {@code neg-d6}; the players' dice there are in their seats, the Ama
 * dice always are); {@code d12Blocked} says whether the Carpenter blocked the d12 this round (a
 * marker, not in {@code pool}). Reading is strict: unknown fields, unknown names and inconsistent
 * states are rejected with a message saying what is wrong.
 */
public final class FloatingMarketJson {
    public static final String STATE_FORMAT = "kaisen.floating-market.state/1";

    private FloatingMarketJson() {
    }

    /** One seat: coins, fruits held, customers in hand, and where each die is ({@code hand}, {@code pool}, {@code out}). */
    @JsonPropertyOrder({"coins", "fruits", "customersLeft", "dice", "buildings"})
    public record SeatJson(int coins, List<String> fruits, int customersLeft, Map<String, String> dice,
                           List<String> buildings) {
    }

    /** One die of the last roll and the face it showed. */
    @JsonPropertyOrder({"die", "face"})
    public record FaceJson(String die, Integer face) {
    }

    /** One boat location: its fruit and the players in its two slots. */
    @JsonPropertyOrder({"fruit", "customers"})
    public record BoatJson(String fruit, List<Integer> customers) {
    }

    @JsonPropertyOrder({"format", "players", "long", "phase", "currentPlayer", "startPlayer", "round", "decisions",
        "truncated", "rng", "boats", "docks", "ama", "standSlot", "pool", "d12Blocked", "toAdd", "officePlayer",
        "lastTotal", "lastActivated", "lastDice", "lastTiles", "seats", "board", "chance"})
    public record StateJson(String format, int players, @JsonProperty("long") boolean longGame, String phase, int currentPlayer, int startPlayer,
                            int round, int decisions, boolean truncated, String rng, List<BoatJson> boats,
                            List<Integer> docks, List<Integer> ama, int standSlot, List<String> pool,
                            boolean d12Blocked, int toAdd, int officePlayer, int lastTotal, int lastActivated,
                            List<FaceJson> lastDice, List<Integer> lastTiles, List<SeatJson> seats,
                            Board.BoardJson board, Map<String, Object> chance) {
    }

    private static final List<String> WHERE = List.of("hand", "pool", "out");
    private static final String AMA_DIE = "ama:d6";
    private static final String BOARD_D12 = "board:d12";
    private static final String BOARD_NEG = "board:neg-d6";

    public static String toJson(FloatingMarketState s, boolean pretty) {
        return Json.write(toDto(s), pretty);
    }

    public static StateJson toDto(FloatingMarketState s) {
        List<BoatJson> boats = new ArrayList<>();
        for (int l = 0; l < Board.LOCATIONS; l++) {
            boats.add(new BoatJson(Fruit.values()[s.fruitAt[l]].key(), List.of(s.boatCustomer(l, 0), s.boatCustomer(l, 1))));
        }
        List<SeatJson> seats = new ArrayList<>();
        for (int p = 0; p < s.n; p++) {
            seats.add(seatDto(s, p));
        }
        LastRoll last = s.lastRoll;
        return new StateJson(STATE_FORMAT, s.n, s.longGame, s.phase.name(), s.current, s.start, s.round, s.decisions,
                s.truncated, Json.rngHex(s.rng.state()), boats, List.of(s.dock[0], s.dock[1]),
                List.of(s.ama[0], s.ama[1]), s.standSlot, poolNames(s.pool), s.pool.d12Blocked(), s.toAdd(),
                s.officePlayer(), last.total(), last.activated(), lastDice(s), lastTiles(s), seats,
                s.board.isStandard() ? null : s.board.toDto(),
                s.explicit == null ? null : s.explicit.toJson(FloatingMarketJson::toDto));
    }

    /** The tiles and board dice in the pool, as field {@code pool} names them. */
    static List<String> poolNames(PoolExtras pool) {
        List<String> names = new ArrayList<>();
        if (pool.plus4()) {
            names.add("+4");
        }
        if (pool.minus2()) {
            names.add("-2");
        }
        if (pool.d12()) {
            names.add("d12");
        }
        if (pool.negD6()) {
            names.add("neg-d6");
        }
        return names;
    }

    /** The tiles in the last roll, as field {@code lastTiles} lists them: 4 and/or -2. */
    static List<Integer> lastTiles(FloatingMarketState s) {
        List<Integer> tiles = new ArrayList<>();
        if (s.lastRoll.plus4()) {
            tiles.add(4);
        }
        if (s.lastRoll.minus2()) {
            tiles.add(-2);
        }
        return tiles;
    }

    /** The last roll's dice in roll order, named as the {@code roll} chance event names them. */
    static List<FaceJson> lastDice(FloatingMarketState s) {
        LastRoll last = s.lastRoll;
        List<FaceJson> dice = new ArrayList<>();
        for (int p = 0; p < s.n; p++) {
            for (int d = 0; d < Dice.PLAYER_DICE; d++) {
                if (last.face(p, d) != FloatingMarketState.NO_FACE) {
                    dice.add(new FaceJson("p" + p + ":" + Dice.KEYS[d], last.face(p, d)));
                }
            }
        }
        for (int k = 0; k < 2; k++) {
            if (last.amaFace(k) != FloatingMarketState.NO_FACE) {
                dice.add(new FaceJson(AMA_DIE, last.amaFace(k)));
            }
        }
        if (last.boardD12Face() != FloatingMarketState.NO_FACE) {
            dice.add(new FaceJson(BOARD_D12, last.boardD12Face()));
        }
        if (last.boardNegFace() != FloatingMarketState.NO_FACE) {
            dice.add(new FaceJson(BOARD_NEG, last.boardNegFace()));
        }
        return dice;
    }

    private static SeatJson seatDto(FloatingMarketState s, int p) {
        List<String> fruits = new ArrayList<>();
        for (int f = 0; f < Fruit.COUNT; f++) {
            if (s.hasFruit(p, f)) {
                fruits.add(Fruit.values()[f].key());
            }
        }
        Map<String, String> dice = new TreeMap<>();
        for (int d = 0; d < Dice.PLAYER_DICE; d++) {
            dice.put(Dice.KEYS[d], WHERE.get(s.dieLocation(p, d)));
        }
        List<String> buildings = new ArrayList<>();
        for (Building b : Building.values()) {
            for (int k = 0; k < s.buildingCustomers(b, p); k++) {
                buildings.add(b.key);
            }
        }
        return new SeatJson(s.coins[p], fruits, s.left[p], dice, buildings);
    }

    /** Reads a state on the board it carries (the default board when it carries none). */
    public static FloatingMarketState fromJson(String json) {
        StateJson j = Json.read(json, StateJson.class);
        if (!STATE_FORMAT.equals(j.format())) {
            throw new GameFormatException("not a Floating Market state: format " + j.format() + ", expected "
                    + STATE_FORMAT);
        }
        FloatingMarketState s = newState(j);
        try {
            s.phase = Phase.valueOf(Json.require(j.phase(), "phase"));
        } catch (IllegalArgumentException e) {
            throw new GameFormatException("unknown phase " + j.phase());
        }
        s.current = j.currentPlayer();
        s.start = j.startPlayer();
        s.round = j.round();
        s.decisions = j.decisions();
        s.truncated = j.truncated();
        s.rng.setState(Json.rngFromHex(j.rng(), "rng"));
        readBoats(s, j);
        readDocksAndAma(s, j);
        s.standSlot = j.standSlot();
        s.pool = readPool(j);
        s.turn = new Turn(j.toAdd(), j.officePlayer());
        s.lastRoll = readLastRoll(s, j);
        List<SeatJson> seats = Json.require(j.seats(), "seats");
        if (seats.size() != s.n) {
            throw new GameFormatException("seats lists " + seats.size() + " players, the state has " + s.n);
        }
        for (int p = 0; p < s.n; p++) {
            readSeat(s, p, Json.require(seats.get(p), "seats[" + p + "]"));
        }
        Map<String, Object> chance = j.chance();
        if (ExplicitChance.isNode(chance)) {
            return readChanceNode(s, chance, json);
        }
        List<String> problems = FloatingMarketInvariants.check(s);
        if (!problems.isEmpty()) {
            throw new GameFormatException("inconsistent Floating Market state: " + problems);
        }
        if (chance != null) {
            ExplicitChance.checkMode(chance);
            s.explicit = FloatingMarketState.newExplicitChance();
        }
        return s;
    }

    /** A chance node of the explicit mode (field {@code chance}): see {@link ExplicitChance#readNode(Map, java.util.function.Supplier, java.util.function.Function, java.util.function.Predicate, java.util.function.Function, Object)}. */
    private static FloatingMarketState readChanceNode(FloatingMarketState read, Map<String, Object> chance, String json) {
        return ExplicitChance.readNode(chance,
                () -> FloatingMarketState.emptyTable(read.board, read.n, read.longGame, read.rng.state()),
                FloatingMarketJson::fromJson, b -> b.n == read.n && b.longGame == read.longGame,
                s -> Json.read(toJson(s, false), com.fasterxml.jackson.databind.JsonNode.class),
                Json.read(json, com.fasterxml.jackson.databind.JsonNode.class));
    }

    /** An empty state of the JSON's board, players and variant. */
    private static FloatingMarketState newState(StateJson j) {
        Board board;
        try {
            board = j.board() == null ? Board.standard() : Board.of(j.board());
        } catch (GameFormatException e) {
            throw new GameFormatException("board: " + e.getMessage(), e);
        }
        try {
            return new FloatingMarketState(board, j.players(), j.longGame());
        } catch (IllegalArgumentException e) {
            throw new GameFormatException(e.getMessage());
        }
    }

    private static void readBoats(FloatingMarketState s, StateJson j) {
        List<BoatJson> boats = Json.require(j.boats(), "boats");
        if (boats.size() != Board.LOCATIONS) {
            throw new GameFormatException("boats lists " + Board.LOCATIONS + " locations, not " + boats.size());
        }
        for (int l = 0; l < Board.LOCATIONS; l++) {
            BoatJson b = Json.require(boats.get(l), "boats[" + l + "]");
            Fruit f = Fruit.of(Json.require(b.fruit(), "boats[" + l + "].fruit"));
            if (f == null) {
                throw new GameFormatException("boats[" + l + "]: unknown fruit " + b.fruit());
            }
            s.fruitAt[l] = f.ordinal();
            List<Integer> c = Json.require(b.customers(), "boats[" + l + "].customers");
            if (c.size() != 2) {
                throw new GameFormatException("boats[" + l + "].customers has 2 slots, not " + c.size());
            }
            for (int k = 0; k < 2; k++) {
                s.setBoatCustomer(l, k, seat(c.get(k), s.n, "boats[" + l + "].customers[" + k + "]"));
            }
        }
    }

    private static void readDocksAndAma(FloatingMarketState s, StateJson j) {
        List<Integer> docks = Json.require(j.docks(), "docks");
        List<Integer> ama = Json.require(j.ama(), "ama");
        if (docks.size() != 2 || ama.size() != 2) {
            throw new GameFormatException("docks and ama list 2 entries each");
        }
        for (int k = 0; k < 2; k++) {
            s.dock[k] = seat(docks.get(k), s.n, "docks[" + k + "]");
            Integer a = Json.require(ama.get(k), "ama[" + k + "]");
            if (a < -1 || a >= Board.LOCATIONS) {
                throw new GameFormatException("ama[" + k + "] must be a location or -1, not " + a);
            }
            s.ama[k] = a;
        }
    }

    private static PoolExtras readPool(StateJson j) {
        List<String> poolList = Json.require(j.pool(), "pool");
        if (new java.util.HashSet<>(poolList).size() != poolList.size()) {
            throw new GameFormatException("pool lists an entry twice: " + poolList + " (each tile and board die is there once)");
        }
        PoolExtras pool = PoolExtras.NONE;
        for (String x : poolList) {
            pool = switch (x) {
                case "+4" -> pool.withPlus4();
                case "-2" -> pool.withMinus2();
                case "d12" -> pool.withD12();
                case "neg-d6" -> pool.withNegD6();
                case "d12-blocked" -> throw new GameFormatException("pool: 'd12-blocked' is not a die or tile in the "
                        + "pool; a d12 blocked by the Carpenter is the field \"d12Blocked\": true");
                default -> throw new GameFormatException("pool: unknown entry '" + x + "' (+4, -2, d12, neg-d6)");
            };
        }
        return j.d12Blocked() ? pool.withD12Blocked() : pool;
    }

    private static void readSeat(FloatingMarketState s, int p, SeatJson seat) {
        s.coins[p] = seat.coins();
        s.left[p] = seat.customersLeft();
        for (String f : Json.require(seat.fruits(), "seats[" + p + "].fruits")) {
            Fruit fr = Fruit.of(f);
            if (fr == null) {
                throw new GameFormatException("seats[" + p + "].fruits: unknown fruit " + f);
            }
            s.fruits[p] |= 1 << fr.ordinal();
        }
        Map<String, String> dice = Json.require(seat.dice(), "seats[" + p + "].dice");
        if (dice.size() != Dice.PLAYER_DICE) {
            throw new GameFormatException("seats[" + p + "].dice names the 5 dice " + List.of(Dice.KEYS));
        }
        for (int d = 0; d < Dice.PLAYER_DICE; d++) {
            String where = dice.get(Dice.KEYS[d]);
            int w = WHERE.indexOf(where);
            if (w < 0) {
                throw new GameFormatException("seats[" + p + "].dice." + Dice.KEYS[d] + " must be hand, pool or out, not "
                        + where);
            }
            s.setDieLocation(p, d, (byte) w);
        }
        for (String b : Json.require(seat.buildings(), "seats[" + p + "].buildings")) {
            Building bd = Building.of(b);
            if (bd == null) {
                throw new GameFormatException("seats[" + p + "].buildings: unknown building " + b);
            }
            s.addBuildingCustomer(bd, p);
        }
    }

    /** The last roll of the JSON; faces out of range and totals that do not add up are the invariants'. */
    private static LastRoll readLastRoll(FloatingMarketState s, StateJson j) {
        List<FaceJson> dice = Json.require(j.lastDice(), "lastDice");
        int[] faces = LastRoll.noFaces(s.n);
        int ama = 0;
        for (int i = 0; i < dice.size(); i++) {
            FaceJson f = Json.require(dice.get(i), "lastDice[" + i + "]");
            String name = Json.require(f.die(), "lastDice[" + i + "].die");
            int face = Json.require(f.face(), "lastDice[" + i + "].face");
            int slot;
            if (name.equals(AMA_DIE)) {
                if (ama >= s.amaDice()) {
                    throw new GameFormatException("lastDice[" + i + "]: more Ama dice than the " + s.amaDice() + " a "
                            + s.n + "-player game rolls");
                }
                slot = LastRoll.amaSlot(s.n, ama++);
            } else if (name.equals(BOARD_D12)) {
                slot = LastRoll.boardD12Slot(s.n);
            } else if (name.equals(BOARD_NEG)) {
                slot = LastRoll.boardNegSlot(s.n);
            } else {
                slot = playerDieSlot(name, s.n);
                if (slot < 0) {
                    throw new GameFormatException("lastDice[" + i + "]: unknown die '" + name + "' (p<seat>:<die> with a "
                            + "seat 0.." + (s.n - 1) + " and a die of " + List.of(Dice.KEYS) + ", " + AMA_DIE + ", "
                            + BOARD_D12 + ", " + BOARD_NEG + ")");
                }
            }
            if (faces[slot] != FloatingMarketState.NO_FACE) {
                throw new GameFormatException("lastDice[" + i + "]: die '" + name + "' is listed twice");
            }
            faces[slot] = face;
        }
        boolean plus4 = false;
        boolean minus2 = false;
        for (Integer t : Json.require(j.lastTiles(), "lastTiles")) {
            if (t != null && t == 4 && !plus4) {
                plus4 = true;
            } else if (t != null && t == -2 && !minus2) {
                minus2 = true;
            } else {
                throw new GameFormatException("lastTiles lists the tiles of the last roll, 4 and -2 at most once each, not "
                        + j.lastTiles());
            }
        }
        return new LastRoll(j.lastTotal(), j.lastActivated(), faces, plus4, minus2);
    }

    /** The seat of a die of the last roll named {@code p<seat>:<die>} ({@link #lastDice}), -1 for an Ama or board die. */
    static int dieSeat(String die) {
        return die.startsWith("p") ? Integer.parseInt(die.substring(1, die.indexOf(':'))) : -1;
    }

    /** The slot of a player die named {@code p<seat>:<die>}, or -1. */
    private static int playerDieSlot(String name, int n) {
        int colon = name.indexOf(':');
        if (!name.startsWith("p") || colon < 2) {
            return -1;
        }
        int seat;
        try {
            seat = Integer.parseInt(name.substring(1, colon));
        } catch (NumberFormatException e) {
            return -1;
        }
        int kind = List.of(Dice.KEYS).indexOf(name.substring(colon + 1));
        if (seat < 0 || seat >= n || kind < 0 || !name.substring(1, colon).equals(Integer.toString(seat))) {
            return -1;
        }
        return LastRoll.playerSlot(seat, kind);
    }

    private static int seat(Integer v, int n, String field) {
        Json.require(v, field);
        if (v < -1 || v >= n) {
            throw new GameFormatException(field + " must be a seat 0.." + (n - 1) + " or -1, not " + v);
        }
        return v;
    }
}
