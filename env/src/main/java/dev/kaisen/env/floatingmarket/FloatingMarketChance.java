package dev.kaisen.env.floatingmarket;

import dev.kaisen.env.ExplicitChance;
import dev.kaisen.env.Game.ActionEntry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Floating Market's chance outcomes in the explicit-chance mode, one table of ids: the fruit of
 * the boat dealt to the next location at setup ({@code boat:<fruit>}, one location at a time, from
 * the fruits not yet dealt), the start player ({@code start:<seat>}) and one die's face
 * ({@code <die>:<face>} for a d4, d6, d10, d12 or negative d6: the Ama dice are d6, the board's
 * dice a d12 and a negative d6). The events ask the state's {@link ExplicitChance} when it has one
 * and the random stream otherwise, with the sampled mode's draws unchanged.
 */
final class FloatingMarketChance {
    private FloatingMarketChance() {
    }

    static final int BOAT = 0;
    static final int START = BOAT + Fruit.values().length;
    static final int DIE = START + FloatingMarketState.MAX_PLAYERS;
    private static final int[] FIRST = new int[Dice.PLAYER_DICE];
    static final int COUNT;

    static {
        int id = DIE;
        for (int d = 0; d < Dice.PLAYER_DICE; d++) {
            FIRST[d] = id;
            id += Dice.faces(d);
        }
        COUNT = id;
    }

    static final List<ActionEntry> TABLE = table();

    private static List<ActionEntry> table() {
        List<ActionEntry> t = new ArrayList<>();
        for (Fruit f : Fruit.values()) {
            t.add(new ActionEntry(t.size(), "boat:" + f.key(), "the boat dealt to the next location at setup carries "
                    + f.key()));
        }
        for (int p = 0; p < FloatingMarketState.MAX_PLAYERS; p++) {
            t.add(new ActionEntry(t.size(), "start:" + p, "seat " + p + " is the start player"));
        }
        for (int d = 0; d < Dice.PLAYER_DICE; d++) {
            for (int f = Dice.LOW[d]; f <= Dice.HIGH[d]; f++) {
                t.add(new ActionEntry(t.size(), Dice.KEYS[d] + ":" + f, "a " + Dice.KEYS[d] + " shows " + f));
            }
        }
        return List.copyOf(t);
    }

    /** The outcome ids of a sampled chance step ({@code boats}, {@code start}, {@code roll}), in order. */
    static int[] outcomesOf(String event, Map<String, Object> data) {
        switch (event) {
            case "boats": {
                List<?> fruits = (List<?>) data.get("fruits");
                int[] out = new int[fruits.size()];
                for (int i = 0; i < out.length; i++) {
                    out[i] = BOAT + Fruit.of(String.valueOf(fruits.get(i))).ordinal();
                }
                return out;
            }
            case "start":
                return new int[]{START + ((Number) data.get("player")).intValue()};
            case "roll": {
                List<?> dice = (List<?>) data.get("dice");
                int[] out = new int[dice.size()];
                for (int i = 0; i < out.length; i++) {
                    List<?> die = (List<?>) dice.get(i);
                    String name = String.valueOf(die.get(0));
                    int kind = Arrays.asList(Dice.KEYS).indexOf(name.substring(name.indexOf(':') + 1));
                    int face = ((Number) die.get(1)).intValue();
                    if (kind < 0 || face < Dice.LOW[kind] || face > Dice.HIGH[kind]) {
                        throw new IllegalArgumentException("a roll's die " + die + " is no die of the game");
                    }
                    out[i] = FIRST[kind] + face - Dice.LOW[kind];
                }
                return out;
            }
            default:
                throw new IllegalArgumentException("Floating Market reports no chance event " + event);
        }
    }

    /** Setup: the fruits dealt to the locations in order. */
    static void dealBoats(FloatingMarketState s) {
        ExplicitChance<FloatingMarketState> e = s.explicit;
        if (e == null) {
            s.rng.shuffle(s.fruitAt, 0, Board.LOCATIONS);
            return;
        }
        int fruits = Fruit.values().length;
        int[] ids = new int[fruits];
        int[] weights = new int[fruits];
        boolean[] dealt = new boolean[fruits];
        int[] at = new int[Board.LOCATIONS];
        for (int l = 0; l < Board.LOCATIONS; l++) {
            for (int f = 0; f < fruits; f++) {
                ids[f] = BOAT + f;
                weights[f] = dealt[f] ? 0 : 1;
            }
            int f = e.choose(ids, weights, fruits);
            dealt[f] = true;
            at[l] = f;
        }
        // the boats are laid once all are drawn: until then the table shows the state before the deal
        System.arraycopy(at, 0, s.fruitAt, 0, Board.LOCATIONS);
    }

    /** Setup: the start player. */
    static int startPlayer(FloatingMarketState s) {
        return s.explicit == null ? s.rng.below(s.n) : s.explicit.uniform(START, s.n);
    }

    /** One face of a die of that kind ({@link Dice}): its lowest face plus a uniform draw. */
    static int face(FloatingMarketState s, int kind) {
        return Dice.LOW[kind] + (s.explicit == null ? s.rng.below(Dice.faces(kind)) : s.explicit.uniform(FIRST[kind],
                Dice.faces(kind)));
    }

    /** The board's negative d6 (the sampled mode draws it as {@code -1 - below(6)}). */
    static int boardNegative(FloatingMarketState s) {
        return s.explicit == null ? -1 - s.rng.below(6) : face(s, Dice.NEG_D6);
    }
}
