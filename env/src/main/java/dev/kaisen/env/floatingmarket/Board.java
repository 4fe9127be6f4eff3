package dev.kaisen.env.floatingmarket;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.Json;
import dev.kaisen.env.UserFiles;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The river as data (rules, "Default board", a [decision] of the rules file): seven boat
 * locations around a loop, clockwise order = index order, each with an activation range of the
 * dice total and a bank; the two docks; the buildings with their spots by player count. The
 * default ships as the resource {@code default-board.json}; option {@code board} names another
 * file of the same format ({@value #FORMAT}).
 *
 * <p>Validation (each failure a {@link GameFormatException} saying what is wrong): exactly
 * {@value #LOCATIONS} locations with distinct names; ranges ascending, neither overlapping nor
 * leaving a gap ({@code min} of each is the previous {@code max + 1}); banks {@code west} or
 * {@code east}; docks exactly {@code west} and {@code east}; every building name known and
 * listed at most once, with four spot counts (for 2, 3, 4, 5 players; -1 = any number, 0 = not
 * used); the Boatman present with spots for every count (the rule for a player without dice
 * needs it); the two Ama locations and the 2-player closed location naming locations.
 *
 * <p>[decision] A total below the first location's {@code min} activates the first location, and
 * a total above the last's {@code max} activates the last (rules: "totals above 35 activate
 * 29-35"; the first range is printed {@code <=8}).
 */
public final class Board {
    public static final String FORMAT = "kaisen.floating-market.board/1";
    public static final int LOCATIONS = 7;
    /** Spots of a building that takes any number of customers. */
    public static final int ANY = -1;
    /** Range values a board may use (the observation declares these bounds). */
    public static final int MIN_VALUE = 0;
    public static final int MAX_VALUE = 200;
    static final long MAX_BYTES = 1 << 20;

    @JsonPropertyOrder({"name", "min", "max", "bank"})
    public record LocationJson(String name, Integer min, Integer max, String bank) {
    }

    @JsonPropertyOrder({"name", "spots"})
    public record BuildingJson(String name, List<Integer> spots) {
    }

    @JsonPropertyOrder({"format", "name", "locations", "amaStart", "twoPlayerClosed", "docks", "buildings"})
    public record BoardJson(String format, String name, List<LocationJson> locations, List<String> amaStart,
                            String twoPlayerClosed, List<String> docks, List<BuildingJson> buildings) {
    }

    private final String name;
    private final String[] locationNames = new String[LOCATIONS];
    private final int[] min = new int[LOCATIONS];
    private final int[] max = new int[LOCATIONS];
    /** 0 west, 1 east. */
    private final int[] bank = new int[LOCATIONS];
    private final int[] amaStart = new int[2];
    private final int closed;
    /** Player counts a board gives spots for: 2 to 5. */
    private static final int PLAYER_COUNTS = 4;
    /** Spots per building and player count, at {@link #spotSlot}; -1 = any number. */
    private final int[] spots = new int[Building.COUNT * PLAYER_COUNTS];

    private static final Board DEFAULT = loadDefault();

    private Board(BoardJson j) {
        if (j == null) {
            throw new GameFormatException("a board is a JSON object");
        }
        if (!FORMAT.equals(j.format())) {
            throw new GameFormatException("board format must be '" + FORMAT + "', not " + j.format());
        }
        name = j.name() == null ? "unnamed" : j.name();
        List<LocationJson> locs = Json.require(j.locations(), "locations");
        if (locs.size() != LOCATIONS) {
            throw new GameFormatException("a board has " + LOCATIONS + " boat locations (one per boat tile), not "
                    + locs.size());
        }
        for (int i = 0; i < LOCATIONS; i++) {
            readLocation(i, Json.require(locs.get(i), "locations[" + i + "]"));
        }
        readAmaStart(Json.require(j.amaStart(), "amaStart"));
        closed = location(Json.require(j.twoPlayerClosed(), "twoPlayerClosed"), "twoPlayerClosed");
        if (closed == amaStart[0] || closed == amaStart[1]) {
            throw new GameFormatException("twoPlayerClosed '" + locationNames[closed] + "' is also an Ama start location"
                    + " (the Ama customers stand on open boats)");
        }
        List<String> docks = Json.require(j.docks(), "docks");
        if (!docks.equals(List.of("west", "east"))) {
            throw new GameFormatException("docks must be [\"west\", \"east\"], not " + docks);
        }
        readBuildings(Json.require(j.buildings(), "buildings"));
    }

    /** Location i: a new name, a range right after the previous one's, a bank. */
    private void readLocation(int i, LocationJson l) {
        String what = "location " + i + (l.name() == null ? "" : " '" + l.name() + "'");
        locationNames[i] = Json.require(l.name(), "locations[" + i + "].name");
        for (int k = 0; k < i; k++) {
            if (locationNames[k].equals(locationNames[i])) {
                throw new GameFormatException("two locations are named '" + locationNames[i] + "'");
            }
        }
        min[i] = Json.require(l.min(), "locations[" + i + "].min");
        max[i] = Json.require(l.max(), "locations[" + i + "].max");
        if (min[i] < MIN_VALUE || max[i] > MAX_VALUE || min[i] > max[i]) {
            throw new GameFormatException(what + ": range " + min[i] + "-" + max[i] + " must satisfy "
                    + MIN_VALUE + " <= min <= max <= " + MAX_VALUE);
        }
        if (i > 0 && min[i] <= max[i - 1]) {
            throw new GameFormatException(what + ": range " + min[i] + "-" + max[i] + " overlaps location "
                    + (i - 1) + "'s " + min[i - 1] + "-" + max[i - 1] + " (ranges ascend in location order)");
        }
        if (i > 0 && min[i] > max[i - 1] + 1) {
            throw new GameFormatException(what + ": range " + min[i] + "-" + max[i] + " leaves a gap after location "
                    + (i - 1) + "'s " + min[i - 1] + "-" + max[i - 1] + " (totals " + (max[i - 1] + 1) + "-"
                    + (min[i] - 1) + " would activate nothing)");
        }
        String b = Json.require(l.bank(), "locations[" + i + "].bank");
        bank[i] = b.equals("west") ? 0 : b.equals("east") ? 1 : -1;
        if (bank[i] < 0) {
            throw new GameFormatException(what + ": bank must be west or east, not '" + b + "'");
        }
    }

    private void readAmaStart(List<String> ama) {
        if (ama.size() != 2) {
            throw new GameFormatException("amaStart names the 2 locations of the Ama customers, not " + ama.size());
        }
        for (int k = 0; k < 2; k++) {
            amaStart[k] = location(ama.get(k), "amaStart");
        }
        if (amaStart[0] == amaStart[1]) {
            throw new GameFormatException("amaStart names one location twice");
        }
    }

    /** Every building known and listed once, with its spots; the Boatman present. */
    private void readBuildings(List<BuildingJson> buildings) {
        boolean[] seen = new boolean[Building.COUNT];
        for (BuildingJson bj : buildings) {
            Building b = Building.of(Json.require(bj.name(), "buildings[].name"));
            if (b == null) {
                List<String> known = new ArrayList<>();
                for (Building k : Building.values()) {
                    known.add(k.key);
                }
                throw new GameFormatException("unknown building '" + bj.name() + "' (buildings: " + known + ")");
            }
            if (seen[b.ordinal()]) {
                throw new GameFormatException("building '" + b.key + "' is listed twice");
            }
            seen[b.ordinal()] = true;
            readSpots(b, Json.require(bj.spots(), "buildings[" + b.key + "].spots"));
        }
        if (!seen[Building.BOATMAN.ordinal()]) {
            throw new GameFormatException("the boatman is missing (a player without dice must go there)");
        }
    }

    /** A building's four spot counts (2, 3, 4, 5 players), within what its piece allows ({@link Building#maxSpots}). */
    private void readSpots(Building b, List<Integer> s) {
        if (s.size() != 4) {
            throw new GameFormatException("building '" + b.key + "': spots lists 4 counts (2, 3, 4, 5 players), not "
                    + s.size());
        }
        for (int k = 0; k < 4; k++) {
            int v = Json.require(s.get(k), "buildings[" + b.key + "].spots[" + k + "]");
            if (b.maxSpots == ANY ? v < ANY || v > 15 : v < 0 || v > b.maxSpots) {
                throw new GameFormatException("building '" + b.key + "': spots " + v + " for " + (k + 2)
                        + " players (" + (b.maxSpots == ANY ? "-1 = any number, else 0..15" : "0.." + b.maxSpots)
                        + "; see Building)");
            }
            if (b == Building.BOATMAN && v != ANY) {
                throw new GameFormatException("building 'boatman': spots " + v + " for " + (k + 2) + " players (it"
                        + " takes any number, -1: every player without dice must go there, however many are there)");
            }
            spots[spotSlot(b, k + 2)] = v;
        }
    }

    private int location(String key, String field) {
        for (int i = 0; i < LOCATIONS; i++) {
            if (locationNames[i].equals(key)) {
                return i;
            }
        }
        throw new GameFormatException(field + ": no location named '" + key + "' (locations: "
                + Arrays.toString(locationNames) + ")");
    }

    /** Reads and validates a board from JSON text. */
    public static Board parse(String json) {
        return new Board(Json.read(json, BoardJson.class));
    }

    /** Validates a board already read as JSON (as {@link #parse} does; a state's {@code board} field). */
    public static Board of(BoardJson json) {
        return new Board(json);
    }

    /**
     * This board in its JSON format, canonical: every location, the Ama start and the closed
     * location by name, and every building in action-table order with its four spot counts
     * (0 for a building the board file did not list). {@link #of} of it is a board equal to this one.
     */
    public BoardJson toDto() {
        List<LocationJson> locs = new ArrayList<>();
        for (int i = 0; i < LOCATIONS; i++) {
            locs.add(new LocationJson(locationNames[i], min[i], max[i], bank[i] == 0 ? "west" : "east"));
        }
        List<BuildingJson> buildings = new ArrayList<>();
        for (Building b : Building.values()) {
            List<Integer> s = new ArrayList<>();
            for (int k = 0; k < 4; k++) {
                s.add(spots(b, k + 2));
            }
            buildings.add(new BuildingJson(b.key, s));
        }
        return new BoardJson(FORMAT, name, locs, List.of(locationNames[amaStart[0]], locationNames[amaStart[1]]),
                locationNames[closed], List.of("west", "east"), buildings);
    }

    /** Whether this is (equal to) the rules file's default board. */
    public boolean isStandard() {
        return equals(DEFAULT);
    }

    /** Reads and validates a board file (a {@link UserFiles.FileException} when unreadable). */
    public static Board load(Path file) {
        try {
            return new Board(UserFiles.readJson(file, MAX_BYTES, "a Floating Market board (JSON)", BoardJson.class));
        } catch (GameFormatException e) {
            throw new GameFormatException("board " + file + ": " + e.getMessage(), e);
        }
    }

    /** The board the rules file describes, shipped as a resource. */
    public static Board standard() {
        return DEFAULT;
    }

    private static Board loadDefault() {
        try (InputStream in = Board.class.getResourceAsStream("default-board.json")) {
            if (in == null) {
                throw new IllegalStateException("the default board resource is missing");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the default board", e);
        }
    }

    public String name() {
        return name;
    }

    public String locationName(int i) {
        return locationNames[i];
    }

    public int min(int i) {
        return min[i];
    }

    public int max(int i) {
        return max[i];
    }

    /** 0 west, 1 east. */
    public int bank(int i) {
        return bank[i];
    }

    public int amaStart(int k) {
        return amaStart[k];
    }

    /** The location closed with 2 players (its boat face down). */
    public int twoPlayerClosed() {
        return closed;
    }

    /** Spots of a building with {@code players} players: -1 any number, 0 unused. */
    public int spots(Building b, int players) {
        return spots[spotSlot(b, players)];
    }

    private static int spotSlot(Building b, int players) {
        return b.ordinal() * PLAYER_COUNTS + players - 2;
    }

    /** The location a dice total activates. */
    public int activated(int total) {
        for (int i = 0; i < LOCATIONS - 1; i++) {
            if (total <= max[i]) {
                return i;
            }
        }
        return LOCATIONS - 1;
    }

    /** The clockwise neighbour at distance {@code d} (negative: counter-clockwise) on the loop. */
    public static int step(int location, int d) {
        return Math.floorMod(location + d, LOCATIONS);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Board b && name.equals(b.name) && Arrays.equals(locationNames, b.locationNames)
                && Arrays.equals(min, b.min) && Arrays.equals(max, b.max) && Arrays.equals(bank, b.bank)
                && Arrays.equals(amaStart, b.amaStart) && closed == b.closed && Arrays.equals(spots, b.spots);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(min) * 31 + Arrays.hashCode(spots);
    }
}
