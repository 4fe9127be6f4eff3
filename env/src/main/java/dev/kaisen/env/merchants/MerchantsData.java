package dev.kaisen.env.merchants;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.Json;
import dev.kaisen.env.UserFiles;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Every number of Merchants of the Middle Ages and its map, as data (issue: "all numbers and the
 * map as data"; {@code docs/rules/merchants.md} says which come from the seed rulebook, which from
 * published sources and which are [reconstructed]). The default ships as the resource
 * {@code default-game.json}; option {@code data} names another file of the same format
 * ({@value #FORMAT}).
 *
 * <p><b>The map.</b> Node ids: the {@value #CITIES} cities first (0..5, in file order), then the
 * forks, then the spaces of each road in file order, each road's spaces from its {@code from} end
 * to its {@code to} end. A road of {@code spaces} k joins its two ends through k spaces (0: the ends
 * are adjacent). Forks and road spaces are spaces a wagon may stand on; a city holds at most one
 * wagon too. Each node's neighbours are kept sorted by id, which is the order of the
 * {@code branch:K} and {@code courier:K} actions.
 *
 * <p>Validation (each failure a {@link GameFormatException} saying what is wrong): exactly
 * {@value #GOODS} distinct goods and {@value #CITIES} distinct cities, each city with
 * {@value #CITY_GOODS} distinct known goods; fork names distinct from cities; roads between known,
 * different ends with {@code spaces} {@code 0..}{@value #MAX_ROAD_SPACES}; at most {@value #MAX_DEGREE} roads at a node, at most
 * {@value #MAX_NODES} nodes, every city reachable from every other, every fork with at least 2 roads;
 * each setup with {@value #WAGONS} distinct cities and a courier space on a named road; price lines of
 * equal length ({@code 2..}{@value #MAX_LEVELS}); bids and offers multiples of their step within the
 * action table ({@value #MAX_BID_STEPS} and {@value #MAX_OFFER_STEPS} steps); a status ladder of
 * {@code 2..}{@value #MAX_STATUS} levels with an upkeep each; investment cards of known kinds, and
 * {@code 1..}{@value #MAX_FACE_UP} face up; an end threshold for 2, 3 and 4 players. Every count
 * and list has an upper bound (the {@code MAX_} constants), so a file of a few bytes cannot ask for
 * a billion road spaces or cards.
 */
public final class MerchantsData {
    public static final String FORMAT = "kaisen.merchants.game/1";
    public static final int GOODS = 6;
    public static final int CITIES = 6;
    public static final int CITY_GOODS = 3;
    public static final int WAGONS = 3;
    public static final int MAX_DEGREE = 4;
    public static final int MAX_NODES = 64;
    public static final int MAX_LEVELS = 8;
    public static final int MAX_BID_STEPS = 20;
    public static final int MAX_OFFER_STEPS = 10;
    public static final int MAX_STATUS = 12;
    public static final int MAX_FACE_UP = 4;
    /** The most movement or courier points one card may give (the path of a move is sized from them). */
    public static final int MAX_CARD_POINTS = 4;
    /** The most florins any number of the data may be (money stays far from integer overflow). */
    public static final int MAX_FLORINS = 100_000;
    static final long MAX_BYTES = 1 << 20;
    /** Spaces on one road: each is a place of the map, which holds at most {@value #MAX_NODES} with the cities. */
    public static final int MAX_ROAD_SPACES = MAX_NODES - CITIES;
    /** Forks: each is a place of the map beside the cities (see {@link #MAX_ROAD_SPACES}). */
    public static final int MAX_FORKS = MAX_NODES - CITIES;
    /** Roads: each takes one of the at most {@value #MAX_DEGREE} road ends of two places. */
    public static final int MAX_ROADS = MAX_NODES * MAX_DEGREE / 2;
    /** [decision] Setups to draw from (default 2): the seed picks one, so more only add variety. */
    public static final int MAX_SETUPS = 100;
    /** [decision] Goods of each type (default 9): the supply and every warehouse stay small counts. */
    public static final int MAX_GOODS_PER_TYPE = 50;
    /** [decision] Goods bought in one turn, bought with Market Right, and buying passes in round 1 (default 3, 2, 2). */
    public static final int MAX_BUYS = 20;
    /** [decision] Goods of one type one seat may load on a wagon (default: master 3, others 2). */
    public static final int MAX_LOAD = 20;
    /** [decision] Credit cards in the bank (default 5). */
    public static final int MAX_CREDIT_CARDS = 20;
    /** [decision] Investment cards (default 8): every copy of a state copies the deck. */
    public static final int MAX_INVESTMENT_CARDS = 64;
    /** [decision] Copies of each influence card (default 3): the deck holds this many of each kind. */
    public static final int MAX_INFLUENCE_COPIES = 10;
    /**
     * [decision] Wagon arrivals that end the game (default 12, 14, 16), and entries of
     * {@code status.stepCost} (one per arrival): a game of {@link MerchantsState#DECISION_CAP}
     * decisions is truncated long before this many arrivals.
     */
    public static final int MAX_END_ARRIVALS = 100;

    @JsonPropertyOrder({"name", "goods"})
    public record CityJson(String name, List<String> goods) {
    }

    @JsonPropertyOrder({"from", "to", "spaces"})
    public record RoadJson(String from, String to, Integer spaces) {
    }

    @JsonPropertyOrder({"from", "to", "space"})
    public record SpaceJson(String from, String to, Integer space) {
    }

    @JsonPropertyOrder({"wagons", "courier"})
    public record SetupJson(List<String> wagons, SpaceJson courier) {
    }

    public record BonusJson(Integer start, Integer growth, Integer max) {
    }

    public record PricesJson(List<Integer> cost, List<Integer> sale) {
    }

    public record StepsJson(Integer step, Integer max) {
    }

    @JsonPropertyOrder({"levels", "upkeep", "stepCost"})
    public record StatusJson(List<String> levels, List<Integer> upkeep, List<Integer> stepCost) {
    }

    public record CreditJson(Integer cards, Integer amount, Integer repay) {
    }

    @JsonPropertyOrder({"driver", "coachDriver", "courier", "expressCourier"})
    public record MovementJson(Integer driver, Integer coachDriver, Integer courier, Integer expressCourier) {
    }

    @JsonPropertyOrder({"copies", "marketRightBuys", "wheelwrightPoints", "messengerPoints", "patronFlorins"})
    public record InfluenceJson(Integer copies, Integer marketRightBuys, Integer wheelwrightPoints,
                                Integer messengerPoints, Integer patronFlorins) {
    }

    @JsonPropertyOrder({"format", "name", "goods", "goodsPerType", "cities", "forks", "roads", "setups", "startMoney",
            "bonus", "prices", "buyLimit", "firstRoundBuys", "reducedCost", "masterLoad", "otherLoad", "offers", "bids",
            "status", "credit", "investment", "investmentFaceUp", "movement", "influence", "endArrivals"})
    public record DataJson(String format, String name, List<String> goods, Integer goodsPerType, List<CityJson> cities,
                           List<String> forks, List<RoadJson> roads, List<SetupJson> setups, Integer startMoney,
                           BonusJson bonus, PricesJson prices, Integer buyLimit, Integer firstRoundBuys,
                           Integer reducedCost, Integer masterLoad, Integer otherLoad, StepsJson offers, StepsJson bids,
                           StatusJson status, CreditJson credit, List<String> investment, Integer investmentFaceUp,
                           MovementJson movement, InfluenceJson influence, Map<String, Integer> endArrivals) {
    }

    private final DataJson json;
    private final String canonical;
    private final String name;
    final String[] goods = new String[GOODS];
    final String[] nodeNames;
    /** cityGoods[c] = the 3 goods of city c's market, ascending. */
    final int[][] cityGoods;
    final boolean[][] cityShows;
    final int[][] neighbours;
    final int nodes;
    final int[][] setupWagons;
    final int[] setupCourier;
    /** The map as read (its forks and roads for the view; the fields above copy the rest). */
    final MerchantsMap map;
    final int goodsPerType;
    final int startMoney;
    final int bonusStart;
    final int bonusGrowth;
    final int bonusMax;
    final int[] cost;
    final int[] sale;
    final int buyLimit;
    final int firstRoundBuys;
    final int reducedCost;
    final int masterLoad;
    final int otherLoad;
    final int offerStep;
    final int offerSteps;
    final int bidStep;
    final int bidSteps;
    final String[] statusNames;
    final int[] upkeep;
    final int[] stepCost;
    final int creditCards;
    final int creditAmount;
    final int creditRepay;
    final Investment[] investment;
    final int faceUp;
    final int driverPoints;
    final int coachDriverPoints;
    final int courierPoints;
    final int expressCourierPoints;
    final int influenceCopies;
    final int marketRightBuys;
    final int wheelwrightPoints;
    final int messengerPoints;
    final int patronFlorins;
    final int[] endArrivals = new int[5];

    private static final MerchantsData DEFAULT = loadDefault();

    MerchantsData(DataJson j) {
        this.json = Json.require(j, "data");
        this.canonical = Json.write(j, false);
        requireFormat(j.format());
        this.name = Json.require(j.name(), "name");
        readGoods(j.goods()).toArray(goods);
        goodsPerType = within(j.goodsPerType(), 2, MAX_GOODS_PER_TYPE, "goodsPerType");
        map = new MerchantsMap(j, Arrays.asList(goods));
        cityGoods = map.cityGoods;
        cityShows = map.cityShows;
        nodeNames = map.nodeNames;
        neighbours = map.neighbours;
        nodes = nodeNames.length;
        setupWagons = map.setupWagons;
        setupCourier = map.setupCourier;
        startMoney = florins(j.startMoney(), 0, "startMoney");
        BonusJson bonus = Json.require(j.bonus(), "bonus");
        bonusStart = florins(bonus.start(), 0, "bonus.start");
        bonusGrowth = florins(bonus.growth(), 0, "bonus.growth");
        bonusMax = florins(bonus.max(), bonusStart, "bonus.max");
        PricesJson prices = Json.require(j.prices(), "prices");
        cost = ints(Json.require(prices.cost(), "prices.cost"), 0, "prices.cost");
        sale = ints(Json.require(prices.sale(), "prices.sale"), 0, "prices.sale");
        checkPrices();
        buyLimit = within(j.buyLimit(), 1, MAX_BUYS, "buyLimit");
        firstRoundBuys = within(j.firstRoundBuys(), 1, MAX_BUYS, "firstRoundBuys");
        reducedCost = florins(j.reducedCost(), 0, "reducedCost");
        masterLoad = within(j.masterLoad(), 1, MAX_LOAD, "masterLoad");
        otherLoad = within(j.otherLoad(), 1, MAX_LOAD, "otherLoad");
        offerStep = florins(Json.require(j.offers(), "offers").step(), 1, "offers.step");
        offerSteps = steps(j.offers(), offerStep, MAX_OFFER_STEPS, "offers");
        bidStep = florins(Json.require(j.bids(), "bids").step(), 1, "bids.step");
        bidSteps = steps(j.bids(), bidStep, MAX_BID_STEPS, "bids");
        StatusJson status = Json.require(j.status(), "status");
        statusNames = readStatusNames(status.levels());
        upkeep = ints(Json.require(status.upkeep(), "status.upkeep"), 0, "status.upkeep");
        List<Integer> steps = Json.require(status.stepCost(), "status.stepCost");
        atMost(steps.size(), MAX_END_ARRIVALS, "status.stepCost", "costs", "one per arrival, and a game ends by "
                + MAX_END_ARRIVALS + " arrivals");
        stepCost = ints(steps, 1, "status.stepCost");
        checkStatus();
        CreditJson credit = Json.require(j.credit(), "credit");
        creditCards = within(credit.cards(), 0, MAX_CREDIT_CARDS, "credit.cards");
        creditAmount = florins(credit.amount(), 1, "credit.amount");
        creditRepay = florins(credit.repay(), creditAmount, "credit.repay");
        investment = readInvestment(j.investment());
        faceUp = number(j.investmentFaceUp(), 1, MAX_FACE_UP, "", "investmentFaceUp");
        MovementJson m = Json.require(j.movement(), "movement");
        driverPoints = points(m.driver(), "movement.driver");
        coachDriverPoints = points(m.coachDriver(), "movement.coachDriver");
        courierPoints = points(m.courier(), "movement.courier");
        expressCourierPoints = points(m.expressCourier(), "movement.expressCourier");
        InfluenceJson inf = Json.require(j.influence(), "influence");
        influenceCopies = within(inf.copies(), 0, MAX_INFLUENCE_COPIES, "influence.copies");
        marketRightBuys = within(inf.marketRightBuys(), 0, MAX_BUYS, "influence.marketRightBuys");
        wheelwrightPoints = points(inf.wheelwrightPoints(), "influence.wheelwrightPoints");
        messengerPoints = points(inf.messengerPoints(), "influence.messengerPoints");
        patronFlorins = florins(inf.patronFlorins(), 0, "influence.patronFlorins");
        readEndArrivals(Json.require(j.endArrivals(), "endArrivals"));
    }

    private static void requireFormat(String format) {
        if (!FORMAT.equals(format)) {
            throw new GameFormatException("format must be '" + FORMAT + "', not '" + format + "'");
        }
    }

    private static List<String> readGoods(List<String> goods) {
        List<String> g = Json.require(goods, "goods");
        if (g.size() != GOODS || new HashSet<>(g).size() != GOODS || g.contains(null) || g.contains("")) {
            throw new GameFormatException("goods must list " + GOODS + " distinct non-empty names, not " + g);
        }
        return g;
    }

    /** Both price lines within the florin bound, of the same number of levels. */
    private void checkPrices() {
        florins(Arrays.stream(cost).max().orElse(0), 0, "prices.cost");
        florins(Arrays.stream(sale).max().orElse(0), 0, "prices.sale");
        if (cost.length != sale.length || cost.length < 2 || cost.length > MAX_LEVELS) {
            throw new GameFormatException("prices.cost and prices.sale must have the same number of levels (2.."
                    + MAX_LEVELS + "), not " + cost.length + " and " + sale.length);
        }
    }

    private static String[] readStatusNames(List<String> levels) {
        String[] names = Json.require(levels, "status.levels").toArray(new String[0]);
        if (Arrays.stream(names).anyMatch(x -> x == null || x.isEmpty())
                || new HashSet<>(Arrays.asList(names)).size() != names.length) {
            throw new GameFormatException("status.levels must be distinct non-empty names, not "
                    + Arrays.toString(names));
        }
        return names;
    }

    /** The ladder: 2..MAX_STATUS levels with one upkeep each, the lowest free, at least one step cost. */
    private void checkStatus() {
        florins(Arrays.stream(upkeep).max().orElse(0), 0, "status.upkeep");
        florins(Arrays.stream(stepCost).max().orElse(0), 0, "status.stepCost");
        if (statusNames.length < 2 || statusNames.length > MAX_STATUS || upkeep.length != statusNames.length) {
            throw new GameFormatException("status must have 2.." + MAX_STATUS + " levels with one upkeep each, not "
                    + statusNames.length + " levels and " + upkeep.length + " upkeeps");
        }
        if (upkeep[0] != 0) {
            throw new GameFormatException("the lowest status level must cost no upkeep, not " + upkeep[0]);
        }
        if (stepCost.length == 0) {
            throw new GameFormatException("status.stepCost must give at least one cost");
        }
    }

    private static Investment[] readInvestment(List<String> cards) {
        List<String> inv = Json.require(cards, "investment");
        atMost(inv.size(), MAX_INVESTMENT_CARDS, "investment", "cards", null);
        Investment[] out = new Investment[inv.size()];
        for (int k = 0; k < inv.size(); k++) {
            out[k] = Investment.byName(inv.get(k));
        }
        return out;
    }

    private void readEndArrivals(Map<String, Integer> end) {
        for (String key : end.keySet()) {
            if (!key.matches("[2-4]")) {
                throw new GameFormatException("endArrivals has key '" + key + "'; its keys are the player counts 2, 3 and 4");
            }
        }
        for (int p = MerchantsState.MIN_PLAYERS; p <= MerchantsState.MAX_PLAYERS; p++) {
            endArrivals[p] = within(end.get(Integer.toString(p)), 1, MAX_END_ARRIVALS, "endArrivals." + p);
        }
    }

    /**
     * A number of the data within {@code min..max}. With a unit the two bounds are told apart
     * ("field must be at least min", "field must be at most max unit"); without one (null), as a
     * range ("field must be min..max").
     */
    private static int number(Integer v, int min, int max, String unit, String field) {
        int x = Json.require(v, field);
        if (unit == null && (x < min || x > max)) {
            throw new GameFormatException(field + " must be " + min + ".." + max + ", not " + x);
        }
        if (x < min) {
            throw new GameFormatException(field + " must be at least " + min + ", not " + x);
        }
        if (x > max) {
            throw new GameFormatException(field + " must be at most " + max + (unit.isEmpty() ? "" : " " + unit)
                    + ", not " + x);
        }
        return x;
    }

    private static int florins(Integer v, int min, String field) {
        return number(v, min, MAX_FLORINS, "florins", field);
    }

    private static int points(Integer v, String field) {
        return number(v, 0, MAX_CARD_POINTS, "points", field);
    }

    private static int atLeast(Integer v, int min, String field) {
        return number(v, min, Integer.MAX_VALUE, "", field);
    }

    /** A count within its bounds: "field must be min..max, not x". */
    static int within(Integer v, int min, int max, String field) {
        return number(v, min, max, null, field);
    }

    /** A list of at most {@code max} items: "field lists n items; at most max (why)". */
    static void atMost(int n, int max, String field, String items, String why) {
        if (n > max) {
            throw new GameFormatException(field + " lists " + n + " " + items + "; at most " + max
                    + (why == null ? "" : " (" + why + ")"));
        }
    }

    private static int[] ints(List<Integer> list, int min, String field) {
        int[] out = new int[list.size()];
        for (int k = 0; k < out.length; k++) {
            out[k] = atLeast(list.get(k), min, field + "[" + k + "]");
        }
        return out;
    }

    private static int steps(StepsJson s, int step, int maxSteps, String field) {
        int max = florins(s.max(), 0, field + ".max");
        if (max % step != 0 || max / step > maxSteps) {
            throw new GameFormatException(field + ".max must be a multiple of " + field + ".step and at most " + maxSteps
                    + " steps, not " + max + " with step " + step);
        }
        return max / step;
    }

    /** Reads and validates a data file (a {@link UserFiles.FileException} when unreadable). */
    public static MerchantsData load(Path file) {
        try {
            return new MerchantsData(UserFiles.readJson(file, MAX_BYTES, "Merchants game data (JSON)", DataJson.class));
        } catch (GameFormatException e) {
            throw new GameFormatException(file + ": " + e.getMessage(), e);
        }
    }

    /** Reads and validates data given as JSON text. */
    public static MerchantsData parse(String text) {
        return new MerchantsData(Json.read(text, DataJson.class));
    }

    /** The shipped default. */
    public static MerchantsData standard() {
        return DEFAULT;
    }

    private static MerchantsData loadDefault() {
        try (InputStream in = MerchantsData.class.getResourceAsStream("default-game.json")) {
            return parse(new String(Objects.requireNonNull(in, "default-game.json").readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the default Merchants data", e);
        }
    }

    /** The data as JSON (what the state JSON embeds when the data is not the default). */
    public DataJson json() {
        return json;
    }

    public String name() {
        return name;
    }

    public boolean isStandard() {
        return this == DEFAULT || equals(DEFAULT);
    }

    public int nodes() {
        return nodes;
    }

    public String nodeName(int v) {
        return nodeNames[v];
    }

    public boolean isCity(int v) {
        return v < CITIES;
    }

    public int[] neighbours(int v) {
        return neighbours[v].clone();
    }

    public String good(int g) {
        return goods[g];
    }

    public String city(int c) {
        return nodeNames[c];
    }

    public boolean shows(int city, int good) {
        return cityShows[city][good];
    }

    public int[] cityGoods(int city) {
        return cityGoods[city].clone();
    }

    public int levels() {
        return cost.length;
    }

    public int cost(int level) {
        return cost[level];
    }

    public int sale(int level) {
        return sale[level];
    }

    public int statusLevels() {
        return statusNames.length;
    }

    public String statusName(int level) {
        return statusNames[level];
    }

    public int upkeep(int level) {
        return upkeep[level];
    }

    /** The cost of the next status step after {@code arrivals} wagon arrivals (the last entry beyond the table). */
    public int stepCost(int arrivals) {
        return stepCost[Math.min(arrivals, stepCost.length - 1)];
    }

    /** The most points one move can have: a tile, or Driver, Coach Driver and Wheelwright together. */
    public int maxMovePoints() {
        return Math.max(MerchantsState.TILES, driverPoints + coachDriverPoints + wheelwrightPoints);
    }

    /** The most steps one courier run can have: Courier, Express Courier and Messenger together. */
    public int maxCourierPoints() {
        return courierPoints + expressCourierPoints + messengerPoints;
    }

    public int investmentCards() {
        return investment.length;
    }

    public Investment investment(int card) {
        return investment[card];
    }

    public int faceUp() {
        return faceUp;
    }

    public int endArrivals(int players) {
        return endArrivals[players];
    }

    public int goodsPerType() {
        return goodsPerType;
    }

    public int startMoney() {
        return startMoney;
    }

    public int bidStep() {
        return bidStep;
    }

    public int bidSteps() {
        return bidSteps;
    }

    public int offerStep() {
        return offerStep;
    }

    public int offerSteps() {
        return offerSteps;
    }

    public int setups() {
        return setupWagons.length;
    }

    public int[] setupWagons(int setup) {
        return setupWagons[setup].clone();
    }

    public int setupCourier(int setup) {
        return setupCourier[setup];
    }

    public int bonusMax() {
        return bonusMax;
    }

    public int creditCards() {
        return creditCards;
    }

    public int influenceCards() {
        return influenceCopies * Influence.COUNT;
    }

    public int masterLoad() {
        return masterLoad;
    }

    public int otherLoad() {
        return otherLoad;
    }

    /** Same data: the same JSON, field by field. */
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof MerchantsData d && canonical.equals(d.canonical);
    }

    @Override
    public int hashCode() {
        return canonical.hashCode();
    }
}
