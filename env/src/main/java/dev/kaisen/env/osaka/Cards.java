package dev.kaisen.env.osaka;

/**
 * The 108 cards and their 12 types.
 *
 * <p>Card id {@code = colour * 27 + k}: {@code k} in 0..10 is a 2 (two insurance icons), 11..19
 * a 3 (one icon), 20..26 a 5 (no icon). So the ids of one type are contiguous and ascending
 * ids of a colour run from low to high values. A card's name is colour letter, value, dot,
 * copy index within its type: {@code B2.0 .. B2.10, B3.0 .. B3.8, B5.0 .. B5.6}.
 *
 * <p>Type id {@code = colour * 3 + valueIndex} with valueIndex 0, 1, 2 for values 2, 3, 5; its
 * name is colour letter and value, e.g. {@code Y3}.
 */
public final class Cards {
    public static final int COUNT = 108;
    public static final int PER_COLOUR = 27;
    public static final int TYPES = 12;
    public static final int VALUES_PER_COLOUR = 3;
    private static final int[] VALUE = {2, 3, 5};
    private static final int[] ICONS = {2, 1, 0};
    /** First offset within a colour of each value index, plus the end. */
    private static final int[] TYPE_START = {0, 11, 20, 27};

    private static final byte[] TYPE_OF = new byte[COUNT];
    private static final byte[] VALUE_OF = new byte[COUNT];

    static {
        for (int id = 0; id < COUNT; id++) {
            int k = id % PER_COLOUR;
            int valueIndex = k < TYPE_START[1] ? 0 : k < TYPE_START[2] ? 1 : 2;
            TYPE_OF[id] = (byte) ((id / PER_COLOUR) * VALUES_PER_COLOUR + valueIndex);
            VALUE_OF[id] = (byte) VALUE[valueIndex];
        }
    }

    private Cards() {
    }

    public static int colour(int card) {
        return card / PER_COLOUR;
    }

    public static int type(int card) {
        return TYPE_OF[card];
    }

    public static int value(int card) {
        return VALUE_OF[card];
    }

    public static int typeColour(int type) {
        return type / VALUES_PER_COLOUR;
    }

    public static int typeValue(int type) {
        return VALUE[type % VALUES_PER_COLOUR];
    }

    /** Insurance icons of a card of this type: 2 for a 2, 1 for a 3, none for a 5. */
    public static int typeIcons(int type) {
        return ICONS[type % VALUES_PER_COLOUR];
    }

    public static int type(int colour, int value) {
        return colour * VALUES_PER_COLOUR + valueIndex(value);
    }

    static int valueIndex(int value) {
        switch (value) {
            case 2: return 0;
            case 3: return 1;
            case 5: return 2;
            default: throw new IllegalArgumentException("no card has value " + value + " (values are 2, 3, 5)");
        }
    }

    /** First card id of a type; the type's ids are {@code [firstOfType, endOfType)}. */
    public static int firstOfType(int type) {
        return typeColour(type) * PER_COLOUR + TYPE_START[type % VALUES_PER_COLOUR];
    }

    public static int endOfType(int type) {
        return typeColour(type) * PER_COLOUR + TYPE_START[type % VALUES_PER_COLOUR + 1];
    }

    public static int copiesOfType(int type) {
        return endOfType(type) - firstOfType(type);
    }

    public static String typeName(int type) {
        return "" + Colour.of(typeColour(type)).letter() + typeValue(type);
    }

    public static String name(int card) {
        int type = type(card);
        return typeName(type) + "." + (card - firstOfType(type));
    }

    /** Parses a type name such as {@code B5} or {@code y3}. */
    public static int parseType(String s) {
        if (s == null || s.length() != 2 || !Character.isDigit(s.charAt(1))) {
            throw new IllegalArgumentException("unknown card type '" + s + "' (expected colour letter and value, e.g. B5)");
        }
        return type(Colour.fromLetter(s.charAt(0)).ordinal(), s.charAt(1) - '0');
    }

    /** Parses a card name such as {@code B5.3}; rejects unknown cards with a message naming them. */
    public static int parse(String s) {
        if (s == null) {
            throw new IllegalArgumentException("card name is missing (null)");
        }
        int dot = s.indexOf('.');
        try {
            if (dot != 2) {
                throw new IllegalArgumentException();
            }
            int type = parseType(s.substring(0, 2));
            int copy = Integer.parseInt(s.substring(3));
            if (copy < 0 || copy >= copiesOfType(type)) {
                throw new IllegalArgumentException();
            }
            return firstOfType(type) + copy;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown card '" + s + "' (cards are B2.0..B2.10, B3.0..B3.8, B5.0..B5.6 and likewise Y, R, G)");
        }
    }
}
