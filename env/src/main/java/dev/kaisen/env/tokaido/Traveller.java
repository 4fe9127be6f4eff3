package dev.kaisen.env.tokaido;

import java.util.Locale;

/**
 * The ten traveller tiles with their starting coins (rules, "Travellers"). Their powers act only
 * when the game's {@code travellers} option is on; each power is implemented in
 * {@link TokaidoState} at the step it changes, and named there.
 */
public enum Traveller {
    SATSUKI(2, "at each inn may eat the top meal of the deck free instead of buying"),
    HIROSHIGE(3, "at each of the 3 middle inns, before the meal, takes a panorama card of choice"),
    CHUUBEI(4, "at each of the 3 middle inns, before the meal, draws and resolves an encounter"),
    SASAYAKKO(5, "buying 2+ souvenirs in one village, the cheapest is free"),
    UMEGAE(5, "+1 coin and +1 point at each encounter"),
    MITSUKUNI(6, "+1 point per hot spring and per achievement card at the end"),
    ZEN_EMON(6, "once per village, one souvenir of his choice costs 1"),
    KINKO(7, "meals cost 1 less"),
    HIROTADA(8, "at each temple may also donate 1 coin taken from the supply"),
    YOSHIYASU(9, "draws 2 encounters, keeps 1");

    public static final int COUNT = values().length;

    public final int coins;
    public final String power;

    Traveller(int coins, String power) {
        this.coins = coins;
        this.power = power;
    }

    public String key() {
        return name().toLowerCase(Locale.ROOT).replace("_", "-");
    }

    public static Traveller of(int i) {
        return values()[i];
    }

    /** The traveller named {@code key} (as {@link #key()} writes it), or -1. */
    public static int parse(String key) {
        for (Traveller t : values()) {
            if (t.key().equals(key)) {
                return t.ordinal();
            }
        }
        return -1;
    }
}
