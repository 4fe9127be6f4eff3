package dev.kaisen.env.merchants;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.SealedChoices;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Scenario tests of the rules as {@link MerchantsState}'s class comment states them (the seed
 * rulebook where it speaks, [reconstructed] rules elsewhere; {@code docs/rules/merchants.md}
 * marks each), on the default data. Each scenario is a fresh game with its pieces put where the
 * rule needs them, then played with named actions.
 *
 * <p>The default map's places used here (node ids: cities 0..5, forks 6..7, then road spaces):
 * <pre>
 *   Bruges-Hamburg#1..#4      13..16   (from Bruges to Hamburg)
 *   Bruges-Paris#1..#3         8..10   (from Bruges to Paris)
 *   Paris-Burgundy fork#1..#2 26..27, the Burgundy fork 6 (on to Cologne 28..29, on to Genoa 30..32)
 * </pre>
 */
class MerchantsRulesTest {
    static final MerchantsData D = MerchantsData.standard();
    static final int PARIS = 0;
    static final int COLOGNE = 1;
    static final int VIENNA = 2;
    static final int BRUGES = 3;
    static final int HAMBURG = 4;
    static final int GENOA = 5;
    static final int NONE = -1;

    // ---------------------------------------------------------------- helpers

    /**
     * A fresh game on the default data with player 0 first, the seed's first wagon set (Paris,
     * Cologne, Vienna, all empty), the courier on Bruges-Hamburg#2, the bonus markers at 0 and
     * 200, and the investment cards face up in file order (reduced-cost, driver, coach-driver,
     * courier; express-courier, office, office, low-upkeep face down in that order).
     */
    static MerchantsState game(int players) {
        MerchantsState s = MerchantsState.newGame(D, players, 1, ChanceLog.NONE);
        s.first = 0;
        s.turn = 0;
        s.setup = 0;
        int[] cities = {PARIS, COLOGNE, VIENNA};
        for (int w = 0; w < MerchantsData.WAGONS; w++) {
            place(s, w, D.city(cities[w]));
        }
        s.courier = node("Bruges-Hamburg#2");
        for (int c = 0; c < MerchantsData.CITIES; c++) {
            s.bonus[c] = s.wagonAt(c) == NONE ? 200 : 0;
        }
        for (int k = 0; k < s.invDeck.length; k++) {
            s.invDeck[k] = k;
        }
        for (int k = 0; k < s.faceUp.length; k++) {
            s.faceUp[k] = k;
        }
        s.invTop = s.faceUp.length;
        return s;
    }

    /** {@link #game} in round 2 (one buying pass) with every wagon on a road, so no loading auction is due. */
    static MerchantsState roadGame(int players) {
        MerchantsState s = game(players);
        s.round = 2;
        place(s, 0, "Bruges-Paris#1", "Bruges");
        place(s, 1, "Hamburg-Cologne#1", "Hamburg");
        place(s, 2, "Genoa-Vienna#1", "Genoa");
        return s;
    }

    static int node(String name) {
        for (int v = 0; v < D.nodes(); v++) {
            if (D.nodeName(v).equals(name)) {
                return v;
            }
        }
        throw new AssertionError("no place " + name);
    }

    static int good(String name) {
        for (int g = 0; g < MerchantsData.GOODS; g++) {
            if (D.good(g).equals(name)) {
                return g;
            }
        }
        throw new AssertionError("no good " + name);
    }

    static int id(String actionName) {
        for (int a = 0; a < MerchantsAction.COUNT; a++) {
            if (MerchantsAction.name(D, a).equals(actionName)) {
                return a;
            }
        }
        throw new AssertionError("no action " + actionName);
    }

    /** Wagon w in a city (no direction). */
    static void place(MerchantsState s, int w, String city) {
        s.wagonNode[w] = node(city);
        s.wagonPrev[w] = NONE;
    }

    /** Wagon w on a road space, having come from {@code cameFrom} (its back). */
    static void place(MerchantsState s, int w, String at, String cameFrom) {
        s.wagonNode[w] = node(at);
        s.wagonPrev[w] = node(cameFrom);
    }

    static void stock(MerchantsState s, int p, String city, String good, int count) {
        s.warehouse[s.warehouseIndex(p, node(city), good(good))] = count;
    }

    static int stock(MerchantsState s, int p, String city, String good) {
        return s.warehouse(p, node(city), good(good));
    }

    static void cargo(MerchantsState s, int w, int p, String good, int count) {
        s.cargo[s.cargoIndex(w, p, good(good))] = count;
    }

    static int cargo(MerchantsState s, int w, int p, String good) {
        return s.cargo(w, p, good(good));
    }

    static void price(MerchantsState s, String good, int level) {
        s.price[good(good)] = level;
    }

    /** Player p owns an investment card of this kind (taken off the face-up row if it lies there). */
    static void give(MerchantsState s, int p, Investment kind) {
        for (int c = 0; c < D.investmentCards(); c++) {
            if (D.investment(c) == kind && s.invOwner[c] == NONE) {
                s.invOwner[c] = p;
                for (int k = 0; k < s.faceUp.length; k++) {
                    if (s.faceUp[k] == c) {
                        s.faceUp[k] = NONE;
                    }
                }
                return;
            }
        }
        throw new AssertionError("no free " + kind);
    }

    /** Player p takes an influence card of this kind out of the face-down pile. */
    static void deal(MerchantsState s, int p, Influence kind) {
        for (int i = s.inflTop; i < s.inflDeck.length; i++) {
            if (s.inflDeck[i] == kind.ordinal()) {
                s.inflDeck[i] = s.inflDeck[s.inflTop];
                s.inflDeck[s.inflTop++] = kind.ordinal();
                s.addHand(p, kind.ordinal(), 1);
                return;
            }
        }
        throw new AssertionError("no " + kind + " left in the pile");
    }

    /** The next influence card drawn is of this kind. */
    static void nextInfluence(MerchantsState s, Influence kind) {
        for (int i = s.inflTop; i < s.inflDeck.length; i++) {
            if (s.inflDeck[i] == kind.ordinal()) {
                s.inflDeck[i] = s.inflDeck[s.inflTop];
                s.inflDeck[s.inflTop] = kind.ordinal();
                return;
            }
        }
        throw new AssertionError("no " + kind + " left in the pile");
    }

    static void play(MerchantsState s, String... names) {
        for (String name : names) {
            s.applyInPlace(id(name));
        }
    }

    static void buy(MerchantsState s, String good, String city) {
        play(s, "buy:" + good + "@" + city);
    }

    /** Sealed bids in florins, one per player in turn order. */
    static void bidAll(MerchantsState s, int... florins) {
        for (int f : florins) {
            play(s, "bid:" + f);
        }
    }

    /** The current player's price wheel: pointers at two goods or "arms". */
    static void wheel(MerchantsState s, String a, String b) {
        int ga = a.equals("arms") ? MerchantsData.GOODS : good(a);
        int gb = b.equals("arms") ? MerchantsData.GOODS : good(b);
        s.applyInPlace(MerchantsAction.WHEEL + MerchantsAction.wheel(ga, gb));
    }

    static boolean legal(MerchantsState s, String name) {
        return s.isLegal(id(name));
    }

    static List<String> legalNames(MerchantsState s) {
        List<String> out = new ArrayList<>();
        for (int a : s.legalActions()) {
            out.add(s.actionName(a));
        }
        return out;
    }

    /** The legal actions whose names start with a prefix ("buy:", "wagon:", ...). */
    static List<String> legalNames(MerchantsState s, String prefix) {
        return legalNames(s).stream().filter(a -> a.startsWith(prefix)).sorted().toList();
    }

    /**
     * Plays the most passive legal action (pass, bid 0, offer 0, refuse, wheel on the arms, ...;
     * in movement the lowest tile and the first wagon and road) until the phase is reached.
     */
    static void advanceTo(MerchantsState s, Phase target) {
        int guard = 0;
        while (s.phase() != target) {
            assertFalse(s.isTerminal(), "the game ended before " + target);
            assertTrue(guard++ < 500, "never reached " + target);
            int[] legal = s.legalActions();
            int a = switch (s.phase()) {
                case OFFER -> id("offer:0");
                case ANSWER -> id("refuse");
                case WHEEL -> MerchantsAction.WHEEL + MerchantsAction.wheel(MerchantsData.GOODS, MerchantsData.GOODS);
                default -> legal[0];
            };
            s.applyInPlace(a);
        }
    }

    /** Passes every remaining buying turn (round 2 on: one pass each). */
    static void passBuying(MerchantsState s) {
        while (s.phase() == Phase.BUY) {
            play(s, "pass");
        }
    }

    // ---------------------------------------------------------------- setup

    @Test
    void setupFollowsTheSeed() {
        for (long seed = 0; seed < 20; seed++) {
            MerchantsState s = MerchantsState.newGame(D, 3, seed, ChanceLog.NONE);
            int[] w = D.setupWagons(s.setup());
            for (int k = 0; k < 3; k++) {
                assertEquals(w[k], s.wagonNode(k));
                assertTrue(s.wagonEmpty(k));
            }
            assertEquals(D.setupCourier(s.setup()), s.courier());
            for (int c = 0; c < MerchantsData.CITIES; c++) {
                assertEquals(s.wagonAt(c) == NONE ? 200 : 0, s.bonus(c), "bonus of " + D.city(c));
            }
            for (int g = 0; g < MerchantsData.GOODS; g++) {
                assertEquals(0, s.priceLevel(g));
                assertEquals(100, s.cost(g), "round 1: every good costs 100");
                assertEquals(8, s.supply(g), "9 of each good, one on the price chart");
            }
            for (int p = 0; p < 3; p++) {
                assertEquals(5000, s.money(p));
                assertEquals(0b1111, s.tiles(p));
                assertEquals(0, s.status(p));
                assertEquals(0, s.handSize(p));
            }
            for (int k = 0; k < 4; k++) {
                assertNotEquals(NONE, s.faceUpCard(k));
            }
            assertEquals(4, s.investmentLeft());
            assertEquals(21, s.influenceLeft());
            assertEquals(5, s.creditLeft());
            assertEquals(Phase.BUY, s.phase());
            assertEquals(s.firstPlayer(), s.currentPlayer());
        }
    }

    // ---------------------------------------------------------------- action 1: buying

    @Test
    void aGoodCostsItsPriceLevelsCostAndGoesIntoTheWarehouse() {
        MerchantsState s = game(2);
        price(s, "wine", 3);
        buy(s, "wine", "Paris");
        assertEquals(5000 - 300, s.money(0));
        assertEquals(1, stock(s, 0, "Paris", "wine"));
        assertEquals(7, s.supply(good("wine")));
        assertEquals(0, s.currentPlayer(), "still player 0's turn");
    }

    @Test
    void zeroToThreeGoodsATurn() {
        MerchantsState s = game(2);
        assertTrue(legal(s, "pass"), "buying nothing is allowed");
        buy(s, "wine", "Paris");
        buy(s, "wine", "Paris");
        buy(s, "iron", "Vienna");
        assertEquals(List.of("pass"), legalNames(s));
        assertEquals(4700, s.money(0));
    }

    @Test
    void onlyIntoCitiesWhoseMarketShowsTheGood() {
        MerchantsState s = game(2);
        // Paris shows cloth, wine, food; Cologne wine, silk, iron; Vienna iron, salt, food
        assertEquals(List.of("buy:cloth@Paris", "buy:food@Paris", "buy:food@Vienna", "buy:iron@Cologne",
                "buy:iron@Vienna", "buy:salt@Vienna", "buy:silk@Cologne", "buy:wine@Cologne", "buy:wine@Paris"),
                legalNames(s, "buy:"));
        assertFalse(legal(s, "buy:wine@Vienna"));
    }

    @Test
    void onlyWhereAWagonIsEmptyOrAboutToArrive() {
        MerchantsState s = game(2);
        place(s, 0, "Bruges-Paris#2", "Bruges-Paris#1");
        cargo(s, 1, 1, "silk", 2);
        place(s, 2, "Paris-Burgundy fork#2", "Paris-Burgundy fork#1");
        // wagon 0 is heading into Paris; wagon 1 in Cologne is loaded; wagon 2 reaches the fork, then Cologne or Genoa
        assertTrue(legal(s, "buy:wine@Paris"), "a wagon is about to arrive in Paris");
        assertTrue(legal(s, "buy:wine@Cologne"), "wagon 2 may take the fork's road to Cologne");
        assertTrue(legal(s, "buy:wine@Genoa"), "wagon 2 may take the fork's road to Genoa");
        assertFalse(legal(s, "buy:cloth@Bruges"), "wagon 0 is heading away from Bruges");
        assertFalse(legal(s, "buy:iron@Vienna"), "Vienna has no wagon and none is coming");
        assertFalse(legal(s, "buy:cloth@Hamburg"));
        assertEquals((1 << PARIS) | (1 << COLOGNE) | (1 << GENOA), s.openCities());

        cargo(s, 1, 1, "silk", 0);
        place(s, 2, "Paris-Burgundy fork#1", "Paris-Burgundy fork#2");
        assertTrue(legal(s, "buy:iron@Cologne"), "the wagon in Cologne is empty again");
        assertFalse(legal(s, "buy:wine@Genoa"), "wagon 2 turned round: its next city is Paris");
        assertEquals((1 << PARIS) | (1 << COLOGNE), s.openCities());
    }

    @Test
    void roundOneBuysTwiceAndLaterRoundsOnce() {
        MerchantsState s = game(2);
        buy(s, "wine", "Paris");
        buy(s, "wine", "Paris");
        buy(s, "cloth", "Paris");
        play(s, "pass");
        assertEquals(1, s.currentPlayer());
        play(s, "pass");
        assertEquals(Phase.BUY, s.phase(), "round 1: a second buying pass");
        assertEquals(0, s.currentPlayer());
        assertEquals(1, s.buyPass());
        buy(s, "food", "Vienna");
        buy(s, "salt", "Vienna");
        buy(s, "iron", "Vienna");
        assertEquals(List.of("pass"), legalNames(s));
        play(s, "pass", "pass");
        assertEquals(Phase.BID, s.phase(), "then the loading auctions");
        int held = 0;
        for (int c = 0; c < MerchantsData.CITIES; c++) {
            for (int g = 0; g < MerchantsData.GOODS; g++) {
                held += s.warehouse(0, c, g);
            }
        }
        assertEquals(6, held, "up to 6 goods after round 1's buying");

        MerchantsState r2 = roadGame(2);
        play(r2, "pass", "pass");
        assertEquals(Phase.MOVE, r2.phase(), "round 2: one buying pass (and no empty wagon in a city)");
    }

    @Test
    void reducedCostPaysOneHundredInAllForATurnsPurchases() {
        MerchantsState s = game(2);
        give(s, 0, Investment.REDUCED_COST);
        price(s, "wine", 4);
        price(s, "silk", 3);
        buy(s, "wine", "Paris");
        buy(s, "wine", "Cologne");
        buy(s, "silk", "Cologne");
        assertEquals(4900, s.money(0), "three goods worth 1100 for 100 in all");
        play(s, "pass");
        buy(s, "wine", "Paris");
        assertEquals(5000 - 400, s.money(1), "the others pay the cost");
        play(s, "pass");
        buy(s, "wine", "Paris");
        assertEquals(4800, s.money(0), "the next turn's purchases cost 100 again");
    }

    @Test
    void bargainPaysOneHundredInAllAndMarketRightBuysTwoMore() {
        MerchantsState s = roadGame(2);
        place(s, 0, "Paris");
        deal(s, 0, Influence.BARGAIN);
        deal(s, 0, Influence.MARKET_RIGHT);
        price(s, "wine", 4);
        assertEquals(List.of("play:bargain", "play:market-right"), legalNames(s, "play:"));
        play(s, "play:bargain");
        buy(s, "wine", "Paris");
        buy(s, "wine", "Paris");
        buy(s, "wine", "Paris");
        assertEquals(4900, s.money(0));
        assertFalse(legal(s, "buy:wine@Paris"));
        play(s, "play:market-right");
        buy(s, "wine", "Paris");
        buy(s, "wine", "Paris");
        assertEquals(List.of("pass"), legalNames(s), "3 + 2 goods, both cards spent");
        assertEquals(4900, s.money(0));
        assertEquals(0, s.handSize(0));
        assertEquals(1, s.discarded(Influence.BARGAIN));
        assertEquals(1, s.discarded(Influence.MARKET_RIGHT));
    }

    @Test
    void anExhaustedGoodCannotBeBought() {
        MerchantsState s = game(2);
        s.supply[good("wine")] = 1;
        buy(s, "wine", "Paris");
        assertEquals(0, s.supply(good("wine")));
        assertFalse(legal(s, "buy:wine@Paris"));
        assertFalse(legal(s, "buy:wine@Cologne"));
        assertTrue(legal(s, "buy:cloth@Paris"), "another good still can");
    }

    @Test
    void noPurchaseBeyondTheMoney() {
        MerchantsState s = game(2);
        s.money[0] = 250;
        price(s, "wine", 3);
        assertFalse(legal(s, "buy:wine@Paris"));
        assertTrue(legal(s, "buy:cloth@Paris"));
    }

    // ---------------------------------------------------------------- action 2: the loading master's auction

    /** Only wagon 1 (Cologne) is empty in a city. */
    static MerchantsState colognesAuction(int players) {
        MerchantsState s = roadGame(players);
        place(s, 1, "Cologne");
        passBuying(s);
        assertEquals(Phase.BID, s.phase());
        assertEquals(1, s.auctionWagon());
        return s;
    }

    @Test
    void theSeedsExampleTheSecondPlayerWinsTheTieAndPays1300() {
        MerchantsState s = colognesAuction(4);
        bidAll(s, 1200, 1300, 500);
        assertFalse(s.bids().isRevealed(), "sealed until everyone has bid");
        assertFalse(s.bids().visibleTo(0, 1));
        assertEquals(Phase.BID, s.phase());
        bidAll(s, 1300);
        assertTrue(s.bids().isRevealed(), "revealed together");
        assertEquals(1, s.master(1), "Christian (second player) beats Alice (fourth) at 1300");
        assertEquals(5000 - 1300, s.money(1), "paid to the bank");
        assertEquals(5000, s.money(0));
        assertEquals(5000, s.money(2));
        assertEquals(5000, s.money(3), "the losers keep their bids");
    }

    @Test
    void aSealedBidAndASecretWheelReadInFullOnlyForTheSeatThatCommitsThem() {
        MerchantsState s = colognesAuction(3);
        assertEquals(0, s.currentPlayer());
        int bid = id("bid:1300");
        assertEquals("bid:1300", s.actionNameFor(0, bid), "the bidder reads the full name");
        assertEquals("commits a sealed bid", s.actionNameFor(1, bid));
        assertEquals("commits a sealed bid", s.actionNameFor(2, bid));
        assertEquals(s.actionNameFor(1, id("bid:0")), s.actionNameFor(1, bid), "every bid reads alike for the others");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.actionNameFor(3, bid));
        assertTrue(e.getMessage().contains("observer 3 is not a seat"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> s.actionNameFor(-1, bid));
        assertEquals("buy:wine@Paris", s.actionNameFor(1, id("buy:wine@Paris")), "an action not legal now: its name");

        MerchantsState t = roadGame(3);
        advanceTo(t, Phase.WHEEL);
        int p = t.currentPlayer();
        int other = (p + 1) % 3;
        int setting = MerchantsAction.WHEEL + MerchantsAction.wheel(good("wine"), good("iron"));
        assertEquals(t.actionName(setting), t.actionNameFor(p, setting));
        assertEquals("sets a secret price wheel", t.actionNameFor(other, setting));

        MerchantsState u = roadGame(2);
        assertEquals(Phase.BUY, u.phase());
        int buy = u.legalActions()[u.legalActions().length - 1];
        assertEquals(u.actionName(buy), u.actionNameFor(1 - u.currentPlayer(), buy), "a purchase is public");
    }

    @Test
    void tiesGoByTurnOrderCountedFromTheFirstPlayer() {
        MerchantsState s = roadGame(4);
        place(s, 1, "Cologne");
        s.first = 2;
        passBuying(s);
        // turn order: 2, 3, 0, 1
        assertEquals(2, s.currentPlayer());
        bidAll(s, 500, 800, 300, 800);
        assertEquals(3, s.master(1), "seat 3 bids before seat 1 this round");
        assertEquals(4200, s.money(3));
        assertEquals(5000, s.money(1));
    }

    @Test
    void noBidMakesTheFirstPlayerMasterForNothing() {
        MerchantsState s = roadGame(3);
        place(s, 1, "Cologne");
        s.first = 1;
        passBuying(s);
        bidAll(s, 0, 0, 0);
        assertEquals(1, s.master(1));
        assertEquals(5000, s.money(1));
    }

    @Test
    void aBidCannotExceedTheMoneyOrTheTablesMaximum() {
        MerchantsState s = colognesAuction(2);
        s.money[0] = 750;
        assertEquals(List.of("bid:0", "bid:100", "bid:200", "bid:300", "bid:400", "bid:500", "bid:600", "bid:700"),
                legalNames(s));
        play(s, "bid:700");
        assertEquals(21, s.legalActions().length, "bids 0..2000 in steps of 100");
    }

    @Test
    void oneAuctionPerEmptyWagonInACityInAscendingOrder() {
        MerchantsState s = game(3);
        s.round = 2;
        passBuying(s);
        assertEquals(0, s.auctionWagon());
        bidAll(s, 0, 300, 0);
        assertEquals(1, s.master(0));
        assertEquals(1, s.auctionWagon());
        bidAll(s, 0, 0, 200);
        assertEquals(2, s.master(1));
        assertEquals(2, s.auctionWagon());
        bidAll(s, 100, 0, 0);
        assertEquals(0, s.master(2));
        assertEquals(NONE, s.auctionWagon());
        assertEquals(Phase.MOVE, s.phase(), "nobody has goods to load");

        MerchantsState loads = game(3);
        loads.round = 2;
        stock(loads, 1, "Paris", "wine", 1);
        stock(loads, 2, "Vienna", "salt", 1);
        passBuying(loads);
        bidAll(loads, 0, 0, 0);
        bidAll(loads, 0, 0, 0);
        bidAll(loads, 0, 0, 0);
        assertEquals(Phase.REQUEST, loads.phase(), "player 0 masters all three and has nothing to load");
        assertEquals(0, loads.loadWagon(), "wagon 0 (Paris) is loaded first");
        assertEquals(1, loads.currentPlayer());
        play(loads, "pass");
        assertEquals(2, loads.loadWagon(), "then wagon 2 (Vienna); nobody can load on wagon 1");
        assertEquals(2, loads.currentPlayer());

        MerchantsState t = game(3);
        t.round = 2;
        cargo(t, 0, 2, "wine", 1);
        t.master[1] = 2;
        passBuying(t);
        assertEquals(2, t.auctionWagon(), "a loaded wagon and a wagon with a master are not auctioned");
    }

    @Test
    void withoutAnEmptyWagonInACityThereIsNoAuction() {
        MerchantsState s = roadGame(2);
        passBuying(s);
        assertEquals(Phase.MOVE, s.phase());
    }

    // ---------------------------------------------------------------- action 2: loading

    @Test
    void theSeedsLoadingExample() {
        // Cologne shows wine, silk and iron; blue (0) is the master, orange (1), red (2), green (3)
        MerchantsState s = colognesAuction(4);
        stock(s, 0, "Cologne", "silk", 4);
        stock(s, 0, "Cologne", "wine", 1);
        stock(s, 1, "Cologne", "iron", 1);
        stock(s, 1, "Cologne", "wine", 2);
        stock(s, 2, "Cologne", "iron", 3);
        stock(s, 3, "Cologne", "silk", 2);
        bidAll(s, 300, 0, 0, 0);
        assertEquals(Phase.MASTER_LOAD, s.phase());
        assertEquals(0, s.currentPlayer());
        assertEquals(List.of("pass", "load:wine", "load:silk"), legalNames(s));
        play(s, "load:silk");
        assertEquals(List.of("pass", "load:silk"), legalNames(s), "one type only");
        play(s, "load:silk", "load:silk");
        assertEquals(3, cargo(s, 1, 0, "silk"));
        assertEquals(1, stock(s, 0, "Cologne", "silk"));
        assertEquals(4700, s.money(0), "the master's load is free");

        assertEquals(Phase.REQUEST, s.phase(), "3 goods: the master is done");
        assertEquals(1, s.currentPlayer());
        assertEquals(List.of("pass", "load:iron", "load:wine"), legalNames(s));
        play(s, "load:iron", "load:wine");
        assertEquals(Phase.OFFER, s.phase(), "two goods requested: the master names the price");
        assertEquals(0, s.currentPlayer());
        play(s, "offer:400");
        assertEquals(Phase.ANSWER, s.phase());
        assertEquals(1, s.currentPlayer());
        play(s, "accept");
        assertEquals(4600, s.money(1));
        assertEquals(5100, s.money(0), "paid to the master");
        assertEquals(1, cargo(s, 1, 1, "iron"));
        assertEquals(1, cargo(s, 1, 1, "wine"));
        assertEquals(1, stock(s, 1, "Cologne", "wine"));

        assertEquals(2, s.currentPlayer(), "red's turn");
        play(s, "load:iron", "load:iron", "offer:500", "accept");
        assertEquals(2, cargo(s, 1, 2, "iron"));
        assertEquals(4500, s.money(2));
        assertEquals(5600, s.money(0));
        assertEquals(Phase.MOVE, s.phase(), "green, with only silk in Cologne, is not asked");
    }

    @Test
    void othersLoadAtMostTwoAndNeverTheMastersGood() {
        MerchantsState s = colognesAuction(2);
        stock(s, 0, "Cologne", "wine", 3);
        stock(s, 1, "Cologne", "wine", 3);
        stock(s, 1, "Cologne", "iron", 3);
        bidAll(s, 100, 0);
        play(s, "load:wine", "pass");
        assertEquals(Phase.REQUEST, s.phase(), "the master may stop before 3");
        assertEquals(List.of("pass", "load:iron"), legalNames(s), "wine is the master's monopoly");
        play(s, "load:iron");
        assertEquals(Phase.REQUEST, s.phase(), "one more may be asked for");
        play(s, "pass");
        assertEquals(Phase.OFFER, s.phase(), "a request of one good");
        assertEquals(11, s.legalActions().length, "offers 0..1000 in steps of 100");
        play(s, "offer:0", "accept");
        assertEquals(1, cargo(s, 1, 1, "iron"));
        assertEquals(Phase.MOVE, s.phase());
    }

    @Test
    void aRefusedOfferLeavesTheGoodsInTheWarehouse() {
        MerchantsState s = colognesAuction(3);
        stock(s, 0, "Cologne", "silk", 3);
        stock(s, 1, "Cologne", "iron", 2);
        stock(s, 2, "Cologne", "wine", 1);
        bidAll(s, 0, 0, 0);
        play(s, "load:silk", "load:silk", "load:silk");
        play(s, "load:iron", "load:iron", "offer:800", "refuse");
        assertEquals(2, stock(s, 1, "Cologne", "iron"));
        assertEquals(0, s.cargoOf(1, 1));
        assertEquals(5000, s.money(1));
        assertEquals(5000, s.money(0));
        assertEquals(2, s.currentPlayer(), "the next player in turn order");
        s.money[2] = 300;
        play(s, "load:wine", "offer:400");
        assertEquals(List.of("refuse"), legalNames(s), "a price above the requester's money can only be refused");
    }

    @Test
    void withoutAnEmptyWagonInACityTheLoadingPhaseIsSkipped() {
        // seed: "Esta acción solo se lleva a cabo cuando hay al menos 1 vagón vacío en una ciudad"
        MerchantsState s = roadGame(2);
        place(s, 1, "Cologne");
        s.master[1] = 1;
        cargo(s, 1, 1, "wine", 1);
        stock(s, 1, "Cologne", "wine", 2);
        stock(s, 0, "Cologne", "iron", 2);
        passBuying(s);
        assertEquals(Phase.MOVE, s.phase(), "wagon 1 stands loaded in Cologne, the others are on roads: no action 2");
        assertEquals(1, cargo(s, 1, 1, "wine"), "no top-up");

        MerchantsState t = roadGame(2);
        place(t, 1, "Cologne");
        t.master[1] = 1;
        cargo(t, 1, 1, "wine", 1);
        stock(t, 1, "Cologne", "wine", 2);
        place(t, 0, "Paris");
        passBuying(t);
        assertEquals(Phase.BID, t.phase(), "an empty wagon in Paris: its auction, then the loading of both");
        bidAll(t, 0, 0);
        assertEquals(Phase.MASTER_LOAD, t.phase());
        assertEquals(1, t.loadWagon(), "Paris's master has nothing to load there; Cologne's master tops up");
    }

    @Test
    void theMasterKeepsTheTitleWhileTheWagonStaysAndLosesItWhenItLeaves() {
        MerchantsState s = colognesAuction(2);
        stock(s, 1, "Cologne", "wine", 5);
        stock(s, 0, "Cologne", "iron", 4);
        bidAll(s, 0, 200);
        play(s, "load:wine", "pass");
        assertEquals(1, cargo(s, 1, 1, "wine"));
        play(s, "load:iron", "load:iron", "offer:0", "accept");
        assertEquals(2, cargo(s, 1, 0, "iron"));
        advanceTo(s, Phase.BUY);
        assertEquals(1, s.master(1), "the wagon did not leave Cologne");
        assertEquals(1, cargo(s, 1, 1, "wine"), "wagon 1 still loaded");
        // the loading phase takes place only with an empty wagon in a city (seed): put one there
        int empty = s.wagonEmpty(0) ? 0 : 2;
        assertTrue(s.wagonEmpty(empty));
        int city = s.wagonAt(node("Genoa")) == NONE ? node("Genoa") : node("Paris");
        s.wagonNode[empty] = city;
        s.wagonPrev[empty] = NONE;
        // the next round: no auction for wagon 1, whose master tops up
        passBuying(s);
        if (s.phase() == Phase.BID) {
            bidAll(s, 0, 0);
        }
        assertEquals(Phase.MASTER_LOAD, s.phase());
        assertEquals(1, s.currentPlayer());
        play(s, "load:wine", "load:wine");
        assertEquals(3, cargo(s, 1, 1, "wine"));
        assertEquals(Phase.MOVE, s.phase(), "3 goods for the master; player 0 has its 2 on the wagon already");
        assertEquals(1, s.currentPlayer(), "player 1 is first this round");
        play(s, "tile:2", "wagon:1", "branch:0");
        assertEquals(node("Bruges-Cologne#1"), s.wagonNode(1));
        assertEquals(NONE, s.master(1), "the title ends when the wagon leaves");
    }

    // ---------------------------------------------------------------- action 3: movement

    /** A 2-player game in its movement phase; wagons placed by the caller beforehand. */
    static MerchantsState toMovement(MerchantsState s) {
        passBuying(s);
        assertEquals(Phase.MOVE, s.phase());
        return s;
    }

    @Test
    void aWagonMovesExactlyTheTileForward() {
        MerchantsState s = roadGame(2);
        place(s, 1, "Bruges-Hamburg#1", "Bruges");
        toMovement(s);
        play(s, "tile:3", "wagon:1");
        assertEquals(node("Bruges-Hamburg#4"), s.wagonNode(1));
        assertEquals(node("Bruges-Hamburg#3"), s.wagonPrev(1), "facing on towards Hamburg");
        assertFalse(s.arrived(1));
        assertEquals(List.of("pass"), legalNames(s), "one tile a turn");
    }

    @Test
    void aWagonNeverReverses() {
        MerchantsState s = roadGame(2);
        place(s, 1, "Bruges-Hamburg#2", "Bruges-Hamburg#3");
        toMovement(s);
        play(s, "tile:1", "wagon:1");
        assertEquals(node("Bruges-Hamburg#1"), s.wagonNode(1), "on towards Bruges, where it was heading");
    }

    @Test
    void tilesAreReusedOnlyAfterAllFourArePlayed() {
        MerchantsState s = roadGame(2);
        toMovement(s);
        s.tiles[0] = 0b0101;
        assertEquals(List.of("tile:1", "tile:3"), legalNames(s, "tile:"));
        play(s, "tile:3");
        assertEquals(0b0001, s.tiles(0));
        MerchantsState last = toMovement(roadGame(2));
        last.tiles[0] = 0b0100;
        assertEquals(List.of("tile:3"), legalNames(last, "tile:"), "only the last face-up tile");
        play(last, "tile:3");
        assertEquals(0b1111, last.tiles(0), "all four are back once the fourth is played");
    }

    @Test
    void theMoverChoosesAtForksAndOutOfCities() {
        MerchantsState s = roadGame(2);
        place(s, 0, "Paris-Burgundy fork#2", "Paris-Burgundy fork#1");
        toMovement(s);
        MerchantsState toGenoa = s.copy();
        play(s, "tile:3", "wagon:0");
        assertEquals(node("Burgundy fork"), s.wagonNode(0));
        assertEquals(Phase.MOVE, s.phase());
        assertEquals(List.of("branch:0", "branch:1"), legalNames(s), "Cologne's road or Genoa's, never back to Paris");
        play(s, "branch:0");
        assertEquals(node("Burgundy fork-Cologne#2"), s.wagonNode(0));
        play(toGenoa, "tile:3", "wagon:0", "branch:1");
        assertEquals(node("Burgundy fork-Genoa#2"), toGenoa.wagonNode(0));

        MerchantsState out = roadGame(2);
        place(out, 0, "Paris");
        out.master[0] = 1;
        cargo(out, 0, 1, "wine", 1);
        toMovement(out);
        play(out, "tile:2", "wagon:0");
        assertEquals(List.of("branch:0", "branch:1"), legalNames(out), "Paris: towards Bruges or the Burgundy fork");
        play(out, "branch:1");
        assertEquals(node("Paris-Burgundy fork#2"), out.wagonNode(0));
        assertEquals(node("Paris-Burgundy fork#1"), out.wagonPrev(0));
    }

    @Test
    void aRoadThatLeadsNowhereIsNotOfferedWhenAnotherMoves() {
        MerchantsState s = roadGame(2);
        place(s, 0, "Paris");
        cargo(s, 0, 0, "wine", 1);
        s.master[0] = 0;
        place(s, 1, "Bruges-Paris#3", "Bruges-Paris#2");
        toMovement(s);
        play(s, "tile:1", "wagon:0");
        assertEquals(List.of("branch:1"), legalNames(s), "only the road to the Burgundy fork moves the wagon");
    }

    @Test
    void aWagonMayPassAnother() {
        MerchantsState s = roadGame(2);
        place(s, 0, "Bruges-Hamburg#1", "Bruges");
        place(s, 1, "Bruges-Hamburg#2", "Bruges-Hamburg#1");
        toMovement(s);
        play(s, "tile:2", "wagon:0");
        assertEquals(node("Bruges-Hamburg#3"), s.wagonNode(0));
        assertEquals(node("Bruges-Hamburg#2"), s.wagonPrev(0), "passed wagon 1, facing on");
    }

    @Test
    void aMoveEndingOnAnOccupiedSpaceBacksUpToTheLastFreeOne() {
        MerchantsState s = roadGame(2);
        place(s, 0, "Bruges-Hamburg#1", "Bruges");
        place(s, 1, "Bruges-Hamburg#3", "Bruges-Hamburg#2");
        toMovement(s);
        play(s, "tile:2", "wagon:0");
        assertEquals(node("Bruges-Hamburg#2"), s.wagonNode(0), "the surplus point is lost");
        assertEquals(node("Bruges-Hamburg#1"), s.wagonPrev(0));

        MerchantsState two = roadGame(2);
        place(two, 0, "Bruges-Hamburg#1", "Bruges");
        place(two, 1, "Bruges-Hamburg#3", "Bruges-Hamburg#2");
        place(two, 2, "Bruges-Hamburg#4", "Bruges-Hamburg#3");
        toMovement(two);
        play(two, "tile:3", "wagon:0");
        assertEquals(node("Bruges-Hamburg#2"), two.wagonNode(0), "backs up past two occupied spaces");
    }

    @Test
    void anOccupiedCityStopsTheWagonBeforeIt() {
        MerchantsState s = roadGame(2);
        place(s, 0, "Bruges-Hamburg#2", "Bruges-Hamburg#1");
        place(s, 1, "Hamburg");
        cargo(s, 1, 0, "salt", 1);
        s.master[1] = 0;
        toMovement(s);
        play(s, "tile:4", "wagon:0");
        assertEquals(node("Bruges-Hamburg#4"), s.wagonNode(0));
        assertFalse(s.arrived(0));

        MerchantsState stuck = roadGame(2);
        place(stuck, 0, "Bruges-Hamburg#4", "Bruges-Hamburg#3");
        place(stuck, 1, "Hamburg");
        cargo(stuck, 1, 0, "salt", 1);
        stuck.master[1] = 0;
        toMovement(stuck);
        assertFalse(stuck.canMove(0, 4), "nowhere to go before occupied Hamburg");
        play(stuck, "tile:4");
        assertFalse(legal(stuck, "wagon:0"));
    }

    @Test
    void arrivingEndsTheMoveAndTheWagonWaitsForTheNextRound() {
        MerchantsState s = roadGame(2);
        place(s, 0, "Bruges-Hamburg#4", "Bruges-Hamburg#3");
        give(s, 1, Investment.DRIVER);
        toMovement(s);
        play(s, "tile:4", "wagon:0");
        assertEquals(HAMBURG, s.wagonNode(0), "in the city: the other 3 points are lost");
        assertTrue(s.arrived(0));
        assertEquals(List.of("pass"), legalNames(s));
        play(s, "pass");
        assertFalse(s.canMove(0, 1));
        assertFalse(legal(s, "drive:0"), "not even with the Driver");
        play(s, "tile:1");
        assertFalse(legal(s, "wagon:0"));
        play(s, "wagon:1", "pass");
        assertEquals(Phase.WHEEL, s.phase());
        advanceTo(s, Phase.MOVE);
        assertFalse(s.arrived(0));
        assertTrue(s.canMove(0, 1), "the next round it moves again");
    }

    @Test
    void aWagonThatCanMoveMustBeChosen() {
        MerchantsState s = roadGame(2);
        place(s, 0, "Bruges-Hamburg#4", "Bruges-Hamburg#3");
        place(s, 1, "Hamburg");
        cargo(s, 1, 1, "salt", 1);
        s.master[1] = 1;
        place(s, 2, "Hamburg-Vienna#6", "Hamburg-Vienna#5");
        toMovement(s);
        play(s, "tile:2");
        assertEquals(List.of("wagon:1", "wagon:2"), legalNames(s), "wagon 0 has no legal destination");
        assertFalse(legal(s, "pass"), "a wagon must be moved");
    }

    @Test
    void whenNoWagonCanMoveTheTileIsStillSpent() {
        MerchantsState s = roadGame(2);
        toMovement(s);
        Arrays.fill(s.arrived, true);
        play(s, "tile:2");
        assertEquals(0b1101, s.tiles(0), "tile 2 is spent");
        assertEquals(List.of("pass"), legalNames(s));
        assertFalse(legal(s, "tile:1"), "one tile a turn");
    }

    @Test
    void theDriverAddsOnePointForAnyWagonBeforeOrAfterTheTile() {
        MerchantsState s = roadGame(2);
        place(s, 0, "Bruges-Hamburg#1", "Bruges");
        give(s, 0, Investment.DRIVER);
        toMovement(s);
        assertEquals(1, s.extraPoints());
        assertTrue(legal(s, "drive:0"), "before the tile");
        play(s, "tile:2", "wagon:0");
        assertEquals(node("Bruges-Hamburg#3"), s.wagonNode(0));
        play(s, "drive:0");
        assertEquals(node("Bruges-Hamburg#4"), s.wagonNode(0), "after the tile, even the wagon just moved");
        assertEquals(0, s.extraPoints());
        assertEquals(List.of("pass"), legalNames(s));
        play(s, "pass");
        assertEquals(0, s.extraPoints(), "the other player has no Driver");
    }

    @Test
    void theCoachDriverGivesTwoSeparatePoints() {
        MerchantsState s = roadGame(2);
        place(s, 0, "Bruges-Hamburg#1", "Bruges");
        place(s, 1, "Bruges-Paris#1", "Bruges");
        give(s, 0, Investment.COACH_DRIVER);
        toMovement(s);
        assertEquals(2, s.extraPoints());
        play(s, "drive:0", "drive:1");
        assertEquals(node("Bruges-Hamburg#2"), s.wagonNode(0));
        assertEquals(node("Bruges-Paris#2"), s.wagonNode(1), "two wagons one space each");
        assertEquals(List.of("tile:1", "tile:2", "tile:3", "tile:4"), legalNames(s), "the tile still to play");

        MerchantsState one = roadGame(2);
        place(one, 0, "Bruges-Hamburg#1", "Bruges");
        give(one, 0, Investment.COACH_DRIVER);
        give(one, 0, Investment.DRIVER);
        toMovement(one);
        assertEquals(3, one.extraPoints(), "Driver and Coach Driver add up");
        play(one, "drive:0", "drive:0");
        assertEquals(node("Bruges-Hamburg#3"), one.wagonNode(0), "or one wagon two spaces");
    }

    @Test
    void theCoachDriversTwoPointsInOneMovePassAWagonDirectlyAhead() {
        MerchantsState s = roadGame(2);
        place(s, 0, "Bruges-Hamburg#1", "Bruges");
        place(s, 1, "Bruges-Hamburg#2", "Bruges-Hamburg#1");
        give(s, 0, Investment.COACH_DRIVER);
        toMovement(s);
        assertFalse(legal(s, "drive:0"), "one point would end on wagon 1 and back up: no move");
        assertTrue(legal(s, "drive-all:0"));
        play(s, "drive-all:0");
        assertEquals(node("Bruges-Hamburg#3"), s.wagonNode(0), "passed wagon 1 (seed: crossing and passing)");
        assertEquals(0, s.extraPoints(), "all the points in one move");
        assertEquals(List.of(), legalNames(s, "drive"));

        MerchantsState one = roadGame(2);
        place(one, 0, "Bruges-Hamburg#1", "Bruges");
        give(one, 0, Investment.DRIVER);
        toMovement(one);
        assertEquals(List.of("drive:0", "drive:1", "drive:2"), legalNames(one, "drive"), "drive-all needs 2 points or more");
    }

    @Test
    void theCourierMovesOnlyWithACourierCardAndNeverIntoACity() {
        MerchantsState s = roadGame(2);
        toMovement(s);
        assertEquals(List.of(), legalNames(s, "courier:"), "no card, no courier move");
        assertFalse(legal(s, "pass"), "a tile must be played first");

        MerchantsState c = roadGame(2);
        give(c, 0, Investment.COURIER);
        toMovement(c);
        // the courier on Bruges-Hamburg#2: neighbours #1 (13) and #3 (15)
        assertEquals(List.of("courier:0", "courier:1"), legalNames(c, "courier:"));
        play(c, "courier:0");
        assertEquals(node("Bruges-Hamburg#1"), c.courier());
        assertEquals(List.of(), legalNames(c, "courier:"), "Courier: one space, one run a turn");

        MerchantsState x = roadGame(2);
        give(x, 0, Investment.EXPRESS_COURIER);
        toMovement(x);
        play(x, "courier:0");
        assertEquals(node("Bruges-Hamburg#1"), x.courier());
        // Bruges-Hamburg#1's neighbours: Bruges (3), then #2 (14)
        assertEquals(List.of("courier:1"), legalNames(x, "courier:"), "never into Bruges");
        play(x, "courier:1");
        assertEquals(node("Bruges-Hamburg#2"), x.courier());
        assertEquals(List.of(), legalNames(x, "courier:"), "Express Courier: up to two spaces");

        MerchantsState early = roadGame(2);
        give(early, 0, Investment.EXPRESS_COURIER);
        toMovement(early);
        play(early, "courier:1", "tile:1", "wagon:0");
        assertEquals(List.of(), legalNames(early, "courier:"), "the run ended with the first step: one run a turn");
    }

    @Test
    void aCourierRunEndingOnAWagonDrawsAnInfluenceCardAndBlocksThatWagon() {
        MerchantsState s = roadGame(2);
        place(s, 0, "Bruges-Hamburg#3", "Bruges-Hamburg#2");
        give(s, 0, Investment.COURIER);
        toMovement(s);
        nextInfluence(s, Influence.PATRON);
        play(s, "courier:1");
        assertEquals(node("Bruges-Hamburg#3"), s.courier());
        assertEquals(1, s.influence(0, Influence.PATRON), "the card is drawn into the hand");
        assertEquals(20, s.influenceLeft());
        assertEquals(0, s.blockedWagon());
        assertFalse(s.canMove(0, 1));
        play(s, "tile:1");
        assertFalse(legal(s, "wagon:0"), "the wagon that gave the card may not be moved by this player");
        play(s, "wagon:1", "pass");
        assertTrue(s.canMove(0, 1), "the next player may move it");
    }

    @Test
    void theWagonThatGaveTheCardCannotBeDrivenEither() {
        MerchantsState s = roadGame(2);
        place(s, 0, "Bruges-Hamburg#3", "Bruges-Hamburg#2");
        give(s, 0, Investment.EXPRESS_COURIER);
        give(s, 0, Investment.DRIVER);
        toMovement(s);
        play(s, "courier:1");
        assertEquals(s.wagonNode(0), s.courier(), "the courier stopped on wagon 0 with one point left");
        assertFalse(legal(s, "drive:0"), "driving wagon 0 would end the run on it with a draw, which bars it");
        play(s, "drive:1");
        assertEquals(1, s.handSize(0), "the drive ended the run on wagon 0: a card");
        assertEquals(0, s.blockedWagon());
        assertFalse(legal(s, "drive:0"));
    }

    @Test
    void theMessengerIsPlayedBeforeTheCourierRunsNotDuringTheRun() {
        MerchantsState s = roadGame(2);
        give(s, 0, Investment.EXPRESS_COURIER);
        deal(s, 0, Influence.MESSENGER);
        toMovement(s);
        MerchantsState before = s.copy();
        play(s, "courier:0");
        assertFalse(legal(s, "play:messenger"), "mid-run it would end the run and waste its steps");
        play(before, "play:messenger");
        assertEquals(4, before.courierLeft(), "Express Courier's 2 and the Messenger's 2");
    }

    @Test
    void theMessengerMovesTheCourierWithoutACourierCard() {
        MerchantsState s = roadGame(2);
        deal(s, 0, Influence.MESSENGER);
        toMovement(s);
        play(s, "play:messenger", "courier:1", "courier:1");
        assertEquals(node("Bruges-Hamburg#4"), s.courier());
        assertEquals(List.of(), legalNames(s, "courier:"), "Hamburg is a city");
        assertEquals(1, s.discarded(Influence.MESSENGER));
    }

    @Test
    void theWheelwrightAddsAPoint() {
        MerchantsState s = roadGame(2);
        place(s, 0, "Bruges-Hamburg#1", "Bruges");
        deal(s, 0, Influence.WHEELWRIGHT);
        toMovement(s);
        play(s, "tile:1", "wagon:0", "play:wheelwright", "drive:0");
        assertEquals(node("Bruges-Hamburg#3"), s.wagonNode(0));
    }

    // ---------------------------------------------------------------- arrival and sale

    @Test
    void anArrivingWagonIsSoldAndItsMoverTakesTheBonus() {
        MerchantsState s = roadGame(2);
        place(s, 0, "Burgundy fork-Genoa#3", "Burgundy fork-Genoa#2");
        place(s, 2, "Genoa-Vienna#3", "Genoa-Vienna#2");
        // Genoa shows wine, silk and food
        cargo(s, 0, 0, "iron", 3);
        cargo(s, 0, 1, "wine", 1);
        cargo(s, 0, 1, "salt", 1);
        price(s, "iron", 2);
        price(s, "wine", 1);
        s.bonus[GENOA] = 300;
        toMovement(s);
        play(s, "tile:1", "wagon:0", "pass");
        assertEquals(GENOA, s.wagonNode(0));
        assertEquals(5000, s.money(0), "sold only once every player has moved");
        play(s, "tile:1", "wagon:2", "pass");
        assertEquals(Phase.WHEEL, s.phase());
        assertEquals(5000 + 3 * 800 + 300, s.money(0), "iron at its sale price (level 2: 800) and the bonus");
        assertEquals(5000 + 100 + 600, s.money(1), "wine shown in Genoa: its cost price (100); salt: 600");
        assertEquals(0, s.bonus(GENOA));
        assertTrue(s.wagonEmpty(0));
        assertEquals(1, s.arrivals());
        assertEquals(8 + 3, s.supply(good("iron")), "sold goods go back to the supply");
        assertEquals(1000, s.stepCost(), "the wagon track moved one step");
    }

    @Test
    void theBonusGoesToWhoeverMovedTheWagonInAndEachArrivalCounts() {
        MerchantsState s = roadGame(2);
        place(s, 0, "Burgundy fork-Genoa#3", "Burgundy fork-Genoa#2");
        place(s, 1, "Bruges-Hamburg#4", "Bruges-Hamburg#3");
        cargo(s, 0, 0, "cloth", 1);
        s.bonus[GENOA] = 400;
        s.bonus[HAMBURG] = 200;
        toMovement(s);
        play(s, "tile:2", "wagon:1", "pass");
        play(s, "tile:3", "wagon:0", "pass");
        assertEquals(5000 + 200 + 600, s.money(0), "player 0 moved wagon 1 into Hamburg; its cloth sold in Genoa");
        assertEquals(5000 + 400, s.money(1), "player 1 moved player 0's wagon into Genoa");
        assertEquals(2, s.arrivals());
        assertEquals(1100, s.stepCost());
    }

    // ---------------------------------------------------------------- prices

    @Test
    void eachPointerRaisesItsGoodOneLevelBothOnOneGoodTwoArmsNothing() {
        MerchantsState s = roadGame(3);
        advanceTo(s, Phase.WHEEL);
        wheel(s, "wine", "iron");
        wheel(s, "wine", "wine");
        assertFalse(s.wheels().isRevealed(), "set in secret");
        assertFalse(s.wheels().visibleTo(2, 0));
        assertEquals(0, s.priceLevel(good("wine")), "nothing moves before the reveal");
        wheel(s, "arms", "salt");
        assertTrue(s.wheels().isRevealed());
        assertEquals(3, s.priceLevel(good("wine")));
        assertEquals(1, s.priceLevel(good("iron")));
        assertEquals(1, s.priceLevel(good("salt")));
        assertEquals(0, s.priceLevel(good("cloth")));
        assertEquals(0, s.priceLevel(good("food")));
        assertEquals(0, s.priceLevel(good("silk")));
        assertEquals(Phase.INVEST, s.phase(), "no Office and no influence card: no price shifts");
        assertEquals(28, MerchantsAction.WHEELS);
    }

    @Test
    void aGoodRaisedPastTheTopWrapsToTheBottom() {
        MerchantsState s = roadGame(2);
        advanceTo(s, Phase.WHEEL);
        price(s, "silk", 4);
        price(s, "salt", 3);
        price(s, "food", 4);
        wheel(s, "silk", "salt");
        wheel(s, "salt", "food");
        assertEquals(0, s.priceLevel(good("silk")), "400/1000 + 1 = 100/600");
        assertEquals(0, s.priceLevel(good("salt")), "3 + 2, one level at a time: 4, then 0");
        assertEquals(0, s.priceLevel(good("food")));
        MerchantsState t = roadGame(2);
        advanceTo(t, Phase.WHEEL);
        price(t, "food", 4);
        wheel(t, "food", "food");
        wheel(t, "arms", "arms");
        assertEquals(1, t.priceLevel(good("food")), "4 + 2: 0, then 1");
        assertEquals(100, t.cost(good("food")));
        assertEquals(700, t.salePrice(good("food")));
    }

    @Test
    void officeAndGuildShiftAGoodOneLevelInTurnOrder() {
        MerchantsState s = roadGame(3);
        give(s, 0, Investment.OFFICE);
        give(s, 0, Investment.OFFICE);
        deal(s, 1, Influence.GUILD);
        deal(s, 2, Influence.PATRON);
        price(s, "silk", 4);
        advanceTo(s, Phase.WHEEL);
        wheel(s, "arms", "arms");
        wheel(s, "arms", "arms");
        wheel(s, "arms", "arms");
        assertEquals(Phase.SHIFT, s.phase());
        assertEquals(0, s.currentPlayer());
        assertEquals(2, s.officeLeft(), "one shift per Office card");
        assertFalse(legal(s, "shift:silk+"), "no wrapping with a shift");
        assertFalse(legal(s, "shift:wine-"), "nothing below the lowest line");
        play(s, "shift:silk-", "shift:wine+");
        assertEquals(3, s.priceLevel(good("silk")));
        assertEquals(1, s.priceLevel(good("wine")));
        assertEquals(List.of("pass"), legalNames(s), "both Offices used");
        play(s, "pass");
        assertEquals(1, s.currentPlayer());
        play(s, "shift:wine-");
        assertEquals(0, s.priceLevel(good("wine")));
        assertEquals(0, s.influence(1, Influence.GUILD), "the Guild card is spent");
        assertEquals(1, s.discarded(Influence.GUILD));
        assertEquals(List.of("pass"), legalNames(s));
        play(s, "pass");
        assertEquals(2, s.currentPlayer(), "asked too, though holding no Guild");
        assertEquals(List.of("pass"), legalNames(s));
        play(s, "pass");
        assertEquals(Phase.INVEST, s.phase());
    }

    // ---------------------------------------------------------------- investment auction

    @Test
    void theFirstPlayerAuctionsACardAndTheHighestBidBuysIt() {
        MerchantsState s = roadGame(3);
        s.first = 1;
        advanceTo(s, Phase.INVEST);
        assertEquals(1, s.currentPlayer(), "the first player chooses");
        assertEquals(List.of("invest:0", "invest:1", "invest:2", "invest:3"), legalNames(s));
        play(s, "invest:2");
        assertEquals(Phase.BID, s.phase());
        assertEquals(2, s.auctionSlot());
        assertEquals(1, s.currentPlayer(), "bids in turn order from the first player");
        bidAll(s, 300, 500, 500);
        // turn order 1, 2, 0: seats 2 and 0 tie at 500, seat 2 bid first
        assertEquals(2, s.investmentOwner(2), "coach-driver (card 2) to seat 2");
        assertTrue(s.owns(2, Investment.COACH_DRIVER));
        assertEquals(4500, s.money(2));
        assertEquals(5000, s.money(0));
        assertEquals(5000, s.money(1));
        assertEquals(4, s.faceUpCard(2), "refilled from the pile: express-courier");
        assertEquals(3, s.investmentLeft());
        assertEquals(Phase.STATUS, s.phase());
    }

    @Test
    void withoutABidTheCardStays() {
        MerchantsState s = roadGame(2);
        advanceTo(s, Phase.INVEST);
        play(s, "invest:0");
        bidAll(s, 0, 0);
        assertEquals(0, s.faceUpCard(0));
        assertEquals(NONE, s.investmentOwner(0));
        assertEquals(4, s.investmentLeft());
        assertEquals(5000, s.money(0));
        assertEquals(Phase.STATUS, s.phase());
    }

    @Test
    void anEmptyPileLeavesTheSlotEmptyAndNoCardSkipsTheAuction() {
        MerchantsState s = roadGame(2);
        s.invTop = s.invDeck.length;
        s.faceUp[1] = NONE;
        s.faceUp[2] = NONE;
        s.faceUp[3] = NONE;
        advanceTo(s, Phase.INVEST);
        assertEquals(List.of("invest:0"), legalNames(s));
        play(s, "invest:0");
        bidAll(s, 100, 0);
        assertEquals(0, s.investmentOwner(0));
        assertEquals(NONE, s.faceUpCard(0));
        advanceTo(s, Phase.WHEEL);
        wheel(s, "arms", "arms");
        wheel(s, "arms", "arms");
        assertEquals(Phase.STATUS, s.phase(), "no card face up: no auction");
    }

    // ---------------------------------------------------------------- status

    static MerchantsState toStatus(MerchantsState s) {
        advanceTo(s, Phase.INVEST);
        play(s, "invest:0");
        while (s.phase() == Phase.BID) {
            play(s, "bid:0");
        }
        assertEquals(Phase.STATUS, s.phase());
        return s;
    }

    @Test
    void creditIsTakenOrRepaidOnceATurnAndBlocksStatusPurchases() {
        MerchantsState s = toStatus(roadGame(2));
        assertEquals(List.of("pass", "credit:take", "status:up"), legalNames(s));
        play(s, "credit:take");
        assertEquals(7000, s.money(0));
        assertTrue(s.hasCredit(0));
        assertEquals(4, s.creditLeft());
        assertEquals(List.of("pass"), legalNames(s), "no second credit move, no status while holding credit");
        play(s, "pass", "pass");
        advanceTo(s, Phase.STATUS);
        assertEquals(1, s.currentPlayer(), "the first player moved on");
        play(s, "pass");
        assertEquals(List.of("pass", "credit:repay"), legalNames(s));
        int money = s.money(0);
        play(s, "credit:repay");
        assertEquals(money - 2500, s.money(0));
        assertFalse(s.hasCredit(0));
        assertEquals(5, s.creditLeft());
        assertEquals(List.of("pass", "status:up"), legalNames(s), "repaid: status may be bought again, credit not retaken");
        s.money[0] = 2400;
        s.statusTurn.creditActed = false;
        s.credit[0] = true;
        assertFalse(legal(s, "credit:repay"), "repaying needs 2500");
        s.credit[0] = false;
        s.creditLeft = 0;
        assertFalse(legal(s, "credit:take"), "all 5 credit cards are out");
    }

    @Test
    void aStatusStepCostsTheWagonTracksAmount() {
        MerchantsState s = roadGame(2);
        s.arrivals = 3;
        toStatus(s);
        assertEquals(1200, s.stepCost());
        play(s, "status:up", "status:up");
        assertEquals(2, s.status(0));
        assertEquals(5000 - 2400, s.money(0));
        s.arrivals = 40;
        assertEquals(2600, s.stepCost(), "past the track's end: its last amount");
        s.money[0] = 2599;
        assertFalse(legal(s, "status:up"));
        s.money[0] = 9000;
        s.status[0] = D.statusLevels() - 1;
        assertFalse(legal(s, "status:up"), "nothing above the top level");
    }

    @Test
    void upkeepIsPaidAtTheEndOfTheTurn() {
        MerchantsState s = toStatus(roadGame(2));
        s.status[0] = 4;
        play(s, "status:up");
        assertEquals(5000 - 1000, s.money(0), "nothing paid before the turn ends");
        play(s, "pass");
        assertEquals(4000 - 200, s.money(0), "level 5's upkeep: 200");
    }

    @Test
    void lowUpkeepPaysHalfRoundedDownAndExemptionNothing() {
        MerchantsState s = roadGame(3);
        give(s, 0, Investment.LOW_UPKEEP);
        deal(s, 2, Influence.EXEMPTION);
        toStatus(s);
        s.status[0] = 6;
        s.status[1] = 6;
        s.status[2] = 9;
        int m0 = s.money(0);
        int m1 = s.money(1);
        int m2 = s.money(2);
        assertEquals(100, s.upkeepDue(0, 6), "300 halved, rounded down to the bid step");
        assertEquals(0, s.upkeepDue(0, 2), "100 halved: 0");
        play(s, "pass");
        assertEquals(m0 - 100, s.money(0));
        play(s, "pass");
        assertEquals(m1 - 300, s.money(1));
        assertEquals(List.of("play:exemption"), legalNames(s, "play:"));
        play(s, "play:exemption");
        assertTrue(s.exempt());
        play(s, "pass");
        assertEquals(m2, s.money(2), "no upkeep this round");
        assertEquals(9, s.status(2));
    }

    @Test
    void aPlayerWhoCannotPayDropsToTheHighestLevelAffordable() {
        MerchantsState s = toStatus(roadGame(2));
        s.status[0] = 6;
        s.money[0] = 250;
        play(s, "pass");
        assertEquals(5, s.status(0), "300 is too much; level 5 costs 200");
        assertEquals(50, s.money(0));
        s.status[1] = 3;
        s.money[1] = 0;
        play(s, "pass");
        assertEquals(1, s.status(1), "levels 0 and 1 cost no upkeep");
        assertEquals(0, s.money(1));
    }

    @Test
    void thePatronPays500() {
        MerchantsState s = roadGame(2);
        deal(s, 0, Influence.PATRON);
        toStatus(s);
        int money = s.money(0);
        play(s, "play:patron");
        assertEquals(money + 500, s.money(0));
        assertFalse(legal(s, "play:patron"));
        assertEquals(1, s.discarded(Influence.PATRON));
    }

    // ---------------------------------------------------------------- round end and game end

    @Test
    void atTheRoundsEndBonusesGrowInCitiesWithoutAWagonAndTheFirstPlayerMovesOn() {
        MerchantsState s = toStatus(roadGame(3));
        place(s, 0, "Paris");
        place(s, 1, "Bruges-Paris#1", "Bruges");
        place(s, 2, "Bruges-Paris#2", "Bruges-Paris#1");
        s.bonus[PARIS] = 0;
        s.bonus[BRUGES] = 200;
        s.bonus[GENOA] = 450;
        s.bonus[HAMBURG] = 500;
        s.bonus[VIENNA] = 0;
        s.bonus[COLOGNE] = 0;
        play(s, "pass", "pass", "pass");
        assertEquals(3, s.round());
        assertEquals(1, s.firstPlayer());
        assertEquals(1, s.currentPlayer());
        assertEquals(Phase.BUY, s.phase());
        assertEquals(0, s.bonus(PARIS), "a wagon stands in Paris");
        assertEquals(300, s.bonus(BRUGES));
        assertEquals(500, s.bonus(GENOA), "at most 500");
        assertEquals(500, s.bonus(HAMBURG));
        assertEquals(100, s.bonus(VIENNA));
        assertEquals(100, s.bonus(COLOGNE));
    }

    @Test
    void theGameEndsAtTheRoundsEndOnceTheArrivalThresholdIsReached() {
        MerchantsState s = toStatus(roadGame(3));
        s.arrivals = D.endArrivals(3) - 1;
        play(s, "pass", "pass", "pass");
        assertFalse(s.isTerminal(), "one arrival short");
        assertEquals(Phase.BUY, s.phase());
        s.arrivals = D.endArrivals(3);
        toStatus(s);
        assertFalse(s.isTerminal(), "the round is played out");
        play(s, "pass", "pass", "pass");
        assertTrue(s.isTerminal());
        assertEquals("ARRIVALS", s.endReason());
        assertEquals(Phase.GAME_OVER, s.phase());
        assertEquals(NONE, s.currentPlayer());
        assertEquals(0, s.legalActions().length);
        assertEquals(12, D.endArrivals(2));
        assertEquals(16, D.endArrivals(4));
    }

    @Test
    void theHighestStatusWinsThenTheMostMoneyAndACreditHolderLoses() {
        MerchantsState s = game(3);
        s.phase = Phase.GAME_OVER;
        s.status[0] = 5;
        s.credit[0] = true;
        s.money[0] = 9000;
        s.status[1] = 3;
        s.money[1] = 100;
        s.status[2] = 3;
        s.money[2] = 800;
        assertEquals(-1, s.score(0), "still holding credit");
        assertEquals(3, s.score(1));
        assertArrayEquals(new int[] {2}, s.winners(), "status 3 each: the most money");
        s.money[1] = 800;
        assertArrayEquals(new int[] {1, 2}, s.winners(), "equal status and money: shared");
        s.credit[0] = false;
        assertArrayEquals(new int[] {0}, s.winners());
    }

    @Test
    void aGameReachingTheDecisionCapIsTruncated() {
        MerchantsState s = game(2);
        s.decisions = MerchantsState.DECISION_CAP - 1;
        play(s, "pass");
        assertTrue(s.isTerminal());
        assertTrue(s.isTruncated());
        assertEquals("DECISION_CAP", s.endReason());
    }

    // ---------------------------------------------------------------- the state contract

    @Test
    void applyNeverChangesTheReceiver() {
        for (int n = 2; n <= 4; n++) {
            MerchantsState s = new MerchantsGame(n).newGame(n * 31L, ChanceLog.NONE);
            SplittableRandom rng = new SplittableRandom(n);
            while (!s.isTerminal()) {
                int[] legal = s.legalActions();
                int a = legal[rng.nextInt(legal.length)];
                MerchantsState before = s.copy();
                MerchantsState next = s.apply(a);
                assertEquals(before, s, "apply(" + s.actionName(a) + ") changed the receiver");
                assertNotEquals(before.decisions(), next.decisions());
                s = next;
            }
        }
    }

    @Test
    void anIllegalActionThrowsNamingTheLegalOnesAndChangesNothing() {
        MerchantsState s = game(2);
        MerchantsState before = s.copy();
        IllegalActionException e = assertThrows(IllegalActionException.class, () -> buy(s, "wine", "Vienna"));
        assertEquals(id("buy:wine@Vienna"), e.action());
        assertTrue(e.getMessage().contains("buy:wine@Vienna"), e.getMessage());
        assertTrue(e.getMessage().contains("legal actions"), e.getMessage());
        assertTrue(e.getMessage().contains(id("buy:wine@Paris") + " buy:wine@Paris"), e.getMessage());
        assertTrue(e.getMessage().contains("0 pass"), e.getMessage());
        assertEquals(before, s);
        assertThrows(IllegalActionException.class, () -> s.applyInPlace(MerchantsAction.COUNT));
        assertThrows(IllegalActionException.class, () -> s.applyInPlace(-1));
        assertThrows(IllegalActionException.class, () -> s.apply(id("tile:1")));
        assertEquals(before, s);
        s.phase = Phase.GAME_OVER;
        IllegalActionException over = assertThrows(IllegalActionException.class, () -> play(s, "pass"));
        assertTrue(over.getMessage().contains("the game is over"), over.getMessage());
    }

    @Test
    void determinizeKeepsWhatTheObserverKnowsAndResamplesTheRest() {
        MerchantsState s = colognesAuction(3);
        deal(s, 0, Influence.PATRON);
        deal(s, 0, Influence.GUILD);
        deal(s, 1, Influence.MESSENGER);
        deal(s, 2, Influence.EXEMPTION);
        stock(s, 0, "Cologne", "wine", 2);
        s.money[0] = 1500;
        bidAll(s, 1500, 200);
        boolean bidChanged = false;
        boolean handChanged = false;
        boolean pileChanged = false;
        MerchantsState before = s.copy();
        for (long seed = 0; seed < 40; seed++) {
            MerchantsState d = s.determinize(1, seed);
            assertEquals(200, d.bids().choice(1) * D.bidStep(), "the observer's own bid");
            assertTrue(d.bids().choice(0) * D.bidStep() <= 1500, "a bid player 0 could afford");
            assertEquals(SealedChoices.NONE, d.bids().choice(2), "player 2 has not bid");
            assertEquals(1, d.influence(1, Influence.MESSENGER), "the observer's own hand");
            assertEquals(1, d.handSize(1));
            assertEquals(2, d.handSize(0), "hand sizes are public");
            assertEquals(1, d.handSize(2));
            int cards = 0;
            for (Influence k : Influence.values()) {
                int total = d.discarded(k);
                for (int p = 0; p < 3; p++) {
                    total += d.influence(p, k);
                }
                for (int i = d.inflTop; i < d.inflDeck.length; i++) {
                    total += d.inflDeck[i] == k.ordinal() ? 1 : 0;
                }
                assertEquals(3, total, "3 copies of " + k);
                cards += total;
            }
            assertEquals(21, cards);
            for (int p = 0; p < 3; p++) {
                assertEquals(s.money(p), d.money(p));
            }
            assertArrayEquals(s.wagonNode, d.wagonNode);
            assertArrayEquals(s.warehouse, d.warehouse);
            assertArrayEquals(s.cargo, d.cargo);
            assertArrayEquals(s.price, d.price);
            assertArrayEquals(s.faceUp, d.faceUp, "face-up cards are public");
            assertEquals(s.courier(), d.courier());
            assertEquals(s.phase(), d.phase());
            assertEquals(s.currentPlayer(), d.currentPlayer());
            bidChanged |= d.bids().choice(0) != s.bids().choice(0);
            handChanged |= d.influence(0, Influence.PATRON) != 1 || d.influence(2, Influence.EXEMPTION) != 1;
            pileChanged |= !Arrays.equals(Arrays.copyOfRange(s.invDeck, s.invTop, 8), Arrays.copyOfRange(d.invDeck, d.invTop, 8));
            MerchantsState next = d.apply(id("bid:0"));
            assertNotEquals(Phase.BID, next.phase(), "a determinized state plays on");
        }
        assertTrue(bidChanged, "player 0's hidden bid is resampled");
        assertTrue(handChanged, "the others' hands are resampled");
        assertTrue(pileChanged, "the face-down investment pile is reshuffled");
        assertEquals(before, s, "determinize leaves the state alone");

        play(s, "bid:0");
        assertTrue(s.bids().isRevealed());
        MerchantsState d = s.determinize(1, 5);
        assertEquals(1500, d.bids().choice(0) * D.bidStep(), "a revealed bid stays");
        assertEquals(0, d.master(1));
    }

    @Test
    void determinizeResamplesTheOthersSecretWheelsOnly() {
        MerchantsState s = roadGame(3);
        advanceTo(s, Phase.WHEEL);
        wheel(s, "wine", "wine");
        wheel(s, "silk", "arms");
        boolean changed = false;
        for (long seed = 0; seed < 20; seed++) {
            MerchantsState d = s.determinize(1, seed);
            assertEquals(s.wheels().choice(1), d.wheels().choice(1), "the observer's own wheel");
            assertEquals(SealedChoices.NONE, d.wheels().choice(2));
            changed |= d.wheels().choice(0) != s.wheels().choice(0);
        }
        assertTrue(changed, "player 0's secret wheel is resampled");
    }

    @Test
    void randomGamesEndByArrivalsWithLegalActionsAlways() {
        for (int n = 2; n <= 4; n++) {
            for (long seed = 0; seed < 10; seed++) {
                MerchantsState s = new MerchantsGame(n).newGame(seed, ChanceLog.NONE);
                SplittableRandom rng = new SplittableRandom(seed * 7 + n);
                while (!s.isTerminal()) {
                    int[] legal = s.legalActions();
                    if (legal.length == 0) {
                        fail("no legal action in phase " + s.phase() + "\n" + s);
                    }
                    s.applyInPlace(legal[rng.nextInt(legal.length)]);
                    for (int p = 0; p < n; p++) {
                        assertTrue(s.money(p) >= 0, "money never negative");
                    }
                }
                assertEquals("ARRIVALS", s.endReason());
                assertTrue(s.arrivals() >= D.endArrivals(n));
                assertTrue(s.toString().contains("game over (arrivals)"), s.toString());
            }
        }
    }

    @Test
    void influenceCardsThatWouldDoNothingCannotBePlayed() {
        MerchantsState s = game(2);
        deal(s, 0, Influence.BARGAIN);
        give(s, 0, Investment.REDUCED_COST);
        assertEquals(Phase.BUY, s.phase());
        assertFalse(legal(s, "play:bargain"), "Reduced Cost already makes the turn's goods cost 100 in all");

        MerchantsState t = roadGame(2);
        deal(t, 0, Influence.EXEMPTION);
        toStatus(t);
        assertFalse(legal(t, "play:exemption"), "level 0 owes no upkeep");
        t.status[0] = 3;
        assertTrue(legal(t, "play:exemption"), "level 3 owes 100");
    }
}
