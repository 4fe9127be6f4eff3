package dev.kaisen.env.osaka;

/**
 * The fixed discrete action space of Traders of Osaka: 64 ids covering every decision.
 * Cards are named by type (colour and value), never by position in a hand.
 *
 * <pre>
 * id      name             meaning
 * 0-3     token:C          setup: take a starting achievement token of colour C (B, Y, R, G)
 * 4       buy              buy every Market card not reserved by another player (opens payment)
 * 5-16    take:T           take coins: an unreserved Market card of type T (C x value 2/3/5) to hand
 * 17      take-reserved    take coins: the player's own reserved Market card (the piece returns)
 * 18-29   reserve-market:T put the reserve piece on an unreserved Market card of type T
 * 30-41   reserve-farm:T   put the reserve piece on an unreserved Farm card of type T
 * 42-53   pay:T            payment: discard a hand card of type T towards the cost
 * 54-61   insure:T         insurance: discard a hand 2 or 3 of a sunk colour (T = C2 or C3)
 * 62      stop-insuring    insurance: insure nothing more this payout
 * 63      pass             only when nothing else is possible (stalemate guard)
 * </pre>
 * Type index T = colour * 3 + (0 for a 2, 1 for a 3, 2 for a 5); insure ids are
 * {@code 54 + colour * 2 + (0 for a 2, 1 for a 3)}. When several unreserved cards of one
 * type lie in the Market or Farm, take and reserve use the one that came there first.
 */
public final class OsakaAction {
    public static final int TOKEN = 0;
    public static final int BUY = 4;
    public static final int TAKE = 5;
    public static final int TAKE_RESERVED = 17;
    public static final int RESERVE_MARKET = 18;
    public static final int RESERVE_FARM = 30;
    public static final int PAY = 42;
    public static final int INSURE = 54;
    public static final int STOP_INSURING = 62;
    public static final int PASS = 63;
    /** Number of distinct action ids. */
    public static final int COUNT = 64;

    private static final String[] NAMES = new String[COUNT];

    static {
        for (int c = 0; c < Colour.COUNT; c++) {
            char letter = Colour.of(c).letter();
            NAMES[TOKEN + c] = "token:" + letter;
            NAMES[INSURE + 2 * c] = "insure:" + letter + "2";
            NAMES[INSURE + 2 * c + 1] = "insure:" + letter + "3";
        }
        NAMES[BUY] = "buy";
        NAMES[TAKE_RESERVED] = "take-reserved";
        NAMES[STOP_INSURING] = "stop-insuring";
        NAMES[PASS] = "pass";
        for (int t = 0; t < Cards.TYPES; t++) {
            String type = Cards.typeName(t);
            NAMES[TAKE + t] = "take:" + type;
            NAMES[RESERVE_MARKET + t] = "reserve-market:" + type;
            NAMES[RESERVE_FARM + t] = "reserve-farm:" + type;
            NAMES[PAY + t] = "pay:" + type;
        }
    }

    private OsakaAction() {
    }

    public static int token(Colour c) {
        return TOKEN + c.ordinal();
    }

    public static int take(int type) {
        return TAKE + type;
    }

    public static int reserveMarket(int type) {
        return RESERVE_MARKET + type;
    }

    public static int reserveFarm(int type) {
        return RESERVE_FARM + type;
    }

    public static int pay(int type) {
        return PAY + type;
    }

    /** Insure with a hand card of colour {@code colour} and value 2 or 3. */
    public static int insure(int colour, int value) {
        if (value != 2 && value != 3) {
            throw new IllegalArgumentException("only 2s and 3s carry insurance icons, not " + value);
        }
        return INSURE + colour * 2 + (value == 3 ? 1 : 0);
    }

    /** Colour of an insure action. */
    static int insureColour(int action) {
        return (action - INSURE) >> 1;
    }

    /** Card type discarded by an insure action. */
    static int insureType(int action) {
        return Cards.type(insureColour(action), ((action - INSURE) & 1) == 0 ? 2 : 3);
    }

    public static boolean isValidId(int action) {
        return action >= 0 && action < COUNT;
    }

    public static String name(int action) {
        return isValidId(action) ? NAMES[action] : "unknown(" + action + ")";
    }

    /** Parses an action name ({@code buy}, {@code take:B5}, {@code pay:Y2}, ...) or a decimal id. */
    public static int parse(String s) {
        for (int a = 0; a < COUNT; a++) {
            if (NAMES[a].equalsIgnoreCase(s)) {
                return a;
            }
        }
        try {
            int id = Integer.parseInt(s);
            if (isValidId(id)) {
                return id;
            }
        } catch (NumberFormatException ignored) {
            // fall through to the error below
        }
        throw new IllegalArgumentException("unknown action '" + s + "' (ids 0.." + (COUNT - 1) + " or names such as buy, take:B5, pay:Y2)");
    }
}
