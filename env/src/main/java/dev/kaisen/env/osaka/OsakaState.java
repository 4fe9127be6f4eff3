package dev.kaisen.env.osaka;

import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.GameState;
import dev.kaisen.env.IllegalActionException;
import dev.kaisen.env.LegalActions;
import dev.kaisen.env.SplitMix64;

import java.util.Arrays;

/**
 * The full state of a Traders of Osaka game, rules included (section references are to
 * {@code docs/rules/osaka.md}).
 *
 * <p>Representation: {@link #loc} gives every one of the 108 cards exactly one location
 * (draw pile, discard, Market, Farm, out of the game, or a player's hand, goods, insured
 * goods or VP pile); ordered places (draw pile, Market, Farm) also keep their order, and
 * per-player counts by card type are kept beside for speed. {@link OsakaInvariants}
 * checks that all of these agree.
 *
 * <p>Randomness: the state carries its SplitMix64 stream ({@link #rng}), seeded at
 * {@link #newGame}; shuffles and the start-player draw are its only uses, so the same seed
 * and the same actions always give the same trajectory, and copies, equality and JSON
 * cover the stream too.
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

    // Card locations. Shared places, then four per seat.
    static final byte DRAW = 0;
    static final byte DISCARD = 1;
    static final byte MARKET = 2;
    static final byte FARM = 3;
    static final byte OUT = 4;
    static final int SEAT_BASE = 8;
    static final int HAND = 0;
    static final int GOODS = 1;
    static final int INSURED = 2;
    static final int VP = 3;
    /** {@link #faceDownFrom} of a card that was not drawn face down into a VP pile. */
    static final int NOT_FACE_DOWN = -1;

    static byte seatLoc(int player, int kind) {
        return (byte) (SEAT_BASE + player * 4 + kind);
    }

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
    /** Per seat and card type: cards in hand, uninsured goods, insured goods. Index {@code p * 12 + type}. */
    final int[] hand;
    final int[] goods;
    final int[] insured;
    final int[] handValue;
    final int[] handSize;
    /** Cards per type in the discard pile and out of the game (kept beside {@link #loc} for speed). */
    final int[] discardByType;
    final int[] outByType;
    /** Per seat and colour, index {@code p * 4 + colour}. */
    final int[] tokens;
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
    int tokenPicksLeft;
    /** Coins still owed in the payment sub-phase. */
    int paymentDue;
    /** Colours whose ship sank at the payout under way (bit per colour). */
    int sunkMask;
    /** Insurance round: the insurer is seat {@code (active + insuranceOffset) % n}. */
    int insuranceOffset;
    int passStreak;
    int decisions;
    EndReason endReason;
    long rng;

    /** Memo of {@link #legalActionMask()}; valid while {@link #legalKnown}. Not part of the state's value. */
    private long legalCache;
    private boolean legalKnown;

    /** Receives chance outcomes during one apply; never part of the state's value. */
    private OsakaEvents events = OsakaEvents.NONE;

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
        endReason = EndReason.NONE;
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
        tokenPicksLeft = o.tokenPicksLeft;
        paymentDue = o.paymentDue;
        sunkMask = o.sunkMask;
        insuranceOffset = o.insuranceOffset;
        passStreak = o.passStreak;
        decisions = o.decisions;
        endReason = o.endReason;
        rng = o.rng;
        legalCache = o.legalCache;
        legalKnown = o.legalKnown;
    }

    // ------------------------------------------------------------------ setup

    /** Setup (rules section "Setup"), with chance outcomes reported to {@code events}. */
    public static OsakaState newGame(OsakaConfig config, long seed, OsakaEvents events) {
        OsakaState s = new OsakaState(config.players());
        s.rng = seed;
        s.events = events;
        // 1. Shuffle the 108 cards into the draw pile.
        int[] deck = new int[Cards.COUNT];
        for (int c = 0; c < Cards.COUNT; c++) {
            deck[c] = c;
        }
        s.shuffle(deck, Cards.COUNT);
        s.setDrawPile(deck, Cards.COUNT);
        events.shuffled(false, s.drawPileTopFirst());
        // 2. Market 5 face up, then Farm 3.
        for (int i = 0; i < MARKET_DEAL; i++) {
            s.drawTo(MARKET, -1);
        }
        for (int i = 0; i < FARM_DEAL; i++) {
            s.drawTo(FARM, -1);
        }
        // 3. Ships start in Osaka (all zero). 4. Starting hands, in seat order.
        for (int p = 0; p < s.n; p++) {
            while (s.handValue[p] < STARTING_HAND_VALUE && s.drawTo(seatLoc(p, HAND), p) >= 0) {
                // keep drawing
            }
        }
        s.startPlayer = s.chooseStartPlayer();
        // 6. Starting achievement tokens, from the start player clockwise.
        s.phase = Phase.CHOOSE_TOKEN;
        s.current = s.startPlayer;
        s.active = s.startPlayer;
        s.tokenPicksLeft = s.n;
        s.events = OsakaEvents.NONE;
        return s;
    }

    public static OsakaState newGame(OsakaConfig config, long seed) {
        return newGame(config, seed, OsakaEvents.NONE);
    }

    /** Setup step 5: smallest starting total; tie, fewest cards; tie, seeded random among the tied. */
    private int chooseStartPlayer() {
        int[] tied = new int[n];
        int count = 0;
        for (int p = 0; p < n; p++) {
            if (count == 0 || handValue[p] < handValue[tied[0]]
                    || (handValue[p] == handValue[tied[0]] && handSize[p] < handSize[tied[0]])) {
                count = 0;
                tied[count++] = p;
            } else if (handValue[p] == handValue[tied[0]] && handSize[p] == handSize[tied[0]]) {
                tied[count++] = p;
            }
        }
        int chosen = count == 1 ? tied[0] : tied[nextInt(count)];
        events.startPlayer(Arrays.copyOf(tied, count), chosen);
        return chosen;
    }

    // ------------------------------------------------------------------ randomness

    private int nextInt(int bound) {
        rng = SplitMix64.advance(rng);
        return SplitMix64.below(SplitMix64.mix(rng), bound);
    }

    /** Fisher-Yates: for i from len-1 down to 1, swap a[i] with a[nextInt(i + 1)]. */
    private void shuffle(int[] a, int len) {
        for (int i = len - 1; i > 0; i--) {
            int j = nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    /** Sets the draw pile from an order given top first. */
    private void setDrawPile(int[] topFirst, int len) {
        for (int i = 0; i < len; i++) {
            int card = topFirst[i];
            draw[len - 1 - i] = card;
            loc[card] = DRAW;
        }
        drawSize = len;
    }

    int[] drawPileTopFirst() {
        int[] out = new int[drawSize];
        for (int i = 0; i < drawSize; i++) {
            out[i] = draw[drawSize - 1 - i];
        }
        return out;
    }

    /**
     * Takes the top card of the draw pile. When the pile is empty and a card must be drawn,
     * the discard pile (taken in card-id order) is shuffled into a new pile, only at that
     * moment (section "Refresh"), and the pile generation grows by one. [decision] If both are
     * empty, returns -1: the caller draws what exists and continues.
     */
    private int drawCard() {
        if (drawSize == 0) {
            if (discardSize == 0) {
                return -1;
            }
            int[] pile = new int[discardSize];
            int k = 0;
            for (int c = 0; c < Cards.COUNT; c++) {
                if (loc[c] == DISCARD) {
                    pile[k++] = c;
                }
            }
            shuffle(pile, k);
            discardSize = 0;
            Arrays.fill(discardByType, 0);
            setDrawPile(pile, k);
            pileGeneration++;
            events.shuffled(true, pile);
        }
        return draw[--drawSize];
    }

    /** Draws one card to a place; returns the card, or -1 when no card exists. */
    private int drawTo(byte place, int player) {
        int card = drawCard();
        if (card < 0) {
            return -1;
        }
        if (place == MARKET) {
            loc[card] = MARKET;
            market[marketSize++] = card;
            events.drew(card, OsakaEvents.Place.MARKET, -1);
        } else if (place == FARM) {
            loc[card] = FARM;
            farm[farmSize++] = card;
            events.drew(card, OsakaEvents.Place.FARM, -1);
        } else if (place == seatLoc(player, HAND)) {
            addToHand(player, card);
            events.drew(card, OsakaEvents.Place.HAND, player);
        } else {
            loc[card] = place;
            faceDownFrom[card] = pileGeneration;
            events.drew(card, OsakaEvents.Place.VP, player);
        }
        return card;
    }

    private void addToHand(int p, int card) {
        loc[card] = seatLoc(p, HAND);
        hand[p * Cards.TYPES + Cards.type(card)]++;
        handValue[p] += Cards.value(card);
        handSize[p]++;
    }

    // ------------------------------------------------------------------ queries

    @Override
    public int numPlayers() {
        return n;
    }

    @Override
    public int currentPlayer() {
        return current;
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
    public EndReason ending() {
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
        return tokens[p * Colour.COUNT + c.ordinal()];
    }

    public int totalTokens(int p) {
        int sum = 0;
        for (int c = 0; c < Colour.COUNT; c++) {
            sum += tokens[p * Colour.COUNT + c];
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
        return hand[p * Cards.TYPES + type];
    }

    public int goodsCount(int p, int type) {
        return goods[p * Cards.TYPES + type] + insured[p * Cards.TYPES + type];
    }

    public int insuredCount(int p, int type) {
        return insured[p * Cards.TYPES + type];
    }

    /** Card id under a player's reserve piece, or -1 if the piece is free. */
    public int reservedCard(int p) {
        return reservedCard[p];
    }

    /** Seat holding the reserve piece on a card, or -1. */
    public int reservedBy(int card) {
        return reservedBy[card] - 1;
    }

    public int[] marketCards() {
        return Arrays.copyOf(market, marketSize);
    }

    public int[] farmCards() {
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

    public int discardPileSize() {
        return discardSize;
    }

    /** Coins still owed during the payment sub-phase. */
    public int paymentDue() {
        return paymentDue;
    }

    /** Whether colour c's ship sank at the payout under way (meaningful during insurance). */
    public boolean isSunk(Colour c) {
        return (sunkMask & (1 << c.ordinal())) != 0;
    }

    /** Where a card is: see {@link CardPlace}. */
    public CardPlace placeOf(int card) {
        return CardPlace.of(loc[card]);
    }

    /** Seat owning the place of a card (hand, goods, VP pile), or -1 for shared places. */
    public int ownerOf(int card) {
        return loc[card] >= SEAT_BASE ? (loc[card] - SEAT_BASE) / 4 : -1;
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
        return goods[p * Cards.TYPES + type];
    }

    public int tokenPicksLeft() {
        return tokenPicksLeft;
    }

    public int passStreak() {
        return passStreak;
    }

    /** Colours whose ship sank at the payout under way, as a bit per colour index. */
    public int sunkColourMask() {
        return sunkMask;
    }

    /**
     * Card counts by type that {@code observer} may know: the discard pile (face up), the
     * cards out of the game, and the cards the observer cannot see now: the draw pile, the
     * other players' hands and every VP pile (kept face down). Arrays of length 12, overwritten.
     * This is the memoryless view of what lies on the table now; what a player with perfect
     * recall cannot know is {@link #unknownCount}.
     */
    public void countCardsFor(int observer, int[] discardByType, int[] outByType, int[] unseenByType) {
        int own = observer * Cards.TYPES;
        for (int t = 0; t < Cards.TYPES; t++) {
            int seen = this.discardByType[t] + this.outByType[t] + hand[own + t];
            for (int p = 0; p < n; p++) {
                seen += goods[p * Cards.TYPES + t] + insured[p * Cards.TYPES + t];
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

    // Perfect-recall information (section "Hidden and public information"). Every hand is known
    // to a player who remembers; what stays unknown, to every player alike, is the draw pile and
    // the VP cards drawn face down from a pile when a sold set was short. The draw pile is built
    // from known cards (all 108 at setup, the face-up discard pile at a reshuffle), so the
    // composition of (draw pile + VP cards drawn face down from it since it was shuffled) is
    // known exactly; which of those cards are still in the pile is not.

    /** Generation of the current draw pile: 0 for the setup pile, one more at each reshuffle of the discard pile. */
    public int pileGeneration() {
        return pileGeneration;
    }

    /**
     * Cards of a type (0..11, see {@link Cards#TYPES}) whose identity a player with perfect recall
     * cannot pin down and that belong to the current pile: the draw pile plus the VP cards drawn
     * face down from it since its last shuffle. Their composition by type is known exactly.
     */
    public int unknownCount(int type) {
        int count = 0;
        for (int card = Cards.firstOfType(type); card < Cards.endOfType(type); card++) {
            if (loc[card] == DRAW || faceDownFrom[card] == pileGeneration) {
                count++;
            }
        }
        return count;
    }

    /**
     * {@link #unknownCount} of every type into {@code byType} (length 12) and
     * {@link #faceDownVpFromCurrentPile} of every seat into {@code bySeat} (length at least the
     * player count), in one pass over the cards: the encoder's fast path.
     */
    public void countUnknown(int[] byType, int[] bySeat) {
        Arrays.fill(byType, 0, Cards.TYPES, 0);
        Arrays.fill(bySeat, 0, n, 0);
        for (int i = 0; i < drawSize; i++) {
            byType[Cards.type(draw[i])]++;
        }
        for (int card = 0; card < Cards.COUNT; card++) {
            if (faceDownFrom[card] == pileGeneration && loc[card] >= SEAT_BASE) {
                byType[Cards.type(card)]++;
                bySeat[(loc[card] - SEAT_BASE) / 4]++;
            }
        }
    }

    /** The sum of {@link #unknownCount} over all types: the draw pile size plus the face-down VP cards of the current pile. */
    public int unknownTotal() {
        int count = drawSize;
        for (int card = 0; card < Cards.COUNT; card++) {
            if (faceDownFrom[card] == pileGeneration) {
                count++;
            }
        }
        return count;
    }

    /** Player p's VP cards drawn face down from a draw pile (from any pile generation); their identity is unknown. */
    public int faceDownVpCount(int player) {
        byte where = seatLoc(player, VP);
        int count = 0;
        for (int card = 0; card < Cards.COUNT; card++) {
            if (faceDownFrom[card] != NOT_FACE_DOWN && loc[card] == where) {
                count++;
            }
        }
        return count;
    }

    /** Of {@link #faceDownVpCount}, the cards drawn from the current draw pile (since its last shuffle). */
    public int faceDownVpFromCurrentPile(int player) {
        byte where = seatLoc(player, VP);
        int count = 0;
        for (int card = 0; card < Cards.COUNT; card++) {
            if (faceDownFrom[card] == pileGeneration && loc[card] == where) {
                count++;
            }
        }
        return count;
    }

    /** Cost of a Buy for the active player: every Market card except those reserved by others. */
    public int buyCost() {
        int cost = 0;
        for (int i = 0; i < marketSize; i++) {
            int owner = reservedBy[market[i]];
            if (owner == 0 || owner == active + 1) {
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

    // ------------------------------------------------------------------ legal actions

    @Override
    public int[] legalActions() {
        int[] buf = new int[OsakaAction.COUNT];
        return Arrays.copyOf(buf, legalActions(buf));
    }

    @Override
    public int legalActions(int[] out) {
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
     * (the action space has exactly 64 ids). This is the one source of truth for legality.
     */
    public long legalActionMask() {
        if (!legalKnown) {
            legalCache = computeLegalActionMask();
            legalKnown = true;
        }
        return legalCache;
    }

    /** Forgets the memoized legal actions; every mutation of the state must call it. */
    void invalidate() {
        legalKnown = false;
    }

    private long computeLegalActionMask() {
        switch (phase) {
            case CHOOSE_TOKEN:
                return 0xFL << OsakaAction.TOKEN;
            case ACTION:
                return legalTurnActions();
            case PAYMENT:
                return legalPayments();
            case INSURANCE:
                return legalInsurance();
            default:
                return 0L;
        }
    }

    /** Section "A turn": buy, take coins, reserve; [decision] pass only when none is possible. */
    private long legalTurnActions() {
        int p = active;
        int cost = 0;
        int buyable = 0;
        long takeTypes = 0;
        boolean ownInMarket = false;
        for (int i = 0; i < marketSize; i++) {
            int card = market[i];
            int owner = reservedBy[card];
            if (owner == 0) {
                takeTypes |= 1L << Cards.type(card);
            } else if (owner != p + 1) {
                continue;
            } else {
                ownInMarket = true;
            }
            cost += Cards.value(card);
            buyable++;
        }
        long mask = takeTypes << OsakaAction.TAKE;
        if (buyable > 0 && handValue[p] >= cost) {
            mask |= 1L << OsakaAction.BUY;
        }
        if (ownInMarket) {
            mask |= 1L << OsakaAction.TAKE_RESERVED;
        }
        if (reservedCard[p] < 0) {
            long farmTypes = 0;
            for (int i = 0; i < farmSize; i++) {
                if (reservedBy[farm[i]] == 0) {
                    farmTypes |= 1L << Cards.type(farm[i]);
                }
            }
            mask |= takeTypes << OsakaAction.RESERVE_MARKET | farmTypes << OsakaAction.RESERVE_FARM;
        }
        return mask == 0 ? 1L << OsakaAction.PASS : mask;
    }

    /** [decision] Payment as a sequence: any card type in hand may be paid next. */
    private long legalPayments() {
        long mask = 0;
        int base = current * Cards.TYPES;
        for (int t = 0; t < Cards.TYPES; t++) {
            if (hand[base + t] > 0) {
                mask |= 1L << (OsakaAction.PAY + t);
            }
        }
        return mask;
    }

    /** [decision] Insurance as single decisions: a 2 or 3 of a sunk colour with uninsured goods of it, or stop. */
    private long legalInsurance() {
        long mask = 1L << OsakaAction.STOP_INSURING;
        int base = current * Cards.TYPES;
        for (int c = 0; c < Colour.COUNT; c++) {
            if (!canInsure(current, c)) {
                continue;
            }
            int two = base + c * Cards.VALUES_PER_COLOUR;
            if (hand[two] > 0) {
                mask |= 1L << (OsakaAction.INSURE + 2 * c);
            }
            if (hand[two + 1] > 0) {
                mask |= 1L << (OsakaAction.INSURE + 2 * c + 1);
            }
        }
        return mask;
    }

    /** Colour c sank and player p has uninsured goods of it. */
    private boolean canInsure(int p, int c) {
        if ((sunkMask & (1 << c)) == 0) {
            return false;
        }
        int base = p * Cards.TYPES + c * Cards.VALUES_PER_COLOUR;
        return goods[base] + goods[base + 1] + goods[base + 2] > 0;
    }

    /** A player is asked only while they hold an uninsured good of a sunk colour and a matching 2 or 3. */
    private boolean mustBeAskedToInsure(int p) {
        for (int c = 0; c < Colour.COUNT; c++) {
            if (canInsure(p, c)) {
                int base = p * Cards.TYPES + c * Cards.VALUES_PER_COLOUR;
                if (hand[base] + hand[base + 1] > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public boolean isLegal(int action) {
        return OsakaAction.isValidId(action) && (legalActionMask() & (1L << action)) != 0;
    }

    // ------------------------------------------------------------------ apply

    /** Applies an action to a copy, reporting chance outcomes to {@code events}. */
    public OsakaState apply(int action, OsakaEvents events) {
        OsakaState next = new OsakaState(this);
        next.applyInPlace(action, events);
        return next;
    }

    @Override
    public void applyInPlace(int action) {
        if (!isLegal(action)) {
            throw illegal(action);
        }
        decisions++;
        legalKnown = false;
        switch (phase) {
            case CHOOSE_TOKEN:
                chooseToken(action - OsakaAction.TOKEN);
                break;
            case ACTION:
                takeTurnAction(action);
                break;
            case PAYMENT:
                pay(action - OsakaAction.PAY);
                break;
            case INSURANCE:
                insure(action);
                break;
            default:
                throw new IllegalStateException("unreachable: no action is legal in " + phase);
        }
        if (phase != Phase.GAME_OVER && decisions >= DECISION_CAP) {
            endGame(EndReason.DECISION_CAP);
        }
    }

    @Override
    public void applyInPlace(int action, ChanceLog chance) {
        applyInPlace(action, OsakaChance.of(chance));
    }

    /** As {@link #applyInPlace(int)}, reporting chance outcomes to {@code events}. */
    public void applyInPlace(int action, OsakaEvents events) {
        this.events = events;
        try {
            applyInPlace(action);
        } finally {
            this.events = OsakaEvents.NONE;
        }
    }

    @Override
    public IllegalActionException illegal(int action) {
        return LegalActions.illegal(this, action, phase);
    }

    @Override
    public String actionName(int action) {
        return OsakaAction.name(action);
    }

    /** Setup step 6: one token of any colour; then the start player's first turn. */
    private void chooseToken(int colour) {
        tokens[current * Colour.COUNT + colour]++;
        if (--tokenPicksLeft == 0) {
            beginTurn(startPlayer);
        } else {
            current = (current + 1) % n;
        }
    }

    /** Start of a turn: refresh first if the Market holds nothing this player may take or buy. */
    private void beginTurn(int p) {
        active = p;
        current = p;
        phase = Phase.ACTION;
        if (!marketOffersAnythingTo(p)) {
            refresh();
        }
    }

    private boolean marketOffersAnythingTo(int p) {
        for (int i = 0; i < marketSize; i++) {
            int owner = reservedBy[market[i]];
            if (owner == 0 || owner == p + 1) {
                return true;
            }
        }
        return false;
    }

    private void endTurn() {
        beginTurn((active + 1) % n);
    }

    private void takeTurnAction(int action) {
        int p = active;
        if (action == OsakaAction.PASS) {
            if (++passStreak >= n) {
                endGame(EndReason.STALEMATE);
            } else {
                endTurn();
            }
            return;
        }
        passStreak = 0;
        if (action == OsakaAction.BUY) {
            phase = Phase.PAYMENT;
            paymentDue = buyCost();
        } else if (action == OsakaAction.TAKE_RESERVED) {
            int card = reservedCard[p];
            removeFromMarket(card);
            releaseReservation(card);
            addToHand(p, card);
            endTurn();
        } else if (action < OsakaAction.TAKE_RESERVED) {
            int card = firstUnreserved(market, marketSize, action - OsakaAction.TAKE);
            removeFromMarket(card);
            addToHand(p, card);
            endTurn();
        } else if (action < OsakaAction.RESERVE_FARM) {
            reserve(p, firstUnreserved(market, marketSize, action - OsakaAction.RESERVE_MARKET));
            endTurn();
        } else {
            reserve(p, firstUnreserved(farm, farmSize, action - OsakaAction.RESERVE_FARM));
            endTurn();
        }
    }

    private int firstUnreserved(int[] place, int size, int type) {
        for (int i = 0; i < size; i++) {
            if (reservedBy[place[i]] == 0 && Cards.type(place[i]) == type) {
                return place[i];
            }
        }
        throw new IllegalStateException("unreachable: legal action named a missing card type " + Cards.typeName(type));
    }

    private void removeFromMarket(int card) {
        int i = 0;
        while (market[i] != card) {
            i++;
        }
        System.arraycopy(market, i + 1, market, i, marketSize - i - 1);
        marketSize--;
    }

    /** Section C: the piece goes on one unreserved card; only its owner may buy or take it. */
    private void reserve(int p, int card) {
        reservedBy[card] = (byte) (p + 1);
        reservedCard[p] = card;
    }

    /** The reserve piece returns only when its owner buys or takes the card. */
    private void releaseReservation(int card) {
        reservedCard[reservedBy[card] - 1] = -1;
        reservedBy[card] = 0;
    }

    /** One payment decision: the card goes face up to the discard pile. */
    private void pay(int type) {
        int p = current;
        int card = removeFromHand(p, type);
        discard(card);
        paymentDue -= Cards.value(card);
        if (paymentDue <= 0) {
            paymentDue = 0;
            completeBuy(p);
        }
    }

    /** Puts a card face up on the discard pile. */
    private void discard(int card) {
        loc[card] = DISCARD;
        discardSize++;
        discardByType[Cards.type(card)]++;
    }

    /** Removes the lowest-id card of a type from a hand and returns it. */
    private int removeFromHand(int p, int type) {
        byte where = seatLoc(p, HAND);
        int card = Cards.firstOfType(type);
        while (loc[card] != where) {
            card++;
        }
        hand[p * Cards.TYPES + type]--;
        handValue[p] -= Cards.value(card);
        handSize[p]--;
        return card;
    }

    /**
     * Section A, after payment: the bought cards become goods (the own reserved card
     * included, its piece returning), ships advance, payout if a ship is in Edo, refresh.
     * [decision] A ship never goes past Edo; extra movement is lost.
     */
    private void completeBuy(int p) {
        int boughtPerColour = 0; // 4 bits per colour: 0, 1 or 2 (two or more)
        int kept = 0;
        byte goodsLoc = seatLoc(p, GOODS);
        for (int i = 0; i < marketSize; i++) {
            int card = market[i];
            int owner = reservedBy[card];
            if (owner != 0 && owner != p + 1) {
                market[kept++] = card;
                continue;
            }
            if (owner != 0) {
                releaseReservation(card);
            }
            loc[card] = goodsLoc;
            goods[p * Cards.TYPES + Cards.type(card)]++;
            int shift = 4 * Cards.colour(card);
            if (((boughtPerColour >> shift) & 0xF) < 2) {
                boughtPerColour += 1 << shift;
            }
        }
        marketSize = kept;
        boolean edo = false;
        for (int c = 0; c < Colour.COUNT; c++) {
            int steps = (boughtPerColour >> (4 * c)) & 0xF;
            if (steps > 0) {
                ship[c] = Math.min(EDO, ship[c] + steps);
                edo |= ship[c] == EDO;
            }
        }
        if (edo) {
            payout();
        } else {
            refresh();
            endTurn();
        }
    }

    /** Section "Payout", steps 1-4; step 5 and the refresh follow in {@link #finishPayout()}. */
    private void payout() {
        // 1. Sale: each ship in Edo in colour order; each player from the active player clockwise.
        int scored = 0; // bit p * 4 + c
        for (int c = 0; c < Colour.COUNT; c++) {
            if (ship[c] != EDO) {
                continue;
            }
            for (int k = 0; k < n; k++) {
                int q = (active + k) % n;
                if (sell(q, c)) {
                    scored |= 1 << (q * Colour.COUNT + c);
                }
            }
        }
        // 2. One achievement token per sale that scored VP.
        for (int bit = 0; bit < n * Colour.COUNT; bit++) {
            if ((scored & (1 << bit)) != 0) {
                tokens[bit]++;
            }
        }
        // 3. Game end check, at once: no sinking step.
        for (int q = 0; q < n; q++) {
            if (totalTokens(q) >= TOKENS_TO_END) {
                endGame(EndReason.TOKENS);
                return;
            }
        }
        // 4. Sinking: every ship on an Enshunada space, including one this Buy moved there.
        sunkMask = 0;
        for (int c = 0; c < Colour.COUNT; c++) {
            if (Space.of(ship[c]).isEnshunada()) {
                sunkMask |= 1 << c;
            }
        }
        if (sunkMask != 0) {
            insuranceOffset = -1;
            phase = Phase.INSURANCE;
            nextInsurer();
        } else {
            finishPayout();
        }
    }

    /**
     * Sells player q's whole set of colour c. price = highest value + q's tokens of c;
     * total = price x cards, rounded up to a multiple of 5; VP = total / 5. The lowest cards
     * of the set become VP, the rest leave the game; VP beyond the set are drawn from the pile.
     *
     * @return whether q had goods of c (and so scored at least 1 VP)
     */
    private boolean sell(int q, int c) {
        int base = q * Cards.TYPES + c * Cards.VALUES_PER_COLOUR;
        int count = 0;
        int highest = 0;
        for (int v = 0; v < Cards.VALUES_PER_COLOUR; v++) {
            int inSet = goods[base + v] + insured[base + v];
            if (inSet > 0) {
                count += inSet;
                highest = Cards.typeValue(c * Cards.VALUES_PER_COLOUR + v);
            }
        }
        if (count == 0) {
            return false;
        }
        int price = highest + tokens[q * Colour.COUNT + c];
        int gained = (price * count + 4) / 5;
        vp[q] += gained;
        byte goodsLoc = seatLoc(q, GOODS);
        byte insuredLoc = seatLoc(q, INSURED);
        byte vpLoc = seatLoc(q, VP);
        int keep = gained;
        // Ascending ids of a colour run from low to high values: lowest cards become VP first.
        for (int card = c * Cards.PER_COLOUR; card < (c + 1) * Cards.PER_COLOUR; card++) {
            if (loc[card] == goodsLoc || loc[card] == insuredLoc) {
                if (keep > 0) {
                    loc[card] = vpLoc;
                    keep--;
                } else {
                    loc[card] = OUT;
                    outByType[Cards.type(card)]++;
                }
            }
        }
        for (int v = 0; v < Cards.VALUES_PER_COLOUR; v++) {
            goods[base + v] = 0;
            insured[base + v] = 0;
        }
        // VP beyond the set come from the draw pile; [decision] with no card left they still count.
        for (; keep > 0; keep--) {
            if (drawTo(vpLoc, q) < 0) {
                vpWithoutCard[q]++;
            }
        }
        return true;
    }

    /** Moves the insurance round to the next player (clockwise from the active one) who must be asked. */
    private void nextInsurer() {
        while (++insuranceOffset < n) {
            int q = (active + insuranceOffset) % n;
            if (mustBeAskedToInsure(q)) {
                current = q;
                return;
            }
        }
        finishPayout();
    }

    /**
     * One insurance decision. [decision] The icons protect the player's uninsured goods of
     * that colour highest value first; icons beyond the uninsured goods are lost.
     */
    private void insure(int action) {
        int q = current;
        if (action == OsakaAction.STOP_INSURING) {
            nextInsurer();
            return;
        }
        int type = OsakaAction.insureType(action);
        int card = removeFromHand(q, type);
        discard(card);
        int icons = Cards.typeIcons(type);
        int colour = Cards.typeColour(type);
        byte goodsLoc = seatLoc(q, GOODS);
        byte insuredLoc = seatLoc(q, INSURED);
        for (int g = (colour + 1) * Cards.PER_COLOUR - 1; g >= colour * Cards.PER_COLOUR && icons > 0; g--) {
            if (loc[g] == goodsLoc) {
                loc[g] = insuredLoc;
                goods[q * Cards.TYPES + Cards.type(g)]--;
                insured[q * Cards.TYPES + Cards.type(g)]++;
                icons--;
            }
        }
        if (!mustBeAskedToInsure(q)) {
            nextInsurer();
        }
    }

    /** Payout steps 4 (end) and 5: uninsured goods of sunk colours are discarded; ships return; refresh. */
    private void finishPayout() {
        if (sunkMask != 0) {
            for (int card = 0; card < Cards.COUNT; card++) {
                int l = loc[card];
                if (l >= SEAT_BASE && (l - SEAT_BASE) % 4 == GOODS && (sunkMask & (1 << Cards.colour(card))) != 0) {
                    int q = (l - SEAT_BASE) / 4;
                    goods[q * Cards.TYPES + Cards.type(card)]--;
                    discard(card);
                }
            }
        }
        for (int c = 0; c < Colour.COUNT; c++) {
            if (ship[c] == EDO) {
                ship[c] = OSAKA;
            } else if ((sunkMask & (1 << c)) != 0) {
                ship[c] = ANORI;
            }
        }
        sunkMask = 0;
        insuranceOffset = 0;
        refresh();
        endTurn();
    }

    /**
     * Section "Refresh": Farm cards move to the Market (reserve pieces stay on them), then 2
     * cards are drawn to the Market and 3 to the Farm.
     */
    private void refresh() {
        for (int i = 0; i < farmSize; i++) {
            loc[farm[i]] = MARKET;
            market[marketSize++] = farm[i];
        }
        farmSize = 0;
        for (int i = 0; i < REFRESH_MARKET; i++) {
            drawTo(MARKET, -1);
        }
        for (int i = 0; i < FARM_DEAL; i++) {
            drawTo(FARM, -1);
        }
    }

    /** Ends the game; a payment or insurance round under way (possible only at the decision cap) is dropped. */
    private void endGame(EndReason reason) {
        phase = Phase.GAME_OVER;
        endReason = reason;
        current = -1;
        paymentDue = 0;
        sunkMask = 0;
        insuranceOffset = 0;
    }

    // ------------------------------------------------------------------ hidden information

    /**
     * A determinization (section "Hidden and public information" of the rules): a state that
     * no player with perfect recall can tell apart from this one, with only what stays unknown
     * resampled from {@code seed}:
     * <ul>
     *   <li>the cards of the draw pile together with the VP cards drawn face down from the
     *       current pile since its last shuffle (a known composition) are shuffled among those
     *       positions, the pile order included: each VP pile keeps its number of face-down
     *       cards of the current pile, and the draw pile its size;</li>
     *   <li>the VP cards drawn face down from each earlier pile are permuted among the
     *       face-down positions of that same pile generation (they never return to play).</li>
     * </ul>
     * Hands are never resampled: starting hands are revealed card by card and every later
     * change to a hand is public, so every hand is known. Everything else (Market, Farm,
     * goods, discard pile, cards out of the game, VP counts, tokens, ships, phase) is kept.
     *
     * <p>[decision] The VP cards drawn from the pile go face down unseen, so their owner does
     * not know them either: the rulebook has the missing VP taken from the draw pile and VP
     * cards placed face down under the trader piece, and says nothing of looking at them (the
     * rules file counts them among the cards nobody knows). The information state is thus the
     * same for every player and {@code observer} does not change the result.
     *
     * <p>The resampling starts from the unknown cards in card-id order and the random stream
     * restarts from {@code seed} (the resampling draws from it first, later shuffles go on
     * from there), so the result depends only on the information state and the seed: two
     * states that differ only in unknown parts give equal determinizations.
     */
    @Override
    public OsakaState determinize(int observer, long seed) {
        OsakaState d = new OsakaState(this);
        d.invalidate();
        d.rng = seed;
        int[] pool = new int[Cards.COUNT];
        // The current pile: draw pile + face-down VP cards drawn from it, in card-id order.
        int k = 0;
        for (int card = 0; card < Cards.COUNT; card++) {
            if (loc[card] == DRAW || faceDownFrom[card] == pileGeneration) {
                pool[k++] = card;
            }
        }
        d.shuffle(pool, k);
        for (int i = 0; i < drawSize; i++) {
            int card = pool[i];
            d.draw[i] = card;
            d.loc[card] = DRAW;
            d.faceDownFrom[card] = NOT_FACE_DOWN;
        }
        d.dealFaceDown(this, pool, drawSize, pileGeneration);
        // Earlier piles: each generation's face-down cards, in card-id order, among that generation's positions.
        k = 0;
        for (int card = 0; card < Cards.COUNT; card++) {
            if (faceDownFrom[card] != NOT_FACE_DOWN && faceDownFrom[card] < pileGeneration) {
                pool[k++] = faceDownFrom[card] * Cards.COUNT + card;
            }
        }
        Arrays.sort(pool, 0, k);
        for (int from = 0; from < k; ) {
            int generation = pool[from] / Cards.COUNT;
            int to = from;
            while (to < k && pool[to] / Cards.COUNT == generation) {
                pool[to] %= Cards.COUNT;
                to++;
            }
            int[] group = Arrays.copyOfRange(pool, from, to);
            d.shuffle(group, group.length);
            d.dealFaceDown(this, group, 0, generation);
            from = to;
        }
        return d;
    }

    /**
     * Puts {@code cards[from..]} face down into the VP piles, as many per seat (in seat order)
     * as {@code original} holds face-down cards of that pile generation.
     */
    private void dealFaceDown(OsakaState original, int[] cards, int from, int generation) {
        int next = from;
        for (int p = 0; p < n; p++) {
            byte where = seatLoc(p, VP);
            for (int card = 0; card < Cards.COUNT; card++) {
                if (original.faceDownFrom[card] == generation && original.loc[card] == where) {
                    int placed = cards[next++];
                    loc[placed] = where;
                    faceDownFrom[placed] = generation;
                }
            }
        }
    }

    // ------------------------------------------------------------------ value semantics

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
                && startPlayer == s.startPlayer && tokenPicksLeft == s.tokenPicksLeft && paymentDue == s.paymentDue
                && sunkMask == s.sunkMask && insuranceOffset == s.insuranceOffset && passStreak == s.passStreak
                && decisions == s.decisions && endReason == s.endReason && rng == s.rng
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
                && pileGeneration == s.pileGeneration && Arrays.equals(faceDownFrom, s.faceDownFrom);
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
        return 31 * h + Long.hashCode(rng);
    }

    @Override
    public String toString() {
        return OsakaText.render(this);
    }
}
