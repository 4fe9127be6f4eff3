package dev.kaisen.env.osaka;

/**
 * The four goods colours, in the rulebook's payout order (blue, yellow, red, green; rules
 * section "Payout"). Each colour is a goods type and has one ship.
 */
public enum Colour {
    BLUE('B'), YELLOW('Y'), RED('R'), GREEN('G');

    public static final int COUNT = 4;
    private static final Colour[] VALUES = values();

    private final char letter;

    Colour(char letter) {
        this.letter = letter;
    }

    public char letter() {
        return letter;
    }

    public static Colour of(int index) {
        return VALUES[index];
    }

    public static Colour fromLetter(char c) {
        for (Colour colour : VALUES) {
            if (colour.letter == Character.toUpperCase(c)) {
                return colour;
            }
        }
        throw new IllegalArgumentException("unknown colour letter '" + c + "' (expected B, Y, R or G)");
    }

    /** Accepts a letter ("B") or a name ("blue", "BLUE"). */
    public static Colour parse(String s) {
        if (s.length() == 1) {
            return fromLetter(s.charAt(0));
        }
        for (Colour colour : VALUES) {
            if (colour.name().equalsIgnoreCase(s)) {
                return colour;
            }
        }
        throw new IllegalArgumentException("unknown colour '" + s + "' (expected blue, yellow, red or green)");
    }
}
