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
                    .summary("Merchants buy goods cards from a shared Market and Farm and ship them from Osaka to"
                            + " Edo on four coloured ships. Every purchase moves the ships of the colours bought;"
                            + " a ship crossing the waves may sink with its cargo unless its owners insured it, and"
                            + " a ship reaching Edo pays out its goods, which become hidden victory points. Cards"
                            + " are money, goods and points at once. The game ends when a player holds 8"
                            + " achievement tokens; most victory points wins, then most tokens.")
                    .score("VP", "tokens")
                    .bot("greedy", "buys when a purchase delivers or pays well, otherwise takes the most valuable"
                            + " card it may, pays with the smallest card that covers the cost, always insures",
                            GreedyAgent::new)
                    .chance("shuffle", "a pile is shuffled (the whole deck at setup, the discard pile when the"
                            + " deck runs out): the order of its cards, top first")
                    .chance("draw", "the top card of the deck goes to the Market, the Farm or a player's hand")
                    .chance("start-player", "the start player drawn among the tied seats")
                    .invariants(OsakaInvariants::check, OsakaInvariants::checkStep)
                    .create(config -> new OsakaGame(config.players()))
                    .build();

    @Override
    public GameDescriptor<OsakaState> descriptor() {
        return DESCRIPTOR;
    }
}
