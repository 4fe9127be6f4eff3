package dev.kaisen.env.floatingmarket;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameOption;
import dev.kaisen.env.GameProvider;

import java.util.List;

/** Registers Floating Market as game {@code floating-market} (2-5 players, default 2; options {@code board}, {@code long}). */
public final class FloatingMarketGameProvider implements GameProvider {
    static final FloatingMarketGameProvider INSTANCE = new FloatingMarketGameProvider();

    /** A board file (format {@value Board#FORMAT}); empty: the default board of the rules file. */
    public static final GameOption BOARD = GameOption.file("board",
            "path of a board JSON file (format " + Board.FORMAT + "); empty: the rules file's default board");

    /** The longer variant ("Tazón más grande"): 7 different fruits, 6 with 2 players. */
    public static final GameOption LONG = new GameOption("long", Boolean.FALSE,
            "the longer game: 7 different fruits win (6 with 2 players) instead of 5");

    @Override
    public String id() {
        return "floating-market";
    }

    @Override
    public String title() {
        return "Floating Market";
    }

    @Override
    public int minPlayers() {
        return FloatingMarketState.MIN_PLAYERS;
    }

    @Override
    public int maxPlayers() {
        return FloatingMarketState.MAX_PLAYERS;
    }

    @Override
    public int defaultPlayers() {
        return 2;
    }

    @Override
    public List<GameOption> options() {
        return List.of(BOARD, LONG);
    }

    @Override
    public Game<?> create(GameConfig config) {
        return new FloatingMarketGame(config);
    }
}
