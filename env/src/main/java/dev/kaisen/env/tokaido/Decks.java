package dev.kaisen.env.tokaido;

import java.util.Locale;

/**
 * The card decks (rules, "Decks"): every card has an id within its deck and a printed kind.
 * <ul>
 *   <li>Meals (25): 14 kinds worth 6 points each; kinds 0-2 cost 1 (3 copies each), 3-7 cost 2
 *       (2 copies each), 8-13 cost 3 (1 copy each). A card's name is its kind with the copy,
 *       e.g. {@code dango.2}.</li>
 *   <li>Souvenirs (24): each card unique, of one of 4 types (small objects, food and drink,
 *       clothing, art), with its price.</li>
 *   <li>Encounters (14): 7 kinds: Shokunin x2, Annaibito of the paddy x1, of the mountain x2, of
 *       the sea x3, Samurai x2, Kuge x2, Miko x2.</li>
 *   <li>Hot springs (12): 6 worth 2 points, 6 worth 3.</li>
 *   <li>Panoramas: paddy 3 sections, mountain 4, sea 5; 5 copies of each card. They never run
 *       out (at most 5 travellers take one of each), so they are counted per player, not dealt.</li>
 * </ul>
 */
public final class Decks {
    public static final int MEALS = 25;
    public static final int MEAL_KINDS = 14;
    public static final int SOUVENIRS = 24;
    public static final int SOUVENIR_TYPES = 4;
    public static final int ENCOUNTERS = 14;
    public static final int ENCOUNTER_KINDS = 7;
    public static final int HOT_SPRINGS = 12;
    public static final int PANORAMA_TYPES = 3;
    public static final int MEAL_POINTS = 6;

    public static final String[] MEAL_NAMES = {"misoshiru", "nigirimeshi", "dango", "tofu", "tempura", "sushi", "soba",
        "yakitori", "unagi", "udon", "fugu", "tai-meshi", "sashimi", "donburi"};
    private static final int[] MEAL_KIND_COPIES = {3, 3, 3, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1};
    private static final int[] MEAL_KIND_COST = {1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3};
    private static final int[] MEAL_KIND = new int[MEALS];
    private static final int[] MEAL_COPY = new int[MEALS];

    public static final String[] SOUVENIR_TYPE_NAMES = {"small-objects", "food-and-drink", "clothing", "art"};
    public static final String[] SOUVENIR_NAMES = {"koma", "gofu", "yunomi", "uchiwa", "hashi", "washi",
        "manju", "kamaboko", "konpeito", "daifuku", "sake", "ocha",
        "haori", "furoshiki", "sandogasa", "kanzashi", "geta", "yukata",
        "netsuke", "jubako", "shikki", "shamisen", "sumie", "ukiyoe"};
    private static final int[] SOUVENIR_PRICE = {1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3};

    public static final int SHOKUNIN = 0;
    public static final int ANNAIBITO_PADDY = 1;
    public static final int ANNAIBITO_MOUNTAIN = 2;
    public static final int ANNAIBITO_SEA = 3;
    public static final int SAMURAI = 4;
    public static final int KUGE = 5;
    public static final int MIKO = 6;
    public static final String[] ENCOUNTER_NAMES = {"shokunin", "annaibito-paddy", "annaibito-mountain",
        "annaibito-sea", "samurai", "kuge", "miko"};
    private static final int[] ENCOUNTER_KIND_COPIES = {2, 1, 2, 3, 2, 2, 2};
    private static final int[] ENCOUNTER_KIND = new int[ENCOUNTERS];
    private static final int[] ENCOUNTER_COPY = new int[ENCOUNTERS];

    public static final String[] PANORAMA_NAMES = {"paddy", "mountain", "sea"};
    /** Sections of each panorama type: paddy 3, mountain 4, sea 5. */
    public static final int[] PANORAMA_LENGTH = {3, 4, 5};

    static {
        int c = 0;
        for (int k = 0; k < MEAL_KINDS; k++) {
            for (int i = 0; i < MEAL_KIND_COPIES[k]; i++) {
                MEAL_KIND[c] = k;
                MEAL_COPY[c++] = i + 1;
            }
        }
        c = 0;
        for (int k = 0; k < ENCOUNTER_KINDS; k++) {
            for (int i = 0; i < ENCOUNTER_KIND_COPIES[k]; i++) {
                ENCOUNTER_KIND[c] = k;
                ENCOUNTER_COPY[c++] = i + 1;
            }
        }
    }

    private Decks() {
    }

    public static int mealKind(int card) {
        return MEAL_KIND[card];
    }

    public static int mealKindCost(int kind) {
        return MEAL_KIND_COST[kind];
    }

    public static int mealKindCopies(int kind) {
        return MEAL_KIND_COPIES[kind];
    }

    public static String mealName(int card) {
        return MEAL_NAMES[MEAL_KIND[card]] + "." + MEAL_COPY[card];
    }

    /** The souvenir's type: 0 small objects, 1 food and drink, 2 clothing, 3 art (6 cards each, in id order). */
    public static int souvenirType(int card) {
        return card / 6;
    }

    public static int souvenirPrice(int card) {
        return SOUVENIR_PRICE[card];
    }

    public static String souvenirName(int card) {
        return SOUVENIR_NAMES[card];
    }

    public static int encounterKind(int card) {
        return ENCOUNTER_KIND[card];
    }

    public static int encounterKindCopies(int kind) {
        return ENCOUNTER_KIND_COPIES[kind];
    }

    public static String encounterName(int card) {
        return ENCOUNTER_NAMES[ENCOUNTER_KIND[card]] + "." + ENCOUNTER_COPY[card];
    }

    /** Hot spring cards 0-5 are worth 2 points, 6-11 worth 3. */
    public static int hotSpringPoints(int card) {
        return card < 6 ? 2 : 3;
    }

    public static String hotSpringName(int card) {
        return "spring" + hotSpringPoints(card) + "." + (card % 6 + 1);
    }

    /** The points a set scores for its k-th souvenir (k = 1..4): 1, 3, 5, 7. */
    public static int setPoints(int k) {
        return 2 * k - 1;
    }

    /** One of the four decks, with how its cards are named. */
    public enum Deck {
        MEAL(MEALS), SOUVENIR(SOUVENIRS), ENCOUNTER(ENCOUNTERS), HOT_SPRING(HOT_SPRINGS);

        public final int size;

        Deck(int size) {
            this.size = size;
        }

        public String key() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public String cardName(int card) {
            switch (this) {
                case MEAL:
                    return mealName(card);
                case SOUVENIR:
                    return souvenirName(card);
                case ENCOUNTER:
                    return encounterName(card);
                default:
                    return hotSpringName(card);
            }
        }

        /** The card of that name, or -1. */
        public int parse(String name) {
            for (int c = 0; c < size; c++) {
                if (cardName(c).equals(name)) {
                    return c;
                }
            }
            return -1;
        }
    }
}
