package dev.kaisen.env;

/**
 * The rules' state of one game, as every Kaisen engine exposes it.
 *
 * <p>{@link #apply(int)} never changes the receiver: it returns the successor. Owners that
 * hold the only reference (an env, a self-play loop) may use {@link #applyInPlace(int)}
 * instead, which mutates the receiver and is the fast path.
 *
 * @param <S> the concrete state type
 */
public interface GameState<S extends GameState<S>> {

    /** Number of seats in this game. */
    int numPlayers();

    /** Seat that must decide now, or -1 when the game is over. */
    int currentPlayer();

    boolean isTerminal();

    /** Writes the legal action ids, sorted ascending, into {@code out}; returns how many. */
    int legalActions(int[] out);

    /** The legal action ids, sorted ascending (allocates; use the buffer form on hot paths). */
    int[] legalActions();

    boolean isLegal(int action);

    /** Returns the successor state; this state is left untouched. */
    S apply(int action);

    /** Applies the action to this state. Throws {@link IllegalActionException} and changes nothing if illegal. */
    void applyInPlace(int action);

    S copy();

    /** Human-readable name of an action id, e.g. {@code "take:B5"}. */
    String actionName(int action);
}
