package dev.kaisen.env.merchants;

import dev.kaisen.env.Game;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.GameOption;
import dev.kaisen.env.GameProvider;

import java.util.List;

/** Registers Merchants of the Middle Ages as game {@code merchants} (2-4 players, default 2; option {@code data}). */
public final class MerchantsGameProvider implements GameProvider {
    static final MerchantsGameProvider INSTANCE = new MerchantsGameProvider();

    /** A data file (format {@value MerchantsData#FORMAT}); empty: the shipped default. */
    public static final GameOption DATA = GameOption.file("data",
            "path of a game data JSON file (format " + MerchantsData.FORMAT
                    + ": map, prices, ladder, cards, thresholds); empty: the shipped default");

    @Override
    public String id() {
        return "merchants";
    }

    @Override
    public String title() {
        return "Merchants of the Middle Ages";
    }

    @Override
    public int minPlayers() {
        return MerchantsState.MIN_PLAYERS;
    }

    @Override
    public int maxPlayers() {
        return MerchantsState.MAX_PLAYERS;
    }

    @Override
    public int defaultPlayers() {
        return 2;
    }

    @Override
    public List<GameOption> options() {
        return List.of(DATA);
    }

    @Override
    public Game<?> create(GameConfig config) {
        return new MerchantsGame(config);
    }
}
