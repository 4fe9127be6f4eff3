package dev.kaisen.env.floatingmarket;

import dev.kaisen.env.AbstractGame;
import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.ChanceMode;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameFormatException;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Floating Market for one config (players, {@code board}, {@code long}): sizes before any state
 * exists, new games, and the game's own parts (action table, JSON, text); its bots, invariants
 * and names are in {@link FloatingMarketGameProvider#DESCRIPTOR}. A board file that is
 * malformed makes the config invalid (an {@link IllegalArgumentException} saying what is wrong).
 */
public final class FloatingMarketGame extends AbstractGame<FloatingMarketState> {
    private final Board board;
    private final boolean longGame;

    public FloatingMarketGame(GameConfig config) {
        super(FloatingMarketGameProvider.INSTANCE, config);
        if (config.players() < FloatingMarketState.MIN_PLAYERS || config.players() > FloatingMarketState.MAX_PLAYERS) {
            throw new IllegalArgumentException("Floating Market is for 2 to 5 players, not " + config.players());
        }
        String file = (String) config.option(FloatingMarketGameProvider.BOARD);
        try {
            this.board = file.isEmpty() ? Board.standard() : Board.load(Path.of(file));
        } catch (GameFormatException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        this.longGame = (Boolean) config.option(FloatingMarketGameProvider.LONG);
    }

    public FloatingMarketGame(int players) {
        this(GameConfig.of(players));
    }

    /** A game on a board already loaded (tests). */
    public FloatingMarketGame(int players, Board board, boolean longGame) {
        super(FloatingMarketGameProvider.INSTANCE,
                new GameConfig(players, Map.of(FloatingMarketGameProvider.LONG.name(), longGame)));
        this.board = board;
        this.longGame = longGame;
    }

    public Board board() {
        return board;
    }

    @Override
    public int numDistinctActions() {
        return FloatingMarketAction.COUNT;
    }

    @Override
    public int maxGameLength() {
        return FloatingMarketState.DECISION_CAP;
    }

    @Override
    public FloatingMarketState newGame(long seed, ChanceLog chance) {
        return FloatingMarketState.newGame(board, numPlayers(), longGame, seed, chance);
    }

    @Override
    public FloatingMarketState newGame(long seed, ChanceMode mode) {
        return FloatingMarketState.newGame(board, numPlayers(), longGame, seed, mode);
    }

    @Override
    public boolean hasExplicitChance() {
        return true;
    }

    @Override
    public int[] chanceOutcomesOf(String event, Map<String, Object> data) {
        return FloatingMarketChance.outcomesOf(event, data);
    }

    @Override
    public List<ActionEntry> chanceOutcomeTable() {
        return FloatingMarketChance.TABLE;
    }

    @Override
    public String actionName(int action) {
        return FloatingMarketAction.name(action);
    }

    @Override
    public List<ActionEntry> actionTable() {
        return FloatingMarketAction.TABLE;
    }

    @Override
    public String toJson(FloatingMarketState state, boolean pretty) {
        return FloatingMarketJson.toJson(state, pretty);
    }

    /** A state of this game: its players, {@code long} and board (the JSON carries it) must be this game's. */
    @Override
    public FloatingMarketState fromJson(String json) {
        FloatingMarketState s = FloatingMarketJson.fromJson(json);
        if (s.numPlayers() != numPlayers() || s.longGame != longGame) {
            throw new GameFormatException("the state has " + s.numPlayers() + " players, long " + s.longGame
                    + "; this game has " + numPlayers() + " players, long " + longGame);
        }
        if (!s.board.equals(board)) {
            throw new GameFormatException("the state is on another board than this game: the state's board '"
                    + s.board.name() + "'" + (s.board.isStandard() ? " (the default)" : "") + ", this game's '"
                    + board.name() + "'" + (board.isStandard() ? " (the default)" : "")
                    + "; read it with a game configured with its board (option board)");
        }
        return s;
    }

    @Override
    public String render(FloatingMarketState state, int observer) {
        return FloatingMarketText.render(state, observer);
    }

    /** The text board of a state given as JSON, read on the board and in the variant it carries ({@link #drawn}). */
    @Override
    public String render(String stateJson, int observer) {
        return render(drawn(stateJson), observer);
    }

    /** What {@code observer} may see of the state, and the facts its picture shows: {@link FloatingMarketView}. */
    @Override
    public String viewJson(FloatingMarketState state, int observer) {
        return FloatingMarketView.of(state, observer);
    }

    /** The view of a state given as JSON, read on the board and in the variant it carries ({@link #drawn}). */
    @Override
    public String viewJson(String stateJson, int observer) {
        return viewJson(drawn(stateJson), observer);
    }

    /**
     * A state to draw, as its JSON says: on the board and in the variant ({@code long}) it carries,
     * which need not be this game's (the renderers hold only the state and ask a game of its player
     * count); a state of another player count is a {@link GameFormatException}, as is any state
     * {@link FloatingMarketJson#fromJson} refuses.
     */
    private FloatingMarketState drawn(String json) {
        FloatingMarketState s = FloatingMarketJson.fromJson(json);
        if (s.numPlayers() != numPlayers()) {
            throw new GameFormatException("the state has " + s.numPlayers() + " players; this game has " + numPlayers());
        }
        return s;
    }

    /** The same config and the same board (a board loaded by a test is not in the config). */
    @Override
    public boolean equals(Object o) {
        return super.equals(o) && ((FloatingMarketGame) o).board.equals(board);
    }

    @Override
    public int hashCode() {
        return super.hashCode();
    }
}
