package dev.kaisen.env.osaka;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.ChanceMode;
import dev.kaisen.env.ExplicitChance;
import dev.kaisen.env.GameState;
import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.LegalActions;
import dev.kaisen.env.RandomStream;

import java.util.Arrays;
import java.util.Objects;

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
 * <p>Hidden information (section "Hidden and public information"): every hand is known to a
 * player with perfect recall; what stays unknown, to every player alike, is the draw pile and
 * the VP cards drawn face down from a pile ({@link #faceDownFrom}, with the pile generation
 * they came from). {@link #unknownCount} and the other queries there give the perfect-recall
 * counts; {@link #determinize} resamples exactly those unknowns.
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
    private final int[] hand;
    private final int[] goods;
    private final int[] insured;
    final int[] handValue;
    final int[] handSize;
    /** Cards per type in the discard pile and out of the game (kept beside {@link #loc} for speed). */
    final int[] discardByType;
    final int[] outByType;
    /** Per seat and colour; read through {@link #tokenCount}, changed through {@link #addTokens}. */
    private final int[] tokens;
    /** Victory points per seat: cards in the VP pile plus {@link #vpWithoutCard}. */
    final int[] vp;
    /** [decision] VP scored when no card was left to draw for them; they still count. */
    final int[] vpWithoutCard;
    /**
     * Per card: the generation of the draw pile it was drawn from face down into a VP pile (VP
     * beyond a sold set, section "Payout"), or {@link #NOT_FACE_DOWN}. Only such cards stay
     * unknown once drawn (section "Hidden and public information"); VP cards kept from a sold
     * set are known, since the goods were public.
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

    /** Sets every field but the explicit-chance bookkeeping to {@code o}'s (a state of as many players). */
    static void assign(OsakaState t, OsakaState o) {
        System.arraycopy(o.loc, 0, t.loc, 0, t.loc.length);
        System.arraycopy(o.draw, 0, t.draw, 0, t.draw.length);
        t.drawSize = o.drawSize;
        t.discardSize = o.discardSize;
        System.arraycopy(o.market, 0, t.market, 0, t.market.length);
        t.marketSize = o.marketSize;
        System.arraycopy(o.farm, 0, t.farm, 0, t.farm.length);
        t.farmSize = o.farmSize;
        System.arraycopy(o.reservedBy, 0, t.reservedBy, 0, t.reservedBy.length);
        System.arraycopy(o.reservedCard, 0, t.reservedCard, 0, t.reservedCard.length);
        System.arraycopy(o.ship, 0, t.ship, 0, t.ship.length);
        System.arraycopy(o.hand, 0, t.hand, 0, t.hand.length);
        System.arraycopy(o.goods, 0, t.goods, 0, t.goods.length);
        System.arraycopy(o.insured, 0, t.insured, 0, t.insured.length);
        System.arraycopy(o.handValue, 0, t.handValue, 0, t.handValue.length);
        System.arraycopy(o.handSize, 0, t.handSize, 0, t.handSize.length);
        System.arraycopy(o.discardByType, 0, t.discardByType, 0, t.discardByType.length);
        System.arraycopy(o.outByType, 0, t.outByType, 0, t.outByType.length);
        System.arraycopy(o.tokens, 0, t.tokens, 0, t.tokens.length);
        System.arraycopy(o.vp, 0, t.vp, 0, t.vp.length);
        System.arraycopy(o.vpWithoutCard, 0, t.vpWithoutCard, 0, t.vpWithoutCard.length);
        System.arraycopy(o.faceDownFrom, 0, t.faceDownFrom, 0, t.faceDownFrom.length);
        t.pileGeneration = o.pileGeneration;
        t.phase = o.phase;
        t.current = o.current;
        t.active = o.active;
        t.startPlayer = o.startPlayer;
        t.tokenPicks = o.tokenPicks;
        t.payment = o.payment;
        t.insurance = o.insurance;
        t.passStreak = o.passStreak;
        t.decisions = o.decisions;
        t.endReason = o.endReason;
        t.rng.setState(o.rng.state());
        t.legalKnown = false;
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
        int[] out = new int[drawSize];
        for (int i = 0; i < drawSize; i++) {
            out[i] = draw[drawSize - 1 - i];
        }
        return out;
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
        int sum = 0;
        for (int c = 0; c < Colour.COUNT; c++) {
            sum += tokenCount(p, c);
        }
        return sum;
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
        int sum = 0;
        for (int v = 0; v < Cards.VALUES_PER_COLOUR; v++) {
            sum += uninsuredCount(p, colour * Cards.VALUES_PER_COLOUR + v);
        }
        return sum;
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
        for (int t = 0; t < Cards.TYPES; t++) {
            int seen = this.discardByType[t] + this.outByType[t] + handCount(observer, t);
            for (int p = 0; p < n; p++) {
                seen += goodsCount(p, t);
            }
            discardByType[t] = this.discardByType[t];
            outByType[t] = this.outByType[t];
            unseenByType[t] = Cards.copiesOfType(t) - seen;
        }
        for (int i = 0; i < marketSize; i++) {
            unseenByType[Cards.type(market[i])]--;
        }
        for (int i = 0; i < farmSize; i++) {
            unseenByType[Cards.type(farm[i])]--;
        }
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
        int cost = 0;
        for (int i = 0; i < marketSize; i++) {
            if (offeredTo(market[i], active)) {
                cost += Cards.value(market[i]);
            }
        }
        return cost;
    }

    /** Seats sharing the win: most VP, then most achievement tokens; still tied, all win. */
    @Override
    public int[] winners() {
        int best = -1;
        int bestTokens = -1;
        int count = 0;
        int[] out = new int[n];
        for (int p = 0; p < n; p++) {
            int t = totalTokens(p);
            if (vp[p] > best || (vp[p] == best && t > bestTokens)) {
                best = vp[p];
                bestTokens = t;
                count = 0;
            }
            if (vp[p] == best && t == bestTokens) {
                out[count++] = p;
            }
        }
        return Arrays.copyOf(out, count);
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
            applyExplicit(action, ChanceLog.NONE);
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
            applyExplicit(action, chance);
            return;
        }
        applyInPlace(action, OsakaChance.of(chance));
    }

    /**
     * The explicit mode's move: an outcome at a chance node, or a legal decision, run by
     * {@link ExplicitChance} (chance steps reported to {@code chance} once the step completes).
     */
    private void applyExplicit(int action, ChanceLog chance) {
        if (explicit.isChanceNode()) {
            explicit.resolve(this, action, chance);
            return;
        }
        if (!isLegal(action)) {
            throw illegal(action);
        }
        explicit.decide(this, action, chance);
    }

    /**
     * As {@link #applyInPlace(int)}, reporting chance outcomes to {@code events}; in the explicit
     * mode only as a {@link ChanceLog} reports them (through {@link #applyInPlace(int, ChanceLog)}).
     */
    void applyInPlace(int action, OsakaEvents events) {
        if (explicit != null) {
            if (events != OsakaEvents.NONE && !(events instanceof OsakaChance)) {
                throw new UnsupportedOperationException("the explicit-chance mode reports its chance steps to a"
                        + " ChanceLog, once a step completes");
            }
            applyExplicit(action, events instanceof OsakaChance c ? c.log() : ChanceLog.NONE);
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

    /** A determinization: see {@link OsakaDeterminizer#determinize}. */
    @Override
    public OsakaState determinize(int observer, long seed) {
        if (explicit != null && explicit.isChanceNode()) {
            return OsakaExplicit.determinizeNode(this, seed);
        }
        return OsakaDeterminizer.determinize(this, seed);
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
        if (isChanceNode()) {
            throw new IllegalStateException("a chance node has no sampled form: apply one of its outcomes first");
        }
        OsakaState c = copy();
        if (c.explicit != null) {
            c.explicit = null;
            c.reseed(seed);
        }
        return c;
    }

    @Override
    public OsakaState copy() {
        return new OsakaState(this);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof OsakaState)) {
            return false;
        }
        OsakaState s = (OsakaState) o;
        return n == s.n && drawSize == s.drawSize && discardSize == s.discardSize && marketSize == s.marketSize
                && farmSize == s.farmSize && phase == s.phase && current == s.current && active == s.active
                && startPlayer == s.startPlayer && tokenPicks.equals(s.tokenPicks) && payment.equals(s.payment)
                && insurance.equals(s.insurance) && passStreak == s.passStreak
                && decisions == s.decisions && endReason == s.endReason && rng.equals(s.rng)
                && Arrays.equals(loc, s.loc)
                && Arrays.equals(draw, 0, drawSize, s.draw, 0, drawSize)
                && Arrays.equals(market, 0, marketSize, s.market, 0, marketSize)
                && Arrays.equals(farm, 0, farmSize, s.farm, 0, farmSize)
                && Arrays.equals(reservedBy, s.reservedBy) && Arrays.equals(reservedCard, s.reservedCard)
                && Arrays.equals(ship, s.ship) && Arrays.equals(hand, s.hand) && Arrays.equals(goods, s.goods)
                && Arrays.equals(insured, s.insured) && Arrays.equals(handValue, s.handValue)
                && Arrays.equals(handSize, s.handSize) && Arrays.equals(tokens, s.tokens)
                && Arrays.equals(discardByType, s.discardByType) && Arrays.equals(outByType, s.outByType)
                && Arrays.equals(vp, s.vp) && Arrays.equals(vpWithoutCard, s.vpWithoutCard)
                && pileGeneration == s.pileGeneration && Arrays.equals(faceDownFrom, s.faceDownFrom)
                && Objects.equals(explicit, s.explicit);
    }

    @Override
    public int hashCode() {
        int h = Arrays.hashCode(loc);
        h = 31 * h + Arrays.hashCode(Arrays.copyOf(draw, drawSize));
        h = 31 * h + Arrays.hashCode(Arrays.copyOf(market, marketSize));
        h = 31 * h + Arrays.hashCode(ship);
        h = 31 * h + Arrays.hashCode(tokens);
        h = 31 * h + Arrays.hashCode(vp);
        h = 31 * h + phase.hashCode();
        h = 31 * h + current;
        h = 31 * h + decisions;
        h = 31 * h + Arrays.hashCode(faceDownFrom);
        h = 31 * h + pileGeneration;
        return 31 * h + Long.hashCode(rng.state());
    }

    @Override
    public String toString() {
        return OsakaText.render(this);
    }
}
