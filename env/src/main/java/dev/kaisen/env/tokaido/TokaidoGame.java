package dev.kaisen.env.tokaido;

import dev.kaisen.env.Agent;
import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.GameProvider;

import java.util.List;
import java.util.Map;

/**
 * Tokaido for one config (players, {@code travellers}): sizes before any state exists, new
 * games, and the game's own parts (action table, JSON, invariants, the greedy bot, text).
 */
public final class TokaidoGame implements Game<TokaidoState> {
    private final GameConfig config;
    private final boolean powers;

    public TokaidoGame(GameConfig config) {
        if (config.players() < TokaidoState.MIN_PLAYERS || config.players() > TokaidoState.MAX_PLAYERS) {
            throw new IllegalArgumentException("Tokaido is for 2 to 5 players, not " + config.players());
        }
        this.config = config;
        this.powers = (Boolean) config.option(TokaidoGameProvider.TRAVELLERS);
    }

    public TokaidoGame(int players, boolean powers) {
        this(new GameConfig(players, Map.of(TokaidoGameProvider.TRAVELLERS.name(), powers)));
    }

    public TokaidoGame(int players) {
        this(GameConfig.of(players));
    }

    @Override
    public GameProvider provider() {
        return TokaidoGameProvider.INSTANCE;
    }

    @Override
    public GameConfig config() {
        return config;
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
        return TokaidoState.newGame(config.players(), powers, seed, chance);
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
        if (s.numPlayers() != config.players() || s.powers != powers) {
            throw new GameFormatException("the state has " + s.numPlayers() + " players, travellers " + s.powers
                    + "; this game has " + config.players() + " players, travellers " + powers);
        }
        return s;
    }

    @Override
    public List<String> invariantViolations(TokaidoState state) {
        return TokaidoInvariants.check(state);
    }

    @Override
    public List<String> stepViolations(TokaidoState before, int action, TokaidoState after) {
        return TokaidoInvariants.checkStep(before, after);
    }

    @Override
    public List<String> botNames() {
        return List.of("greedy");
    }

    @Override
    public Agent<TokaidoState> bot(String name, long seed) {
        if (!name.equals("greedy")) {
            throw new IllegalArgumentException("Tokaido has no bot '" + name + "' (bots: greedy)");
        }
        return new TokaidoGreedyAgent(seed);
    }

    @Override
    public String viewJson(TokaidoState state, int observer) {
        return TokaidoView.of(state, observer);
    }

    @Override
    public String render(TokaidoState state) {
        return TokaidoText.render(state);
    }

    @Override
    public String scoreName() {
        return "points";
    }

    @Override
    public String tiebreakName() {
        return "achievements";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TokaidoGame g && g.config.equals(config);
    }

    @Override
    public int hashCode() {
        return config.hashCode();
    }
}
