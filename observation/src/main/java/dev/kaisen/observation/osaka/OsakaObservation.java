package dev.kaisen.observation.osaka;

import dev.kaisen.env.osaka.Cards;
import dev.kaisen.env.osaka.Colour;
import dev.kaisen.env.osaka.OsakaAction;
import dev.kaisen.env.osaka.OsakaConfig;
import dev.kaisen.env.osaka.OsakaState;
import dev.kaisen.env.osaka.Phase;
import dev.kaisen.env.osaka.Space;
import dev.kaisen.observation.ObservationSpec;
import dev.kaisen.observation.Segment;

import java.util.Arrays;

/**
 * The Traders of Osaka observation: a float32 vector of {@link #SIZE} values, the same size
 * for 2, 3 and 4 players. It is egocentric: relative seat 0 is the observer, then the others
 * in turn order; seats beyond the player count are zero (see {@code seats_present}). Counts
 * are raw (0, 1, 2, ...), one-hots are 0/1. It holds only what the observer may know: their
 * own hand, public facts, and card compositions derived from public facts; never the other
 * hands' contents or the draw pile's order.
 *
 * <p>The segments, in order (name, length, meaning), are declared once in {@link #SPEC}; print
 * them with {@code ./kaisen spec --game osaka}.
 *
 * <p>Not thread-safe: one encoder per thread (it keeps small scratch arrays).
 */
public final class OsakaObservation {
    /** Relative seats encoded, whatever the player count. */
    public static final int SEATS = OsakaConfig.MAX_PLAYERS;
    /** Market slots encoded: the Market never holds more than 8 cards (see OsakaState). */
    public static final int MARKET_SLOTS = 8;
    public static final int FARM_SLOTS = 3;
    /** One slot: card type one-hot (12), then reservation one-hot: none, relative seat 0..3 (5). */
    public static final int SLOT = Cards.TYPES + 1 + SEATS;
    private static final int PHASES = Phase.values().length;

    private static final ObservationSpec.Builder B = ObservationSpec.builder();
    public static final Segment PHASE = B.add("phase", PHASES,
            "one-hot: CHOOSE_TOKEN, ACTION, PAYMENT, INSURANCE, GAME_OVER");
    public static final Segment SEATS_PRESENT = B.add("seats_present", SEATS,
            "1 for each relative seat that is in the game");
    public static final Segment CURRENT_PLAYER = B.add("current_player", SEATS,
            "one-hot relative seat that decides now (all 0 when the game is over)");
    public static final Segment ACTIVE_PLAYER = B.add("active_player", SEATS,
            "one-hot relative seat whose turn it is (differs from current_player during insurance)");
    public static final Segment START_PLAYER = B.add("start_player", SEATS, "one-hot relative seat of the start player");
    public static final Segment HAND = B.add("hand", Cards.TYPES,
            "observer's hand: cards per type B2 B3 B5 Y2 Y3 Y5 R2 R3 R5 G2 G3 G5");
    public static final Segment HAND_VALUE = B.add("hand_value", 1, "observer's hand: total coin value");
    public static final Segment HAND_SIZE = B.add("hand_size", SEATS, "cards in hand per relative seat (public)");
    public static final Segment MARKET = B.add("market_slots", MARKET_SLOTS * SLOT,
            "Market cards in display order, oldest first; per slot: type one-hot (12), reservation one-hot "
                    + "(none, relative seat 0..3) (5); empty slots are zero");
    public static final Segment MARKET_UNRESERVED = B.add("market_unreserved", Cards.TYPES,
            "unreserved Market cards per type");
    public static final Segment FARM = B.add("farm_slots", FARM_SLOTS * SLOT,
            "Farm cards in display order; per slot as in market_slots");
    public static final Segment SHIPS = B.add("ships", Colour.COUNT * Space.COUNT,
            "per colour (B, Y, R, G), one-hot space: Osaka, Oshima, Anori, Enshunada 1, Enshunada 2, Edo");
    public static final Segment GOODS = B.add("goods", SEATS * Cards.TYPES,
            "uninsured goods per relative seat and card type");
    public static final Segment INSURED = B.add("insured_goods", SEATS * Cards.TYPES,
            "insured goods per relative seat and card type");
    public static final Segment TOKENS = B.add("tokens", SEATS * Colour.COUNT,
            "achievement tokens per relative seat and colour");
    public static final Segment VP = B.add("vp", SEATS,
            "victory points per relative seat (follow from public events, so known with perfect recall)");
    public static final Segment RESERVE_FREE = B.add("reserve_piece_free", SEATS,
            "1 if that relative seat's reserve piece is free");
    public static final Segment DRAW_PILE_SIZE = B.add("draw_pile_size", 1, "cards in the draw pile");
    public static final Segment DISCARD = B.add("discard_pile", Cards.TYPES, "discard pile (face up) per card type");
    public static final Segment OUT_OF_GAME = B.add("out_of_game", Cards.TYPES, "cards removed from the game per type");
    public static final Segment UNSEEN = B.add("unseen", Cards.TYPES,
            "cards the observer cannot see, per type: draw pile, other players' hands and all VP piles together");
    public static final Segment PAYMENT_DUE = B.add("payment_due", 1, "coins still owed in the payment phase, else 0");
    public static final Segment BUY_COST = B.add("buy_cost", 1,
            "cost of a Buy for the active player now (Market cards not reserved by others)");
    public static final Segment SUNK = B.add("sunk_colours", Colour.COUNT,
            "during insurance: 1 for each colour whose ship sank");
    public static final Segment TOKEN_PICKS_LEFT = B.add("token_picks_left", 1, "starting tokens still to choose");
    public static final Segment PASS_STREAK = B.add("pass_streak", 1, "consecutive passes so far (stalemate guard)");
    public static final Segment PROGRESS = B.add("game_progress", 1,
            "decisions made / " + OsakaState.DECISION_CAP + " (the safety cap)");
    public static final ObservationSpec SPEC = B.build();
    public static final int SIZE = SPEC.size();
    public static final int NUM_ACTIONS = OsakaAction.COUNT;

    private final int[] discard = new int[Cards.TYPES];
    private final int[] out = new int[Cards.TYPES];
    private final int[] unseen = new int[Cards.TYPES];

    /** Writes {@code observer}'s observation of {@code s} into {@code buf[offset .. offset + SIZE)}. */
    public void encode(OsakaState s, int observer, float[] buf, int offset) {
        int n = s.numPlayers();
        if (observer < 0 || observer >= n) {
            throw new IllegalArgumentException("observer " + observer + " is not a seat of this " + n + "-player game");
        }
        Arrays.fill(buf, offset, offset + SIZE, 0f);
        buf[offset + PHASE.offset() + s.phase().ordinal()] = 1f;
        for (int r = 0; r < n; r++) {
            buf[offset + SEATS_PRESENT.offset() + r] = 1f;
        }
        if (!s.isTerminal()) {
            buf[offset + CURRENT_PLAYER.offset() + rel(s.currentPlayer(), observer, n)] = 1f;
        }
        buf[offset + ACTIVE_PLAYER.offset() + rel(s.activePlayer(), observer, n)] = 1f;
        buf[offset + START_PLAYER.offset() + rel(s.startPlayer(), observer, n)] = 1f;
        for (int t = 0; t < Cards.TYPES; t++) {
            buf[offset + HAND.offset() + t] = s.handCount(observer, t);
        }
        buf[offset + HAND_VALUE.offset()] = s.handValue(observer);
        for (int p = 0; p < n; p++) {
            int r = rel(p, observer, n);
            buf[offset + HAND_SIZE.offset() + r] = s.handSize(p);
            buf[offset + VP.offset() + r] = s.victoryPoints(p);
            buf[offset + RESERVE_FREE.offset() + r] = s.reservedCard(p) < 0 ? 1f : 0f;
            for (int t = 0; t < Cards.TYPES; t++) {
                int uninsured = s.uninsuredCount(p, t);
                buf[offset + GOODS.offset() + r * Cards.TYPES + t] = uninsured;
                buf[offset + INSURED.offset() + r * Cards.TYPES + t] = s.goodsCount(p, t) - uninsured;
            }
            for (int c = 0; c < Colour.COUNT; c++) {
                buf[offset + TOKENS.offset() + r * Colour.COUNT + c] = s.tokenCount(p, c);
            }
        }
        if (s.marketSize() > MARKET_SLOTS) {
            throw new IllegalStateException("the Market holds " + s.marketSize() + " cards; at most 8 can occur");
        }
        for (int i = 0; i < s.marketSize(); i++) {
            int card = s.marketCard(i);
            encodeSlot(s, card, observer, n, buf, offset + MARKET.offset() + i * SLOT);
            if (s.reservedBy(card) < 0) {
                buf[offset + MARKET_UNRESERVED.offset() + Cards.type(card)]++;
            }
        }
        for (int i = 0; i < s.farmSize(); i++) {
            encodeSlot(s, s.farmCard(i), observer, n, buf, offset + FARM.offset() + i * SLOT);
        }
        for (int c = 0; c < Colour.COUNT; c++) {
            buf[offset + SHIPS.offset() + c * Space.COUNT + s.shipPosition(c)] = 1f;
            if ((s.sunkColourMask() & (1 << c)) != 0) {
                buf[offset + SUNK.offset() + c] = 1f;
            }
        }
        buf[offset + DRAW_PILE_SIZE.offset()] = s.drawPileSize();
        s.countCardsFor(observer, discard, out, unseen);
        for (int t = 0; t < Cards.TYPES; t++) {
            buf[offset + DISCARD.offset() + t] = discard[t];
            buf[offset + OUT_OF_GAME.offset() + t] = out[t];
            buf[offset + UNSEEN.offset() + t] = unseen[t];
        }
        buf[offset + PAYMENT_DUE.offset()] = s.paymentDue();
        buf[offset + BUY_COST.offset()] = s.isTerminal() ? 0 : s.buyCost();
        buf[offset + TOKEN_PICKS_LEFT.offset()] = s.tokenPicksLeft();
        buf[offset + PASS_STREAK.offset()] = s.passStreak();
        buf[offset + PROGRESS.offset()] = (float) s.decisions() / OsakaState.DECISION_CAP;
    }

    private static void encodeSlot(OsakaState s, int card, int observer, int n, float[] buf, int at) {
        buf[at + Cards.type(card)] = 1f;
        int owner = s.reservedBy(card);
        buf[at + Cards.TYPES + (owner < 0 ? 0 : 1 + rel(owner, observer, n))] = 1f;
    }

    /** The relative seat of {@code p} for {@code observer}: 0 is the observer, then turn order. */
    public static int rel(int p, int observer, int n) {
        int r = p - observer;
        return r < 0 ? r + n : r;
    }

    /**
     * Writes the action mask of {@code player}: 1 for each legal action id, else 0; all zero
     * when the player is not the one to act. Rendered from the engine's legal actions.
     */
    public static void mask(OsakaState s, int player, byte[] buf, int offset) {
        long legal = player == s.currentPlayer() ? s.legalActionMask() : 0L;
        for (int b = 0; b < NUM_ACTIONS / 8; b++) {
            System.arraycopy(BITS_TO_BYTES[(int) (legal >>> (8 * b)) & 0xFF], 0, buf, offset + 8 * b, 8);
        }
    }

    /** For each byte value, its 8 bits as 8 bytes of 0/1, lowest bit first. */
    private static final byte[][] BITS_TO_BYTES = new byte[256][8];

    static {
        for (int v = 0; v < 256; v++) {
            for (int bit = 0; bit < 8; bit++) {
                BITS_TO_BYTES[v][bit] = (byte) ((v >>> bit) & 1);
            }
        }
    }
}
