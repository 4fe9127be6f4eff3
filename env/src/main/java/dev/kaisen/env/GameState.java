package dev.kaisen.env;

/**
 * The rules' state of one game, as every Kaisen engine exposes it (the game contract; each
 * game's rules are in {@code docs/rules/<game>.md}).
 *
 * <p>{@link #apply(int)} never changes the receiver: it returns the successor. Owners that
 * hold the only reference (an env, a self-play loop) may use {@link #applyInPlace(int)}
 * instead, which mutates the receiver and is the fast path.
 *
 * <p>Chance (shuffles, draws, dice) happens inside {@code apply} from the random stream the
 * state carries, so copies, equality and JSON cover it; {@link #applyInPlace(int, ChanceLog)}
 * reports each chance outcome as it happens, which is how game records write chance steps.
 *
 * <p><b>Simultaneous choices</b> (sealed bids, secret price wheels) are sequential
 * commitments, as OpenSpiel turns simultaneous moves into sequential ones: the players
 * commit in turn, each commitment an ordinary decision of {@link #currentPlayer()}; the
 * state keeps the committed choices hidden from the others until a reveal step of the rules;
 * an observation of a later committer never contains an earlier one's choice, and
 * {@link #determinize} resamples every commitment the observer has not seen revealed.
 * {@link SealedChoices} keeps such commitments for a game.
 *
 * @param <S> the concrete state type
 */
public interface GameState<S extends GameState<S>> {

    /**
     * The player id of chance, as OpenSpiel's: {@link #currentPlayer()} at a chance node of the
     * explicit-chance mode ({@link ChanceMode#EXPLICIT}). [decision] A terminal state also answers
     * -1, as it always has; tell them apart with {@link #isChanceNode()} or {@link #isTerminal()}.
     */
    int CHANCE = -1;

    /** Number of seats in this game. */
    int numPlayers();

    /** Seat that must decide now; {@link #CHANCE} (-1) at a chance node, and -1 when the game is over. */
    int currentPlayer();

    /**
     * The state's explicit-chance bookkeeping ({@link ChanceMode#EXPLICIT}), or null in the
     * sampled mode (the default); a game without the explicit mode always answers null.
     */
    default ExplicitChance<S> explicitChance() {
        return null;
    }

    /** The state's chance mode. */
    default ChanceMode chanceMode() {
        return explicitChance() == null ? ChanceMode.SAMPLED : ChanceMode.EXPLICIT;
    }

    /**
     * Whether an outcome of a random event must be applied next (the explicit mode only): then
     * {@link #currentPlayer()} is {@link #CHANCE}, {@link #legalActions()} and
     * {@link #chanceOutcomes()} list the outcome ids, and {@link #applyInPlace(int)} takes one.
     */
    default boolean isChanceNode() {
        ExplicitChance<S> e = explicitChance();
        return e != null && e.isChanceNode();
    }

    /**
     * The outcome ids of this chance node, ascending (the game's chance outcome table names them).
     *
     * @throws IllegalStateException at a decision node or a terminal state
     */
    default int[] chanceOutcomes() {
        return requireChanceNode().outcomes();
    }

    /** The exact probability of each of {@link #chanceOutcomes()}, in its order; they sum to 1. */
    default double[] chanceProbabilities() {
        return requireChanceNode().probabilities();
    }

    /**
     * This position in the sampled mode, as a new state: for an explicit-mode state at a decision
     * node, the same position whose future chance is drawn from a random stream started at
     * {@code seed} (every pile no seat has seen in an order drawn from it too); for a sampled state,
     * a copy. How an agent written for the sampled mode (the scripted bots, ISMCTS) decides in an
     * explicit game.
     *
     * @throws IllegalStateException at a chance node (the chance player acts there, not an agent)
     */
    default S sampledCopy(long seed) {
        if (explicitChance() == null) {
            return copy();
        }
        throw new UnsupportedOperationException("this game has no sampled form of its explicit-mode states");
    }

    private ExplicitChance<S> requireChanceNode() {
        if (isTerminal()) {
            throw new IllegalStateException("the game is over: a terminal state has no chance outcomes");
        }
        ExplicitChance<S> e = explicitChance();
        if (e == null || !e.isChanceNode()) {
            throw new IllegalStateException("not a chance node: seat " + currentPlayer() + " is to decide"
                    + (e == null ? " (this state samples its chance; deal it in the explicit mode for chance nodes)" : ""));
        }
        return e;
    }

    /** Whether the game is over, by its rules or by the cap on its length. */
    boolean isTerminal();

    /** Whether the game was cut by the cap on its length ({@link Game#maxGameLength()}); scored as usual. */
    boolean isTruncated();

    /** Why the game ended, in the game's words (e.g. {@code TOKENS}), or {@code NONE} while it runs. */
    String endReason();

    /** Decisions made so far (chance steps not counted). */
    int decisions();

    /** Writes the legal action ids, sorted ascending, into {@code out}; returns how many. */
    int legalActions(int[] out);

    /** The legal action ids, sorted ascending (allocates; use the buffer form on hot paths). */
    int[] legalActions();

    boolean isLegal(int action);

    /** Returns the successor state; this state is left untouched (by default: a copy, then applyInPlace). */
    default S apply(int action) {
        S next = copy();
        next.applyInPlace(action);
        return next;
    }

    /**
     * Applies the action to this state. Throws {@link IllegalActionException} and changes nothing
     * if illegal. By default the chance-logging form with no log.
     */
    default void applyInPlace(int action) {
        applyInPlace(action, ChanceLog.NONE);
    }

    /** As {@link #applyInPlace(int)}, reporting every chance outcome to {@code chance}. */
    void applyInPlace(int action, ChanceLog chance);

    /** The error for an illegal action: it names the action, who is to act, and the legal actions. */
    IllegalActionException illegal(int action);

    S copy();

    /** Human-readable name of an action id, e.g. {@code "take:B5"}. */
    String actionName(int action);

    /**
     * What seat {@code observer} learns, in words, when {@link #currentPlayer()} takes
     * {@code action} in this state (ask the state before the action): the acting seat always gets
     * the full {@link #actionName}; the others get the full name too, unless the choice is hidden
     * from them (a sealed bid, a secret wheel setting, a face-down pick), in which case they get
     * only what they see, e.g. {@code "commits a sealed bid"}. Two actions that leave the observer's
     * information state the same have the same name for that observer, so a log of these names
     * never tells a player more than the observation does; a later reveal shows in the state, not
     * in the name. By default the full name; a game with hidden choices overrides it.
     *
     * @throws IllegalArgumentException if {@code observer} is not a seat of this game; a bad
     *                                  action is named as {@link #actionName} names it
     */
    default String actionNameFor(int observer, int action) {
        checkObserver(this, observer);
        return actionName(action);
    }

    /** Throws a clear {@link IllegalArgumentException} unless {@code observer} is a seat of {@code state}'s game. */
    static void checkObserver(GameState<?> state, int observer) {
        int n = state.numPlayers();
        if (observer < 0 || observer >= n) {
            throw new IllegalArgumentException("observer " + observer + " is not a seat of this "
                    + n + "-player game (seats 0.." + (n - 1) + ")");
        }
    }

    /** Player p's score in the game's own unit (e.g. victory points); public. */
    int score(int player);

    /** Player p's first tie-break value (higher is better; e.g. achievement tokens); public. */
    int tiebreak(int player);

    /**
     * The seats that share the win by the game's ranking of this state (score, then tie-breaks):
     * the winners once {@link #isTerminal()}; before the end, who would win if it ended now. By
     * default the seats with the highest score, among them those with the highest
     * {@link #tiebreak}; a game with more tie-breaks overrides it.
     */
    default int[] winners() {
        int n = numPlayers();
        int[] out = new int[n];
        int k = 0;
        for (int p = 0; p < n; p++) {
            int c = k == 0 ? 1 : Integer.compare(score(p), score(out[0]));
            if (c == 0) {
                c = Integer.compare(tiebreak(p), tiebreak(out[0]));
            }
            if (c > 0) {
                k = 0;
                out[k++] = p;
            } else if (c == 0) {
                out[k++] = p;
            }
        }
        return java.util.Arrays.copyOf(out, k);
    }

    /**
     * A determinization for {@code observer}: a state the observer cannot tell apart from this
     * one, with everything they do not know (deck order, face-down cards never shown, choices
     * committed but not revealed) resampled from {@code seed}, consistently with all they saw;
     * the random stream restarts from {@code seed} too. It depends only on the observer's
     * information state and the seed: two states the observer cannot tell apart give the same
     * determinization.
     */
    S determinize(int observer, long seed);

    /**
     * Gives this state (in place) a future of its own: the random stream restarts from
     * {@code seed}, and every face-down pile whose order no seat has seen is reshuffled from the
     * new stream (its cards sorted first, so the result depends only on the pile's cards and the
     * seed, not on their old order). It changes only what chance has not yet decided and no seat
     * has observed: hands, sealed choices not yet revealed, cards on the table or drawn face down,
     * the seen part of a pile and the cards each pile holds all stay as they were, and every
     * seat's view is the same before and after. A {@link #copy} shares the original's stream and
     * pile order, so its future chance outcomes are the original's; a copy reseeded is the same
     * position with another future. Unlike {@link #determinize}, which also resamples what one
     * observer cannot know (the others' hands, their sealed choices), it needs no observer and
     * resamples nothing already dealt. On a finished game only the stream restarts; it throws
     * nothing.
     */
    void reseed(long seed);

    /**
     * Terminal zero-sum returns: winners share +1, the others share -1 (k winners of n:
     * +1/k each, -1/(n-k) each); all 0 when everyone wins, and all 0 before the end.
     */
    default void returns(double[] out) {
        int n = numPlayers();
        java.util.Arrays.fill(out, 0, n, 0.0);
        if (!isTerminal()) {
            return;
        }
        int[] w = winners();
        int k = w.length;
        if (k == n || k == 0) {
            return;
        }
        java.util.Arrays.fill(out, 0, n, -1.0 / (n - k));
        for (int p : w) {
            out[p] = 1.0 / k;
        }
    }

    /** Each player's win share: 1/k to each of the k winners, 0 to the others (all 0 before the end). */
    default void winShares(double[] out) {
        java.util.Arrays.fill(out, 0, numPlayers(), 0.0);
        if (isTerminal()) {
            int[] w = winners();
            for (int p : w) {
                out[p] = 1.0 / w.length;
            }
        }
    }
}
