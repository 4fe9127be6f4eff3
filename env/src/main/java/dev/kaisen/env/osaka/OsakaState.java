package dev.kaisen.env.osaka;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.ChanceMode;
import dev.kaisen.env.ExplicitChance;
import dev.kaisen.env.GameState;
import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.LegalActions;
import dev.kaisen.env.RandomStream;

import java.util.Arrays;

/**
 * The full state of a Traders of Osaka game: its data, the queries encoders and bots read, and
 * the bookkeeping moves that keep its counts in step. The rules that change it live in
 * {@link OsakaRules} (one legal/apply pair per phase), the resampling of what nobody knows in
 * {@link OsakaDeterminizer} (section references are to {@code docs/rules/osaka.md}).
 *
 * <p>Representation: {@link #loc} gives every one of the 108 cards exactly one location
 * (draw pile, discard, Market, Farm, out of the game, or a player's hand, goods, insured
 * goods or VP pile); ordered places (draw pile, Market, Farm) also keep their order, and
 * per-player counts by card type are kept beside for speed. {@link OsakaInvariants}
 * checks that all of these agree.
 *
 * <p>Randomness: the state carries its random stream ({@link #rng}), seeded at
 * {@link #newGame}; shuffles and the start-player draw are its only uses, so the same seed
 * and the same actions always give the same trajectory, and copies, equality and JSON
 * cover the stream too. In the explicit-chance mode ({@link #explicit}, see
 * {@link OsakaExplicit}) every card drawn and a tied start player are chance nodes instead.
 *
 * <p>Hidden information (section "Hidden and public information"): with perfect recall every
 * hand is known; unknown to all alike are the draw pile and the VP cards drawn face down
 * ({@link #faceDownFrom}). {@link #unknownCount} and the queries beside it count them;
 * {@link #determinize} resamples exactly those unknowns.
 *
 * <p>{@link #apply(int)} returns a new state and leaves this one as it was;
 * {@link #applyInPlace(int)} mutates this state (for owners holding the only reference).
 */
public final class OsakaState implements GameState<OsakaState> {
    /** Space index of Edo, the end of the track. */
    public static final int EDO = Space.EDO.ordinal();
    static final int ANORI = Space.ANORI.ordinal();
    static final int OSAKA = Space.OSAKA.ordinal();
    /** Achievement tokens (all colours together) that end the game at a payout. */
    public static final int TOKENS_TO_END = 8;
    /** Setup step 4: players draw until their hand is worth at least this. */
    public static final int STARTING_HAND_VALUE = 8;
    static final int MARKET_DEAL = 5;
    static final int FARM_DEAL = 3;
    /** Refresh step 2: cards drawn to the Market. */
    static final int REFRESH_MARKET = 2;
    /**
     * The Market never holds more than 8 cards: after a Buy or a start-of-turn refresh at most
     * 3 other players' reserved cards remain, then the 3 Farm cards and 2 drawn ones join them,
     * and between refreshes it only shrinks. The array keeps a margin.
     */
    static final int MARKET_CAPACITY = 12;
    /**
     * [decision] Stalemate guard, safety cap: a game ends (scored as usual) after this many
     * decisions. Random play over 100,000 games stays far below it (see the README figures).
     */
    public static final int DECISION_CAP = 4000;

    /** {@link #faceDownFrom} of a card that was not drawn face down into a VP pile. */
    static final int NOT_FACE_DOWN = -1;

    final int n;
    final byte[] loc;
    /** Draw pile; the top card is at {@code drawSize - 1}. */
    final int[] draw;
    int drawSize;
    int discardSize;
    final int[] market;
    int marketSize;
    final int[] farm;
    int farmSize;
    /** Owner seat + 1 of the reserve piece on each card, 0 when none. */
    final byte[] reservedBy;
    /** Card under each player's reserve piece, or -1 when the piece is free. */
    final int[] reservedCard;
    /** Ship position per colour (index into {@link Space}). */
    final int[] ship;
    /**
     * Per seat and card type: cards in hand, uninsured goods, insured goods; read through
     * {@link #handCount}, {@link #uninsuredCount}, {@link #insuredCount}, changed through
     * {@link #addHand}, {@link #addGoods}, {@link #addInsured} (index {@link #typeSlot}).
     */
    final int[] hand;
    final int[] goods;
    final int[] insured;
    final int[] handValue;
    final int[] handSize;
    /** Cards per type in the discard pile and out of the game (kept beside {@link #loc} for speed). */
    final int[] discardByType;
    final int[] outByType;
    /** Per seat and colour; read through {@link #tokenCount}, changed through {@link #addTokens}. */
    final int[] tokens;
    /** Victory points per seat: cards in the VP pile plus {@link #vpWithoutCard}. */
    final int[] vp;
    /** [decision] VP scored when no card was left to draw for them; they still count. */
    final int[] vpWithoutCard;
    /**
     * Per card: the generation of the draw pile it was drawn from face down into a VP pile
     * (section "Payout"), or {@link #NOT_FACE_DOWN}; only such cards stay unknown once drawn
     * (VP cards kept from a sold set are known: the goods were public).
     */
    final int[] faceDownFrom;
    /**
     * Generation of the current draw pile: 0 for the setup pile, one more at each reshuffle of
     * the discard pile into a new pile.
     */
    int pileGeneration;

    Phase phase;
    int current;
    int active;
    int startPlayer;
    /** Setup step 6 under way; {@link TokenPicks#NONE} in every other phase. */
    TokenPicks tokenPicks;
    /** The payment sub-phase of a Buy; {@link Payment#NONE} outside it. */
    Payment payment;
    /** The sinking step of a payout; {@link Insurance#NONE} outside it. */
    Insurance insurance;
    int passStreak;
    int decisions;
    EndReason endReason;
    final RandomStream rng;

    /** Memo of {@link #legalActionMask()}; valid while {@link #legalKnown}. Not part of the state's value. */
    private long legalCache;
    private boolean legalKnown;

    /** The explicit-chance mode's bookkeeping, or null in the sampled mode ({@link OsakaExplicit}). */
    ExplicitChance<OsakaState> explicit;

    /** Receives chance outcomes during one apply; never part of the state's value. */
    OsakaEvents events = OsakaEvents.NONE;

    OsakaState(int players) {
        n = players;
        loc = new byte[Cards.COUNT];
        draw = new int[Cards.COUNT];
        market = new int[MARKET_CAPACITY];
        farm = new int[FARM_DEAL];
        reservedBy = new byte[Cards.COUNT];
        reservedCard = new int[n];
        Arrays.fill(reservedCard, -1);
        ship = new int[Colour.COUNT];
        hand = new int[n * Cards.TYPES];
        goods = new int[n * Cards.TYPES];
        insured = new int[n * Cards.TYPES];
        handValue = new int[n];
        handSize = new int[n];
        discardByType = new int[Cards.TYPES];
        outByType = new int[Cards.TYPES];
        tokens = new int[n * Colour.COUNT];
        vp = new int[n];
        vpWithoutCard = new int[n];
        faceDownFrom = new int[Cards.COUNT];
        Arrays.fill(faceDownFrom, NOT_FACE_DOWN);
        phase = Phase.CHOOSE_TOKEN;
        tokenPicks = TokenPicks.NONE;
        payment = Payment.NONE;
        insurance = Insurance.NONE;
        endReason = EndReason.NONE;
        rng = new RandomStream(0);
    }

    private OsakaState(OsakaState o) {
        n = o.n;
        loc = o.loc.clone();
        draw = o.draw.clone();
        drawSize = o.drawSize;
        discardSize = o.discardSize;
        market = o.market.clone();
        marketSize = o.marketSize;
        farm = o.farm.clone();
        farmSize = o.farmSize;
        reservedBy = o.reservedBy.clone();
        reservedCard = o.reservedCard.clone();
        ship = o.ship.clone();
        hand = o.hand.clone();
        goods = o.goods.clone();
        insured = o.insured.clone();
        handValue = o.handValue.clone();
        handSize = o.handSize.clone();
        discardByType = o.discardByType.clone();
        outByType = o.outByType.clone();
        tokens = o.tokens.clone();
        vp = o.vp.clone();
        vpWithoutCard = o.vpWithoutCard.clone();
        faceDownFrom = o.faceDownFrom.clone();
        pileGeneration = o.pileGeneration;
        phase = o.phase;
        current = o.current;
        active = o.active;
        startPlayer = o.startPlayer;
        tokenPicks = o.tokenPicks;
        payment = o.payment;
        insurance = o.insurance;
        passStreak = o.passStreak;
        decisions = o.decisions;
        endReason = o.endReason;
        rng = o.rng.copy();
        legalCache = o.legalCache;
        legalKnown = o.legalKnown;
        explicit = o.explicit == null ? null : o.explicit.copy();
    }

    /** Setup (rules section "Setup"), with chance outcomes reported to {@code events}. */
    static OsakaState newGame(OsakaConfig config, long seed, OsakaEvents events) {
        return OsakaRules.setUp(config, seed, events);
    }

    public static OsakaState newGame(OsakaConfig config, long seed) {
        return newGame(config, seed, OsakaEvents.NONE);
    }

    /**
     * As {@link #newGame(OsakaConfig, long)} in chance mode {@code mode}; in the explicit mode the
     * state is the deal's first chance node (the first card to the Market).
     */
    public static OsakaState newGame(OsakaConfig config, long seed, ChanceMode mode) {
        return mode == ChanceMode.SAMPLED ? newGame(config, seed) : OsakaExplicit.newGame(config, seed);
    }

    // ------------------------------------------------------------------ per-seat counts

    /** Index of (seat, card type) in the per-seat count arrays {@link #hand}, {@link #goods}, {@link #insured}. */
    private static int typeSlot(int p, int type) {
        return p * Cards.TYPES + type;
    }

    void addHand(int p, int type, int delta) {
        hand[typeSlot(p, type)] += delta;
    }

    void addGoods(int p, int type, int delta) {
        goods[typeSlot(p, type)] += delta;
    }

    void addInsured(int p, int type, int delta) {
        insured[typeSlot(p, type)] += delta;
    }

    void addTokens(int p, int colour, int delta) {
        tokens[p * Colour.COUNT + colour] += delta;
    }

    // ------------------------------------------------------------------ queries

    /** The draw pile, top card first. */
    int[] drawPileTopFirst() {
        return OsakaQueries.drawPileTopFirst(this);
    }

    /** Whether player p may take or buy a card: unreserved, or under p's own piece. */
    boolean offeredTo(int card, int p) {
        int owner = reservedBy[card];
        return owner == 0 || owner == p + 1;
    }

    @Override
    public int numPlayers() {
        return n;
    }

    @Override
    public int currentPlayer() {
        return explicit != null && explicit.isChanceNode() ? CHANCE : current;
    }

    @Override
    public ExplicitChance<OsakaState> explicitChance() {
        return explicit;
    }

    @Override
    public boolean isTerminal() {
        return phase == Phase.GAME_OVER;
    }

    public Phase phase() {
        return phase;
    }

    /** The player whose turn it is (during insurance, the current player may be another). */
    public int activePlayer() {
        return active;
    }

    public int startPlayer() {
        return startPlayer;
    }

    /** Why the game ended ({@link EndReason#NONE} while it runs). */
    EndReason ending() {
        return endReason;
    }

    @Override
    public String endReason() {
        return endReason.name();
    }

    @Override
    public boolean isTruncated() {
        return endReason == EndReason.DECISION_CAP;
    }

    /** Victory points (see {@link #victoryPoints}). */
    @Override
    public int score(int player) {
        return vp[player];
    }

    /** Achievement tokens, all colours together: the first tie-break (section "End and scoring"). */
    @Override
    public int tiebreak(int player) {
        return totalTokens(player);
    }

    public int decisions() {
        return decisions;
    }

    public int victoryPoints(int p) {
        return vp[p];
    }

    public int tokens(int p, Colour c) {
        return tokenCount(p, c.ordinal());
    }

    public int totalTokens(int p) {
        return OsakaQueries.totalTokens(this, p);
    }

    public Space ship(Colour c) {
        return Space.of(ship[c.ordinal()]);
    }

    public int handSize(int p) {
        return handSize[p];
    }

    public int handValue(int p) {
        return handValue[p];
    }

    /** Cards of a type in a player's hand (hidden on the table, but known to every player with perfect recall). */
    public int handCount(int p, int type) {
        return hand[typeSlot(p, type)];
    }

    public int goodsCount(int p, int type) {
        return uninsuredCount(p, type) + insuredCount(p, type);
    }

    int insuredCount(int p, int type) {
        return insured[typeSlot(p, type)];
    }

    /** Card id under a player's reserve piece, or -1 if the piece is free. */
    public int reservedCard(int p) {
        return reservedCard[p];
    }

    /** Seat holding the reserve piece on a card, or -1. */
    public int reservedBy(int card) {
        return reservedBy[card] - 1;
    }

    int[] marketCards() {
        return Arrays.copyOf(market, marketSize);
    }

    int[] farmCards() {
        return Arrays.copyOf(farm, farmSize);
    }

    public int drawPileSize() {
        return drawSize;
    }

    /** Cards of a type in the discard pile (face up: public). */
    public int discardCount(int type) {
        return discardByType[type];
    }

    /** Cards of a type removed from the game (public). */
    public int outOfGameCount(int type) {
        return outByType[type];
    }

    int discardPileSize() {
        return discardSize;
    }

    /** Coins still owed during the payment sub-phase. */
    public int paymentDue() {
        return payment.due();
    }

    /** Whether colour c's ship sank at the payout under way (meaningful during insurance). */
    boolean isSunk(Colour c) {
        return insurance.sunk(c.ordinal());
    }

    /** Where a card is: see {@link CardPlace}. */
    CardPlace placeOf(int card) {
        return CardPlace.of(loc[card]);
    }

    /** Seat owning the place of a card (hand, goods, VP pile), or -1 for shared places. */
    int ownerOf(int card) {
        return Loc.isSeat(loc[card]) ? Loc.seatOf(loc[card]) : -1;
    }

    // Allocation-free accessors for encoders (observation module).

    public int marketSize() {
        return marketSize;
    }

    public int marketCard(int slot) {
        return market[slot];
    }

    public int farmSize() {
        return farmSize;
    }

    public int farmCard(int slot) {
        return farm[slot];
    }

    /** Ship position of colour index c (see {@link Space}). */
    public int shipPosition(int c) {
        return ship[c];
    }

    public int tokenCount(int p, int colour) {
        return tokens[p * Colour.COUNT + colour];
    }

    public int uninsuredCount(int p, int type) {
        return goods[typeSlot(p, type)];
    }

    /** Player p's uninsured goods of colour index c, all values together. */
    int uninsuredOfColour(int p, int colour) {
        return OsakaQueries.uninsuredOfColour(this, p, colour);
    }

    public int tokenPicksLeft() {
        return tokenPicks.left();
    }

    public int passStreak() {
        return passStreak;
    }

    /** Colours whose ship sank at the payout under way, as a bit per colour index. */
    public int sunkColourMask() {
        return insurance.sunkMask();
    }

    /**
     * Card counts by type that {@code observer} may know: the discard pile (face up), the
     * cards out of the game, and the cards the observer cannot see now: the draw pile, the
     * other players' hands and every VP pile (kept face down). Arrays of length 12, overwritten.
     * This is the memoryless view of what lies on the table now; what a player with perfect
     * recall cannot know is {@link #unknownCount}.
     */
    public void countCardsFor(int observer, int[] discardByType, int[] outByType, int[] unseenByType) {
        OsakaQueries.countCardsFor(this, observer, discardByType, outByType, unseenByType);
    }

    // Perfect-recall information (section "Hidden and public information"): see PerfectRecall.

    /** Generation of the current draw pile: 0 for the setup pile, one more at each reshuffle of the discard pile. */
    int pileGeneration() {
        return pileGeneration;
    }

    /** Cards of a type that a player with perfect recall cannot pin down: {@link PerfectRecall#unknownCount}. */
    int unknownCount(int type) {
        return PerfectRecall.unknownCount(this, type);
    }

    /**
     * {@link #unknownCount} of every type into {@code byType} (length 12) and
     * {@link #faceDownVpFromCurrentPile} of every seat into {@code bySeat} (length at least the
     * player count), in one pass over the cards: the encoder's fast path.
     */
    public void countUnknown(int[] byType, int[] bySeat) {
        PerfectRecall.countUnknown(this, byType, bySeat);
    }

    /** The sum of {@link #unknownCount} over all types: the draw pile size plus the face-down VP cards of the current pile. */
    int unknownTotal() {
        return PerfectRecall.unknownTotal(this);
    }

    /** Player p's VP cards drawn face down from a draw pile (from any pile generation); their identity is unknown. */
    int faceDownVpCount(int player) {
        return PerfectRecall.faceDownVpCount(this, player, false);
    }

    /** Of {@link #faceDownVpCount}, the cards drawn from the current draw pile (since its last shuffle). */
    int faceDownVpFromCurrentPile(int player) {
        return PerfectRecall.faceDownVpCount(this, player, true);
    }

    /** Cost of a Buy for the active player: every Market card except those reserved by others. */
    public int buyCost() {
        return OsakaQueries.buyCost(this);
    }

    /** Seats sharing the win: most VP, then most achievement tokens; still tied, all win. */
    @Override
    public int[] winners() {
        return OsakaQueries.winners(this);
    }

    // ------------------------------------------------------------------ legal actions and apply

    @Override
    public int[] legalActions() {
        if (explicit != null && explicit.isChanceNode()) {
            return explicit.outcomes();
        }
        int[] buf = new int[OsakaAction.COUNT];
        return Arrays.copyOf(buf, legalActions(buf));
    }

    @Override
    public int legalActions(int[] out) {
        if (explicit != null && explicit.isChanceNode()) {
            return explicit.outcomes(out);
        }
        long mask = legalActionMask();
        int k = 0;
        while (mask != 0) {
            out[k++] = Long.numberOfTrailingZeros(mask);
            mask &= mask - 1;
        }
        return k;
    }

    /**
     * The legal actions as a bit set: bit {@code a} is set when action id {@code a} is legal
     * (the action space has exactly 64 ids). This is the one source of truth for legality
     * ({@link OsakaRules#legalActionMask}).
     */
    long legalActionMask() {
        if (!legalKnown) {
            legalCache = OsakaRules.legalActionMask(this);
            legalKnown = true;
        }
        return legalCache;
    }

    /** Forgets the memoized legal actions; every mutation of the state must call it. */
    void invalidate() {
        legalKnown = false;
    }

    @Override
    public boolean isLegal(int action) {
        if (explicit != null && explicit.isChanceNode()) {
            return explicit.isOutcome(action);
        }
        return OsakaAction.isValidId(action) && (legalActionMask() & (1L << action)) != 0;
    }

    /** Applies an action to a copy, reporting chance outcomes to {@code events}. */
    OsakaState apply(int action, OsakaEvents events) {
        OsakaState next = new OsakaState(this);
        next.applyInPlace(action, events);
        return next;
    }

    @Override
    public void applyInPlace(int action) {
        if (explicit != null) {
            OsakaExplicit.apply(this, action, ChanceLog.NONE);
            return;
        }
        if (!isLegal(action)) {
            throw illegal(action);
        }
        legalKnown = false;
        OsakaRules.apply(this, action);
    }

    @Override
    public void applyInPlace(int action, ChanceLog chance) {
        if (explicit != null) {
            OsakaExplicit.apply(this, action, chance);
            return;
        }
        applyInPlace(action, OsakaChance.of(chance));
    }

    /**
     * As {@link #applyInPlace(int)}, reporting chance outcomes to {@code events}; in the explicit
     * mode only as a {@link ChanceLog} reports them (through {@link #applyInPlace(int, ChanceLog)}).
     */
    void applyInPlace(int action, OsakaEvents events) {
        if (explicit != null) {
            OsakaExplicit.applyReporting(this, action, events);
            return;
        }
        this.events = events;
        try {
            applyInPlace(action);
        } finally {
            this.events = OsakaEvents.NONE;
        }
    }

    @Override
    public IllegalActionException illegal(int action) {
        if (explicit != null && explicit.isChanceNode()) {
            return explicit.illegal(action);
        }
        return LegalActions.illegal(this, action, phase);
    }

    @Override
    public String actionName(int action) {
        return OsakaAction.name(action);
    }

    /** A determinization: see {@link OsakaDeterminizer#determinize}, or {@link OsakaExplicit#determinizeNode}. */
    @Override
    public OsakaState determinize(int observer, long seed) {
        return isChanceNode() ? OsakaExplicit.determinizeNode(this, seed) : OsakaDeterminizer.determinize(this, seed);
    }

    /** A future of its own: see {@link OsakaDeterminizer#reseed}. */
    @Override
    public void reseed(long seed) {
        OsakaDeterminizer.reseed(this, seed);
    }

    // ------------------------------------------------------------------ value semantics

    /**
     * In the sampled mode, the piles no seat has seen get an order drawn from {@code seed}
     * ({@link #reseed}): the explicit mode never reads their order.
     */
    @Override
    public OsakaState sampledCopy(long seed) {
        return OsakaExplicit.sampledCopy(this, seed);
    }

    @Override
    public OsakaState copy() {
        return new OsakaState(this);
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof OsakaState s && OsakaQueries.sameValue(this, s);
    }

    @Override
    public int hashCode() {
        return OsakaQueries.valueHash(this);
    }

    @Override
    public String toString() {
        return OsakaText.render(this);
    }
}
