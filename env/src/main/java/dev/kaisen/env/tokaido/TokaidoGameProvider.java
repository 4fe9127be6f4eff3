package dev.kaisen.env.tokaido;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameOption;
import dev.kaisen.env.GameProvider;

import java.util.List;

/** Registers Tokaido as game {@code tokaido} (2-5 players, default 2; option {@code travellers}). */
public final class TokaidoGameProvider implements GameProvider {
    static final TokaidoGameProvider INSTANCE = new TokaidoGameProvider();

    /** [decision] The travellers' powers are a variant flag, on by default; off is the seed-only game. */
    public static final GameOption TRAVELLERS = new GameOption("travellers", Boolean.TRUE,
            "the ten travellers' powers act (false: the seed-only game, tiles give only their starting coins)");

    @Override
    public String id() {
        return "tokaido";
    }

    @Override
    public String title() {
        return "Tokaido";
    }

    @Override
    public int minPlayers() {
        return TokaidoState.MIN_PLAYERS;
    }

    @Override
    public int maxPlayers() {
        return TokaidoState.MAX_PLAYERS;
    }

    @Override
    public int defaultPlayers() {
        return 2;
    }

    @Override
    public List<GameOption> options() {
        return List.of(TRAVELLERS);
    }

    @Override
    public Game<?> create(GameConfig config) {
        return new TokaidoGame(config);
    }
}
