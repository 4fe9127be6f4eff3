package dev.kaisen.env.merchants;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The game data file ({@link MerchantsData}): the shipped default as the rules file describes it,
 * malformed files rejected with a message naming the problem (each built by editing the default's
 * JSON tree), and a custom valid file played to the end.
 */
class MerchantsDataTest {
    static final MerchantsData D = MerchantsData.standard();

    /** The default data as an editable JSON tree. */
    static ObjectNode defaults() {
        return Json.mapper().valueToTree(D.json());
    }

    /** The default data with one edit. */
    static String edited(Consumer<ObjectNode> edit) {
        ObjectNode j = defaults();
        edit.accept(j);
        return j.toString();
    }

    static void rejected(String expected, Consumer<ObjectNode> edit) {
        String text = edited(edit);
        GameFormatException e = assertThrows(GameFormatException.class, () -> MerchantsData.parse(text), expected);
        assertTrue(e.getMessage().contains(expected), "expected '" + expected + "' in: " + e.getMessage());
    }

    static ObjectNode city(ObjectNode j, int k) {
        return (ObjectNode) j.withArray("cities").get(k);
    }

    static ObjectNode road(ObjectNode j, String from, String to) {
        for (var r : j.withArray("roads")) {
            if (r.get("from").asText().equals(from) && r.get("to").asText().equals(to)) {
                return (ObjectNode) r;
            }
        }
        throw new AssertionError("no road " + from + "-" + to);
    }

    static void removeRoads(ObjectNode j, String... fromTo) {
        ArrayNode roads = j.withArray("roads");
        for (int k = 0; k < fromTo.length; k += 2) {
            for (int i = 0; i < roads.size(); i++) {
                if (roads.get(i).get("from").asText().equals(fromTo[k]) && roads.get(i).get("to").asText().equals(fromTo[k + 1])) {
                    roads.remove(i);
                    break;
                }
            }
        }
    }

    static void addRoad(ObjectNode j, String from, String to, int spaces) {
        j.withArray("roads").addObject().put("from", from).put("to", to).put("spaces", spaces);
    }

    static ObjectNode setup(ObjectNode j, int k) {
        return (ObjectNode) j.withArray("setups").get(k);
    }

    // ---------------------------------------------------------------- the default

    @Test
    void theDefaultDataLoads() {
        assertTrue(D.isStandard());
        assertEquals("default", D.name());
        assertEquals(List.of("Paris", "Cologne", "Vienna", "Bruges", "Hamburg", "Genoa"),
                Arrays.stream(new int[] {0, 1, 2, 3, 4, 5}).mapToObj(D::city).toList());
        assertEquals(List.of("cloth", "iron", "wine", "food", "silk", "salt"),
                Arrays.stream(new int[] {0, 1, 2, 3, 4, 5}).mapToObj(D::good).toList());
        // 6 cities, 2 forks and the roads' 3+2+4+3+6+2+2+3+2+2+3+5 = 37 spaces
        assertEquals(45, D.nodes());
        assertEquals("Burgundy fork", D.nodeName(6));
        assertEquals("Alpine fork", D.nodeName(7));
        assertEquals("Bruges-Paris#1", D.nodeName(8), "road spaces in road order, from the road's from end");
        assertEquals("Bruges-Paris#3", D.nodeName(10));
        assertEquals("Genoa-Vienna#5", D.nodeName(44));
        for (int c = 0; c < 6; c++) {
            assertTrue(D.isCity(c));
        }
        assertFalse(D.isCity(6));
        assertArrayEquals(new int[] {0, 2, 3}, D.cityGoods(0), "Paris: cloth, wine, food as good ids, ascending");
        assertTrue(D.shows(0, 2));
        assertFalse(D.shows(0, 1));
    }

    @Test
    void neighboursAreSortedAndSymmetric() {
        assertArrayEquals(new int[] {10, 26}, D.neighbours(0), "Paris: Bruges-Paris#3, Paris-Burgundy fork#1");
        assertArrayEquals(new int[] {12, 19, 29, 33}, D.neighbours(1), "Cologne has 4 roads");
        assertArrayEquals(new int[] {27, 28, 30}, D.neighbours(6), "the Burgundy fork");
        assertArrayEquals(new int[] {3, 9}, D.neighbours(8));
        for (int v = 0; v < D.nodes(); v++) {
            int[] nb = D.neighbours(v);
            assertTrue(nb.length >= 1 && nb.length <= MerchantsData.MAX_DEGREE, D.nodeName(v));
            for (int k = 0; k < nb.length; k++) {
                if (k > 0) {
                    assertTrue(nb[k - 1] < nb[k], "neighbours of " + D.nodeName(v) + " sorted");
                }
                int from = v;
                assertTrue(Arrays.stream(D.neighbours(nb[k])).anyMatch(u -> u == from),
                        D.nodeName(v) + " and " + D.nodeName(nb[k]) + " are each other's neighbours");
            }
            if (v >= 8) {
                assertEquals(2, nb.length, "a road space lies between two places");
            }
        }
    }

    @Test
    void theSetupsAndTheCourierSpaces() {
        assertEquals(2, D.setups());
        assertArrayEquals(new int[] {0, 1, 2}, D.setupWagons(0), "Paris, Cologne, Vienna");
        assertArrayEquals(new int[] {3, 4, 5}, D.setupWagons(1), "Bruges, Hamburg, Genoa");
        assertEquals("Bruges-Hamburg#2", D.nodeName(D.setupCourier(0)), "2 spaces from Bruges, a city without a wagon");
        assertEquals("Paris-Burgundy fork#2", D.nodeName(D.setupCourier(1)), "2 spaces from Paris");
        MerchantsData reversed = MerchantsData.parse(edited(j -> setup(j, 0).set("courier",
                Json.mapper().createObjectNode().put("from", "Hamburg").put("to", "Bruges").put("space", 1))));
        assertEquals("Bruges-Hamburg#4", reversed.nodeName(reversed.setupCourier(0)),
                "named from the other end: counted from Hamburg");
    }

    @Test
    void theDefaultNumbers() {
        assertEquals(5, D.levels());
        assertEquals(100, D.cost(0));
        assertEquals(600, D.sale(0));
        assertEquals(400, D.cost(4));
        assertEquals(1000, D.sale(4));
        assertEquals(12, D.statusLevels());
        assertEquals(0, D.upkeep(0));
        assertEquals(8, D.investmentCards());
        assertEquals(4, D.faceUp());
        assertEquals(21, D.influenceCards());
        assertEquals(5, D.creditCards());
        assertEquals(100, D.bidStep());
        assertEquals(20, D.bidSteps());
        assertEquals(10, D.offerSteps());
        assertEquals(12, D.endArrivals(2));
        assertEquals(14, D.endArrivals(3));
        assertEquals(16, D.endArrivals(4));
        assertEquals(D, MerchantsData.parse(edited(j -> { })), "the same data read again is equal");
    }

    // ---------------------------------------------------------------- malformed data

    @Test
    void aCityWithAnUnknownGoodIsRejected() {
        rejected("city Paris shows unknown good 'spice'", j -> city(j, 0).withArray("goods").set(0, "spice"));
    }

    @Test
    void aCityWithTwoGoodsIsRejected() {
        rejected("city Cologne must show 3 distinct goods", j -> city(j, 1).withArray("goods").remove(2));
        rejected("city Cologne must show 3 distinct goods", j -> city(j, 1).withArray("goods").set(2, "wine"));
    }

    @Test
    void aDuplicateCityIsRejected() {
        rejected("city 'Paris' is listed twice", j -> city(j, 5).put("name", "Paris"));
    }

    @Test
    void aWrongNumberOfCitiesOrGoodsIsRejected() {
        rejected("cities must list 6 cities, not 5", j -> j.withArray("cities").remove(5));
        rejected("goods must list 6 distinct non-empty names", j -> j.withArray("goods").set(5, "cloth"));
    }

    @Test
    void aRoadToAnUnknownPlaceIsRejected() {
        rejected("joins unknown place 'Lisbon'", j -> road(j, "Bruges", "Paris").put("to", "Lisbon"));
        rejected("joins Paris to itself", j -> road(j, "Bruges", "Paris").put("from", "Paris"));
        rejected("roads[0].spaces must be 0..58, not -1", j -> road(j, "Bruges", "Paris").put("spaces", -1));
    }

    @Test
    void moreThanFourRoadsAtAPlaceAreRejected() {
        rejected("Cologne has 5 roads; at most 4", j -> addRoad(j, "Cologne", "Genoa", 2));
    }

    @Test
    void twoDirectRoadsBetweenTheSamePlacesAreRejected() {
        rejected("two roads join Paris and Bruges", j -> {
            addRoad(j, "Paris", "Bruges", 0);
            addRoad(j, "Bruges", "Paris", 0);
        });
    }

    @Test
    void aCityThatCannotBeReachedIsRejected() {
        rejected("city Vienna cannot be reached from Paris", j -> {
            removeRoads(j, "Burgundy fork", "Genoa", "Alpine fork", "Genoa", "Hamburg", "Vienna",
                    "Alpine fork", "Vienna", "Cologne", "Alpine fork");
            j.withArray("forks").remove(1);
        });
        rejected("city Genoa has no road", j -> {
            removeRoads(j, "Burgundy fork", "Genoa", "Alpine fork", "Genoa", "Genoa", "Vienna");
        });
    }

    @Test
    void aForkWithOneRoadIsRejected() {
        rejected("fork Alpine fork needs at least 2 roads, has 1",
                j -> removeRoads(j, "Alpine fork", "Vienna", "Alpine fork", "Genoa"));
        rejected("fork 'Paris' is listed twice or has a city's name", j -> j.withArray("forks").add("Paris"));
    }

    @Test
    void aMapOfMoreThan64PlacesIsRejected() {
        rejected("the map has 97 places", j -> road(j, "Hamburg", "Vienna").put("spaces", 58));
    }

    @Test
    void aSetupWithTwoWagonsIsRejected() {
        rejected("setup 0 must place 3 wagons in distinct cities", j -> setup(j, 0).withArray("wagons").remove(2));
        rejected("setup 1 must place 3 wagons in distinct cities",
                j -> setup(j, 1).withArray("wagons").set(2, "Bruges"));
        rejected("setup 0 places a wagon in 'Burgundy fork', which is not a city",
                j -> setup(j, 0).withArray("wagons").set(0, "Burgundy fork"));
        rejected("setups must list at least one setup", j -> j.withArray("setups").removeAll());
    }

    @Test
    void aCourierSpaceOffTheRoadIsRejected() {
        rejected("the courier's space must be 1..4 on the road Bruges-Hamburg, not 5",
                j -> ((ObjectNode) setup(j, 0).get("courier")).put("space", 5));
        rejected("the courier's space must be 1..4 on the road Bruges-Hamburg, not 0",
                j -> ((ObjectNode) setup(j, 0).get("courier")).put("space", 0));
        rejected("setup 0: no road joins Bruges and Vienna",
                j -> ((ObjectNode) setup(j, 0).get("courier")).put("to", "Vienna"));
    }

    @Test
    void unequalPriceLinesAreRejected() {
        rejected("prices.cost and prices.sale must have the same number of levels (2..8), not 5 and 4",
                j -> ((ObjectNode) j.get("prices")).withArray("sale").remove(4));
        rejected("not 9 and 9", j -> {
            for (String line : new String[] {"cost", "sale"}) {
                ArrayNode a = ((ObjectNode) j.get("prices")).withArray(line);
                for (int k = 0; k < 4; k++) {
                    a.add(1000);
                }
            }
        });
    }

    @Test
    void aBidMaximumOffTheStepOrAboveTwentyStepsIsRejected() {
        rejected("bids.max must be a multiple of bids.step and at most 20 steps, not 2050 with step 100",
                j -> ((ObjectNode) j.get("bids")).put("max", 2050));
        rejected("bids.max must be a multiple of bids.step and at most 20 steps, not 2100 with step 100",
                j -> ((ObjectNode) j.get("bids")).put("max", 2100));
        rejected("offers.max must be a multiple of offers.step and at most 10 steps, not 1100 with step 100",
                j -> ((ObjectNode) j.get("offers")).put("max", 1100));
        MerchantsData fine = MerchantsData.parse(edited(j -> ((ObjectNode) j.get("bids")).put("step", 50).put("max", 1000)));
        assertEquals(20, fine.bidSteps(), "20 steps of 50");
    }

    @Test
    void anUnknownInvestmentCardIsRejected() {
        rejected("unknown investment card 'spy'", j -> j.withArray("investment").set(0, "spy"));
        rejected("investmentFaceUp must be at most 4, not 5", j -> j.put("investmentFaceUp", 5));
    }

    @Test
    void aMissingEndThresholdIsRejected() {
        rejected("missing field 'endArrivals.3'", j -> ((ObjectNode) j.get("endArrivals")).remove("3"));
        rejected("endArrivals.4 must be 1..100, not 0", j -> ((ObjectNode) j.get("endArrivals")).put("4", 0));
    }

    @Test
    void upkeepOnTheLowestStatusLevelIsRejected() {
        rejected("the lowest status level must cost no upkeep, not 100",
                j -> ((ObjectNode) j.get("status")).withArray("upkeep").set(0, 100));
        rejected("status must have 2..12 levels with one upkeep each, not 12 levels and 11 upkeeps",
                j -> ((ObjectNode) j.get("status")).withArray("upkeep").remove(11));
    }

    @Test
    void aWrongFormatOrAnUnknownFieldIsRejected() {
        rejected("format must be 'kaisen.merchants.game/1'", j -> j.put("format", "kaisen.merchants.game/2"));
        rejected("missing field 'startMoney'", j -> j.remove("startMoney"));
        GameFormatException e = assertThrows(GameFormatException.class,
                () -> MerchantsData.parse(edited(j -> j.put("colour", "red"))));
        assertTrue(e.getMessage().contains("colour"), e.getMessage());
    }

    @Test
    void aMalformedFileIsRejectedNamingTheFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, edited(j -> j.withArray("investment").set(0, "spy")));
        GameFormatException e = assertThrows(GameFormatException.class, () -> MerchantsData.load(file));
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("unknown investment card 'spy'"), e.getMessage());
        IllegalArgumentException config = assertThrows(IllegalArgumentException.class,
                () -> new MerchantsGame(new GameConfig(2, Map.of("data", file.toString()))));
        assertTrue(config.getMessage().contains("unknown investment card 'spy'"), config.getMessage());
    }

    /** Probe 3, defect 10: a named pipe given as the data file blocked the game's construction for good. */
    @Test
    void aNamedPipeAsTheDataFileIsRefused(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("data.json");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(mk.waitFor() == 0 && Files.exists(fifo), "mkfifo is not available");
        RuntimeException e = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofSeconds(20), () -> assertThrows(RuntimeException.class,
                        () -> new MerchantsGame(new GameConfig(2, Map.of("data", fifo.toString())))));
        assertTrue(e.getMessage().contains(fifo + " is a named pipe (FIFO), not Merchants game data (JSON); give a file"),
                e.getMessage());
    }

    // ---------------------------------------------------------------- a custom file

    @Test
    void aCustomFilePlaysToTheEnd(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("cheap.json");
        Files.writeString(file, edited(j -> {
            j.put("name", "cheap goods");
            ObjectNode prices = (ObjectNode) j.get("prices");
            prices.putArray("cost").add(50).add(100).add(150).add(200).add(250).add(300);
            prices.putArray("sale").add(400).add(500).add(600).add(700).add(800).add(900);
            j.put("startMoney", 3000);
            ((ObjectNode) j.get("endArrivals")).put("2", 5).put("3", 6).put("4", 7);
        }));
        MerchantsData data = MerchantsData.load(file);
        assertFalse(data.isStandard());
        assertNotEquals(D, data);
        assertEquals(6, data.levels());
        for (int players = 2; players <= 4; players++) {
            MerchantsGame game = new MerchantsGame(players, data);
            assertEquals(data, new MerchantsGame(new GameConfig(players, Map.of("data", file.toString()))).data(),
                    "the same data through the config option");
            for (long seed = 0; seed < 5; seed++) {
                MerchantsState s = game.newGame(seed, ChanceLog.NONE);
                assertEquals(50, s.cost(0), "the file's prices");
                assertEquals(400, s.salePrice(0));
                assertEquals(3000, s.money(0));
                SplittableRandom rng = new SplittableRandom(seed);
                int maxLevel = 0;
                while (!s.isTerminal()) {
                    int[] legal = s.legalActions();
                    assertTrue(legal.length > 0, "a legal action in " + s.phase());
                    s.applyInPlace(legal[rng.nextInt(legal.length)]);
                    for (int g = 0; g < MerchantsData.GOODS; g++) {
                        maxLevel = Math.max(maxLevel, s.priceLevel(g));
                    }
                }
                assertEquals("ARRIVALS", s.endReason());
                assertTrue(s.arrivals() >= data.endArrivals(players));
                assertTrue(maxLevel < 6, "price levels stay on the file's 6 lines");
            }
        }
    }

    @Test
    void aLoopOfRoadsThatPassesNoCityIsRejected() {
        rejected("close a loop that passes no city", j -> {
            j.withArray("forks").add("X fork").add("Y fork").add("Z fork");
            addRoad(j, "Paris", "X fork", 1);
            addRoad(j, "X fork", "Y fork", 1);
            addRoad(j, "Y fork", "Z fork", 1);
            addRoad(j, "Z fork", "X fork", 1);
        });
    }

    @Test
    void amountsBeyondTheBoundsAreRejected() {
        rejected("startMoney must be at most 100000 florins, not 2000000000", j -> j.put("startMoney", 2_000_000_000));
        rejected("status.stepCost must be at most 100000 florins", j -> ((ObjectNode) j.get("status"))
                .withArray("stepCost").set(3, 500_000));
        rejected("movement.coachDriver must be at most 4 points, not 9", j -> ((ObjectNode) j.get("movement"))
                .put("coachDriver", 9));
        rejected("influence.messengerPoints must be at most 4 points", j -> ((ObjectNode) j.get("influence"))
                .put("messengerPoints", 5));
    }

    /** Probe 3, defect 4: a 2.7 KB file asked for 10^9 road spaces or 10^8 influence copies and exhausted the heap. */
    @Test
    void everyCountHasAnUpperBound() {
        rejected("roads[0].spaces must be 0..58, not 1000000000",
                j -> road(j, "Bruges", "Paris").put("spaces", 1_000_000_000));
        rejected("influence.copies must be 0..10, not 100000000",
                j -> ((ObjectNode) j.get("influence")).put("copies", 100_000_000));
        rejected("influence.marketRightBuys must be 0..20, not 21",
                j -> ((ObjectNode) j.get("influence")).put("marketRightBuys", 21));
        rejected("goodsPerType must be 2..50, not 1000000000", j -> j.put("goodsPerType", 1_000_000_000));
        rejected("credit.cards must be 0..20, not 1000000000",
                j -> ((ObjectNode) j.get("credit")).put("cards", 1_000_000_000));
        rejected("endArrivals.3 must be 1..100, not 1000000000",
                j -> ((ObjectNode) j.get("endArrivals")).put("3", 1_000_000_000));
        rejected("buyLimit must be 1..20, not 21", j -> j.put("buyLimit", 21));
        rejected("firstRoundBuys must be 1..20, not 99", j -> j.put("firstRoundBuys", 99));
        rejected("masterLoad must be 1..20, not 21", j -> j.put("masterLoad", 21));
        rejected("otherLoad must be 1..20, not 1000", j -> j.put("otherLoad", 1000));
        rejected("investment lists 65 cards; at most 64", j -> {
            ArrayNode inv = j.withArray("investment");
            while (inv.size() < 65) {
                inv.add("office");
            }
        });
        rejected("setups lists 101 setups; at most 100", j -> {
            ArrayNode setups = j.withArray("setups");
            while (setups.size() < 101) {
                setups.add(setups.get(0).deepCopy());
            }
        });
        rejected("status.stepCost lists 101 costs; at most 100", j -> {
            ArrayNode steps = ((ObjectNode) j.get("status")).withArray("stepCost");
            while (steps.size() < 101) {
                steps.add(1000);
            }
        });
        rejected("forks lists 59 forks; at most 58", j -> {
            ArrayNode forks = j.withArray("forks");
            for (int k = forks.size(); k < 59; k++) {
                forks.add("fork " + k);
            }
        });
        rejected("roads lists 129 roads; at most 128", j -> {
            ArrayNode roads = j.withArray("roads");
            while (roads.size() < 129) {
                roads.add(roads.get(0).deepCopy());
            }
        });
    }

    @Test
    void theBoundsAdmitTheirLargestValues() {
        MerchantsData d = MerchantsData.parse(edited(j -> {
            j.put("goodsPerType", MerchantsData.MAX_GOODS_PER_TYPE);
            ((ObjectNode) j.get("influence")).put("copies", MerchantsData.MAX_INFLUENCE_COPIES);
            ((ObjectNode) j.get("credit")).put("cards", MerchantsData.MAX_CREDIT_CARDS);
            ((ObjectNode) j.get("endArrivals")).put("4", MerchantsData.MAX_END_ARRIVALS);
        }));
        assertEquals(MerchantsData.MAX_GOODS_PER_TYPE, d.goodsPerType());
        assertEquals(MerchantsData.MAX_INFLUENCE_COPIES * Influence.COUNT, d.influenceCards());
        assertEquals(MerchantsData.MAX_END_ARRIVALS, d.endArrivals(4));
    }

    @Test
    void unknownEndKeysAndBadStatusNamesAreRejected() {
        rejected("endArrivals has key '7'", j -> ((ObjectNode) j.get("endArrivals")).put("7", 3));
        rejected("status.levels must be distinct non-empty names", j -> ((ObjectNode) j.get("status"))
                .withArray("levels").set(1, "Peddler"));
        rejected("status.levels must be distinct non-empty names", j -> ((ObjectNode) j.get("status"))
                .withArray("levels").set(2, ""));
    }

    @Test
    void theLongestMoveSizesTheMovePath() {
        assertEquals(4, D.maxMovePoints(), "a tile (Driver 1 + Coach Driver 2 + Wheelwright 1 = 4 too)");
        assertEquals(5, D.maxCourierPoints(), "Courier 1 + Express Courier 2 + Messenger 2");
    }
}
