package dev.kaisen.env.floatingmarket;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
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
        "lastTotal", "lastActivated", "lastDice", "lastTiles", "seats", "board"})
    public record StateJson(String format, int players, @JsonProperty("long") boolean longGame, String phase, int currentPlayer, int startPlayer,
                            int round, int decisions, boolean truncated, String rng, List<BoatJson> boats,
                            List<Integer> docks, List<Integer> ama, int standSlot, List<String> pool,
                            boolean d12Blocked, int toAdd, int officePlayer, int lastTotal, int lastActivated,
                            List<FaceJson> lastDice, List<Integer> lastTiles, List<SeatJson> seats,
                            Board.BoardJson board) {
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
            boats.add(new BoatJson(Fruit.values()[s.fruitAt[l]].key(), List.of(s.boat[l * 2], s.boat[l * 2 + 1])));
        }
        List<String> pool = new ArrayList<>();
        if (s.tilePlus4) {
            pool.add("+4");
        }
        if (s.tileMinus2) {
            pool.add("-2");
        }
        if (s.boardD12) {
            pool.add("d12");
        }
        if (s.boardNeg) {
            pool.add("neg-d6");
        }
        List<FaceJson> lastDice = new ArrayList<>();
        for (int p = 0; p < s.n; p++) {
            for (int d = 0; d < Dice.PLAYER_DICE; d++) {
                if (s.lastFace(p, d) != FloatingMarketState.NO_FACE) {
                    lastDice.add(new FaceJson("p" + p + ":" + Dice.KEYS[d], s.lastFace(p, d)));
                }
            }
        }
        for (int k = 0; k < 2; k++) {
            if (s.lastAmaFace(k) != FloatingMarketState.NO_FACE) {
                lastDice.add(new FaceJson(AMA_DIE, s.lastAmaFace(k)));
            }
        }
        if (s.lastBoardD12Face() != FloatingMarketState.NO_FACE) {
            lastDice.add(new FaceJson(BOARD_D12, s.lastBoardD12Face()));
        }
        if (s.lastBoardNegFace() != FloatingMarketState.NO_FACE) {
            lastDice.add(new FaceJson(BOARD_NEG, s.lastBoardNegFace()));
        }
        List<Integer> lastTiles = new ArrayList<>();
        if (s.lastPlus4) {
            lastTiles.add(4);
        }
        if (s.lastMinus2) {
            lastTiles.add(-2);
        }
        List<SeatJson> seats = new ArrayList<>();
        for (int p = 0; p < s.n; p++) {
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
            seats.add(new SeatJson(s.coins[p], fruits, s.left[p], dice, buildings));
        }
        return new StateJson(STATE_FORMAT, s.n, s.longGame, s.phase.name(), s.current, s.start, s.round, s.decisions,
                s.truncated, Json.rngHex(s.rng), boats, List.of(s.dock[0], s.dock[1]),
                List.of(s.ama[0], s.ama[1]), s.standSlot, pool, s.d12Blocked, s.toAdd, s.officePlayer, s.lastTotal,
                s.lastActivated, lastDice, lastTiles, seats, s.board.isStandard() ? null : s.board.toDto());
    }

    /** Reads a state on the board it carries (the default board when it carries none). */
    public static FloatingMarketState fromJson(String json) {
        StateJson j = Json.read(json, StateJson.class);
        if (!STATE_FORMAT.equals(j.format())) {
            throw new GameFormatException("not a Floating Market state: format " + j.format() + ", expected "
                    + STATE_FORMAT);
        }
        Board board;
        try {
            board = j.board() == null ? Board.standard() : Board.of(j.board());
        } catch (GameFormatException e) {
            throw new GameFormatException("board: " + e.getMessage(), e);
        }
        FloatingMarketState s;
        try {
            s = new FloatingMarketState(board, j.players(), j.longGame());
        } catch (IllegalArgumentException e) {
            throw new GameFormatException(e.getMessage());
        }
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
        s.rng = Json.rngFromHex(j.rng(), "rng");
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
            s.boat[l * 2] = seat(c.get(0), s.n, "boats[" + l + "].customers[0]");
            s.boat[l * 2 + 1] = seat(c.get(1), s.n, "boats[" + l + "].customers[1]");
        }
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
        s.standSlot = j.standSlot();
        List<String> poolList = Json.require(j.pool(), "pool");
        if (new java.util.HashSet<>(poolList).size() != poolList.size()) {
            throw new GameFormatException("pool lists an entry twice: " + poolList + " (each tile and board die is there once)");
        }
        for (String x : poolList) {
            switch (x) {
                case "+4" -> s.tilePlus4 = true;
                case "-2" -> s.tileMinus2 = true;
                case "d12" -> s.boardD12 = true;
                case "neg-d6" -> s.boardNeg = true;
                case "d12-blocked" -> throw new GameFormatException("pool: 'd12-blocked' is not a die or tile in the "
                        + "pool; a d12 blocked by the Carpenter is the field \"d12Blocked\": true");
                default -> throw new GameFormatException("pool: unknown entry '" + x + "' (+4, -2, d12, neg-d6)");
            }
        }
        s.d12Blocked = j.d12Blocked();
        s.toAdd = j.toAdd();
        s.officePlayer = j.officePlayer();
        s.lastTotal = j.lastTotal();
        s.lastActivated = j.lastActivated();
        readLastRoll(s, j);
        List<SeatJson> seats = Json.require(j.seats(), "seats");
        if (seats.size() != s.n) {
            throw new GameFormatException("seats lists " + seats.size() + " players, the state has " + s.n);
        }
        for (int p = 0; p < s.n; p++) {
            SeatJson seat = Json.require(seats.get(p), "seats[" + p + "]");
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
                s.die[p * Dice.PLAYER_DICE + d] = (byte) w;
            }
            for (String b : Json.require(seat.buildings(), "seats[" + p + "].buildings")) {
                Building bd = Building.of(b);
                if (bd == null) {
                    throw new GameFormatException("seats[" + p + "].buildings: unknown building " + b);
                }
                s.bld[bd.ordinal() * s.n + p]++;
            }
        }
        List<String> problems = FloatingMarketInvariants.check(s);
        if (!problems.isEmpty()) {
            throw new GameFormatException("inconsistent Floating Market state: " + problems);
        }
        return s;
    }

    /** lastDice and lastTiles into the state; faces out of range and totals that do not add up are the invariants'. */
    private static void readLastRoll(FloatingMarketState s, StateJson j) {
        List<FaceJson> dice = Json.require(j.lastDice(), "lastDice");
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
                slot = s.amaFaceSlot(ama++);
            } else if (name.equals(BOARD_D12)) {
                slot = s.boardD12FaceSlot();
            } else if (name.equals(BOARD_NEG)) {
                slot = s.boardNegFaceSlot();
            } else {
                slot = playerDieSlot(name, s.n);
                if (slot < 0) {
                    throw new GameFormatException("lastDice[" + i + "]: unknown die '" + name + "' (p<seat>:<die> with a "
                            + "seat 0.." + (s.n - 1) + " and a die of " + List.of(Dice.KEYS) + ", " + AMA_DIE + ", "
                            + BOARD_D12 + ", " + BOARD_NEG + ")");
                }
            }
            if (s.lastFace[slot] != FloatingMarketState.NO_FACE) {
                throw new GameFormatException("lastDice[" + i + "]: die '" + name + "' is listed twice");
            }
            s.lastFace[slot] = face;
        }
        for (Integer t : Json.require(j.lastTiles(), "lastTiles")) {
            if (t != null && t == 4 && !s.lastPlus4) {
                s.lastPlus4 = true;
            } else if (t != null && t == -2 && !s.lastMinus2) {
                s.lastMinus2 = true;
            } else {
                throw new GameFormatException("lastTiles lists the tiles of the last roll, 4 and -2 at most once each, not "
                        + j.lastTiles());
            }
        }
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
        return seat * Dice.PLAYER_DICE + kind;
    }

    private static int seat(Integer v, int n, String field) {
        Json.require(v, field);
        if (v < -1 || v >= n) {
            throw new GameFormatException(field + " must be a seat 0.." + (n - 1) + " or -1, not " + v);
        }
        return v;
    }
}
