package dev.kaisen.env.osaka;

import dev.kaisen.env.GameDescriptor;
import dev.kaisen.env.GameProvider;

/** Registers Traders of Osaka as game {@code osaka} (2-4 players, no options). */
public final class OsakaGameProvider implements GameProvider {
    static final OsakaGameProvider INSTANCE = new OsakaGameProvider();

    /**
     * Traders of Osaka as the registry and the generic code know it. Version 2: observations became
     * perfect-recall information states (470 floats; the memoryless 427 as a view).
     */
    public static final GameDescriptor<OsakaState> DESCRIPTOR =
            GameDescriptor.<OsakaState>builder("osaka", "Traders of Osaka")
                    .players(OsakaConfig.MIN_PLAYERS, OsakaConfig.MAX_PLAYERS).defaultPlayers(2)
                    .version(2)
                    .score("VP", "tokens")
                    .bot("greedy", GreedyAgent::new)
                    .invariants(OsakaInvariants::check, OsakaInvariants::checkStep)
                    .create(config -> new OsakaGame(config.players()))
                    .build();

    @Override
    public GameDescriptor<OsakaState> descriptor() {
        return DESCRIPTOR;
    }
}
