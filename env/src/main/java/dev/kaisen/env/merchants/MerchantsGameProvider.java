package dev.kaisen.env.merchants;

import dev.kaisen.env.GameDescriptor;
import dev.kaisen.env.GameOption;
import dev.kaisen.env.GameProvider;

/** Registers Merchants of the Middle Ages as game {@code merchants} (2-4 players, default 2; option {@code data}). */
public final class MerchantsGameProvider implements GameProvider {
    static final MerchantsGameProvider INSTANCE = new MerchantsGameProvider();

    /** A data file (format {@value MerchantsData#FORMAT}); empty: the shipped default. */
    public static final GameOption DATA = GameOption.file("data",
            "path of a game data JSON file (format " + MerchantsData.FORMAT
                    + ": map, prices, ladder, cards, thresholds); empty: the shipped default");

    /** Merchants of the Middle Ages as the registry and the generic code know it. */
    public static final GameDescriptor<MerchantsState> DESCRIPTOR =
            GameDescriptor.<MerchantsState>builder("merchants", "Merchants of the Middle Ages")
                    .players(MerchantsState.MIN_PLAYERS, MerchantsState.MAX_PLAYERS).defaultPlayers(2)
                    .options(DATA)
                    .score("status", "florins")
                    .bot("greedy", MerchantsGreedyAgent::new)
                    .invariants(MerchantsInvariants::check, MerchantsInvariants::checkStep)
                    .create(MerchantsGame::new)
                    .build();

    @Override
    public GameDescriptor<MerchantsState> descriptor() {
        return DESCRIPTOR;
    }
}
