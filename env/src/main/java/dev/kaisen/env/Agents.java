package dev.kaisen.env;

/** Creates agents from their names, so the same names work on every command and from Python. */
public final class Agents {
    private Agents() {
    }

    /** Names known to {@link #create}. */
    public static final String NAMES = "random";

    public static <S extends GameState<S>> Agent<S> create(String name, long seed, int numDistinctActions) {
        String n = name.trim();
        if (n.equals("random")) {
            return new RandomAgent<>(seed, numDistinctActions);
        }
        throw new IllegalArgumentException("unknown agent '" + name + "' (known: " + NAMES + ")");
    }
}
