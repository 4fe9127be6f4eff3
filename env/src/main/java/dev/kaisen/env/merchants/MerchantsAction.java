package dev.kaisen.env.merchants;

import dev.kaisen.env.Game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The fixed action table of Merchants of the Middle Ages: {@value #COUNT} ids, the same for 2 to 4
 * players and for every data file (names use the data's goods and cities).
 * <pre>
 *       0  pass          end the turn's buying, loading, movement, price shifts or status turn
 *   1- 36  buy:G@C       buy one good G (0..5) into the warehouse in city C (0..5), where C's market shows G
 *  37- 57  bid:K         a sealed bid of K x the bid step (K = 0..20)
 *  58- 63  load:G        load one good G from the warehouse in the wagon's city (master's load or request)
 *  64- 74  offer:K       the loading master's price for the request: K x the offer step (K = 0..10)
 *  75- 76  accept|refuse the requester's answer to the offer
 *  77- 80  tile:T        play movement tile T (1..4)
 *  81- 83  wagon:W       move wagon W (0..2) with the tile just played
 *  84- 86  drive:W       one extra movement point (Driver, Coach Driver, Wheelwright) for wagon W
 *  87- 89  drive-all:W   all extra points left (2 or more) for wagon W in one move (it may pass a wagon)
 *  90- 93  branch:K      the moving wagon takes the K-th road (neighbours by place id) at a fork or out of a city
 *  94- 97  courier:K     the courier steps to its K-th neighbour (never a city)
 *  98-104  play:KIND     play an influence card (market-right, bargain, wheelwright, messenger, guild, patron, exemption)
 *     105  credit:take   take a credit card
 *     106  credit:repay  repay the credit card
 *     107  status:up     buy one status level
 * 108-135  wheel:A+B     set the price wheel's two pointers at goods A and B (6 = the own coat of arms), A <= B
 * 136-147  shift:G+|G-   move good G's price one level up or down (Office or Guild)
 * 148-151  invest:I      auction the face-up investment card in slot I
 * </pre>
 */
public final class MerchantsAction {
    public static final int PASS = 0;
    public static final int BUY = 1;
    public static final int BID = BUY + MerchantsData.GOODS * MerchantsData.CITIES;
    public static final int LOAD = BID + MerchantsData.MAX_BID_STEPS + 1;
    public static final int OFFER = LOAD + MerchantsData.GOODS;
    public static final int ACCEPT = OFFER + MerchantsData.MAX_OFFER_STEPS + 1;
    public static final int REFUSE = ACCEPT + 1;
    public static final int TILE = REFUSE + 1;
    public static final int WAGON = TILE + MerchantsState.TILES;
    public static final int DRIVE = WAGON + MerchantsData.WAGONS;
    public static final int DRIVE_ALL = DRIVE + MerchantsData.WAGONS;
    public static final int BRANCH = DRIVE_ALL + MerchantsData.WAGONS;
    public static final int COURIER = BRANCH + MerchantsData.MAX_DEGREE;
    public static final int PLAY = COURIER + MerchantsData.MAX_DEGREE;
    public static final int CREDIT_TAKE = PLAY + Influence.COUNT;
    public static final int CREDIT_REPAY = CREDIT_TAKE + 1;
    public static final int STATUS_UP = CREDIT_REPAY + 1;
    public static final int WHEEL = STATUS_UP + 1;
    /** Pointer positions: the six goods, then the own coat of arms (raises nothing). */
    public static final int POINTER_SPOTS = MerchantsData.GOODS + 1;
    public static final int WHEELS = POINTER_SPOTS * (POINTER_SPOTS + 1) / 2;
    public static final int SHIFT = WHEEL + WHEELS;
    public static final int INVEST = SHIFT + 2 * MerchantsData.GOODS;
    public static final int COUNT = INVEST + MerchantsData.MAX_FACE_UP;

    /** WHEEL_A[k], WHEEL_B[k]: the pointers of wheel setting k (A <= B). */
    static final int[] WHEEL_A = new int[WHEELS];
    static final int[] WHEEL_B = new int[WHEELS];

    static {
        int k = 0;
        for (int a = 0; a < POINTER_SPOTS; a++) {
            for (int b = a; b < POINTER_SPOTS; b++) {
                WHEEL_A[k] = a;
                WHEEL_B[k] = b;
                k++;
            }
        }
    }

    private MerchantsAction() {
    }

    public static int buy(int good, int city) {
        return BUY + good * MerchantsData.CITIES + city;
    }

    /** The wheel setting id (0..27) of pointers a and b (any order). */
    public static int wheel(int a, int b) {
        int lo = Math.min(a, b);
        int hi = Math.max(a, b);
        for (int k = 0; k < WHEELS; k++) {
            if (WHEEL_A[k] == lo && WHEEL_B[k] == hi) {
                return k;
            }
        }
        throw new IllegalArgumentException("no wheel setting " + a + "+" + b);
    }

    /** The first pointer of a wheel setting (0..27): 0..5 a good, 6 the own coat of arms. */
    public static int wheelA(int setting) {
        return WHEEL_A[setting];
    }

    /** The second pointer of a wheel setting (0..27), at least the first. */
    public static int wheelB(int setting) {
        return WHEEL_B[setting];
    }

    public static int shift(int good, boolean up) {
        return SHIFT + good * 2 + (up ? 0 : 1);
    }

    /** The action table for a data file (its goods and cities name the actions). */
    static List<Game.ActionEntry> table(MerchantsData d) {
        List<Game.ActionEntry> e = new ArrayList<>(COUNT);
        for (int a = 0; a < COUNT; a++) {
            e.add(new Game.ActionEntry(a, name(d, a), meaning(d, a)));
        }
        return Collections.unmodifiableList(e);
    }

    static String name(MerchantsData d, int a) {
        if (a < 0 || a >= COUNT) {
            return "invalid:" + a;
        }
        if (a == PASS) {
            return "pass";
        } else if (a < BID) {
            int g = (a - BUY) / MerchantsData.CITIES;
            return "buy:" + d.good(g) + "@" + d.city((a - BUY) % MerchantsData.CITIES);
        } else if (a < LOAD) {
            return "bid:" + (a - BID) * d.bidStep();
        } else if (a < OFFER) {
            return "load:" + d.good(a - LOAD);
        } else if (a < ACCEPT) {
            return "offer:" + (a - OFFER) * d.offerStep();
        } else if (a == ACCEPT) {
            return "accept";
        } else if (a == REFUSE) {
            return "refuse";
        } else if (a < WAGON) {
            return "tile:" + (a - TILE + 1);
        } else if (a < DRIVE) {
            return "wagon:" + (a - WAGON);
        } else if (a < DRIVE_ALL) {
            return "drive:" + (a - DRIVE);
        } else if (a < BRANCH) {
            return "drive-all:" + (a - DRIVE_ALL);
        } else if (a < COURIER) {
            return "branch:" + (a - BRANCH);
        } else if (a < PLAY) {
            return "courier:" + (a - COURIER);
        } else if (a < CREDIT_TAKE) {
            return "play:" + Influence.values()[a - PLAY].id();
        } else if (a == CREDIT_TAKE) {
            return "credit:take";
        } else if (a == CREDIT_REPAY) {
            return "credit:repay";
        } else if (a == STATUS_UP) {
            return "status:up";
        } else if (a < SHIFT) {
            int k = a - WHEEL;
            return "wheel:" + pointer(d, WHEEL_A[k]) + "+" + pointer(d, WHEEL_B[k]);
        } else if (a < INVEST) {
            int g = (a - SHIFT) / 2;
            return "shift:" + d.good(g) + ((a - SHIFT) % 2 == 0 ? "+" : "-");
        }
        return "invest:" + (a - INVEST);
    }

    private static String pointer(MerchantsData d, int spot) {
        return spot == MerchantsData.GOODS ? "arms" : d.good(spot);
    }

    private static String meaning(MerchantsData d, int a) {
        if (a == PASS) {
            return "end this turn's buying, loading request, movement, price shifts or status turn";
        } else if (a < BID) {
            int g = (a - BUY) / MerchantsData.CITIES;
            int c = (a - BUY) % MerchantsData.CITIES;
            return "buy one " + d.good(g) + " at its current cost into the warehouse in " + d.city(c)
                    + (d.shows(c, g) ? "" : " (never legal: " + d.city(c) + "'s market does not show " + d.good(g) + ")");
        } else if (a < LOAD) {
            return "sealed bid of " + (a - BID) * d.bidStep() + " florins (loading master or investment card)";
        } else if (a < OFFER) {
            return "load one " + d.good(a - LOAD) + " from the warehouse in the wagon's city";
        } else if (a < ACCEPT) {
            return "loading master: the request costs " + (a - OFFER) * d.offerStep() + " florins";
        } else if (a == ACCEPT) {
            return "pay the master's price and load the requested goods";
        } else if (a == REFUSE) {
            return "refuse the master's price; the goods stay in the warehouse";
        } else if (a < WAGON) {
            return "play movement tile " + (a - TILE + 1) + " (then choose the wagon)";
        } else if (a < DRIVE) {
            return "move wagon " + (a - WAGON) + " as far as the tile allows";
        } else if (a < DRIVE_ALL) {
            return "one extra movement point (Driver, Coach Driver, Wheelwright) for wagon " + (a - DRIVE);
        } else if (a < BRANCH) {
            return "all the extra movement points left (2 or more) for wagon " + (a - DRIVE_ALL) + " in one move";
        } else if (a < COURIER) {
            return "the moving wagon takes its " + ordinal(a - BRANCH) + " road onward (neighbours ordered by place id)";
        } else if (a < PLAY) {
            return "the courier steps to its " + ordinal(a - COURIER) + " neighbour (ordered by place id; never a city)";
        } else if (a < CREDIT_TAKE) {
            Influence i = Influence.values()[a - PLAY];
            return "play the influence card " + i.id() + " (" + i.phase.name().toLowerCase(java.util.Locale.ROOT)
                    + " phase)";
        } else if (a == CREDIT_TAKE) {
            return "take a credit card: receive the credit amount now, repay more later";
        } else if (a == CREDIT_REPAY) {
            return "repay the credit card";
        } else if (a == STATUS_UP) {
            return "buy one status level at the wagon track's current cost";
        } else if (a < SHIFT) {
            return "set the price wheel's pointers (each raises its good one level at the reveal; arms: nothing)";
        } else if (a < INVEST) {
            int g = (a - SHIFT) / 2;
            return "move " + d.good(g) + "'s price one level " + ((a - SHIFT) % 2 == 0 ? "up" : "down")
                    + " (Office, then Guild)";
        }
        return "put the face-up investment card in slot " + (a - INVEST) + " up for auction";
    }

    private static String ordinal(int k) {
        return switch (k) {
            case 0 -> "first";
            case 1 -> "second";
            case 2 -> "third";
            default -> (k + 1) + "th";
        };
    }
}
