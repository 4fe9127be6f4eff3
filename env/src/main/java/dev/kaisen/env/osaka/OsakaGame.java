package dev.kaisen.env.osaka;

import dev.kaisen.env.Agent;
import dev.kaisen.env.ChanceLog;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameProvider;

import java.util.List;

/**
 * Traders of Osaka for a given number of players: answers every size question before any
 * state exists, deals new games, and holds the game's own parts (action table, JSON, invariants,
 * the greedy bot, text rendering) behind the generic {@link Game} contract.
 */
public final class OsakaGame implements Game<OsakaState> {
    private final OsakaConfig config;
    private final GameConfig generic;

    public OsakaGame(OsakaConfig config) {
        this.config = config;
        this.generic = GameConfig.of(config.players());
    }

    public OsakaGame(int players) {
        this(new OsakaConfig(players));
    }

    @Override
    public GameProvider provider() {
        return OsakaGameProvider.INSTANCE;
    }

    public OsakaConfig osakaConfig() {
        return config;
    }

    @Override
    public GameConfig config() {
        return generic;
    }

    @Override
    public int numPlayers() {
        return config.players();
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
    public List<String> invariantViolations(OsakaState state) {
        return OsakaInvariants.check(state);
    }

    @Override
    public List<String> stepViolations(OsakaState before, int action, OsakaState after) {
        return OsakaInvariants.checkStep(before, after);
    }

    @Override
    public List<String> botNames() {
        return List.of("greedy");
    }

    @Override
    public Agent<OsakaState> bot(String name, long seed) {
        if (!name.equals("greedy")) {
            throw new IllegalArgumentException("Traders of Osaka has no bot '" + name + "' (bots: greedy)");
        }
        return new GreedyAgent(seed);
    }

    @Override
    public String render(OsakaState state) {
        return OsakaText.render(state);
    }

    @Override
    public String scoreName() {
        return "VP";
    }

    @Override
    public String tiebreakName() {
        return "tokens";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OsakaGame g && g.config.equals(config);
    }

    @Override
    public int hashCode() {
        return config.hashCode();
    }
}
