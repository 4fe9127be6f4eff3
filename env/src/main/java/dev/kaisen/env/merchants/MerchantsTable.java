package dev.kaisen.env.merchants;

import dev.kaisen.env.RandomStream;
import dev.kaisen.env.SealedChoices;

import java.util.Arrays;

import static dev.kaisen.env.merchants.MerchantsData.CITIES;
import static dev.kaisen.env.merchants.MerchantsData.GOODS;
import static dev.kaisen.env.merchants.MerchantsData.WAGONS;
import static dev.kaisen.env.merchants.MerchantsState.NONE;

/**
 * The data of a Merchants of the Middle Ages state and nothing else: what lies on the table, behind
 * the screens and in the piles, where the round stands, and each turn's scratch. No rules: those
 * are in the phases' rule classes, and the queries in {@link MerchantsState}, which is this table.
 * The flat arrays are indexed in one small accessor each ({@link #handIndex}, {@link #warehouseIndex},
 * {@link #cargoIndex}) and written through {@link #addHand}, {@link #addWarehouse}, {@link #addCargo}.
 */
abstract class MerchantsTable {
    final MerchantsData d;
    final int n;
    /** The state's own random stream: the deals and draws (chance), and determinize's resampling. */
    final RandomStream rng = new RandomStream(0);
    int setup;
    int first;
    int round = 1;
    Phase phase = Phase.BUY;
    /** Position in turn order (0 = the first player) of the player to act in turn-ordered phases. */
    int turn;
    int buyPass;
    int decisions;
    boolean truncated;
    EndReason endReason = EndReason.NONE;

    // the players
    final int[] money;
    final int[] status;
    final boolean[] credit;
    int creditLeft;
    /** Per player, bit t-1: movement tile t still face up. */
    final int[] tiles;
    /** The influence cards in hands, per player and kind: {@link #handIndex}. */
    final int[] hand;
    final int[] discard = new int[Influence.COUNT];
    /** The goods in warehouses, per player, city and good: {@link #warehouseIndex}. */
    final int[] warehouse;

    // the board
    /** The goods on wagons, per wagon, owner and good: {@link #cargoIndex}. */
    final int[] cargo;
    final int[] supply = new int[GOODS];
    final int[] price = new int[GOODS];
    final int[] bonus = new int[CITIES];
    int arrivals;
    final int[] wagonNode = new int[WAGONS];
    final int[] wagonPrev = new int[WAGONS];
    final boolean[] arrived = new boolean[WAGONS];
    final int[] arrivedBy = new int[WAGONS];
    final int[] master = new int[WAGONS];
    int courier;

    // the piles
    /** The investment pile: cards invDeck[invTop..] face down, top first. */
    final int[] invDeck;
    int invTop;
    final int[] faceUp;
    final int[] invOwner;
    /** The influence pile: kinds inflDeck[inflTop..] face down, top first. */
    final int[] inflDeck;
    int inflTop;

    // sealed choices and what is auctioned
    final SealedChoices bids;
    /** The wagon being auctioned, or NONE for an investment auction. */
    int auctionWagon = NONE;
    int auctionSlot = NONE;
    final SealedChoices wheels;

    // each turn's scratch ({@link #assignFrom} copies into them)
    final BuyTurn buy;
    final Loading loading;
    final MoveTurn move;
    final StatusTurn statusTurn;
    /** Bit k: influence kind k played this turn (any turn that plays cards). */
    int playedThisTurn;

    MerchantsTable(MerchantsData d, int n) {
        this.d = d;
        this.n = n;
        money = new int[n];
        status = new int[n];
        credit = new boolean[n];
        tiles = new int[n];
        hand = new int[n * Influence.COUNT];
        warehouse = new int[n * CITIES * GOODS];
        cargo = new int[WAGONS * n * GOODS];
        invDeck = new int[d.investmentCards()];
        faceUp = new int[d.faceUp()];
        invOwner = new int[d.investmentCards()];
        inflDeck = new int[d.influenceCards()];
        bids = new SealedChoices(n);
        wheels = new SealedChoices(n);
        buy = new BuyTurn();
        loading = new Loading();
        move = new MoveTurn(d.maxMovePoints() + 1);
        statusTurn = new StatusTurn();
    }

    /**
     * A deep copy: every array and every turn's scratch of its own, the random stream too (a new
     * table of the same data and players, into which {@link #assignFrom} copies every field).
     */
    MerchantsTable(MerchantsTable o) {
        this(o.d, o.n);
        assignFrom(o);
    }

    /**
     * Sets every field to {@code o}'s (a table of the same game: same data and players), copying
     * into this table's own arrays and turn scratch; the copy constructor, the explicit-chance mode
     * (restoring a state from the one before a step) and the bots' look-ahead copy this way. A
     * field added to the table is added here.
     */
    final void assignFrom(MerchantsTable o) {
        if (o.n != n || !o.d.equals(d)) {
            throw new IllegalArgumentException("a table of another game");
        }
        rng.setState(o.rng.state());
        setup = o.setup;
        first = o.first;
        round = o.round;
        phase = o.phase;
        turn = o.turn;
        buyPass = o.buyPass;
        decisions = o.decisions;
        truncated = o.truncated;
        endReason = o.endReason;
        System.arraycopy(o.money, 0, money, 0, n);
        System.arraycopy(o.status, 0, status, 0, n);
        System.arraycopy(o.credit, 0, credit, 0, n);
        creditLeft = o.creditLeft;
        System.arraycopy(o.tiles, 0, tiles, 0, n);
        System.arraycopy(o.hand, 0, hand, 0, hand.length);
        System.arraycopy(o.discard, 0, discard, 0, discard.length);
        System.arraycopy(o.warehouse, 0, warehouse, 0, warehouse.length);
        System.arraycopy(o.cargo, 0, cargo, 0, cargo.length);
        System.arraycopy(o.supply, 0, supply, 0, GOODS);
        System.arraycopy(o.price, 0, price, 0, GOODS);
        System.arraycopy(o.bonus, 0, bonus, 0, CITIES);
        arrivals = o.arrivals;
        System.arraycopy(o.wagonNode, 0, wagonNode, 0, WAGONS);
        System.arraycopy(o.wagonPrev, 0, wagonPrev, 0, WAGONS);
        System.arraycopy(o.arrived, 0, arrived, 0, WAGONS);
        System.arraycopy(o.arrivedBy, 0, arrivedBy, 0, WAGONS);
        System.arraycopy(o.master, 0, master, 0, WAGONS);
        courier = o.courier;
        System.arraycopy(o.invDeck, 0, invDeck, 0, invDeck.length);
        invTop = o.invTop;
        System.arraycopy(o.faceUp, 0, faceUp, 0, faceUp.length);
        System.arraycopy(o.invOwner, 0, invOwner, 0, invOwner.length);
        System.arraycopy(o.inflDeck, 0, inflDeck, 0, inflDeck.length);
        inflTop = o.inflTop;
        bids.copyFrom(o.bids);
        auctionWagon = o.auctionWagon;
        auctionSlot = o.auctionSlot;
        wheels.copyFrom(o.wheels);
        buy.copyFrom(o.buy);
        loading.copyFrom(o.loading);
        move.copyFrom(o.move);
        statusTurn.copyFrom(o.statusTurn);
        playedThisTurn = o.playedThisTurn;
    }

    // ------------------------------------------------------------------ the flat arrays

    final int handIndex(int p, int kind) {
        return p * Influence.COUNT + kind;
    }

    final int warehouseIndex(int p, int city, int good) {
        return (p * CITIES + city) * GOODS + good;
    }

    final int cargoIndex(int wagon, int p, int good) {
        return (wagon * n + p) * GOODS + good;
    }

    /** Player p's influence cards of kind {@code kind} (an ordinal of {@link Influence}). */
    int hand(int p, int kind) {
        return hand[handIndex(p, kind)];
    }

    void addHand(int p, int kind, int k) {
        hand[handIndex(p, kind)] += k;
    }

    void addWarehouse(int p, int city, int good, int k) {
        warehouse[warehouseIndex(p, city, good)] += k;
    }

    void addCargo(int wagon, int p, int good, int k) {
        cargo[cargoIndex(wagon, p, good)] += k;
    }

    /** Same data, field by field (the path only as far as it goes). */
    final boolean sameTable(MerchantsTable s) {
        return n == s.n && rng.equals(s.rng) && setup == s.setup && first == s.first && round == s.round
                && phase == s.phase && turn == s.turn && buyPass == s.buyPass && decisions == s.decisions
                && truncated == s.truncated && endReason == s.endReason && creditLeft == s.creditLeft
                && arrivals == s.arrivals && courier == s.courier && invTop == s.invTop && inflTop == s.inflTop
                && auctionWagon == s.auctionWagon && auctionSlot == s.auctionSlot
                && playedThisTurn == s.playedThisTurn && buy.equals(s.buy) && loading.equals(s.loading)
                && move.equals(s.move) && statusTurn.equals(s.statusTurn)
                && Arrays.equals(money, s.money) && Arrays.equals(status, s.status) && Arrays.equals(credit, s.credit)
                && Arrays.equals(tiles, s.tiles) && Arrays.equals(hand, s.hand) && Arrays.equals(discard, s.discard)
                && Arrays.equals(warehouse, s.warehouse) && Arrays.equals(cargo, s.cargo)
                && Arrays.equals(supply, s.supply) && Arrays.equals(price, s.price) && Arrays.equals(bonus, s.bonus)
                && Arrays.equals(wagonNode, s.wagonNode) && Arrays.equals(wagonPrev, s.wagonPrev)
                && Arrays.equals(arrived, s.arrived) && Arrays.equals(arrivedBy, s.arrivedBy)
                && Arrays.equals(master, s.master) && Arrays.equals(invDeck, s.invDeck)
                && Arrays.equals(faceUp, s.faceUp) && Arrays.equals(invOwner, s.invOwner)
                && Arrays.equals(inflDeck, s.inflDeck)
                && bids.equals(s.bids) && wheels.equals(s.wheels) && d.equals(s.d);
    }

    /** A hash of the fields that change most (consistent with {@link #sameTable}). */
    final int tableHash() {
        int h = rng.hashCode() * 31 + decisions;
        h = h * 31 + phase.ordinal();
        h = h * 31 + Arrays.hashCode(money);
        h = h * 31 + Arrays.hashCode(warehouse);
        h = h * 31 + Arrays.hashCode(wagonNode);
        return h;
    }
}
