package dev.kaisen.env.merchants;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.ChanceMode;
import dev.kaisen.env.ExplicitChance;
import dev.kaisen.env.GameState;
import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.LegalActions;
import dev.kaisen.env.SealedChoices;

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
 * <p><b>Where things are.</b> The state's data is {@link MerchantsTable} (no rules; each turn's
 * scratch a small class: {@link BuyTurn}, {@link Loading}, {@link MoveTurn}, {@link StatusTurn});
 * this class adds the queries the encoder and the bots read and the {@link GameState} contract.
 * The rules are one legal/apply pair per phase in {@link BuyRules} (action 1), {@link LoadingRules}
 * (action 2 and the sealed bids), {@link MoveRules} (actions 3 and 4), {@link PriceRules} (action 5)
 * and {@link StatusRules} (actions 6 and 7, the round's end), dispatched by {@link PhaseRules}, with
 * {@link InfluenceRules} for the cards in any phase, {@link MerchantsSetup} for the setup and
 * {@link Determinization} for what {@link #determinize} resamples.
 *
 * <p><b>Hidden information.</b> Money is behind screens, but every payment is public, so a
 * player with perfect memory knows everyone's money. Hidden are: sealed bids and wheel settings
 * before the reveal, the order of both face-down piles, and influence cards in hands (their number
 * is public). {@link #determinize} resamples exactly those.
 *
 * <p><b>Chance.</b> By default chance is sampled from the state's random stream; in the
 * explicit-chance mode ({@link #newGame(MerchantsData, int, long, ChanceMode)}) the setup, the
 * first player and every card drawn are chance nodes ({@link MerchantsChance}). [decision] A
 * chance node shows the table as it was before the step in progress (the decision whose draw is
 * pending; the deal's nodes show the empty table, {@link MerchantsSetup#emptyTable}): the rules'
 * state in the middle of a step (a bid committed but the auction not settled, a courier run half
 * ended) breaks the invariants, and the table before is what every seat saw last.
 */
public final class MerchantsState extends MerchantsTable implements GameState<MerchantsState> {
    public static final int MIN_PLAYERS = 2;
    public static final int MAX_PLAYERS = 4;
    public static final int TILES = 4;
    static final int ALL_TILES = (1 << TILES) - 1;
    /** The safety cap on decisions (a game reaching it is truncated). */
    public static final int DECISION_CAP = 6000;
    static final int NONE = -1;
    /** [reconstructed] Low Upkeep halves the upkeep, rounded down to this many florins. */
    public static final int UPKEEP_ROUNDING = 100;

    /** The explicit-chance mode's bookkeeping, or null in the sampled mode ({@link MerchantsChance}). */
    ExplicitChance<MerchantsState> explicit;

    MerchantsState(MerchantsData d, int n) {
        super(d, n);
    }

    private MerchantsState(MerchantsState o) {
        super(o);
        explicit = o.explicit == null ? null : o.explicit.copy();
    }

    /**
     * Setup (seed, "Juego de mesa"): one of the data's wagon sets drawn (chance; the seed offers
     * two), the courier on that set's space, bonus markers at 200 in cities without a wagon and 0
     * with one, every price on the lowest line, 5,000 florins and tiles 1-4 each, both piles
     * shuffled (chance), the investment pile's first cards face up, the first player drawn (chance).
     */
    public static MerchantsState newGame(MerchantsData d, int players, long seed, ChanceLog chance) {
        MerchantsState s = new MerchantsState(d, players);
        s.rng.setState(seed);
        MerchantsSetup.deal(s, chance);
        return s;
    }

    /**
     * As {@link #newGame(MerchantsData, int, long, ChanceLog)} in chance mode {@code mode}; in the
     * explicit mode the state is the deal's first chance node (the setup), and the seed sets only
     * the random stream (which that mode draws from only to determinize).
     */
    public static MerchantsState newGame(MerchantsData d, int players, long seed, ChanceMode mode) {
        if (mode == ChanceMode.SAMPLED) {
            return newGame(d, players, seed, ChanceLog.NONE);
        }
        MerchantsState s = MerchantsSetup.emptyTable(d, players, seed);
        s.explicit.decide(s, ExplicitChance.DEAL, ChanceLog.NONE);
        MerchantsChance.settle(s);
        return s;
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
    int seat(int k) {
        return (first + k) % n;
    }

    @Override
    public int currentPlayer() {
        if (explicit != null && explicit.isChanceNode()) {
            return CHANCE;
        }
        return switch (phase) {
            case BUY, BID, MOVE, WHEEL, SHIFT, STATUS -> seat(turn);
            case MASTER_LOAD, OFFER -> master[loading.wagon];
            case REQUEST, ANSWER -> loading.loader;
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
        return endReason.name();
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
        return hand(p, kind.ordinal());
    }

    /** Influence cards player p holds (public: the number, not the kinds). */
    public int handSize(int p) {
        int k = 0;
        for (int i = 0; i < Influence.COUNT; i++) {
            k += hand(p, i);
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
        return warehouse[warehouseIndex(p, city, good)];
    }

    public int cargo(int wagon, int p, int good) {
        return cargo[cargoIndex(wagon, p, good)];
    }

    int cargoOf(int wagon, int p) {
        int k = 0;
        for (int g = 0; g < GOODS; g++) {
            k += cargo(wagon, p, g);
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

    int salePrice(int good) {
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

    boolean owns(int p, Investment kind) {
        return ownsCount(p, kind) > 0;
    }

    int ownsCount(int p, Investment kind) {
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
        return loading.wagon;
    }

    public int loader() {
        return loading.loader;
    }

    public int request(int good) {
        return loading.request[good];
    }

    int requestCount() {
        return loading.requestCount();
    }

    /** The master's price for the open request, in florins. */
    public int offer() {
        return loading.offer;
    }

    public boolean tilePlayed() {
        return move.tilePlayed;
    }

    public int pendingTile() {
        return move.pendingTile;
    }

    public int extraPoints() {
        return move.extraPoints;
    }

    public int courierLeft() {
        return move.courierLeft;
    }

    public boolean courierDone() {
        return move.courierDone;
    }

    public int blockedWagon() {
        return move.blockedWagon;
    }

    public int movingWagon() {
        return move.movingWagon;
    }

    public int movePoints() {
        return move.movePoints;
    }

    public int bought() {
        return buy.bought;
    }

    public int buyPass() {
        return buyPass;
    }

    public int setup() {
        return setup;
    }

    public int officeLeft() {
        return statusTurn.officeLeft;
    }

    public boolean exempt() {
        return statusTurn.exempt;
    }

    public boolean playedThisTurn(Influence kind) {
        return (playedThisTurn & (1 << kind.ordinal())) != 0;
    }

    /** Who moved wagon w into its city this round (takes the city's bonus at the arrival), or -1. */
    public int arrivedBy(int w) {
        return arrivedBy[w];
    }

    /** The extra goods the player to act may buy this turn (Market Right). */
    public int buyExtra() {
        return buy.buyExtra;
    }

    /** Whether Bargain was played this buy turn. */
    public boolean bargain() {
        return buy.bargain;
    }

    /** Whether this buy turn's reduced price (Reduced Cost or Bargain) is paid: further goods are free. */
    public boolean paidReduced() {
        return buy.paidReduced;
    }

    /** Whether the player to act has taken or repaid credit this status turn. */
    public boolean creditActed() {
        return statusTurn.creditActed;
    }

    /** The monopoly good of a wagon: the type its master loaded, or -1. */
    int monopoly(int w) {
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

    /** Fewest forward steps from wagon w to a city (0 in a city), or {@code max} when none is that close. */
    int stepsToCity(int w, int max) {
        return MoveRules.stepsToCity(this, w, max);
    }

    /**
     * Cities where goods may be stored now (bit c): those holding an empty wagon, and those a
     * wagon on a road reaches next along its forward roads ("a wagon about to arrive").
     */
    public int openCities() {
        return BuyRules.openCities(this);
    }

    /** Whether wagon w can end a move of {@code points} at least one space away (see {@link MoveRules#canMove}). */
    boolean canMove(int w, int points) {
        return MoveRules.canMove(this, w, points);
    }

    /** The upkeep player p pays at a level (Low Upkeep: half, rounded down to {@value #UPKEEP_ROUNDING}). */
    int upkeepDue(int p, int level) {
        return StatusRules.upkeepDue(this, p, level);
    }

    // ------------------------------------------------------------------ legal actions and transitions

    /** The legal actions of the phase's pair, in ascending order. */
    @Override
    public int legalActions(int[] out) {
        if (explicit != null && explicit.isChanceNode()) {
            return explicit.outcomes(out);
        }
        return PhaseRules.legal(this, out);
    }

    @Override
    public int[] legalActions() {
        if (explicit != null && explicit.isChanceNode()) {
            return explicit.outcomes();
        }
        return LegalActions.of(this, MerchantsAction.COUNT);
    }

    @Override
    public boolean isLegal(int action) {
        if (explicit != null && explicit.isChanceNode()) {
            return explicit.isOutcome(action);
        }
        return LegalActions.contains(this, MerchantsAction.COUNT, action);
    }

    /**
     * A legal action applied by the phase's pair; the decision cap truncates the game. In the
     * explicit mode, at a chance node: one of its outcomes.
     */
    @Override
    public void applyInPlace(int action, ChanceLog chance) {
        if (explicit != null) {
            if (explicit.isChanceNode()) {
                explicit.resolve(this, action, chance);
            } else {
                if (!isLegal(action)) {
                    throw illegal(action);
                }
                explicit.decide(this, action, chance);
            }
            MerchantsChance.settle(this);
            return;
        }
        if (!isLegal(action)) {
            throw illegal(action);
        }
        PhaseRules.apply(this, action, chance);
    }

    /**
     * As {@link #applyInPlace(int)} for an action taken from this state's own legal actions: the
     * bots' look-ahead, which has already listed them, skips the check. In the explicit mode (or
     * at a chance node) the checked path.
     */
    void applyListed(int action) {
        if (explicit != null) {
            applyInPlace(action);
            return;
        }
        PhaseRules.apply(this, action, ChanceLog.NONE);
    }

    /**
     * Makes this state a copy of {@code o}, a state of the same game (data and players), without
     * allocating its arrays anew: the bots' look-ahead reuses its scratch states this way.
     */
    void copyFrom(MerchantsState o) {
        assignFrom(o);
        explicit = o.explicit == null ? null : o.explicit.copy();
    }

    @Override
    public ExplicitChance<MerchantsState> explicitChance() {
        return explicit;
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
        if (explicit != null && explicit.isChanceNode()) {
            return explicit.illegal(action);
        }
        return LegalActions.illegal(this, action, phase);
    }

    /**
     * In the sampled mode, the face-down piles get an order drawn from {@code seed} ({@link #reseed}),
     * which the explicit mode keeps in card order.
     */
    @Override
    public MerchantsState sampledCopy(long seed) {
        return MerchantsChance.sampledCopy(this, seed);
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
        if (observer != currentPlayer() && isLegal(action) && !isChanceNode()) {
            if (phase == Phase.BID) {
                return "commits a sealed bid";
            } else if (phase == Phase.WHEEL) {
                return "sets a secret price wheel";
            }
        }
        return actionName(action);
    }

    /**
     * Resamples what {@code observer} cannot know (see {@link Determinization}): the others' sealed
     * bids and wheel settings not yet revealed, the order of the face-down investment pile, and the
     * influence cards in the others' hands with the influence pile. In the explicit-chance mode
     * the piles keep their canonical order (they have no other there), and at a chance node the
     * table before the step is resampled and the step replayed ({@link MerchantsChance#determinizeNode}).
     */
    @Override
    public MerchantsState determinize(int observer, long seed) {
        if (isChanceNode()) {
            return MerchantsChance.determinizeNode(this, observer, seed);
        }
        MerchantsState s = new MerchantsState(this);
        s.rng.setState(seed);
        Determinization.resample(s, observer);
        if (s.explicit != null) {
            MerchantsChance.sortPiles(s);
        }
        return s;
    }

    /** A future of its own: see {@link Determinization#reseed}. */
    @Override
    public void reseed(long seed) {
        Determinization.reseed(this, seed);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MerchantsState s && sameTable(s) && java.util.Objects.equals(explicit, s.explicit);
    }

    @Override
    public int hashCode() {
        return tableHash();
    }

    @Override
    public String toString() {
        return MerchantsText.render(this);
    }
}
