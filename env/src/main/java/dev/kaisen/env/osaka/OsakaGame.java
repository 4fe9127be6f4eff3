package dev.kaisen.env.osaka;

/**
 * Traders of Osaka for a given number of players: answers every size question before any
 * state exists, and deals new games.
 */
public final class OsakaGame {
    private final OsakaConfig config;

    public OsakaGame(OsakaConfig config) {
        this.config = config;
    }

    public OsakaGame(int players) {
        this(new OsakaConfig(players));
    }

    public OsakaConfig config() {
        return config;
    }

    public int numPlayers() {
        return config.players();
    }

    /** Size of the fixed action space (see {@link OsakaAction}). */
    public int numDistinctActions() {
        return OsakaAction.COUNT;
    }

    /** Upper bound on decisions in a game: the stalemate guard's cap. */
    public int maxGameLength() {
        return OsakaState.DECISION_CAP;
    }

    public OsakaState newGame(long seed) {
        return OsakaState.newGame(config, seed);
    }

    public OsakaState newGame(long seed, OsakaEvents events) {
        return OsakaState.newGame(config, seed, events);
    }
}
