package dev.kaisen.observation.merchants;

import dev.kaisen.env.merchants.Influence;
import dev.kaisen.env.merchants.Investment;
import dev.kaisen.env.merchants.MerchantsAction;
import dev.kaisen.env.merchants.MerchantsData;
import dev.kaisen.env.merchants.MerchantsGame;
import dev.kaisen.env.merchants.MerchantsObservationEdits;
import dev.kaisen.env.merchants.MerchantsState;
import dev.kaisen.env.merchants.Phase;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.ObservationSpec;
import dev.kaisen.observation.Segment;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The Merchants encoders: the layout, egocentric seats, the money rule of each view, sealed bids
 * and wheels hidden until their reveal, hidden influence kinds and pile orders, and the declared
 * bounds over random play at 2 to 4 players.
 */
class MerchantsObservationTest {
    static final List<MerchantsObservation> VIEWS = List.of(MerchantsObservation.informationState(),
            MerchantsObservation.observation());

    static float[] encode(MerchantsObservation e, MerchantsState s, int observer) {
        float[] buf = new float[e.size() + 2];
        Arrays.fill(buf, 7f); // the encoder must write its whole range, and only it
        e.encode(s, observer, buf, 1);
        assertEquals(7f, buf[0]);
        assertEquals(7f, buf[buf.length - 1]);
        return Arrays.copyOfRange(buf, 1, 1 + e.size());
    }

    static float[] segment(ObservationSpec spec, float[] buf, String name) {
        Segment s = spec.segment(name);
        return Arrays.copyOfRange(buf, s.offset(), s.end());
    }

    static float at(ObservationSpec spec, float[] buf, String name, int index) {
        Segment s = spec.segment(name);
        assertTrue(index >= 0 && index < s.length(), name + "[" + index + "]");
        return buf[s.offset() + index];
    }

    static String differing(ObservationSpec spec, float[] a, float[] b) {
        List<String> names = new ArrayList<>();
        for (Segment seg : spec.segments()) {
            if (!Arrays.equals(a, seg.offset(), seg.end(), b, seg.offset(), seg.end())) {
                names.add(seg.name());
            }
        }
        return names.toString();
    }

    /** Random legal decisions from the deal of {@code seed} until {@code stop} holds (or the game ends). */
    static MerchantsState playUntil(int players, long seed, Predicate<MerchantsState> stop) {
        MerchantsState s = new MerchantsGame(players).newGame(seed);
        SplittableRandom r = new SplittableRandom(seed);
        while (!s.isTerminal() && !stop.test(s)) {
            int[] legal = s.legalActions();
            s.applyInPlace(legal[r.nextInt(legal.length)]);
        }
        return s;
    }

    /**
     * Whether the bids of this auction stay revealed after it: an investment auction, or the last
     * wagon auction of the round (the next auction clears the bids at once).
     */
    static boolean revealStays(MerchantsState s) {
        if (s.auctionSlot() >= 0) {
            return true;
        }
        for (int w = s.auctionWagon() + 1; w < MerchantsData.WAGONS; w++) {
            if (s.wagonNode(w) < MerchantsData.CITIES && s.master(w) < 0 && s.wagonEmpty(w)) {
                return false;
            }
        }
        return true;
    }

    static int committed(dev.kaisen.env.SealedChoices c, int players) {
        int k = 0;
        for (int p = 0; p < players; p++) {
            k += c.hasCommitted(p) ? 1 : 0;
        }
        return k;
    }

    // ------------------------------------------------------------------ layout

    static final List<String> SEGMENTS = List.of("phase", "seats_present", "current_player", "first_player", "round",
            "arrivals", "end_arrivals", "step_cost_thousands", "price_level", "price_lines_thousands", "supply", "city_goods",
            "city_bonus_thousands",
            "open_cities", "wagon_node", "wagon_prev", "wagon_arrived", "wagon_arrived_by", "wagon_master", "wagon_cargo",
            "courier", "money_thousands", "status", "credit", "tiles", "warehouses", "investments", "hand_sizes", "own_influence",
            "influence_discard", "piles", "face_up", "investment_pile", "credit_left", "bid_committed", "bids_revealed",
            "bid_values", "auction_wagon", "auction_slot", "wheel_committed", "wheels_revealed", "wheel_pointers",
            "load_wagon", "loader", "request", "offer", "buy_turn", "tile_played", "pending_tile", "extra_points",
            "courier_left", "courier_done", "blocked_wagon", "moving_wagon", "move_points", "played_this_turn",
            "office_left", "status_turn", "game_progress");

    @Test
    void bothViewsDeclareOneLayoutWithTheSameSegmentsButMoney() {
        ObservationSpec info = MerchantsObservation.INFORMATION_STATE_SPEC;
        ObservationSpec now = MerchantsObservation.OBSERVATION_SPEC;
        assertEquals(SEGMENTS, info.segments().stream().map(Segment::name).toList());
        List<String> memoryless = new ArrayList<>(SEGMENTS);
        memoryless.set(memoryless.indexOf("money_thousands"), "own_money_thousands");
        assertEquals(memoryless, now.segments().stream().map(Segment::name).toList());
        assertEquals(1091, info.size());
        assertEquals(1088, now.size());
        assertEquals(MerchantsObservation.SEATS, info.segment("money_thousands").length());
        assertEquals(1, now.segment("own_money_thousands").length());
        int seats = MerchantsObservation.SEATS;
        int g = MerchantsData.GOODS;
        int w = MerchantsData.WAGONS;
        int nodes = MerchantsData.MAX_NODES;
        assertEquals(Phase.values().length, info.segment("phase").length());
        assertEquals(g * MerchantsData.MAX_LEVELS, info.segment("price_level").length());
        assertEquals(MerchantsData.CITIES * g, info.segment("city_goods").length());
        assertEquals(w * nodes, info.segment("wagon_node").length());
        assertEquals(w * nodes, info.segment("wagon_prev").length());
        assertEquals(w * seats * g, info.segment("wagon_cargo").length());
        assertEquals(nodes, info.segment("courier").length());
        assertEquals(seats * MerchantsData.MAX_STATUS, info.segment("status").length());
        assertEquals(seats * MerchantsState.TILES, info.segment("tiles").length());
        assertEquals(seats * MerchantsData.CITIES * g, info.segment("warehouses").length());
        assertEquals(seats * Investment.COUNT, info.segment("investments").length());
        assertEquals(Influence.COUNT, info.segment("own_influence").length());
        assertEquals(MerchantsData.MAX_FACE_UP * (Investment.COUNT + 1), info.segment("face_up").length());
        assertEquals(seats * MerchantsAction.POINTER_SPOTS, info.segment("wheel_pointers").length());
        assertEquals(60f, info.segment("money_thousands").high(0), "60,000 florins");
        for (Segment s : info.segments()) {
            assertEquals(s.offset(), now.segment(s.name().equals("money_thousands") ? "own_money_thousands" : s.name()).offset()
                    + (s.offset() > info.segment("money_thousands").offset() ? seats - 1 : 0), s.name());
        }
        for (MerchantsObservation e : VIEWS) {
            for (int players = 2; players <= 4; players++) {
                assertEquals(e.size(), encode(e, new MerchantsGame(players).newGame(1), 0).length);
            }
            assertThrows(IllegalArgumentException.class, () -> e.encode(new MerchantsGame(2).newGame(1), 2,
                    new float[e.size()], 0));
        }
        assertEquals(List.of(Encoders.INFORMATION_STATE, Encoders.OBSERVATION), Encoders.views("merchants"));
        assertEquals(info, Encoders.create(new MerchantsGame(3), Encoders.INFORMATION_STATE).spec());
        assertEquals(now, Encoders.create(new MerchantsGame(3), Encoders.OBSERVATION).spec());
    }

    /** The default data written out here (not read from the engine): markets, price lines, setup, threshold. */
    @Test
    void theDefaultDataIsObserved() {
        MerchantsState s = new MerchantsGame(3).newGame(4);
        for (MerchantsObservation e : VIEWS) {
            float[] buf = encode(e, s, 1);
            float[] markets = segment(e.spec(), buf, "city_goods");
            // cloth iron wine food silk salt; Paris cloth/wine/food, Bruges cloth/salt/silk
            assertArrayEquals(new float[] {1, 0, 1, 1, 0, 0}, Arrays.copyOfRange(markets, 0, 6));
            assertArrayEquals(new float[] {1, 0, 0, 0, 1, 1}, Arrays.copyOfRange(markets, 18, 24));
            assertArrayEquals(new float[] {.1f, .1f, .2f, .3f, .4f, 0, 0, 0, .6f, .7f, .8f, .9f, 1, 0, 0, 0},
                    segment(e.spec(), buf, "price_lines_thousands"), "florins in thousands");
            assertEquals(14f, at(e.spec(), buf, "end_arrivals", 0), "3 players: 14 arrivals");
            assertEquals(1f, at(e.spec(), buf, "step_cost_thousands", 0));
            assertEquals(1f, at(e.spec(), buf, "round", 0));
            assertEquals(1f, at(e.spec(), buf, "phase", Phase.BUY.ordinal()));
            for (int g = 0; g < MerchantsData.GOODS; g++) {
                assertEquals(1f, at(e.spec(), buf, "price_level", g * MerchantsData.MAX_LEVELS), "the lowest line");
                assertEquals(8f, at(e.spec(), buf, "supply", g));
            }
            assertArrayEquals(new float[] {4, 21}, segment(e.spec(), buf, "piles"));
            // reduced-cost, driver, coach-driver, courier, express-courier, office (2), low-upkeep: 4 face up, 4 down
            float[] pile = segment(e.spec(), buf, "investment_pile");
            float[] faceUp = segment(e.spec(), buf, "face_up");
            float[] all = new float[Investment.COUNT];
            for (int k = 0; k < Investment.COUNT; k++) {
                all[k] = pile[k];
                for (int slot = 0; slot < MerchantsData.MAX_FACE_UP; slot++) {
                    all[k] += faceUp[slot * (Investment.COUNT + 1) + k];
                }
            }
            assertArrayEquals(new float[] {1, 1, 1, 1, 1, 2, 1}, all);
            assertEquals(5f, at(e.spec(), buf, "credit_left", 0));
            for (int w = 0; w < MerchantsData.WAGONS; w++) {
                assertTrue(s.wagonNode(w) < MerchantsData.CITIES, "the wagons start in cities");
                assertEquals(1f, at(e.spec(), buf, "wagon_node", w * MerchantsData.MAX_NODES + s.wagonNode(w)));
                assertEquals(0f, sum(segment(e.spec(), buf, "wagon_prev")), "no direction in a city");
                assertEquals(1f, at(e.spec(), buf, "open_cities", s.wagonNode(w)), "an empty wagon opens its city");
            }
            for (int c = 0; c < MerchantsData.CITIES; c++) {
                assertEquals(s.wagonAt(c) >= 0 ? 0f : .2f, at(e.spec(), buf, "city_bonus_thousands", c));
            }
        }
    }

    /** Florins as the observation shows them: in thousands (written out here, not the encoder's helper). */
    static float thousands(int florins) {
        return florins / 1000f;
    }

    static float sum(float[] a) {
        float t = 0;
        for (float v : a) {
            t += v;
        }
        return t;
    }

    // ------------------------------------------------------------------ seats and money

    @Test
    void seatsAreRelativeToTheObserver() {
        MerchantsState s = playUntil(4, 11, x -> x.round() == 3 && x.phase() == Phase.MOVE);
        assertEquals(Phase.MOVE, s.phase());
        MerchantsObservation e = MerchantsObservation.informationState();
        for (int observer = 0; observer < 4; observer++) {
            float[] buf = encode(e, s, observer);
            assertEquals(1f, at(e.spec(), buf, "current_player", MerchantsObservation.rel(s.currentPlayer(), observer, 4)));
            assertEquals(1f, at(e.spec(), buf, "first_player", MerchantsObservation.rel(s.firstPlayer(), observer, 4)));
            for (int p = 0; p < 4; p++) {
                int r = (p - observer + 4) % 4;
                assertEquals(thousands(s.money(p)), at(e.spec(), buf, "money_thousands", r), "observer " + observer + ", seat " + p);
                assertEquals(1f, at(e.spec(), buf, "status", r * MerchantsData.MAX_STATUS + s.status(p)));
                assertEquals(s.handSize(p), at(e.spec(), buf, "hand_sizes", r));
                for (int t = 0; t < MerchantsState.TILES; t++) {
                    assertEquals((s.tiles(p) >> t) & 1, at(e.spec(), buf, "tiles", r * MerchantsState.TILES + t));
                }
                for (int c = 0; c < MerchantsData.CITIES; c++) {
                    for (int g = 0; g < MerchantsData.GOODS; g++) {
                        assertEquals(s.warehouse(p, c, g), at(e.spec(), buf, "warehouses",
                                (r * MerchantsData.CITIES + c) * MerchantsData.GOODS + g));
                    }
                }
                for (int w = 0; w < MerchantsData.WAGONS; w++) {
                    for (int g = 0; g < MerchantsData.GOODS; g++) {
                        assertEquals(s.cargo(w, p, g), at(e.spec(), buf, "wagon_cargo",
                                (w * 4 + r) * MerchantsData.GOODS + g));
                    }
                    assertEquals(s.master(w) == p ? 1f : 0f, at(e.spec(), buf, "wagon_master", w * 4 + r));
                }
            }
        }
        MerchantsState two = playUntil(2, 5, x -> x.round() == 2);
        float[] buf = encode(e, two, 1);
        assertArrayEquals(new float[] {1, 1, 0, 0}, segment(e.spec(), buf, "seats_present"));
        assertEquals(0f, at(e.spec(), buf, "money_thousands", 2) + at(e.spec(), buf, "money_thousands", 3),
                "absent seats are zero");
        assertEquals(thousands(two.money(1)), at(e.spec(), buf, "money_thousands", 0));
        assertEquals(thousands(two.money(0)), at(e.spec(), buf, "money_thousands", 1));
    }

    /**
     * Every payment is public: the perfect-recall view holds every seat's money; the memoryless
     * view only the observer's own (the others' lie behind screens), so changing another seat's
     * money changes that view in nothing.
     */
    @Test
    void theInformationStateHoldsEverySeatsMoneyTheObservationOnlyTheObserversOwn() {
        for (int players = 2; players <= 4; players++) {
            MerchantsState s = playUntil(players, 20 + players, x -> x.round() == 2 && x.phase() == Phase.STATUS);
            MerchantsObservation info = MerchantsObservation.informationState();
            MerchantsObservation now = MerchantsObservation.observation();
            for (int observer = 0; observer < players; observer++) {
                float[] a = encode(info, s, observer);
                float[] b = encode(now, s, observer);
                for (int p = 0; p < players; p++) {
                    assertEquals(thousands(s.money(p)),
                            at(info.spec(), a, "money_thousands", MerchantsObservation.rel(p, observer, players)));
                }
                assertEquals(thousands(s.money(observer)), at(now.spec(), b, "own_money_thousands", 0));
                int other = (observer + 1) % players;
                MerchantsState richer = MerchantsObservationEdits.withMoney(s, other, s.money(other) + 700);
                assertArrayEquals(b, encode(now, richer, observer), "another seat's money is behind its screen");
                float[] a2 = encode(info, richer, observer);
                assertEquals("[money_thousands]", differing(info.spec(), a, a2), "the information state remembers payments");
                assertEquals(thousands(s.money(other) + 700), at(info.spec(), a2, "money_thousands", 1));
                MerchantsState mine = MerchantsObservationEdits.withMoney(s, observer, s.money(observer) + 300);
                assertEquals("[own_money_thousands]", differing(now.spec(), b, encode(now, mine, observer)));
                assertEquals("[money_thousands]", differing(info.spec(), a, encode(info, mine, observer)));
            }
        }
        MerchantsState s = MerchantsObservationEdits.withMoney(new MerchantsGame(2).newGame(3), 1, 1_000_000);
        assertEquals(60f,
                at(MerchantsObservation.INFORMATION_STATE_SPEC, encode(MerchantsObservation.informationState(), s, 0),
                        "money_thousands", 1), "more than the bound (60,000 florins) is shown capped");
    }

    // ------------------------------------------------------------------ sealed choices

    /**
     * A seat's sealed bid, before the reveal, shows nowhere but in its own observation: two
     * states that differ only in that bid (two different bid actions from the same state) encode
     * identically for every other seat, in both views; after the last bid the reveal shows it to all.
     */
    @Test
    void aSealedBidShowsOnlyToItsBidderUntilTheReveal() {
        int checked = 0;
        for (int players = 2; players <= 4; players++) {
            for (long seed = 1; seed <= 4; seed++) {
                MerchantsState s = playUntil(players, seed * 7 + players, x -> x.phase() == Phase.BID
                        && committed(x.bids(), x.numPlayers()) < x.numPlayers() - 1 && revealStays(x));
                if (s.isTerminal()) {
                    continue;
                }
                int bidder = s.currentPlayer();
                int[] legal = s.legalActions();
                assertTrue(legal.length >= 2, "the bidder can afford two bids");
                MerchantsState low = s.apply(legal[0]);
                MerchantsState high = s.apply(legal[legal.length - 1]);
                assertEquals(Phase.BID, low.phase(), "not the last bid: no reveal yet");
                for (MerchantsObservation e : VIEWS) {
                    for (int observer = 0; observer < players; observer++) {
                        float[] a = encode(e, low, observer);
                        float[] b = encode(e, high, observer);
                        if (observer == bidder) {
                            assertEquals("[bid_values]", differing(e.spec(), a, b), "the bidder sees its own bid");
                            assertEquals(legal.length - 1f, at(e.spec(), b, "bid_values", 0));
                        } else {
                            assertArrayEquals(a, b, () -> e.view() + " leaks a sealed bid: " + differing(e.spec(), a, b));
                            assertEquals(1f, at(e.spec(), a, "bid_committed",
                                    MerchantsObservation.rel(bidder, observer, players)), "that it bid is public");
                            assertEquals(0f, at(e.spec(), a, "bids_revealed", 0));
                        }
                    }
                }
                // the remaining seats bid 0 alike; the reveal then shows the bid to everyone
                while (!high.bids().isRevealed()) {
                    high.applyInPlace(MerchantsAction.BID);
                }
                for (int observer = 0; observer < players; observer++) {
                    MerchantsObservation e = MerchantsObservation.observation();
                    float[] b = encode(e, high, observer);
                    assertEquals(1f, at(e.spec(), b, "bids_revealed", 0));
                    assertEquals(legal.length - 1f, at(e.spec(), b, "bid_values",
                            MerchantsObservation.rel(bidder, observer, players)), "revealed to all");
                }
                checked++;
            }
        }
        assertTrue(checked >= 8, "bids checked: " + checked);
    }

    /** The same for the price wheels: a setting shows only to its seat until all are set and revealed. */
    @Test
    void aWheelSettingShowsOnlyToItsSeatUntilTheReveal() {
        int checked = 0;
        for (int players = 2; players <= 4; players++) {
            for (long seed = 1; seed <= 3; seed++) {
                int before = (int) (seed % (players - 1));
                MerchantsState s = playUntil(players, seed * 13 + players,
                        x -> x.phase() == Phase.WHEEL && committed(x.wheels(), x.numPlayers()) == before);
                if (s.isTerminal()) {
                    continue;
                }
                int seat = s.currentPlayer();
                int a1 = MerchantsAction.WHEEL + MerchantsAction.wheel(0, 0);
                int a2 = MerchantsAction.WHEEL + MerchantsAction.wheel(3, MerchantsAction.POINTER_SPOTS - 1);
                MerchantsState one = s.apply(a1);
                MerchantsState two = s.apply(a2);
                for (MerchantsObservation e : VIEWS) {
                    for (int observer = 0; observer < players; observer++) {
                        float[] a = encode(e, one, observer);
                        float[] b = encode(e, two, observer);
                        if (observer == seat) {
                            assertEquals("[wheel_pointers]", differing(e.spec(), a, b));
                            assertEquals(2f, at(e.spec(), a, "wheel_pointers", 0), "both pointers at good 0");
                            assertEquals(1f, at(e.spec(), b, "wheel_pointers", 3));
                            assertEquals(1f, at(e.spec(), b, "wheel_pointers", MerchantsAction.POINTER_SPOTS - 1));
                        } else {
                            assertArrayEquals(a, b, () -> e.view() + " leaks a wheel: " + differing(e.spec(), a, b));
                            assertEquals(0f, sum(Arrays.copyOfRange(segment(e.spec(), a, "wheel_pointers"),
                                    MerchantsObservation.rel(seat, observer, players) * MerchantsAction.POINTER_SPOTS,
                                    (MerchantsObservation.rel(seat, observer, players) + 1) * MerchantsAction.POINTER_SPOTS)));
                            assertEquals(1f, at(e.spec(), a, "wheel_committed",
                                    MerchantsObservation.rel(seat, observer, players)));
                        }
                    }
                }
                while (!two.wheels().isRevealed()) {
                    two.applyInPlace(MerchantsAction.WHEEL + MerchantsAction.wheel(6, 6));
                }
                for (int observer = 0; observer < players; observer++) {
                    MerchantsObservation e = MerchantsObservation.informationState();
                    float[] b = encode(e, two, observer);
                    int r = MerchantsObservation.rel(seat, observer, players);
                    assertEquals(1f, at(e.spec(), b, "wheels_revealed", 0));
                    assertEquals(1f, at(e.spec(), b, "wheel_pointers", r * MerchantsAction.POINTER_SPOTS + 3));
                    for (int p = 0; p < players; p++) {
                        if (p != seat && !s.wheels().hasCommitted(p)) {
                            assertEquals(2f, at(e.spec(), b, "wheel_pointers",
                                    MerchantsObservation.rel(p, observer, players) * MerchantsAction.POINTER_SPOTS + 6),
                                    "the later seats' arms settings, revealed");
                        }
                    }
                }
                checked++;
            }
        }
        assertTrue(checked >= 6, "wheels checked: " + checked);
    }

    // ------------------------------------------------------------------ hands and piles

    @Test
    void anotherSeatsInfluenceKindsAndThePilesOrderNeverShow() {
        for (int players = 2; players <= 4; players++) {
            MerchantsState s = playUntil(players, 40 + players, x -> x.round() == 2 && x.phase() == Phase.MOVE);
            int other = (players > 2) ? 2 : 1;
            MerchantsState dealt = MerchantsObservationEdits.withInfluenceDealt(s, other, Influence.GUILD);
            MerchantsState swapped = MerchantsObservationEdits.withInfluenceSwapped(dealt, other, Influence.GUILD,
                    Influence.PATRON);
            MerchantsState reordered = MerchantsObservationEdits.withPilesReversed(dealt);
            assertNotEquals(dealt, reordered);
            for (MerchantsObservation e : VIEWS) {
                float[] base = encode(e, dealt, 0);
                assertArrayEquals(base, encode(e, swapped, 0), () -> e.view() + " leaks another hand's kinds");
                assertArrayEquals(base, encode(e, reordered, 0), () -> e.view() + " leaks a pile's order");
                assertEquals(s.handSize(other) + 1f, at(e.spec(), base, "hand_sizes",
                        MerchantsObservation.rel(other, 0, players)), "the number of cards is public");
                float[] own = encode(e, dealt, other);
                float[] ownSwapped = encode(e, swapped, other);
                assertEquals("[own_influence]", differing(e.spec(), own, ownSwapped), "the holder knows its kinds");
                assertEquals(s.influence(other, Influence.GUILD) + 1f, at(e.spec(), own, "own_influence",
                        Influence.GUILD.ordinal()));
            }
        }
    }

    // ------------------------------------------------------------------ bounds over random play

    @Test
    void randomPlayStaysWithinTheDeclaredBoundsAndOneHotsHoldOneOne() {
        int states = 0;
        for (int players = 2; players <= 4; players++) {
            for (long seed = 0; seed < 6; seed++) {
                MerchantsState s = new MerchantsGame(players).newGame(seed * 31 + players);
                SplittableRandom r = new SplittableRandom(seed);
                while (true) {
                    for (MerchantsObservation e : VIEWS) {
                        for (int p = 0; p < players; p++) {
                            float[] buf = encode(e, s, p);
                            String out = e.spec().outOfBounds(buf, 0);
                            if (out != null) {
                                fail(players + " players, seed " + seed + ", " + e.view() + ", observer " + p + ": "
                                        + out + "\n" + s);
                            }
                            assertEquals(1f, sum(segment(e.spec(), buf, "phase")));
                            assertEquals(s.isTerminal() ? 0f : 1f, sum(segment(e.spec(), buf, "current_player")));
                            assertEquals(1f, sum(segment(e.spec(), buf, "first_player")));
                            assertEquals(3f, sum(segment(e.spec(), buf, "wagon_node")));
                            assertEquals(1f, sum(segment(e.spec(), buf, "courier")));
                            assertEquals(players, sum(segment(e.spec(), buf, "status")));
                            assertEquals(MerchantsData.GOODS, sum(segment(e.spec(), buf, "price_level")));
                            assertEquals(MerchantsData.MAX_FACE_UP, sum(segment(e.spec(), buf, "face_up")));
                        }
                    }
                    states++;
                    if (s.isTerminal()) {
                        break;
                    }
                    int[] legal = s.legalActions();
                    s.applyInPlace(legal[r.nextInt(legal.length)]);
                }
                assertFalse(s.isTruncated(), "random games end by the rules");
            }
        }
        assertTrue(states > 1000, "states encoded: " + states);
    }

    @Test
    void theTurnSegmentsShowOnlyInTheirPhase() {
        MerchantsState s = playUntil(3, 9, x -> x.phase() == Phase.MOVE && x.tilePlayed());
        MerchantsObservation e = MerchantsObservation.observation();
        float[] buf = encode(e, s, 0);
        assertEquals(1f, at(e.spec(), buf, "tile_played", 0));
        MerchantsState later = playUntil(3, 9, x -> x.phase() == Phase.WHEEL);
        assertTrue(later.tilePlayed(), "the engine keeps the last movement turn's flag");
        float[] after = encode(e, later, 0);
        assertEquals(0f, at(e.spec(), after, "tile_played", 0), "outside MOVE the movement turn shows nothing");
        assertNull(e.spec().outOfBounds(after, 0));
    }
}
