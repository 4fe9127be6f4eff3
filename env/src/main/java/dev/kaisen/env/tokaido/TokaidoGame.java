package dev.kaisen.env.tokaido;

import dev.kaisen.env.AbstractGame;
import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.ChanceMode;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameFormatException;

import java.util.List;
import java.util.Map;

/**
 * Tokaido for one config (players, {@code travellers}): sizes before any state exists, new
 * games, and the game's own parts (action table, JSON, text). Its bots, invariants and
 * names are in {@link TokaidoGameProvider#DESCRIPTOR}.
 */
public final class TokaidoGame extends AbstractGame<TokaidoState> {
    private final boolean powers;

    public TokaidoGame(GameConfig config) {
        super(TokaidoGameProvider.INSTANCE, config);
        if (config.players() < TokaidoState.MIN_PLAYERS || config.players() > TokaidoState.MAX_PLAYERS) {
            throw new IllegalArgumentException("Tokaido is for 2 to 5 players, not " + config.players());
        }
        this.powers = (Boolean) config.option(TokaidoGameProvider.TRAVELLERS);
    }

    public TokaidoGame(int players, boolean powers) {
        this(new GameConfig(players, Map.of(TokaidoGameProvider.TRAVELLERS.name(), powers)));
    }

    public TokaidoGame(int players) {
        this(GameConfig.of(players));
    }

    public boolean powers() {
        return powers;
    }

    /** Size of the fixed action space (see {@link TokaidoAction}). */
    @Override
    public int numDistinctActions() {
        return TokaidoAction.COUNT;
    }

    @Override
    public int maxGameLength() {
        return TokaidoState.DECISION_CAP;
    }

    @Override
    public TokaidoState newGame(long seed, ChanceLog chance) {
        return TokaidoState.newGame(numPlayers(), powers, seed, chance);
    }

    @Override
    public TokaidoState newGame(long seed, ChanceMode mode) {
        return TokaidoState.newGame(numPlayers(), powers, seed, mode);
    }

    @Override
    public boolean hasExplicitChance() {
        return true;
    }

    @Override
    public int[] chanceOutcomesOf(String event, Map<String, Object> data) {
        return TokaidoChance.outcomesOf(event, data);
    }

    @Override
    public List<ActionEntry> chanceOutcomeTable() {
        return TokaidoChance.TABLE;
    }

    @Override
    public String actionName(int action) {
        return TokaidoAction.name(action);
    }

    @Override
    public List<ActionEntry> actionTable() {
        return TokaidoAction.TABLE;
    }

    @Override
    public String toJson(TokaidoState state, boolean pretty) {
        return TokaidoJson.toJson(state, pretty);
    }

    @Override
    public TokaidoState fromJson(String json) {
        TokaidoState s = TokaidoJson.fromJson(json);
        if (s.numPlayers() != numPlayers() || s.powers != powers) {
            throw new GameFormatException("the state has " + s.numPlayers() + " players, travellers " + s.powers
                    + "; this game has " + numPlayers() + " players, travellers " + powers);
        }
        return s;
    }

    @Override
    public String viewJson(TokaidoState state, int observer) {
        return TokaidoView.of(state, observer);
    }

    @Override
    public String render(TokaidoState state, int observer) {
        return TokaidoText.render(state, observer);
    }
}
