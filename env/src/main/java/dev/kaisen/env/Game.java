package dev.kaisen.env;

import java.util.List;

/**
 * A game for one config: it answers every size before any state exists (so buffers and
 * networks are sized up front), deals new games, and holds what is the game's own beside
 * the rules: its action table, JSON state format, invariants, scripted bots and text
 * rendering. Everything generic (envs, records, search, evaluation, training, gateway, CLI,
 * Python) works through this interface; games are found by id in {@link Games}.
 *
 * @param <S> the game's state type
 */
public interface Game<S extends GameState<S>> {

    /** The registry entry this game came from (id, title, player range, options). */
    GameProvider provider();

    /** The game's descriptor (bots, invariants, score names), read by the defaults below. */
    @SuppressWarnings("unchecked")
    default GameDescriptor<S> descriptor() {
        return (GameDescriptor<S>) provider().descriptor();
    }

    default String id() {
        return provider().id();
    }

    GameConfig config();

    default int numPlayers() {
        return config().players();
    }

    /** Size of the fixed action space: ids are {@code 0 .. numDistinctActions() - 1}. */
    int numDistinctActions();

    /** Upper bound on decisions in a game (the safety cap; a game reaching it is truncated). */
    int maxGameLength();

    /** A new game dealt from {@code seed}. */
    default S newGame(long seed) {
        return newGame(seed, ChanceLog.NONE);
    }

    /** A new game dealt from {@code seed}, reporting the setup's chance outcomes to {@code chance}. */
    S newGame(long seed, ChanceLog chance);

    /**
     * A new game dealt from {@code seed} in chance mode {@code mode}: {@link ChanceMode#SAMPLED} is
     * {@link #newGame(long)}; {@link ChanceMode#EXPLICIT} starts at the deal's first chance node
     * (the seed sets only the random stream, which that mode never draws from). A game without
     * the explicit mode ({@link #hasExplicitChance()}) refuses it with an
     * {@link UnsupportedOperationException}.
     */
    default S newGame(long seed, ChanceMode mode) {
        if (mode == ChanceMode.SAMPLED) {
            return newGame(seed);
        }
        throw new UnsupportedOperationException(id() + " has no explicit-chance mode yet");
    }

    /** Whether {@link #newGame(long, ChanceMode)} deals in {@link ChanceMode#EXPLICIT}. */
    default boolean hasExplicitChance() {
        return false;
    }

    /**
     * Size of the chance outcome table: outcome ids are {@code 0 .. maxChanceOutcomes() - 1}
     * (OpenSpiel's {@code max_chance_outcomes}); 0 for a game without the explicit mode.
     */
    default int maxChanceOutcomes() {
        return chanceOutcomeTable().size();
    }

    /** The chance outcome table: every outcome id with its name (e.g. {@code die:d6:5}) and meaning. */
    default List<ActionEntry> chanceOutcomeTable() {
        return List.of();
    }

    /** The name of a chance outcome id; a bad id gets a name saying so. */
    default String chanceOutcomeName(int outcome) {
        List<ActionEntry> table = chanceOutcomeTable();
        return outcome >= 0 && outcome < table.size() ? table.get(outcome).name() : "<bad chance outcome " + outcome + ">";
    }

    /**
     * The explicit mode's outcome ids, in order, of one chance step of the sampled mode as a
     * {@link ChanceLog} reports it (and a game record writes it): how a record of the sampled mode
     * replays in the explicit mode. A step that is no chance node there (e.g. a discard pile
     * shuffled before its cards are drawn one by one) gives none.
     *
     * @throws IllegalArgumentException for an event the game does not report, or data it cannot read
     */
    default int[] chanceOutcomesOf(String event, java.util.Map<String, Object> data) {
        throw new UnsupportedOperationException(id() + " has no explicit-chance mode yet");
    }

    /**
     * The state's JSON (compact) in the form both chance modes agree on, to compare a state of the
     * sampled mode with one of the explicit mode: by default {@link #toJson}. A game whose sampled
     * mode puts a face-down pile in an order (or tells apart cards the rules treat alike) where the
     * explicit mode leaves it open writes those in the explicit mode's canonical form. The modes'
     * random streams ({@code rng}) and chance bookkeeping ({@code chance}) differ all the same.
     */
    default String chanceCanonicalJson(S state) {
        return toJson(state, false);
    }

    /** Short name of an action id (e.g. {@code take:B5}); a bad id gets a name saying so. */
    String actionName(int action);

    /** The documented action table: every id with its name and meaning. */
    List<ActionEntry> actionTable();

    /** The state as JSON in the game's own format (hidden parts included: a spectator's view). */
    String toJson(S state, boolean pretty);

    /** Reads a state written by {@link #toJson}; malformed or inconsistent input is a {@link GameFormatException}. */
    S fromJson(String json);

    /** What is wrong with a state by the game's invariants (card conservation, ranges); empty when nothing. */
    default List<String> invariantViolations(S state) {
        return descriptor().invariants().check(state);
    }

    /** What is wrong with one transition (e.g. a quantity that may only grow); by default the successor's invariants. */
    default List<String> stepViolations(S before, int action, S after) {
        return descriptor().invariants().checkStep(before, action, after);
    }

    /** Names of the game's own scripted bots (e.g. {@code greedy}); {@code random} is everyone's. */
    default List<String> botNames() {
        return descriptor().botNames();
    }

    /** The game's scripted bot of that name, seeded; unknown names are an {@link IllegalArgumentException}. */
    default Agent<S> bot(String name, long seed) {
        return descriptor().bot(name, seed);
    }

    /** The bot search agents use for rollouts by default ({@code random} when a game has no better one). */
    default String rolloutBot() {
        return botNames().isEmpty() ? "random" : botNames().get(0);
    }

    /**
     * The state as text for a terminal, as a spectator sees it (nothing is hidden from a spectator):
     * {@link #render(GameState, int) render(state, SPECTATOR)}.
     */
    default String render(S state) {
        return render(state, GameView.SPECTATOR);
    }

    /**
     * The game's one text board: what {@code observer} (a seat, or {@link GameView#SPECTATOR} for
     * everything) may see of the state, as text for a terminal. Python's {@code board()} and
     * {@code ansi} render mode show this text, so what a seat may see is decided here, as in
     * {@link #viewJson}. An observer that is neither a seat nor {@link GameView#SPECTATOR} is an
     * {@link IllegalArgumentException}.
     */
    String render(S state, int observer);

    /**
     * {@link #render(GameState, int)} of the state {@code stateJson} (as {@link #toJson} writes it),
     * read as {@link #viewJson(String, int)} reads it; unreadable input is a {@link GameFormatException}.
     */
    default String render(String stateJson, int observer) {
        return render(fromJson(stateJson), observer);
    }

    /**
     * What {@code observer} (a seat, or {@link GameView#SPECTATOR} for everything) may see of the
     * state, as JSON for the renderers: the parts of the state that seat may know and the facts the
     * picture shows that follow from the rules (the winners, costs, which hands and sealed choices
     * are shown). The renderers draw it and decide nothing. By default only the opening fields of
     * {@link GameView#start} (a game with a picture overrides it).
     */
    default String viewJson(S state, int observer) {
        return GameView.start("kaisen." + id() + ".view/1", state, observer).toString();
    }

    /**
     * {@link #viewJson} of the state {@code stateJson} (as {@link #toJson} writes it), for a
     * renderer holding only the JSON; unreadable input is a {@link GameFormatException}. By default
     * read with {@link #fromJson}; a game may first set what the observer cannot see to values of
     * its own, so that the view of a state varied only there (made by hand, perhaps beyond what the
     * rules allow) is the view of the state.
     */
    default String viewJson(String stateJson, int observer) {
        return viewJson(fromJson(stateJson), observer);
    }

    /** What {@link GameState#score} counts, e.g. {@code VP}. */
    default String scoreName() {
        return descriptor().scoreName();
    }

    /** What {@link GameState#tiebreak} counts, e.g. {@code tokens}. */
    default String tiebreakName() {
        return descriptor().tiebreakName();
    }

    /** The record of one action id. */
    record ActionEntry(int id, String name, String meaning) {
    }
}
