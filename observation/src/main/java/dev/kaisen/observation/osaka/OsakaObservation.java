package dev.kaisen.observation.osaka;

import dev.kaisen.env.osaka.Cards;
import dev.kaisen.env.osaka.Colour;
import dev.kaisen.env.osaka.OsakaConfig;
import dev.kaisen.env.osaka.OsakaState;
import dev.kaisen.env.osaka.Phase;
import dev.kaisen.env.osaka.Space;
import dev.kaisen.observation.SeatEncoder;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.ObservationSpec;
import dev.kaisen.observation.Segment;

import java.util.Arrays;

/**
 * The Traders of Osaka observations: float32 vectors of the same size for 2, 3 and 4 players,
 * egocentric (relative seat 0 is the observer, then the others in turn order; seats beyond the
 * player count are zero, see {@code seats_present}). Counts are raw (0, 1, 2, ...), one-hots
 * are 0/1; every segment declares the range of its values, derived from the rules (the copies of a
 * card type, {@link #MAX_VP}, {@link #MAX_TOKENS_PER_COLOUR}, ...). Two views ({@link Encoders}):
 * <ul>
 *   <li>{@link #INFORMATION_STATE} (default): what a player with perfect recall knows (rules,
 *       "Hidden and public information"): every hand exactly (starting hands are revealed card
 *       by card and every later hand change is public), every public fact, and the composition
 *       of the only unknown cards that can still come into play: the draw pile together with
 *       the VP cards drawn face down from it since its last shuffle. Never the pile's order or
 *       which of those cards lie face down.</li>
 *   <li>{@link #OBSERVATION} (memoryless): what lies on the table now as the observer sees it:
 *       their own hand, hand sizes, public facts, and the cards they cannot see now counted by
 *       type (the draw pile, the other hands and every VP pile together).</li>
 * </ul>
 * The segments (name, length, meaning) are declared once per view in {@link #INFORMATION_STATE_SPEC}
 * and {@link #OBSERVATION_SPEC}; print them with {@code ./kaisen spec --game osaka [--view NAME]}.
 *
 * <p>Not thread-safe: one encoder per thread (it keeps small scratch arrays).
 */
public final class OsakaObservation extends SeatEncoder<OsakaState> {
    /** Relative seats encoded, whatever the player count. */
    public static final int SEATS = OsakaConfig.MAX_PLAYERS;
    /** Market slots encoded: the Market never holds more than 8 cards (see OsakaState). */
    public static final int MARKET_SLOTS = 8;
    public static final int FARM_SLOTS = 3;
    /** One slot: card type one-hot (12), then reservation one-hot: none, relative seat 0..3 (5). */
    public static final int SLOT = Cards.TYPES + 1 + SEATS;
    private static final int PHASES = Phase.values().length;

    // ---- value bounds, derived from the rules (docs/rules/osaka.md)
    /** Copies of each card type (11 of a 2, 9 of a 3, 7 of a 5): the most of a type any place can hold. */
    static final int[] COPIES = copies();
    /** The coin value of all 108 cards: the most a hand can be worth. */
    public static final int ALL_CARDS_VALUE = allCardsValue();
    /** The highest card value. */
    static final int HIGHEST_VALUE = 5;
    /**
     * The most achievement tokens a seat holds of one colour: a payout starts with at most
     * {@code TOKENS_TO_END - 1} tokens in all (else the game has ended) and adds at most one per
     * colour.
     */
    public static final int MAX_TOKENS_PER_COLOUR = OsakaState.TOKENS_TO_END;
    /**
     * The most sales of one seat in a game: every sale earns a token, a seat's last payout starts
     * with at most {@code TOKENS_TO_END - 1} and adds at most one per colour.
     */
    static final int MAX_SALES = OsakaState.TOKENS_TO_END - 1 + Colour.COUNT;
    /**
     * The most VP a seat can hold. A sale of {@code k} cards scores {@code ceil(price * k / 5)}
     * with {@code price <= 5 + (TOKENS_TO_END - 1)} (the seat's tokens of that colour before the
     * sale); sold cards never return, so the {@code k} of all sales sum to at most 108, and
     * rounding up adds at most 4/5 per sale: {@code (12 * 108 + 4 * MAX_SALES) / 5}.
     */
    public static final int MAX_VP = ((HIGHEST_VALUE + OsakaState.TOKENS_TO_END - 1) * Cards.COUNT + 4 * MAX_SALES) / 5;
    /** The most a Buy costs: every Market card, at most {@link #MARKET_SLOTS} cards of value at most 5. */
    public static final int MAX_BUY_COST = MARKET_SLOTS * HIGHEST_VALUE;

    /** Where each segment lies in one view (absent segments at -1). */
    private record Layout(ObservationSpec spec, boolean perfectRecall, int phase, int seatsPresent, int currentPlayer,
                          int activePlayer, int startPlayer, int hands, int handValues, int handSize, int market,
                          int marketUnreserved, int farm, int ships, int goods, int insured, int tokens, int vp,
                          int reserveFree, int drawPileSize, int discard, int outOfGame, int unknown, int faceDownVp,
                          int paymentDue, int buyCost, int sunk, int tokenPicksLeft, int passStreak, int progress) {
    }

    private static int[] copies() {
        int[] out = new int[Cards.TYPES];
        for (int t = 0; t < Cards.TYPES; t++) {
            out[t] = Cards.copiesOfType(t);
        }
        return out;
    }

    private static int allCardsValue() {
        int sum = 0;
        for (int t = 0; t < Cards.TYPES; t++) {
            sum += Cards.copiesOfType(t) * Cards.typeValue(t);
        }
        return sum;
    }

    /** Per seat and type: the copies of the type. */
    private static int[] perSeatCopies() {
        return ObservationSpec.repeat(COPIES, SEATS);
    }

    private static Layout layout(boolean perfectRecall) {
        ObservationSpec.Builder b = ObservationSpec.builder();
        declareTurn(b);
        declareHands(b, perfectRecall);
        declareTable(b);
        declarePiles(b, perfectRecall);
        declarePhaseState(b);
        ObservationSpec spec = b.build();
        return new Layout(spec, perfectRecall, spec.offsetOf("phase"), spec.offsetOf("seats_present"),
                spec.offsetOf("current_player"), spec.offsetOf("active_player"), spec.offsetOf("start_player"),
                spec.offsetOf(perfectRecall ? "hands" : "hand"), spec.offsetOf(perfectRecall ? "hand_values" : "hand_value"),
                spec.offsetOf("hand_size"), spec.offsetOf("market_slots"), spec.offsetOf("market_unreserved"),
                spec.offsetOf("farm_slots"), spec.offsetOf("ships"), spec.offsetOf("goods"), spec.offsetOf("insured_goods"),
                spec.offsetOf("tokens"), spec.offsetOf("vp"), spec.offsetOf("reserve_piece_free"),
                spec.offsetOf("draw_pile_size"), spec.offsetOf("discard_pile"), spec.offsetOf("out_of_game"),
                spec.offsetOf(perfectRecall ? "unknown" : "unseen"), spec.offsetOf("face_down_vp"),
                spec.offsetOf("payment_due"), spec.offsetOf("buy_cost"), spec.offsetOf("sunk_colours"),
                spec.offsetOf("token_picks_left"), spec.offsetOf("pass_streak"), spec.offsetOf("game_progress"));
    }

    /** The phase and the seats: present, deciding now, whose turn, start player. */
    private static void declareTurn(ObservationSpec.Builder b) {
        b.flags("phase", PHASES, "one-hot: CHOOSE_TOKEN, ACTION, PAYMENT, INSURANCE, GAME_OVER");
        b.flags("seats_present", SEATS, "1 for each relative seat that is in the game");
        b.flags("current_player", SEATS,
                "one-hot relative seat that decides now (all 0 when the game is over)");
        b.flags("active_player", SEATS,
                "one-hot relative seat whose turn it is (differs from current_player during insurance)");
        b.flags("start_player", SEATS, "one-hot relative seat of the start player");
    }

    /** The hands: every seat's with perfect recall, else the observer's; every hand's size. */
    private static void declareHands(ObservationSpec.Builder b, boolean perfectRecall) {
        if (perfectRecall) {
            b.counts("hands", perSeatCopies(), "cards in hand per relative seat and type "
                    + "(B2 B3 B5 Y2 Y3 Y5 R2 R3 R5 G2 G3 G5): known exactly with perfect recall");
            b.counts("hand_values", SEATS, ALL_CARDS_VALUE, "coin value of each relative seat's hand");
        } else {
            b.counts("hand", COPIES, "observer's hand: cards per type B2 B3 B5 Y2 Y3 Y5 R2 R3 R5 G2 G3 G5");
            b.counts("hand_value", 1, ALL_CARDS_VALUE, "observer's hand: total coin value");
        }
        b.counts("hand_size", SEATS, Cards.COUNT, "cards in hand per relative seat (public)");
    }

    /** The table: Market, Farm, ships, and each seat's goods, tokens, VP and reserve piece. */
    private static void declareTable(ObservationSpec.Builder b) {
        b.flags("market_slots", MARKET_SLOTS * SLOT,
                "Market cards in display order, oldest first; per slot: type one-hot (12), reservation one-hot "
                        + "(none, relative seat 0..3) (5); empty slots are zero");
        b.counts("market_unreserved", Cards.TYPES, MARKET_SLOTS, "unreserved Market cards per type");
        b.flags("farm_slots", FARM_SLOTS * SLOT, "Farm cards in display order; per slot as in market_slots");
        b.flags("ships", Colour.COUNT * Space.COUNT,
                "per colour (B, Y, R, G), one-hot space: Osaka, Oshima, Anori, Enshunada 1, Enshunada 2, Edo");
        b.counts("goods", perSeatCopies(), "uninsured goods per relative seat and card type");
        b.counts("insured_goods", perSeatCopies(), "insured goods per relative seat and card type");
        b.counts("tokens", SEATS * Colour.COUNT, MAX_TOKENS_PER_COLOUR, "achievement tokens per relative seat and colour");
        b.counts("vp", SEATS, MAX_VP, "victory points per relative seat (they follow from public events)");
        b.flags("reserve_piece_free", SEATS, "1 if that relative seat's reserve piece is free");
    }

    /** The piles: draw pile size, discard, out of game, and the cards the view cannot place. */
    private static void declarePiles(ObservationSpec.Builder b, boolean perfectRecall) {
        b.counts("draw_pile_size", 1, Cards.COUNT, "cards in the draw pile");
        b.counts("discard_pile", COPIES, "discard pile (face up) per card type");
        b.counts("out_of_game", COPIES, "cards removed from the game per type");
        if (perfectRecall) {
            b.counts("unknown", COPIES, "per type, the cards whose identity no player knows that can "
                    + "still come into play: the draw pile plus the VP cards drawn face down from it since its "
                    + "last shuffle (their composition is deducible; which lie where is not)");
            b.counts("face_down_vp", SEATS, Cards.COUNT, "per relative seat, VP cards drawn face down from the "
                    + "current draw pile (part of 'unknown')");
        } else {
            b.counts("unseen", COPIES, "cards the observer cannot see now, per type: draw pile, "
                    + "other players' hands and all VP piles together");
        }
    }

    /** What the phase in progress carries: payment, buy cost, sunk colours, token picks, passes; the progress. */
    private static void declarePhaseState(ObservationSpec.Builder b) {
        b.counts("payment_due", 1, MAX_BUY_COST, "coins still owed in the payment phase, else 0");
        b.counts("buy_cost", 1, MAX_BUY_COST, "cost of a Buy for the active player now (Market cards not reserved by "
                + "others)");
        b.flags("sunk_colours", Colour.COUNT, "during insurance: 1 for each colour whose ship sank");
        b.counts("token_picks_left", 1, OsakaConfig.MAX_PLAYERS, "starting tokens still to choose");
        b.counts("pass_streak", 1, OsakaConfig.MAX_PLAYERS, "consecutive passes so far (stalemate guard)");
        b.add("game_progress", 1, 0, 1, "decisions made / " + OsakaState.DECISION_CAP + " (the safety cap)");
    }

    private static final Layout INFORMATION_STATE_LAYOUT = layout(true);
    private static final Layout OBSERVATION_LAYOUT = layout(false);
    public static final ObservationSpec INFORMATION_STATE_SPEC = INFORMATION_STATE_LAYOUT.spec();
    public static final ObservationSpec OBSERVATION_SPEC = OBSERVATION_LAYOUT.spec();

    private final Layout l;
    private final int[] discard = new int[Cards.TYPES];
    private final int[] out = new int[Cards.TYPES];
    private final int[] unseen = new int[Cards.TYPES];
    private final int[] unknown = new int[Cards.TYPES];
    private final int[] faceDown = new int[SEATS];

    private OsakaObservation(Layout layout, String view) {
        super(view, layout.spec());
        this.l = layout;
    }

    /** The perfect-recall information state (the default view). */
    public static OsakaObservation informationState() {
        return new OsakaObservation(INFORMATION_STATE_LAYOUT, Encoders.INFORMATION_STATE);
    }

    /** The memoryless view of the table now. */
    public static OsakaObservation observation() {
        return new OsakaObservation(OBSERVATION_LAYOUT, Encoders.OBSERVATION);
    }

    @Override
    public void encode(OsakaState s, int observer, float[] buf, int offset) {
        int n = begin(s, observer, buf, offset);
        if (l.perfectRecall()) {
            s.countUnknown(unknown, faceDown);
        } else {
            s.countCardsFor(observer, discard, out, unseen);
        }
        buf[offset + l.phase() + s.phase().ordinal()] = 1f;
        for (int r = 0; r < n; r++) {
            buf[offset + l.seatsPresent() + r] = 1f;
        }
        if (!s.isTerminal()) {
            buf[offset + l.currentPlayer() + rel(s.currentPlayer(), observer, n)] = 1f;
        }
        buf[offset + l.activePlayer() + rel(s.activePlayer(), observer, n)] = 1f;
        buf[offset + l.startPlayer() + rel(s.startPlayer(), observer, n)] = 1f;
        for (int p = 0; p < n; p++) {
            encodeSeat(s, p, rel(p, observer, n), buf, offset);
        }
        encodeDisplays(s, observer, n, buf, offset);
        encodePiles(s, buf, offset);
        buf[offset + l.paymentDue()] = s.paymentDue();
        buf[offset + l.buyCost()] = s.isTerminal() ? 0 : s.buyCost();
        buf[offset + l.tokenPicksLeft()] = s.tokenPicksLeft();
        buf[offset + l.passStreak()] = s.passStreak();
        buf[offset + l.progress()] = (float) s.decisions() / OsakaState.DECISION_CAP;
    }

    /** Seat {@code p} at relative seat {@code r}: its hand as the view shows it, VP, reserve piece, goods, tokens. */
    private void encodeSeat(OsakaState s, int p, int r, float[] buf, int offset) {
        if (l.perfectRecall() || r == 0) {
            for (int t = 0; t < Cards.TYPES; t++) {
                buf[offset + l.hands() + r * Cards.TYPES + t] = s.handCount(p, t);
            }
            buf[offset + l.handValues() + r] = s.handValue(p);
        }
        if (l.perfectRecall()) {
            buf[offset + l.faceDownVp() + r] = faceDown[p];
        }
        buf[offset + l.handSize() + r] = s.handSize(p);
        buf[offset + l.vp() + r] = s.victoryPoints(p);
        buf[offset + l.reserveFree() + r] = s.reservedCard(p) < 0 ? 1f : 0f;
        for (int t = 0; t < Cards.TYPES; t++) {
            int uninsured = s.uninsuredCount(p, t);
            buf[offset + l.goods() + r * Cards.TYPES + t] = uninsured;
            buf[offset + l.insured() + r * Cards.TYPES + t] = s.goodsCount(p, t) - uninsured;
        }
        for (int c = 0; c < Colour.COUNT; c++) {
            buf[offset + l.tokens() + r * Colour.COUNT + c] = s.tokenCount(p, c);
        }
    }

    /** The Market and the Farm slot by slot, the unreserved Market cards, the ships and the sunk colours. */
    private void encodeDisplays(OsakaState s, int observer, int n, float[] buf, int offset) {
        if (s.marketSize() > MARKET_SLOTS) {
            throw new IllegalStateException("the Market holds " + s.marketSize() + " cards; at most 8 can occur");
        }
        for (int i = 0; i < s.marketSize(); i++) {
            int card = s.marketCard(i);
            encodeSlot(s, card, observer, n, buf, offset + l.market() + i * SLOT);
            if (s.reservedBy(card) < 0) {
                buf[offset + l.marketUnreserved() + Cards.type(card)]++;
            }
        }
        for (int i = 0; i < s.farmSize(); i++) {
            encodeSlot(s, s.farmCard(i), observer, n, buf, offset + l.farm() + i * SLOT);
        }
        for (int c = 0; c < Colour.COUNT; c++) {
            buf[offset + l.ships() + c * Space.COUNT + s.shipPosition(c)] = 1f;
            if ((s.sunkColourMask() & (1 << c)) != 0) {
                buf[offset + l.sunk() + c] = 1f;
            }
        }
    }

    /** The draw pile's size, the discard and out-of-game cards, and the view's unknown (or unseen) cards. */
    private void encodePiles(OsakaState s, float[] buf, int offset) {
        buf[offset + l.drawPileSize()] = s.drawPileSize();
        for (int t = 0; t < Cards.TYPES; t++) {
            buf[offset + l.discard() + t] = s.discardCount(t);
            buf[offset + l.outOfGame() + t] = s.outOfGameCount(t);
            buf[offset + l.unknown() + t] = l.perfectRecall() ? unknown[t] : unseen[t];
        }
    }

    private static void encodeSlot(OsakaState s, int card, int observer, int n, float[] buf, int at) {
        buf[at + Cards.type(card)] = 1f;
        int owner = s.reservedBy(card);
        buf[at + Cards.TYPES + (owner < 0 ? 0 : 1 + rel(owner, observer, n))] = 1f;
    }
}
