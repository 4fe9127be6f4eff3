package dev.kaisen.env.merchants;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.GameState;
import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.LegalActions;
import dev.kaisen.env.SealedChoices;
import dev.kaisen.env.SplitMix64;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static dev.kaisen.env.merchants.MerchantsData.CITIES;
import static dev.kaisen.env.merchants.MerchantsData.GOODS;
import static dev.kaisen.env.merchants.MerchantsData.WAGONS;

/**
 * The rules of Merchants of the Middle Ages ({@code docs/rules/merchants.md}): the seed rulebook
 * exactly where it speaks (actions 1 to 3), published facts next, and every other rule
 * [reconstructed] with its numbers in {@link MerchantsData}.
 *
 * <p><b>A round</b> ({@link #round()}; the first player moves one seat on each round):
 * <ol>
 *   <li>{@link Phase#BUY}: in turn order each player buys 0-3 goods (more with Market Right) at the
 *   current cost into warehouses of cities whose market shows the good and that hold an empty
 *   wagon or a wagon about to arrive (one whose forward roads reach that city next); twice in
 *   round 1. Reduced Cost (and Bargain): the turn's purchases cost 100 in all.</li>
 *   <li>Loading, only when an empty wagon stands in a city (seed): for each empty wagon in a city
 *   without a master, ascending, a sealed
 *   {@link Phase#BID} (ties by turn order; no bids: the first player); the winner pays the bank and
 *   becomes loading master. Then per wagon with a master, ascending: the master loads up to 3 goods
 *   of one type free ({@link Phase#MASTER_LOAD}); each other player in turn order may
 *   {@link Phase#REQUEST} up to 2 goods of other types, the master makes an {@link Phase#OFFER},
 *   the requester accepts (pays the master, loads) or refuses ({@link Phase#ANSWER})
 *   [reconstructed: the seed's free negotiation as one offer and one answer]. A master keeps the
 *   title while the wagon stays in the city, and tops up in later rounds.</li>
 *   <li>{@link Phase#MOVE}: in turn order each player plays one movement tile (1-4, all four back
 *   after the fourth) and moves one wagon exactly that far, forward only, choosing at forks and out
 *   of cities ({@code branch:K}); passing other wagons is allowed, but a wagon whose move ends on
 *   an occupied space stops on the last free one before it; an occupied city stops it before the
 *   city; arriving in a city ends the move; a wagon that arrived this round does not move again.
 *   A wagon that can move must be chosen when one can; when none can, the tile is spent; at a fork
 *   only roads that still reach a free place are offered when one does. Driver (+1), Coach Driver
 *   (+2) and Wheelwright add points usable at any time of the turn, one per {@code drive:W} or all
 *   left in one move ({@code drive-all:W}, which may pass a wagon). The courier moves only with Courier (1) / Express Courier (2) / Messenger, on
 *   spaces only, never into a city, one run per turn; a run that ends on a wagon's space draws an
 *   influence card (Messenger is played before the run), and that wagon may not be moved again by
 *   this player this turn.</li>
 *   <li>Arrival [reconstructed]: each wagon that arrived is unloaded; every good on it is sold to
 *   the bank by its owner at the sale price of its level, or at its cost price when the city's
 *   market shows that good; the player who moved the wagon in takes the city's bonus, which drops
 *   to 0; each arrival moves the wagon track one step.</li>
 *   <li>Prices (published): each player sets the price wheel's two pointers in secret
 *   ({@link Phase#WHEEL}); at the reveal each pointer raises its good one level, wrapping from the
 *   top to the bottom; then, in turn order ({@link Phase#SHIFT}, every player asked so that a hidden
 *   Guild card shows nowhere), Office holders shift one good one level per Office card and Guild
 *   cards one level each [reconstructed].</li>
 *   <li>Investment [reconstructed form]: the first player puts a face-up card up for auction
 *   ({@link Phase#INVEST}); sealed bids; the highest bid above 0 buys it (ties by turn order); the
 *   slot is refilled from the face-down pile. No bid: the card stays.</li>
 *   <li>{@link Phase#STATUS} (published, numbers [reconstructed]): in turn order each player may
 *   take one credit card or repay it, buy status levels at the wagon track's cost (never while
 *   holding credit), play Patron or Exemption; at the end of the turn the level's upkeep is paid
 *   (Low Upkeep: half), dropping to the highest level the player can pay.</li>
 * </ol>
 * At the round's end every city without a wagon raises its bonus by 100 (at most 500)
 * [reconstructed]; once the wagon track reaches the end threshold for the player count the game
 * ends: the highest status wins, ties by money; a player still holding credit scores -1, below
 * every level (when every player holds credit, money decides).
 *
 * <p><b>Hidden information.</b> Money is behind screens, but every payment is public, so a
 * player with perfect memory knows everyone's money. Hidden are: sealed bids and wheel settings
 * before the reveal, the order of both face-down piles, and influence cards in hands (their number
 * is public). {@link #determinize} resamples exactly those.
 */
public final class MerchantsState implements GameState<MerchantsState> {
    public static final int MIN_PLAYERS = 2;
    public static final int MAX_PLAYERS = 4;
    public static final int TILES = 4;
    static final int ALL_TILES = (1 << TILES) - 1;
    /** The safety cap on decisions (a game reaching it is truncated). */
    public static final int DECISION_CAP = 6000;
    static final int NONE = -1;
    /** [reconstructed] Low Upkeep halves the upkeep, rounded down to this many florins. */
    public static final int UPKEEP_ROUNDING = 100;

    final MerchantsData d;
    final int n;
    long rng;
    int setup;
    int first;
    int round = 1;
    Phase phase = Phase.BUY;
    /** Position in turn order (0 = the first player) of the player to act in turn-ordered phases. */
    int turn;
    int buyPass;
    int decisions;
    boolean truncated;
    String endReason = "NONE";

    final int[] money;
    final int[] status;
    final boolean[] credit;
    int creditLeft;
    final int[] tiles;
    /** hand[p * Influence.COUNT + kind]. */
    final int[] hand;
    final int[] discard = new int[Influence.COUNT];
    /** warehouse[(p * CITIES + c) * GOODS + g]. */
    final int[] warehouse;
    /** cargo[(w * n + p) * GOODS + g]. */
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

    /** The investment pile: cards invDeck[invTop..] face down, top first. */
    final int[] invDeck;
    int invTop;
    final int[] faceUp;
    final int[] invOwner;
    /** The influence pile: kinds inflDeck[inflTop..] face down, top first. */
    final int[] inflDeck;
    int inflTop;

    final SealedChoices bids;
    /** The wagon being auctioned, or NONE for an investment auction. */
    int auctionWagon = NONE;
    int auctionSlot = NONE;
    final SealedChoices wheels;

    // buy turn
    int bought;
    int buyExtra;
    boolean bargain;
    boolean paidReduced;
    // loading
    int loadWagon = NONE;
    int loader = NONE;
    int loaderTurn;
    final int[] request = new int[GOODS];
    int offer;
    // movement turn
    boolean tilePlayed;
    int pendingTile;
    int extraPoints;
    int courierLeft;
    int courierRun;
    boolean courierDone;
    int blockedWagon = NONE;
    int movingWagon = NONE;
    int movePoints;
    int mover = NONE;
    /** The places the moving wagon has passed this move (the back-up path); sized by the data's longest move. */
    final int[] path;
    int pathLen;
    int startPrev;
    /** Bit k: influence kind k played this turn. */
    int playedThisTurn;
    // shift and status turns
    int officeLeft;
    boolean exempt;
    boolean creditActed;

    MerchantsState(MerchantsData d, int n) {
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
        path = new int[d.maxMovePoints() + 1];
    }

    private MerchantsState(MerchantsState o) {
        d = o.d;
        n = o.n;
        rng = o.rng;
        setup = o.setup;
        first = o.first;
        round = o.round;
        phase = o.phase;
        turn = o.turn;
        buyPass = o.buyPass;
        decisions = o.decisions;
        truncated = o.truncated;
        endReason = o.endReason;
        money = o.money.clone();
        status = o.status.clone();
        credit = o.credit.clone();
        creditLeft = o.creditLeft;
        tiles = o.tiles.clone();
        hand = o.hand.clone();
        System.arraycopy(o.discard, 0, discard, 0, discard.length);
        warehouse = o.warehouse.clone();
        cargo = o.cargo.clone();
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
        invDeck = o.invDeck.clone();
        invTop = o.invTop;
        faceUp = o.faceUp.clone();
        invOwner = o.invOwner.clone();
        inflDeck = o.inflDeck.clone();
        inflTop = o.inflTop;
        bids = o.bids.copy();
        auctionWagon = o.auctionWagon;
        auctionSlot = o.auctionSlot;
        wheels = o.wheels.copy();
        bought = o.bought;
        buyExtra = o.buyExtra;
        bargain = o.bargain;
        paidReduced = o.paidReduced;
        loadWagon = o.loadWagon;
        loader = o.loader;
        loaderTurn = o.loaderTurn;
        System.arraycopy(o.request, 0, request, 0, GOODS);
        offer = o.offer;
        tilePlayed = o.tilePlayed;
        pendingTile = o.pendingTile;
        extraPoints = o.extraPoints;
        courierLeft = o.courierLeft;
        courierRun = o.courierRun;
        courierDone = o.courierDone;
        blockedWagon = o.blockedWagon;
        movingWagon = o.movingWagon;
        movePoints = o.movePoints;
        mover = o.mover;
        path = o.path.clone();
        pathLen = o.pathLen;
        startPrev = o.startPrev;
        playedThisTurn = o.playedThisTurn;
        officeLeft = o.officeLeft;
        exempt = o.exempt;
        creditActed = o.creditActed;
    }

    /**
     * Setup (seed, "Juego de mesa"): one of the data's wagon sets drawn (chance; the seed offers
     * two), the courier on that set's space, bonus markers at 200 in cities without a wagon and 0
     * with one, every price on the lowest line, 5,000 florins and tiles 1-4 each, both piles
     * shuffled (chance), the investment pile's first cards face up, the first player drawn (chance).
     */
    public static MerchantsState newGame(MerchantsData d, int players, long seed, ChanceLog chance) {
        MerchantsState s = new MerchantsState(d, players);
        s.rng = seed;
        s.setup = SplitMix64.below(s.next(), d.setups());
        int[] w = d.setupWagons(s.setup);
        for (int k = 0; k < WAGONS; k++) {
            s.wagonNode[k] = w[k];
            s.wagonPrev[k] = NONE;
            s.master[k] = NONE;
            s.arrivedBy[k] = NONE;
        }
        s.courier = d.setupCourier(s.setup);
        for (int c = 0; c < CITIES; c++) {
            s.bonus[c] = s.wagonAt(c) == NONE ? d.bonusStart : 0;
        }
        Arrays.fill(s.supply, d.goodsPerType() - 1);
        Arrays.fill(s.money, d.startMoney());
        Arrays.fill(s.tiles, ALL_TILES);
        s.creditLeft = d.creditCards();
        for (int k = 0; k < s.invDeck.length; k++) {
            s.invDeck[k] = k;
        }
        s.shuffle(s.invDeck, 0);
        Arrays.fill(s.invOwner, NONE);
        Arrays.fill(s.faceUp, NONE);
        for (int k = 0; k < s.faceUp.length && s.invTop < s.invDeck.length; k++) {
            s.faceUp[k] = s.invDeck[s.invTop++];
        }
        for (int k = 0; k < s.inflDeck.length; k++) {
            s.inflDeck[k] = k % Influence.COUNT;
        }
        s.shuffle(s.inflDeck, 0);
        s.first = SplitMix64.below(s.next(), players);
        if (chance != ChanceLog.NONE) {
            List<String> up = new ArrayList<>();
            for (int c : s.faceUp) {
                up.add(c == NONE ? "none" : d.investment(c).id());
            }
            chance.chance("setup", Map.of("wagons", Arrays.stream(w).mapToObj(d::city).toList(),
                    "courier", d.nodeName(s.courier), "faceUp", up, "first", s.first));
        }
        s.beginBuyTurn();
        return s;
    }

    private long next() {
        rng = SplitMix64.advance(rng);
        return SplitMix64.mix(rng);
    }

    private void shuffle(int[] a, int from) {
        for (int i = a.length - 1; i > from; i--) {
            int j = from + SplitMix64.below(next(), i - from + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    // ------------------------------------------------------------------ queries

    @Override
    public int numPlayers() {
        return n;
    }

    public MerchantsData data() {
        return d;
    }

    public Phase phase() {
        return phase;
    }

    public int round() {
        return round;
    }

    public int firstPlayer() {
        return first;
    }

    /** The seat at position k of this round's turn order. */
    public int seat(int k) {
        return (first + k) % n;
    }

    @Override
    public int currentPlayer() {
        return switch (phase) {
            case BUY, BID, MOVE, WHEEL, SHIFT, STATUS -> seat(turn);
            case MASTER_LOAD, OFFER -> master[loadWagon];
            case REQUEST, ANSWER -> loader;
            case INVEST -> first;
            case GAME_OVER -> NONE;
        };
    }

    @Override
    public boolean isTerminal() {
        return phase == Phase.GAME_OVER;
    }

    @Override
    public boolean isTruncated() {
        return truncated;
    }

    @Override
    public String endReason() {
        return endReason;
    }

    @Override
    public int decisions() {
        return decisions;
    }

    public int money(int p) {
        return money[p];
    }

    public int status(int p) {
        return status[p];
    }

    public boolean hasCredit(int p) {
        return credit[p];
    }

    public int creditLeft() {
        return creditLeft;
    }

    /** Bit t-1 set: movement tile t is still face up for player p. */
    public int tiles(int p) {
        return tiles[p];
    }

    public int influence(int p, Influence kind) {
        return hand[p * Influence.COUNT + kind.ordinal()];
    }

    /** Influence cards player p holds (public: the number, not the kinds). */
    public int handSize(int p) {
        int k = 0;
        for (int i = 0; i < Influence.COUNT; i++) {
            k += hand[p * Influence.COUNT + i];
        }
        return k;
    }

    public int discarded(Influence kind) {
        return discard[kind.ordinal()];
    }

    public int influenceLeft() {
        return inflDeck.length - inflTop;
    }

    public int warehouse(int p, int city, int good) {
        return warehouse[(p * CITIES + city) * GOODS + good];
    }

    public int cargo(int wagon, int p, int good) {
        return cargo[(wagon * n + p) * GOODS + good];
    }

    public int cargoOf(int wagon, int p) {
        int k = 0;
        for (int g = 0; g < GOODS; g++) {
            k += cargo[(wagon * n + p) * GOODS + g];
        }
        return k;
    }

    public boolean wagonEmpty(int wagon) {
        for (int p = 0; p < n; p++) {
            if (cargoOf(wagon, p) > 0) {
                return false;
            }
        }
        return true;
    }

    public int supply(int good) {
        return supply[good];
    }

    /** The price level of a good (0 = the lowest line). */
    public int priceLevel(int good) {
        return price[good];
    }

    public int cost(int good) {
        return d.cost[price[good]];
    }

    public int salePrice(int good) {
        return d.sale[price[good]];
    }

    public int bonus(int city) {
        return bonus[city];
    }

    public int arrivals() {
        return arrivals;
    }

    public int stepCost() {
        return d.stepCost(arrivals);
    }

    public int wagonNode(int w) {
        return wagonNode[w];
    }

    /** The place the wagon came from (its backward direction), or -1 in a city. */
    public int wagonPrev(int w) {
        return wagonPrev[w];
    }

    public boolean arrived(int w) {
        return arrived[w];
    }

    public int master(int w) {
        return master[w];
    }

    public int courier() {
        return courier;
    }

    /** The wagon on a place, or -1. */
    public int wagonAt(int node) {
        for (int w = 0; w < WAGONS; w++) {
            if (wagonNode[w] == node) {
                return w;
            }
        }
        return NONE;
    }

    /** The card in face-up slot k, or -1. */
    public int faceUpCard(int slot) {
        return faceUp[slot];
    }

    /** Who owns investment card k, or -1 (face up or in the pile). */
    public int investmentOwner(int card) {
        return invOwner[card];
    }

    public int investmentLeft() {
        return invDeck.length - invTop;
    }

    public boolean owns(int p, Investment kind) {
        return ownsCount(p, kind) > 0;
    }

    public int ownsCount(int p, Investment kind) {
        int k = 0;
        for (int c = 0; c < invOwner.length; c++) {
            if (invOwner[c] == p && d.investment(c) == kind) {
                k++;
            }
        }
        return k;
    }

    public SealedChoices bids() {
        return bids;
    }

    public SealedChoices wheels() {
        return wheels;
    }

    public int auctionWagon() {
        return auctionWagon;
    }

    public int auctionSlot() {
        return auctionSlot;
    }

    public int loadWagon() {
        return loadWagon;
    }

    public int loader() {
        return loader;
    }

    public int request(int good) {
        return request[good];
    }

    public int requestCount() {
        int k = 0;
        for (int g : request) {
            k += g;
        }
        return k;
    }

    /** The master's price for the open request, in florins. */
    public int offer() {
        return offer;
    }

    public boolean tilePlayed() {
        return tilePlayed;
    }

    public int pendingTile() {
        return pendingTile;
    }

    public int extraPoints() {
        return extraPoints;
    }

    public int courierLeft() {
        return courierLeft;
    }

    public boolean courierDone() {
        return courierDone;
    }

    public int blockedWagon() {
        return blockedWagon;
    }

    public int movingWagon() {
        return movingWagon;
    }

    public int movePoints() {
        return movePoints;
    }

    public int bought() {
        return bought;
    }

    public int buyPass() {
        return buyPass;
    }

    public int setup() {
        return setup;
    }

    public int officeLeft() {
        return officeLeft;
    }

    public boolean exempt() {
        return exempt;
    }

    public boolean playedThisTurn(Influence kind) {
        return (playedThisTurn & (1 << kind.ordinal())) != 0;
    }

    /** Who moved wagon w into its city this round (takes the city's bonus at the arrival), or -1. */
    public int arrivedBy(int w) {
        return arrivedBy[w];
    }

    /** Fewest forward steps from wagon w to a city (0 in a city), or {@code max} when none is that close. */
    public int stepsToCity(int w, int max) {
        int v = wagonNode[w];
        return d.isCity(v) ? 0 : stepsToCity(v, wagonPrev[w], max);
    }

    private int stepsToCity(int v, int prev, int max) {
        if (max == 0) {
            return 0;
        }
        int best = max;
        for (int u : d.neighbours[v]) {
            if (u != prev) {
                best = Math.min(best, d.isCity(u) ? 1 : 1 + stepsToCity(u, v, max - 1));
            }
        }
        return best;
    }

    /** The extra goods the player to act may buy this turn (Market Right). */
    public int buyExtra() {
        return buyExtra;
    }

    /** Whether Bargain was played this buy turn. */
    public boolean bargain() {
        return bargain;
    }

    /** Whether this buy turn's reduced price (Reduced Cost or Bargain) is paid: further goods are free. */
    public boolean paidReduced() {
        return paidReduced;
    }

    /** Whether the player to act has taken or repaid credit this status turn. */
    public boolean creditActed() {
        return creditActed;
    }

    /** The monopoly good of a wagon: the type its master loaded, or -1. */
    public int monopoly(int w) {
        if (master[w] == NONE) {
            return NONE;
        }
        for (int g = 0; g < GOODS; g++) {
            if (cargo(w, master[w], g) > 0) {
                return g;
            }
        }
        return NONE;
    }

    /**
     * Cities where goods may be stored now (bit c): those holding an empty wagon, and those a
     * wagon on a road reaches next along its forward roads ("a wagon about to arrive").
     */
    public int openCities() {
        int mask = 0;
        for (int w = 0; w < WAGONS; w++) {
            int v = wagonNode[w];
            if (d.isCity(v)) {
                if (wagonEmpty(w)) {
                    mask |= 1 << v;
                }
            } else {
                mask |= reachNext(v, wagonPrev[w], 1L << v);
            }
        }
        return mask;
    }

    private int reachNext(int v, int prev, long seen) {
        int mask = 0;
        for (int u : d.neighbours[v]) {
            if (u == prev || (seen & (1L << u)) != 0) {
                continue;
            }
            if (d.isCity(u)) {
                mask |= 1 << u;
            } else {
                mask |= reachNext(u, v, seen | (1L << u));
            }
        }
        return mask;
    }

    /** The places wagon w may step to next (forward: any road out of a city, else not back). */
    int[] forward(int w) {
        int v = wagonNode[w];
        int[] nb = d.neighbours[v];
        if (d.isCity(v) || wagonPrev[w] == NONE) {
            return nb;
        }
        int k = 0;
        int[] out = new int[nb.length - 1];
        for (int u : nb) {
            if (u != wagonPrev[w] && k < out.length) {
                out[k++] = u;
            }
        }
        return k == out.length ? out : Arrays.copyOf(out, k);
    }

    /**
     * Whether wagon w can end a move of {@code points} at least one space away (not the wagon an
     * influence draw bars, nor the one under a courier run that another action would end with a
     * draw): some forward path
     * passes a free space within that many steps (passing occupied spaces is allowed, and a move
     * that ends on an occupied space backs up to the last free one), or enters a free city.
     */
    public boolean canMove(int w, int points) {
        boolean drawAhead = courierRun > 0 && wagonNode[w] == courier && inflTop < inflDeck.length;
        if (arrived[w] || w == blockedWagon || drawAhead) {
            return false;
        }
        return freeAhead(w, wagonNode[w], d.isCity(wagonNode[w]) ? NONE : wagonPrev[w], points);
    }

    /**
     * Whether the moving wagon, stepping to {@code u} with {@code points} left, still reaches a free
     * place (seed: "debe mover un carro lo más lejos posible"): a branch is offered only when it
     * does, unless none does.
     */
    private boolean leadsOn(int w, int u, int points) {
        return !occupiedByOther(w, u) || !d.isCity(u) && freeAhead(w, u, wagonNode[w], points - 1);
    }

    private boolean freeAhead(int w, int v, int prev, int points) {
        if (points == 0) {
            return false;
        }
        for (int u : d.neighbours[v]) {
            if (u == prev) {
                continue;
            }
            boolean free = !occupiedByOther(w, u);
            if (free || !d.isCity(u) && freeAhead(w, u, v, points - 1)) {
                return true;
            }
        }
        return false;
    }

    private boolean anyCanMove(int points) {
        for (int w = 0; w < WAGONS; w++) {
            if (canMove(w, points)) {
                return true;
            }
        }
        return false;
    }

    /** Whether this buy turn's purchases cost {@code reducedCost} in all (Reduced Cost, or Bargain played). */
    private boolean reducedPrice(int p) {
        return bargain || owns(p, Investment.REDUCED_COST);
    }

    private int buyPrice(int p, int g) {
        if (reducedPrice(p)) {
            return paidReduced ? 0 : d.reducedCost;
        }
        return cost(g);
    }

    private int buyLimit() {
        return d.buyLimit + buyExtra;
    }

    /** The master of wagon w may load good g now (package-private: the invariants ask the same question). */
    boolean masterMayLoad(int w, int g) {
        int m = master[w];
        int c = wagonNode[w];
        if (warehouse(m, c, g) == 0 || cargoOf(w, m) >= d.masterLoad) {
            return false;
        }
        int mono = monopoly(w);
        if (mono != NONE) {
            return g == mono;
        }
        for (int p = 0; p < n; p++) {
            if (p != m && cargo(w, p, g) > 0) {
                return false;
            }
        }
        return true;
    }

    /** Player p may add good g to the request for wagon w now. */
    boolean mayRequest(int p, int w, int g) {
        int c = wagonNode[w];
        return g != monopoly(w) && warehouse(p, c, g) - request[g] > 0
                && cargoOf(w, p) + requestCount() < d.otherLoad;
    }

    private boolean anyMasterLoad(int w) {
        for (int g = 0; g < GOODS; g++) {
            if (masterMayLoad(w, g)) {
                return true;
            }
        }
        return false;
    }

    private boolean anyRequest(int p, int w) {
        for (int g = 0; g < GOODS; g++) {
            if (mayRequest(p, w, g)) {
                return true;
            }
        }
        return false;
    }

    private int maxBid(int p) {
        return Math.min(d.bidSteps, money[p] / d.bidStep);
    }

    private boolean holds(int p, Influence kind) {
        return hand[p * Influence.COUNT + kind.ordinal()] > 0;
    }

    /**
     * Whether player p may play an influence card of this kind now: in its phase, held, once a
     * turn, and withheld only in three cases (Bargain with Reduced Cost or once played, Messenger
     * once the courier's run has started, Exemption when no upkeep is due; Guild is spent by
     * {@code shift}). Elsewhere a card is offered even where it does nothing (Bargain after the
     * last possible purchase, Wheelwright when no wagon can move; rules, "Influence cards").
     */
    private boolean mayPlay(int p, Influence kind) {
        if (kind.phase != phase || !holds(p, kind) || playedThisTurn(kind)) {
            return false;
        }
        return switch (kind) {
            case BARGAIN -> !reducedPrice(p);
            case MESSENGER -> !courierDone && courierRun == 0;
            case EXEMPTION -> upkeepDue(p, status[p]) > 0;
            case GUILD -> false;
            default -> true;
        };
    }

    // ------------------------------------------------------------------ legal actions

    @Override
    public int legalActions(int[] out) {
        int k = 0;
        int p = currentPlayer();
        switch (phase) {
            case BUY -> {
                k = legalPlays(p, out, k);
                if (bought < buyLimit()) {
                    int open = openCities();
                    for (int g = 0; g < GOODS; g++) {
                        if (supply[g] == 0 || buyPrice(p, g) > money[p]) {
                            continue;
                        }
                        for (int c = 0; c < CITIES; c++) {
                            if ((open & (1 << c)) != 0 && d.cityShows[c][g]) {
                                out[k++] = MerchantsAction.buy(g, c);
                            }
                        }
                    }
                }
                out[k++] = MerchantsAction.PASS;
                Arrays.sort(out, 0, k);
            }
            case BID -> {
                int max = maxBid(p);
                for (int b = 0; b <= max; b++) {
                    out[k++] = MerchantsAction.BID + b;
                }
            }
            case MASTER_LOAD -> {
                out[k++] = MerchantsAction.PASS;
                for (int g = 0; g < GOODS; g++) {
                    if (masterMayLoad(loadWagon, g)) {
                        out[k++] = MerchantsAction.LOAD + g;
                    }
                }
            }
            case REQUEST -> {
                out[k++] = MerchantsAction.PASS;
                for (int g = 0; g < GOODS; g++) {
                    if (mayRequest(p, loadWagon, g)) {
                        out[k++] = MerchantsAction.LOAD + g;
                    }
                }
            }
            case OFFER -> {
                for (int o = 0; o <= d.offerSteps; o++) {
                    out[k++] = MerchantsAction.OFFER + o;
                }
            }
            case ANSWER -> {
                if (money[p] >= offer) {
                    out[k++] = MerchantsAction.ACCEPT;
                }
                out[k++] = MerchantsAction.REFUSE;
            }
            case MOVE -> k = legalMove(p, out);
            case WHEEL -> {
                for (int w = 0; w < MerchantsAction.WHEELS; w++) {
                    out[k++] = MerchantsAction.WHEEL + w;
                }
            }
            case SHIFT -> {
                out[k++] = MerchantsAction.PASS;
                if (officeLeft > 0 || holds(p, Influence.GUILD)) {
                    for (int g = 0; g < GOODS; g++) {
                        if (price[g] < d.levels() - 1) {
                            out[k++] = MerchantsAction.shift(g, true);
                        }
                        if (price[g] > 0) {
                            out[k++] = MerchantsAction.shift(g, false);
                        }
                    }
                }
            }
            case INVEST -> {
                for (int slot = 0; slot < faceUp.length; slot++) {
                    if (faceUp[slot] != NONE) {
                        out[k++] = MerchantsAction.INVEST + slot;
                    }
                }
            }
            case STATUS -> {
                out[k++] = MerchantsAction.PASS;
                k = legalPlays(p, out, k);
                if (!creditActed && !credit[p] && creditLeft > 0) {
                    out[k++] = MerchantsAction.CREDIT_TAKE;
                }
                if (!creditActed && credit[p] && money[p] >= d.creditRepay) {
                    out[k++] = MerchantsAction.CREDIT_REPAY;
                }
                if (!credit[p] && status[p] < d.statusLevels() - 1 && money[p] >= stepCost()) {
                    out[k++] = MerchantsAction.STATUS_UP;
                }
            }
            case GAME_OVER -> {
            }
        }
        return k;
    }

    private int legalPlays(int p, int[] out, int k) {
        for (Influence kind : Influence.values()) {
            if (mayPlay(p, kind)) {
                out[k++] = MerchantsAction.PLAY + kind.ordinal();
            }
        }
        return k;
    }

    private int legalMove(int p, int[] out) {
        int k = 0;
        if (movingWagon != NONE) {
            int[] f = forward(movingWagon);
            for (int b = 0; b < f.length; b++) {
                if (leadsOn(movingWagon, f[b], movePoints)) {
                    out[k++] = MerchantsAction.BRANCH + b;
                }
            }
            if (k == 0) {
                for (int b = 0; b < f.length; b++) {
                    out[k++] = MerchantsAction.BRANCH + b;
                }
            }
            return k;
        }
        if (pendingTile > 0) {
            for (int w = 0; w < WAGONS; w++) {
                if (canMove(w, pendingTile)) {
                    out[k++] = MerchantsAction.WAGON + w;
                }
            }
            return k;
        }
        if (tilePlayed) {
            out[k++] = MerchantsAction.PASS;
        } else {
            for (int t = 1; t <= TILES; t++) {
                if ((tiles[p] & (1 << (t - 1))) != 0) {
                    out[k++] = MerchantsAction.TILE + t - 1;
                }
            }
        }
        if (extraPoints > 0) {
            for (int w = 0; w < WAGONS; w++) {
                if (canMove(w, 1)) {
                    out[k++] = MerchantsAction.DRIVE + w;
                }
            }
            for (int w = 0; w < WAGONS && extraPoints >= 2; w++) {
                if (canMove(w, extraPoints)) {
                    out[k++] = MerchantsAction.DRIVE_ALL + w;
                }
            }
        }
        if (courierLeft > 0 && !courierDone) {
            int[] nb = d.neighbours[courier];
            for (int i = 0; i < nb.length; i++) {
                if (!d.isCity(nb[i])) {
                    out[k++] = MerchantsAction.COURIER + i;
                }
            }
        }
        return legalPlays(p, out, k);
    }

    @Override
    public int[] legalActions() {
        return LegalActions.of(this, MerchantsAction.COUNT);
    }

    @Override
    public boolean isLegal(int action) {
        return LegalActions.contains(this, MerchantsAction.COUNT, action);
    }

    // ------------------------------------------------------------------ transitions

    @Override
    public void applyInPlace(int action, ChanceLog chance) {
        if (!isLegal(action)) {
            throw illegal(action);
        }
        int p = currentPlayer();
        decisions++;
        switch (phase) {
            case BUY -> applyBuy(p, action);
            case BID -> {
                bids.commit(p, action - MerchantsAction.BID);
                if (++turn == n) {
                    resolveAuction(chance);
                }
            }
            case MASTER_LOAD -> {
                if (action == MerchantsAction.PASS) {
                    beginRequests(0);
                } else {
                    moveToCargo(p, loadWagon, action - MerchantsAction.LOAD, 1);
                    if (!anyMasterLoad(loadWagon)) {
                        beginRequests(0);
                    }
                }
            }
            case REQUEST -> {
                if (action == MerchantsAction.PASS) {
                    if (requestCount() == 0) {
                        beginRequests(loaderTurn + 1);
                    } else {
                        phase = Phase.OFFER;
                    }
                } else {
                    request[action - MerchantsAction.LOAD]++;
                    if (!anyRequest(p, loadWagon)) {
                        phase = Phase.OFFER;
                    }
                }
            }
            case OFFER -> {
                offer = (action - MerchantsAction.OFFER) * d.offerStep;
                phase = Phase.ANSWER;
            }
            case ANSWER -> {
                if (action == MerchantsAction.ACCEPT) {
                    money[p] -= offer;
                    money[master[loadWagon]] += offer;
                    for (int g = 0; g < GOODS; g++) {
                        moveToCargo(p, loadWagon, g, request[g]);
                    }
                }
                Arrays.fill(request, 0);
                offer = 0;
                beginRequests(loaderTurn + 1);
            }
            case MOVE -> applyMove(p, action, chance);
            case WHEEL -> {
                wheels.commit(p, action - MerchantsAction.WHEEL);
                if (++turn == n) {
                    revealWheels();
                }
            }
            case SHIFT -> {
                if (action == MerchantsAction.PASS) {
                    if (++turn == n) {
                        beginInvest();
                    } else {
                        beginShiftTurn();
                    }
                } else {
                    int g = (action - MerchantsAction.SHIFT) / 2;
                    price[g] += (action - MerchantsAction.SHIFT) % 2 == 0 ? 1 : -1;
                    if (officeLeft > 0) {
                        officeLeft--;
                    } else {
                        discardInfluence(p, Influence.GUILD);
                    }
                }
            }
            case INVEST -> {
                auctionSlot = action - MerchantsAction.INVEST;
                auctionWagon = NONE;
                beginBid();
            }
            case STATUS -> applyStatus(p, action);
            case GAME_OVER -> throw new IllegalStateException("unreachable");
        }
        if (phase != Phase.GAME_OVER && decisions >= DECISION_CAP) {
            truncated = true;
            endReason = "DECISION_CAP";
            phase = Phase.GAME_OVER;
        }
    }

    private void applyBuy(int p, int action) {
        if (action == MerchantsAction.PASS) {
            if (++turn < n) {
                beginBuyTurn();
            } else if (round == 1 && buyPass + 1 < d.firstRoundBuys) {
                buyPass++;
                turn = 0;
                beginBuyTurn();
            } else {
                beginLoading();
            }
            return;
        }
        if (action >= MerchantsAction.PLAY) {
            Influence kind = Influence.values()[action - MerchantsAction.PLAY];
            discardInfluence(p, kind);
            if (kind == Influence.MARKET_RIGHT) {
                buyExtra += d.marketRightBuys;
            } else {
                bargain = true;
            }
            return;
        }
        int g = (action - MerchantsAction.BUY) / CITIES;
        int c = (action - MerchantsAction.BUY) % CITIES;
        int pay = buyPrice(p, g);
        if (reducedPrice(p)) {
            paidReduced = true;
        }
        money[p] -= pay;
        supply[g]--;
        warehouse[(p * CITIES + c) * GOODS + g]++;
        bought++;
    }

    private void discardInfluence(int p, Influence kind) {
        hand[p * Influence.COUNT + kind.ordinal()]--;
        discard[kind.ordinal()]++;
        playedThisTurn |= 1 << kind.ordinal();
    }

    private void beginBuyTurn() {
        phase = Phase.BUY;
        bought = 0;
        buyExtra = 0;
        bargain = false;
        paidReduced = false;
        playedThisTurn = 0;
    }

    private void moveToCargo(int p, int w, int g, int count) {
        warehouse[(p * CITIES + wagonNode[w]) * GOODS + g] -= count;
        cargo[(w * n + p) * GOODS + g] += count;
    }

    // loading

    /** Seed: "Esta acción solo se lleva a cabo cuando hay al menos 1 vagón vacío en una ciudad". */
    private void beginLoading() {
        boolean emptyInCity = false;
        for (int w = 0; w < WAGONS; w++) {
            emptyInCity |= d.isCity(wagonNode[w]) && wagonEmpty(w);
        }
        if (!emptyInCity) {
            beginMovement();
            return;
        }
        auctionWagon = nextAuctionWagon(NONE);
        if (auctionWagon != NONE) {
            auctionSlot = NONE;
            beginBid();
        } else {
            beginLoadWagon(nextLoadWagon(NONE));
        }
    }

    private int nextAuctionWagon(int after) {
        for (int w = after + 1; w < WAGONS; w++) {
            if (d.isCity(wagonNode[w]) && master[w] == NONE && wagonEmpty(w)) {
                return w;
            }
        }
        return NONE;
    }

    private int nextLoadWagon(int after) {
        for (int w = after + 1; w < WAGONS; w++) {
            if (d.isCity(wagonNode[w]) && master[w] != NONE) {
                return w;
            }
        }
        return NONE;
    }

    private void beginBid() {
        phase = Phase.BID;
        bids.clear();
        turn = 0;
    }

    /**
     * The reveal (seed: "todos revelan su oferta al mismo tiempo"): the highest bid wins, ties by
     * turn order from the first player; for a wagon, no bid at all makes the first player master.
     */
    private void resolveAuction(ChanceLog chance) {
        bids.reveal();
        int best = NONE;
        int bestBid = -1;
        for (int k = 0; k < n; k++) {
            int p = seat(k);
            int b = bids.choice(p) * d.bidStep;
            if (b > bestBid) {
                best = p;
                bestBid = b;
            }
        }
        if (auctionWagon != NONE) {
            money[best] -= bestBid;
            master[auctionWagon] = best;
            int nextWagon = nextAuctionWagon(auctionWagon);
            if (nextWagon != NONE) {
                auctionWagon = nextWagon;
                beginBid();
            } else {
                auctionWagon = NONE;
                beginLoadWagon(nextLoadWagon(NONE));
            }
            return;
        }
        if (bestBid > 0) {
            money[best] -= bestBid;
            int card = faceUp[auctionSlot];
            invOwner[card] = best;
            faceUp[auctionSlot] = invTop < invDeck.length ? invDeck[invTop++] : NONE;
            if (chance != ChanceLog.NONE) {
                chance.chance("investment", Map.of("slot", auctionSlot, "card",
                        faceUp[auctionSlot] == NONE ? "none" : d.investment(faceUp[auctionSlot]).id()));
            }
        }
        auctionSlot = NONE;
        beginStatus();
    }

    private void beginLoadWagon(int w) {
        loadWagon = w;
        if (w == NONE) {
            beginMovement();
        } else if (anyMasterLoad(w)) {
            phase = Phase.MASTER_LOAD;
        } else {
            beginRequests(0);
        }
    }

    /** The next player in turn order from position k (the master skipped) who can load; else the next wagon. */
    private void beginRequests(int k) {
        Arrays.fill(request, 0);
        for (; k < n; k++) {
            int p = seat(k);
            if (p != master[loadWagon] && anyRequest(p, loadWagon)) {
                loaderTurn = k;
                loader = p;
                phase = Phase.REQUEST;
                return;
            }
        }
        loader = NONE;
        beginLoadWagon(nextLoadWagon(loadWagon));
    }

    // movement

    private void beginMovement() {
        phase = Phase.MOVE;
        turn = 0;
        beginMoveTurn();
    }

    private void beginMoveTurn() {
        int p = seat(turn);
        tilePlayed = false;
        pendingTile = 0;
        extraPoints = (owns(p, Investment.DRIVER) ? d.driverPoints : 0)
                + (owns(p, Investment.COACH_DRIVER) ? d.coachDriverPoints : 0);
        courierLeft = (owns(p, Investment.COURIER) ? d.courierPoints : 0)
                + (owns(p, Investment.EXPRESS_COURIER) ? d.expressCourierPoints : 0);
        courierRun = 0;
        courierDone = false;
        blockedWagon = NONE;
        movingWagon = NONE;
        playedThisTurn = 0;
    }

    private void applyMove(int p, int action, ChanceLog chance) {
        if (movingWagon != NONE) {
            step(forward(movingWagon)[action - MerchantsAction.BRANCH]);
            continueMove();
            return;
        }
        if (pendingTile > 0) {
            int points = pendingTile;
            pendingTile = 0;
            startMove(p, action - MerchantsAction.WAGON, points);
            return;
        }
        if (action >= MerchantsAction.COURIER && action < MerchantsAction.PLAY) {
            courier = d.neighbours[courier][action - MerchantsAction.COURIER];
            courierRun++;
            if (--courierLeft == 0) {
                endCourierRun(p, chance);
            }
            return;
        }
        if (courierRun > 0) {
            endCourierRun(p, chance);
        }
        if (action == MerchantsAction.PASS) {
            if (++turn < n) {
                beginMoveTurn();
            } else {
                unloadArrivals();
            }
        } else if (action < MerchantsAction.WAGON) {
            int t = action - MerchantsAction.TILE + 1;
            tiles[p] &= ~(1 << (t - 1));
            if (tiles[p] == 0) {
                tiles[p] = ALL_TILES;
            }
            tilePlayed = true;
            if (anyCanMove(t)) {
                pendingTile = t;
            }
        } else if (action < MerchantsAction.DRIVE_ALL) {
            extraPoints--;
            startMove(p, action - MerchantsAction.DRIVE, 1);
        } else if (action < MerchantsAction.BRANCH) {
            int points = extraPoints;
            extraPoints = 0;
            startMove(p, action - MerchantsAction.DRIVE_ALL, points);
        } else {
            Influence kind = Influence.values()[action - MerchantsAction.PLAY];
            discardInfluence(p, kind);
            if (kind == Influence.WHEELWRIGHT) {
                extraPoints += d.wheelwrightPoints;
            } else {
                courierLeft += d.messengerPoints;
            }
        }
    }

    /**
     * The courier's run ends: on a wagon's space its mover draws an influence card (seed), and may
     * not move that wagon again this turn; with the pile empty nothing happens.
     */
    private void endCourierRun(int p, ChanceLog chance) {
        courierRun = 0;
        courierDone = true;
        courierLeft = 0;
        int w = wagonAt(courier);
        if (w != NONE && inflTop < inflDeck.length) {
            blockedWagon = w;
            int kind = inflDeck[inflTop++];
            hand[p * Influence.COUNT + kind]++;
            if (chance != ChanceLog.NONE) {
                chance.chance("influence", Map.of("player", p, "card", Influence.values()[kind].id()));
            }
        }
    }

    private void startMove(int p, int w, int points) {
        movingWagon = w;
        movePoints = points;
        mover = p;
        path[0] = wagonNode[w];
        pathLen = 1;
        startPrev = wagonPrev[w];
        continueMove();
    }

    /** Steps the moving wagon while its way is unique; stops for a {@code branch:K} choice or at the end. */
    private void continueMove() {
        while (movePoints > 0) {
            int[] f = forward(movingWagon);
            if (f.length > 1) {
                return;
            }
            step(f[0]);
        }
        finishMove();
    }

    private void step(int u) {
        int w = movingWagon;
        if (d.isCity(u)) {
            movePoints = 0;
            if (wagonAt(u) == NONE) {
                wagonPrev[w] = NONE;
                wagonNode[w] = u;
                arrived[w] = true;
                arrivedBy[w] = mover;
                path[pathLen++] = u;
            }
            return;
        }
        wagonPrev[w] = wagonNode[w];
        wagonNode[w] = u;
        path[pathLen++] = u;
        movePoints--;
    }

    /** A move that ends on another wagon's space backs up along its path to the last free place (seed). */
    private void finishMove() {
        int w = movingWagon;
        int i = pathLen - 1;
        while (i > 0 && occupiedByOther(w, path[i])) {
            i--;
        }
        wagonNode[w] = path[i];
        wagonPrev[w] = d.isCity(path[i]) ? NONE : i > 0 ? path[i - 1] : startPrev;
        if (i > 0 && d.isCity(path[0])) {
            master[w] = NONE;
        }
        movingWagon = NONE;
        movePoints = 0;
        mover = NONE;
        pathLen = 0;
    }

    private boolean occupiedByOther(int w, int node) {
        for (int o = 0; o < WAGONS; o++) {
            if (o != w && wagonNode[o] == node) {
                return true;
            }
        }
        return false;
    }

    /** Arrival and sale [reconstructed]: see the class comment. */
    private void unloadArrivals() {
        for (int w = 0; w < WAGONS; w++) {
            if (!arrived[w]) {
                continue;
            }
            int c = wagonNode[w];
            for (int p = 0; p < n; p++) {
                for (int g = 0; g < GOODS; g++) {
                    int k = cargo[(w * n + p) * GOODS + g];
                    if (k > 0) {
                        money[p] += k * (d.cityShows[c][g] ? cost(g) : salePrice(g));
                        supply[g] += k;
                        cargo[(w * n + p) * GOODS + g] = 0;
                    }
                }
            }
            money[arrivedBy[w]] += bonus[c];
            bonus[c] = 0;
            arrivals++;
        }
        blockedWagon = NONE;
        phase = Phase.WHEEL;
        wheels.clear();
        turn = 0;
    }

    // prices

    private void revealWheels() {
        wheels.reveal();
        for (int p = 0; p < n; p++) {
            int k = wheels.choice(p);
            raise(MerchantsAction.WHEEL_A[k]);
            raise(MerchantsAction.WHEEL_B[k]);
        }
        boolean anyone = false;
        for (int p = 0; p < n; p++) {
            anyone |= owns(p, Investment.OFFICE) || handSize(p) > 0;
        }
        if (anyone) {
            phase = Phase.SHIFT;
            turn = 0;
            beginShiftTurn();
        } else {
            beginInvest();
        }
    }

    private void raise(int spot) {
        if (spot < GOODS) {
            price[spot] = (price[spot] + 1) % d.levels();
        }
    }

    private void beginShiftTurn() {
        officeLeft = ownsCount(seat(turn), Investment.OFFICE);
        playedThisTurn = 0;
    }

    // investment

    private void beginInvest() {
        for (int slot : faceUp) {
            if (slot != NONE) {
                phase = Phase.INVEST;
                return;
            }
        }
        beginStatus();
    }

    // status

    private void beginStatus() {
        phase = Phase.STATUS;
        turn = 0;
        beginStatusTurn();
    }

    private void beginStatusTurn() {
        exempt = false;
        creditActed = false;
        playedThisTurn = 0;
    }

    private void applyStatus(int p, int action) {
        if (action == MerchantsAction.PASS) {
            payUpkeep(p);
            if (++turn < n) {
                beginStatusTurn();
            } else {
                endRound();
            }
        } else if (action == MerchantsAction.CREDIT_TAKE) {
            credit[p] = true;
            creditLeft--;
            money[p] += d.creditAmount;
            creditActed = true;
        } else if (action == MerchantsAction.CREDIT_REPAY) {
            credit[p] = false;
            creditLeft++;
            money[p] -= d.creditRepay;
            creditActed = true;
        } else if (action == MerchantsAction.STATUS_UP) {
            money[p] -= stepCost();
            status[p]++;
        } else {
            Influence kind = Influence.values()[action - MerchantsAction.PLAY];
            discardInfluence(p, kind);
            if (kind == Influence.PATRON) {
                money[p] += d.patronFlorins;
            } else {
                exempt = true;
            }
        }
    }

    /** The upkeep player p pays at a level (Low Upkeep: half, rounded down to {@value #UPKEEP_ROUNDING}). */
    public int upkeepDue(int p, int level) {
        int u = d.upkeep(level);
        if (owns(p, Investment.LOW_UPKEEP)) {
            u = u / 2 / UPKEEP_ROUNDING * UPKEEP_ROUNDING;
        }
        return u;
    }

    private void payUpkeep(int p) {
        if (exempt) {
            return;
        }
        while (upkeepDue(p, status[p]) > money[p]) {
            status[p]--;
        }
        money[p] -= upkeepDue(p, status[p]);
    }

    private void endRound() {
        for (int c = 0; c < CITIES; c++) {
            if (wagonAt(c) == NONE) {
                bonus[c] = Math.min(d.bonusMax, bonus[c] + d.bonusGrowth);
            }
        }
        Arrays.fill(arrived, false);
        Arrays.fill(arrivedBy, NONE);
        if (arrivals >= d.endArrivals(n)) {
            phase = Phase.GAME_OVER;
            endReason = "ARRIVALS";
            return;
        }
        round++;
        first = (first + 1) % n;
        turn = 0;
        buyPass = 0;
        beginBuyTurn();
    }

    // ------------------------------------------------------------------ scoring

    /** The status level; -1 for a player holding credit (published: such a player loses; money still ranks them). */
    @Override
    public int score(int player) {
        return credit[player] ? -1 : status[player];
    }

    /** Published: ties by the most money. */
    @Override
    public int tiebreak(int player) {
        return money[player];
    }

    // ------------------------------------------------------------------ contract

    @Override
    public IllegalActionException illegal(int action) {
        return LegalActions.illegal(this, action, phase);
    }

    @Override
    public MerchantsState copy() {
        return new MerchantsState(this);
    }

    @Override
    public String actionName(int action) {
        return MerchantsAction.name(d, action);
    }

    /**
     * Sealed bids ({@link Phase#BID}) and price-wheel settings ({@link Phase#WHEEL}) are committed
     * in secret: the other seats read only {@code "commits a sealed bid"} or
     * {@code "sets a secret price wheel"} (the reveal after the last commitment shows in the
     * state); every other action is public.
     */
    @Override
    public String actionNameFor(int observer, int action) {
        GameState.checkObserver(this, observer);
        if (observer != currentPlayer() && isLegal(action)) {
            if (phase == Phase.BID) {
                return "commits a sealed bid";
            } else if (phase == Phase.WHEEL) {
                return "sets a secret price wheel";
            }
        }
        return actionName(action);
    }

    /**
     * Resamples what {@code observer} cannot know: the others' sealed bids and wheel settings not
     * yet revealed (uniform among what each could have chosen), the order of the face-down
     * investment pile, and the influence cards in the others' hands with the influence pile (every
     * card neither in the observer's hand nor discarded, dealt back in the same numbers).
     */
    @Override
    public MerchantsState determinize(int observer, long seed) {
        MerchantsState s = new MerchantsState(this);
        s.rng = seed;
        s.bids.resampleHidden(observer, (seat, v) -> SplitMix64.below(s.next(), s.maxBid(seat) + 1));
        s.wheels.resampleHidden(observer, (seat, v) -> SplitMix64.below(s.next(), MerchantsAction.WHEELS));
        Arrays.sort(s.invDeck, s.invTop, s.invDeck.length);
        s.shuffle(s.invDeck, s.invTop);
        int[] pool = new int[s.inflDeck.length];
        int k = 0;
        for (int p = 0; p < n; p++) {
            if (p == observer) {
                continue;
            }
            for (int kind = 0; kind < Influence.COUNT; kind++) {
                for (int c = 0; c < s.hand[p * Influence.COUNT + kind]; c++) {
                    pool[k++] = kind;
                }
            }
        }
        for (int i = s.inflTop; i < s.inflDeck.length; i++) {
            pool[k++] = s.inflDeck[i];
        }
        int[] cards = Arrays.copyOf(pool, k);
        Arrays.sort(cards);
        s.shuffle(cards, 0);
        int at = 0;
        for (int p = 0; p < n; p++) {
            if (p == observer) {
                continue;
            }
            int size = handSize(p);
            Arrays.fill(s.hand, p * Influence.COUNT, (p + 1) * Influence.COUNT, 0);
            for (int c = 0; c < size; c++) {
                s.hand[p * Influence.COUNT + cards[at++]]++;
            }
        }
        System.arraycopy(cards, at, s.inflDeck, s.inflTop, cards.length - at);
        // the drawn part of the pile (never read by the rules) becomes the sorted kinds now out of it
        int[] out = new int[Influence.COUNT];
        for (int kind = 0; kind < Influence.COUNT; kind++) {
            out[kind] = s.d.influenceCopies;
        }
        for (int i = s.inflTop; i < s.inflDeck.length; i++) {
            out[s.inflDeck[i]]--;
        }
        int i = 0;
        for (int kind = 0; kind < Influence.COUNT; kind++) {
            for (int c = 0; c < out[kind] && i < s.inflTop; c++) {
                s.inflDeck[i++] = kind;
            }
        }
        return s;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof MerchantsState s)) {
            return false;
        }
        return n == s.n && rng == s.rng && setup == s.setup && first == s.first && round == s.round
                && phase == s.phase && turn == s.turn && buyPass == s.buyPass && decisions == s.decisions
                && truncated == s.truncated && endReason.equals(s.endReason) && creditLeft == s.creditLeft
                && arrivals == s.arrivals && courier == s.courier && invTop == s.invTop && inflTop == s.inflTop
                && auctionWagon == s.auctionWagon && auctionSlot == s.auctionSlot && bought == s.bought
                && buyExtra == s.buyExtra && bargain == s.bargain && paidReduced == s.paidReduced
                && loadWagon == s.loadWagon && loader == s.loader && loaderTurn == s.loaderTurn && offer == s.offer
                && tilePlayed == s.tilePlayed && pendingTile == s.pendingTile && extraPoints == s.extraPoints
                && courierLeft == s.courierLeft && courierRun == s.courierRun && courierDone == s.courierDone
                && blockedWagon == s.blockedWagon && movingWagon == s.movingWagon && movePoints == s.movePoints
                && mover == s.mover && pathLen == s.pathLen && startPrev == s.startPrev
                && playedThisTurn == s.playedThisTurn && officeLeft == s.officeLeft && exempt == s.exempt
                && creditActed == s.creditActed
                && Arrays.equals(money, s.money) && Arrays.equals(status, s.status) && Arrays.equals(credit, s.credit)
                && Arrays.equals(tiles, s.tiles) && Arrays.equals(hand, s.hand) && Arrays.equals(discard, s.discard)
                && Arrays.equals(warehouse, s.warehouse) && Arrays.equals(cargo, s.cargo)
                && Arrays.equals(supply, s.supply) && Arrays.equals(price, s.price) && Arrays.equals(bonus, s.bonus)
                && Arrays.equals(wagonNode, s.wagonNode) && Arrays.equals(wagonPrev, s.wagonPrev)
                && Arrays.equals(arrived, s.arrived) && Arrays.equals(arrivedBy, s.arrivedBy)
                && Arrays.equals(master, s.master) && Arrays.equals(invDeck, s.invDeck)
                && Arrays.equals(faceUp, s.faceUp) && Arrays.equals(invOwner, s.invOwner)
                && Arrays.equals(inflDeck, s.inflDeck) && Arrays.equals(request, s.request)
                && Arrays.equals(path, 0, pathLen, s.path, 0, s.pathLen)
                && bids.equals(s.bids) && wheels.equals(s.wheels) && d.equals(s.d);
    }

    @Override
    public int hashCode() {
        int h = Long.hashCode(rng) * 31 + decisions;
        h = h * 31 + phase.ordinal();
        h = h * 31 + Arrays.hashCode(money);
        h = h * 31 + Arrays.hashCode(warehouse);
        h = h * 31 + Arrays.hashCode(wagonNode);
        return h;
    }

    @Override
    public String toString() {
        return MerchantsText.render(this);
    }
}
