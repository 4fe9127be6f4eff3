package dev.kaisen.env.tokaido;

import dev.kaisen.env.GameDescriptor;
import dev.kaisen.env.GameOption;
import dev.kaisen.env.GameProvider;

/** Registers Tokaido as game {@code tokaido} (2-5 players, default 2; option {@code travellers}). */
public final class TokaidoGameProvider implements GameProvider {
    static final TokaidoGameProvider INSTANCE = new TokaidoGameProvider();

    /** [decision] The travellers' powers are a variant flag, on by default; off is the seed-only game. */
    public static final GameOption TRAVELLERS = new GameOption("travellers", Boolean.TRUE,
            "the ten travellers' powers act (false: the seed-only game, tiles give only their starting coins)");

    /** Tokaido as the registry and the generic code know it. */
    public static final GameDescriptor<TokaidoState> DESCRIPTOR = GameDescriptor.<TokaidoState>builder("tokaido", "Tokaido")
            .players(TokaidoState.MIN_PLAYERS, TokaidoState.MAX_PLAYERS).defaultPlayers(2)
            .options(TRAVELLERS)
            .score("points", "achievements")
            .bot("greedy", TokaidoGreedyAgent::new)
            .invariants(TokaidoInvariants::check, TokaidoInvariants::checkStep)
            .create(TokaidoGame::new)
            .build();

    @Override
    public GameDescriptor<TokaidoState> descriptor() {
        return DESCRIPTOR;
    }
}
