package dev.kaisen.env.osaka;

import dev.kaisen.env.AbstractGame;
import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.ChanceMode;
import dev.kaisen.env.GameConfig;

import java.util.List;
import java.util.Map;

/**
 * Traders of Osaka for a given number of players: answers every size question before any
 * state exists, deals new games, and holds the game's own parts (action table, JSON, text rendering) behind the generic
 * {@link dev.kaisen.env.Game} contract; its bots, invariants and names are in
 * {@link OsakaGameProvider#DESCRIPTOR}.
 */
public final class OsakaGame extends AbstractGame<OsakaState> {
    private final OsakaConfig config;

    public OsakaGame(OsakaConfig config) {
        super(OsakaGameProvider.INSTANCE, GameConfig.of(config.players()));
        this.config = config;
    }

    public OsakaGame(int players) {
        this(new OsakaConfig(players));
    }

    public OsakaConfig osakaConfig() {
        return config;
    }

    /** Size of the fixed action space (see {@link OsakaAction}). */
    @Override
    public int numDistinctActions() {
        return OsakaAction.COUNT;
    }

    /** Upper bound on decisions in a game: the stalemate guard's cap. */
    @Override
    public int maxGameLength() {
        return OsakaState.DECISION_CAP;
    }

    @Override
    public OsakaState newGame(long seed) {
        return OsakaState.newGame(config, seed);
    }

    @Override
    public OsakaState newGame(long seed, ChanceLog chance) {
        return OsakaState.newGame(config, seed, OsakaChance.of(chance));
    }

    public OsakaState newGame(long seed, OsakaEvents events) {
        return OsakaState.newGame(config, seed, events);
    }

    @Override
    public OsakaState newGame(long seed, ChanceMode mode) {
        return OsakaState.newGame(config, seed, mode);
    }

    @Override
    public boolean hasExplicitChance() {
        return true;
    }

    /** See {@link OsakaExplicit}: {@code draw:<type>} and {@code start:<seat>}. */
    @Override
    public List<ActionEntry> chanceOutcomeTable() {
        return OsakaExplicit.TABLE;
    }

    @Override
    public int[] chanceOutcomesOf(String event, Map<String, Object> data) {
        return OsakaExplicit.outcomesOf(event, data);
    }

    @Override
    public String actionName(int action) {
        return OsakaAction.name(action);
    }

    @Override
    public List<ActionEntry> actionTable() {
        return OsakaActionTable.ENTRIES;
    }

    @Override
    public String toJson(OsakaState state, boolean pretty) {
        return OsakaJson.toJson(state, pretty);
    }

    @Override
    public OsakaState fromJson(String json) {
        OsakaState s = OsakaJson.fromJson(json);
        if (s.numPlayers() != config.players()) {
            throw new dev.kaisen.env.GameFormatException("the state has " + s.numPlayers() + " players; this game has "
                    + config.players());
        }
        return s;
    }

    @Override
    public String viewJson(OsakaState state, int observer) {
        return OsakaView.of(state, observer);
    }

    @Override
    public String render(OsakaState state, int observer) {
        return OsakaText.render(state, observer);
    }
}
